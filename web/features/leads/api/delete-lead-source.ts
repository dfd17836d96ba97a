import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@web/lib/api-client";
import type { MutationCallbacks } from "@web/lib/mutation-callbacks";
import { queryKeys } from "@web/lib/query-keys";

export function deleteLeadSource(id: string) {
  return apiRequest<{ ok: boolean }>("DELETE", `/api/lead-sources/${encodeURIComponent(id)}`);
}

export function useDeleteLeadSource(callbacks: MutationCallbacks = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteLeadSource,
    // The card holding the button goes away with the source: the toast is raised here.
    onSuccess: async (data) => {
      callbacks.onSuccess?.(data);
      await Promise.all([queryClient.invalidateQueries({ queryKey: queryKeys.leadSources }), queryClient.invalidateQueries({ queryKey: queryKeys.leads })]);
    },
    onError: (error) => callbacks.onError?.(error),
  });
}
