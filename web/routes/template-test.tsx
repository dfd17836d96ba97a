import { TemplateTestPage as TemplateTestScreen } from "../features/template-test/components/template-test-page";

export function TemplateTestPage() {
  return <TemplateTestScreen />;
}
