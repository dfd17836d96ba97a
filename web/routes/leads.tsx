import { SectionPlaceholder } from "../components/section-placeholder";

export function LeadsPage() {
  return <SectionPlaceholder />;
}
