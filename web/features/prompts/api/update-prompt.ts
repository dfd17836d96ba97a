import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { ApiPrompt, PromptInput } from "@shared/schemas/prompts";
import { apiRequest } from "@web/lib/api-client";
import type { MutationCallbacks } from "@web/lib/mutation-callbacks";
import { queryKeys } from "@web/lib/query-keys";

// Any subset of the fields: the active switch sends only isActive.
export function updatePrompt({ id, input }: { id: string; input: Partial<PromptInput> }) {
  return apiRequest<ApiPrompt>("PUT", `/api/prompts/${encodeURIComponent(id)}`, input);
}

export function useUpdatePrompt(callbacks: MutationCallbacks<ApiPrompt | null> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePrompt,
    onSuccess: async (data) => {
      callbacks.onSuccess?.(data);
      await queryClient.invalidateQueries({ queryKey: queryKeys.prompts });
    },
    onError: (error) => callbacks.onError?.(error),
  });
}
