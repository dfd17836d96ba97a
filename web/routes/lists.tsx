import { SectionPlaceholder } from "../components/section-placeholder";

export function ListsPage() {
  return <SectionPlaceholder />;
}
