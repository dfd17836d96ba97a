import { useQueryClient } from "@tanstack/react-query";
import type { PromptTestResult } from "@shared/schemas/prompts";
import { PROMPT_TEXTS } from "@shared/texts/prompts";
import { useApiMutation } from "@web/lib/api-mutation";
import type { MutationCallbacks } from "@web/lib/mutation-callbacks";
import { queryKeys } from "@web/lib/query-keys";
import { toast } from "@web/lib/toast-store";
import { testFailureToast } from "../lib/prompt-test";

// A prompt test, saved or not. Every test is a recorded model call: the cost badge and the usage page
// are refreshed either way. The failure toast carries the provider's reason, which a fixed meta text
// cannot word, so it is raised here, once for every caller.
export function usePromptTestMutation<TVariables>(mutationFn: (variables: TVariables) => Promise<PromptTestResult>, callbacks: MutationCallbacks<PromptTestResult> = {}) {
  const queryClient = useQueryClient();
  const refreshUsage = () => queryClient.invalidateQueries({ queryKey: queryKeys.usage });
  return useApiMutation({
    mutationFn,
    refresh: refreshUsage,
    callbacks: {
      onSuccess: callbacks.onSuccess,
      onError: (error) => {
        toast({ title: PROMPT_TEXTS.testErrorTitle, description: testFailureToast(error), variant: "destructive" });
        callbacks.onError?.(error);
        void refreshUsage();
      },
    },
  });
}
