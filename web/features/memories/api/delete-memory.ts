import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@web/lib/api-client";
import type { MutationCallbacks } from "@web/lib/mutation-callbacks";
import { queryKeys } from "@web/lib/query-keys";

export function deleteMemory(id: string) {
  return apiRequest<{ ok: boolean }>("DELETE", `/api/memories/${encodeURIComponent(id)}`);
}

export function useDeleteMemory(callbacks: MutationCallbacks = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteMemory,
    onSuccess: async (data) => {
      callbacks.onSuccess?.(data);
      await queryClient.invalidateQueries({ queryKey: queryKeys.memories });
    },
    onError: (error) => callbacks.onError?.(error),
  });
}
