import { SectionPlaceholder } from "../components/section-placeholder";

export function AdminPage() {
  return <SectionPlaceholder />;
}
