import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@web/lib/api-client";
import type { MutationCallbacks } from "@web/lib/mutation-callbacks";
import { queryKeys } from "@web/lib/query-keys";

export function deleteList(id: string) {
  return apiRequest<{ ok: boolean }>("DELETE", `/api/lists/${encodeURIComponent(id)}`);
}

export function useDeleteList(callbacks: MutationCallbacks = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteList,
    // The card holding the button goes away with the list: the toast is raised here.
    onSuccess: async (data) => {
      callbacks.onSuccess?.(data);
      await queryClient.invalidateQueries({ queryKey: queryKeys.lists });
    },
    onError: (error) => callbacks.onError?.(error),
  });
}
