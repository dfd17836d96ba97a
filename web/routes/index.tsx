import { DashboardPage } from "../features/dashboard/components/dashboard-page";

export function IndexPage() {
  return <DashboardPage />;
}
