import { AccountsPage } from "../features/accounts/components/accounts-page";

export function TwilioAccountsPage() {
  return <AccountsPage />;
}
