import { SectionPlaceholder } from "../components/section-placeholder";

export function SettingsPage() {
  return <SectionPlaceholder />;
}
