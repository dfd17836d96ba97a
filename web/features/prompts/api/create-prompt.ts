import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { ApiPrompt, PromptInput } from "@shared/schemas/prompts";
import { apiRequest } from "@web/lib/api-client";
import { queryKeys } from "@web/lib/query-keys";

export function createPrompt(input: PromptInput) {
  return apiRequest<ApiPrompt>("POST", "/api/prompts", input);
}

export function useCreatePrompt() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createPrompt,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.prompts }),
  });
}
