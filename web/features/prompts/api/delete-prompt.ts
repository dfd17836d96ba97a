import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@web/lib/api-client";
import type { MutationCallbacks } from "@web/lib/mutation-callbacks";
import { queryKeys } from "@web/lib/query-keys";

export function deletePrompt(id: string) {
  return apiRequest<{ ok: boolean }>("DELETE", `/api/prompts/${encodeURIComponent(id)}`);
}

export function useDeletePrompt(callbacks: MutationCallbacks = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deletePrompt,
    // The card holding the button goes away with the prompt: the toast is raised here, not in mutate().
    onSuccess: async (data) => {
      callbacks.onSuccess?.(data);
      await queryClient.invalidateQueries({ queryKey: queryKeys.prompts });
    },
    onError: (error) => callbacks.onError?.(error),
  });
}
