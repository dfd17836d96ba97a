import { UsagePage as UsageScreen } from "../features/usage/components/usage-page";

export function UsagePage() {
  return <UsageScreen />;
}
