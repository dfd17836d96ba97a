import { SectionPlaceholder } from "../components/section-placeholder";

export function TemplateTestPage() {
  return <SectionPlaceholder />;
}
