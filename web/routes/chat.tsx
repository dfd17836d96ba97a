import { SectionPlaceholder } from "../components/section-placeholder";

export function ChatPage() {
  return <SectionPlaceholder />;
}
