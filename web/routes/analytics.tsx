import { DashboardPage } from "../features/dashboard/components/dashboard-page";
import { StartConversationForm } from "../features/start-conversation/components/start-conversation-form";

// /analytics shows the same dashboard as /.
export function AnalyticsPage() {
  return <DashboardPage startConversation={<StartConversationForm />} />;
}
