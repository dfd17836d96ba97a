import { DashboardPage } from "../features/dashboard/components/dashboard-page";
import { StartConversationForm } from "../features/start-conversation/components/start-conversation-form";

export function IndexPage() {
  return <DashboardPage startConversation={<StartConversationForm />} />;
}
