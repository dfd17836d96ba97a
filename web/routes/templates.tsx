import { SectionPlaceholder } from "../components/section-placeholder";

export function TemplatesPage() {
  return <SectionPlaceholder />;
}
