import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { PromptTestResult } from "@shared/schemas/prompts";
import { apiRequest } from "@web/lib/api-client";
import type { MutationCallbacks } from "@web/lib/mutation-callbacks";
import { queryKeys } from "@web/lib/query-keys";
import { checkTestAnswer } from "../lib/prompt-test";

// A saved prompt; without a message the server writes one that fits the prompt's subject.
export async function testPrompt({ id, testMessage }: { id: string; testMessage?: string }) {
  const answer = await apiRequest("POST", `/api/prompts/${encodeURIComponent(id)}/test`, testMessage ? { testMessage } : {});
  return checkTestAnswer(answer);
}

export function useTestPrompt(callbacks: MutationCallbacks<PromptTestResult> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: testPrompt,
    onSuccess: (data) => callbacks.onSuccess?.(data),
    onError: (error) => callbacks.onError?.(error),
    // Every test is a recorded model call: the cost badge and the usage page should show it.
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.usage }),
  });
}
