import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@web/lib/api-client";
import type { MutationCallbacks } from "@web/lib/mutation-callbacks";
import { queryKeys } from "@web/lib/query-keys";

export function deleteTemplate(id: string) {
  return apiRequest<{ ok: boolean }>("DELETE", `/api/templates/${encodeURIComponent(id)}`);
}

export function useDeleteTemplate(callbacks: MutationCallbacks = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteTemplate,
    // The card holding the button goes away with the template: the toast is raised here.
    onSuccess: async (data) => {
      callbacks.onSuccess?.(data);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.templates }),
        queryClient.invalidateQueries({ queryKey: queryKeys.twilioTemplates }),
      ]);
    },
    onError: (error) => callbacks.onError?.(error),
  });
}
