import { SectionPlaceholder } from "../components/section-placeholder";

export function CalendarPage() {
  return <SectionPlaceholder />;
}
