import { PromptsPage as PromptsScreen } from "../features/prompts/components/prompts-page";

export function PromptsPage() {
  return <PromptsScreen />;
}
