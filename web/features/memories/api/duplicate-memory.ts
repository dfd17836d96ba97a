import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { ApiMemory } from "@shared/schemas/memories";
import { apiRequest } from "@web/lib/api-client";
import type { MutationCallbacks } from "@web/lib/mutation-callbacks";
import { queryKeys } from "@web/lib/query-keys";

// The server copies the knowledge too (CSV file, Airtable link): "<name>_copy", inactive, no linked templates.
export function duplicateMemory(id: string) {
  return apiRequest<ApiMemory>("POST", `/api/memories/${encodeURIComponent(id)}/duplicate`);
}

export function useDuplicateMemory(callbacks: MutationCallbacks<ApiMemory | null> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: duplicateMemory,
    onSuccess: async (data) => {
      callbacks.onSuccess?.(data);
      await queryClient.invalidateQueries({ queryKey: queryKeys.memories });
    },
    onError: (error) => callbacks.onError?.(error),
  });
}
