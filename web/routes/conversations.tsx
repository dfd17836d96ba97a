import { SectionPlaceholder } from "../components/section-placeholder";

export function ConversationsPage() {
  return <SectionPlaceholder />;
}
