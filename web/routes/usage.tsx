import { SectionPlaceholder } from "../components/section-placeholder";

export function UsagePage() {
  return <SectionPlaceholder />;
}
