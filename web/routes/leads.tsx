import { LeadsPage as LeadsScreen } from "../features/leads/components/leads-page";

export function LeadsPage() {
  return <LeadsScreen />;
}
