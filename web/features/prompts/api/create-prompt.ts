import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { ApiPrompt, PromptInput } from "../../../../src/shared/schemas/prompts";
import { apiRequest } from "../../../lib/api-client";
import { queryKeys } from "../../../lib/query-keys";

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
