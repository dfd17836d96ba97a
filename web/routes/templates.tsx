import { TemplatesPage as TemplatesScreen } from "../features/templates/components/templates-page";

export function TemplatesPage() {
  return <TemplatesScreen />;
}
