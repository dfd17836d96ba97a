import { PROMPT_TEXTS as TX } from "@shared/texts/prompts";
import type { ApiPrompt } from "@shared/schemas/prompts";
import { toast } from "@web/lib/toast-store";
import { useDeletePrompt } from "../api/delete-prompt";
import { useDuplicatePrompt } from "../api/duplicate-prompt";
import { useTestPrompt } from "../api/test-prompt";
import { useUpdatePrompt } from "../api/update-prompt";
import { TEST_TOAST_PREVIEW } from "../lib/prompt-test";

// The card buttons shared by the list (mobile and desktop) and the dashboard card.
export function usePromptActions(prompt: ApiPrompt) {
  const test = useTestPrompt({
    onSuccess: (result) =>
      toast({ title: TX.testSuccess, description: result.content.slice(0, TEST_TOAST_PREVIEW), variant: "success" }),
  });
  const duplicate = useDuplicatePrompt({
    onSuccess: (copy) => toast({ title: TX.duplicated, description: copy?.name, variant: "success" }),
  });
  const remove = useDeletePrompt({
    onSuccess: () => toast({ title: TX.deleted, description: prompt.name, variant: "success" }),
  });
  const activation = useUpdatePrompt({
    onSuccess: () => toast({ title: TX.updated, description: prompt.name, variant: "success" }),
  });

  return {
    runTest: () => test.mutate({ id: prompt.id }),
    testing: test.isPending,
    duplicate: () => duplicate.mutate(prompt.id),
    duplicating: duplicate.isPending,
    remove: () => {
      if (!window.confirm(TX.deleteConfirm(prompt.name))) return;
      remove.mutate(prompt.id);
    },
    removing: remove.isPending,
    setActive: (isActive: boolean) => activation.mutate({ id: prompt.id, input: { isActive } }),
    // The switch shows the requested state while the change is on its way.
    active: activation.isPending && activation.variables ? activation.variables.input.isActive === true : prompt.isActive,
    toggling: activation.isPending,
  };
}
