import { AdminOverview } from "../features/analytics/components/admin-overview";
import { AdminPanels } from "../features/analytics/components/admin-panels";
import { ClientOverview } from "../features/analytics/components/client-overview";
import { DashboardPage } from "../features/dashboard/components/dashboard-page";
import { ActivePromptsCard } from "../features/prompts/components/dashboard-prompt-card";
import { StartConversationForm } from "../features/start-conversation/components/start-conversation-form";

export function IndexPage() {
  return (
    <DashboardPage
      startConversation={<StartConversationForm />}
      adminOverview={<AdminOverview />}
      clientOverview={<ClientOverview />}
      adminPanels={<AdminPanels prompts={<ActivePromptsCard />} />}
    />
  );
}
