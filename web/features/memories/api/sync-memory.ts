import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { ApiMemory } from "@shared/schemas/memories";
import { apiRequest } from "@web/lib/api-client";
import type { MutationCallbacks } from "@web/lib/mutation-callbacks";
import { queryKeys } from "@web/lib/query-keys";

// Re-reads the Airtable table. A failure is also stored on the memory (syncError), so the list is refreshed either way.
export function syncMemory(id: string) {
  return apiRequest<ApiMemory>("POST", `/api/memories/${encodeURIComponent(id)}/sync`);
}

export function useSyncMemory(callbacks: MutationCallbacks<ApiMemory | null> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: syncMemory,
    onSuccess: (data) => callbacks.onSuccess?.(data),
    onError: (error) => callbacks.onError?.(error),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.memories }),
  });
}
