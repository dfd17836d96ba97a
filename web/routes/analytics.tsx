import { AdminOverview } from "../features/analytics/components/admin-overview";
import { AdminPanels } from "../features/analytics/components/admin-panels";
import { AnalyticsInsights } from "../features/analytics/components/analytics-insights";
import { ClientOverview } from "../features/analytics/components/client-overview";
import { DashboardPage } from "../features/dashboard/components/dashboard-page";
import { ActivePromptsCard } from "../features/prompts/components/dashboard-prompt-card";
import { StartConversationForm } from "../features/start-conversation/components/start-conversation-form";

// /analytics shows the same dashboard as /, with the charts over time and the sentiment.
export function AnalyticsPage() {
  return (
    <DashboardPage
      startConversation={<StartConversationForm />}
      adminOverview={<AdminOverview />}
      clientOverview={<ClientOverview />}
      insights={<AnalyticsInsights />}
      adminPanels={<AdminPanels prompts={<ActivePromptsCard />} />}
    />
  );
}
