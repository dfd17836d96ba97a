import { AdminStats } from "./admin-stats";
import { QuickActions } from "./quick-actions";
import { QuickAnalyticsCard } from "./quick-analytics-card";
import { RevenueCard } from "./revenue-card";

// The top of the admin dashboard: the four figures, 'Analytics Rapide', the quick actions and the revenue.
export function AdminOverview() {
  return (
    <div className="grid min-w-0 grid-cols-1 gap-6">
      <AdminStats />
      <div className="grid grid-cols-1 items-start gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <QuickAnalyticsCard />
        <QuickActions />
      </div>
      <RevenueCard />
    </div>
  );
}
