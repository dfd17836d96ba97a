import { DashboardPage } from "../features/dashboard/components/dashboard-page";

// /analytics shows the same dashboard as /.
export function AnalyticsPage() {
  return <DashboardPage />;
}
