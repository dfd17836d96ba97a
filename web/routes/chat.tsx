import { useParams } from "@tanstack/react-router";
import { ChatScreen } from "../features/conversations/components/chat-screen";
import { SimulatorPanel } from "../features/simulator/components/simulator-panel";

export function ChatPage() {
  const { id } = useParams({ from: "/chat/$id" });
  // A new id is a new conversation: its socket, queries and local state start over.
  return <ChatScreen key={id} id={id} renderSimulator={(props) => <SimulatorPanel {...props} />} />;
}
