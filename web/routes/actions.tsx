import { SectionPlaceholder } from "../components/section-placeholder";

export function ActionsPage() {
  return <SectionPlaceholder />;
}
