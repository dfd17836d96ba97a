import { SectionPlaceholder } from "../components/section-placeholder";

export function MemoriesPage() {
  return <SectionPlaceholder />;
}
