import { SectionPlaceholder } from "../components/section-placeholder";

export function PromptsPage() {
  return <SectionPlaceholder />;
}
