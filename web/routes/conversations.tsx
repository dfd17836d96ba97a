import { ConversationsPage as ConversationsScreen } from "../features/conversations/components/conversations-page";
import { SimulateCustomerButton } from "../features/simulator/components/simulate-customer-dialog";

export function ConversationsPage() {
  return <ConversationsScreen toolbar={<SimulateCustomerButton />} />;
}
