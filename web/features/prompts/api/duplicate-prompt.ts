import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { ApiPrompt } from "@shared/schemas/prompts";
import { apiRequest } from "@web/lib/api-client";
import type { MutationCallbacks } from "@web/lib/mutation-callbacks";
import { queryKeys } from "@web/lib/query-keys";

// The server makes the copy: "<name>_copy", inactive, same settings and links.
export function duplicatePrompt(id: string) {
  return apiRequest<ApiPrompt>("POST", `/api/prompts/${encodeURIComponent(id)}/duplicate`);
}

export function useDuplicatePrompt(callbacks: MutationCallbacks<ApiPrompt | null> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: duplicatePrompt,
    onSuccess: async (data) => {
      callbacks.onSuccess?.(data);
      await queryClient.invalidateQueries({ queryKey: queryKeys.prompts });
    },
    onError: (error) => callbacks.onError?.(error),
  });
}
