import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@web/lib/api-client";
import { queryKeys } from "@web/lib/query-keys";

export function deleteLead(id: string) {
  return apiRequest<{ ok: boolean }>("DELETE", `/api/leads/${encodeURIComponent(id)}`);
}

export function useDeleteLead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteLead,
    onSuccess: () =>
      Promise.all([queryClient.invalidateQueries({ queryKey: queryKeys.leads }), queryClient.invalidateQueries({ queryKey: queryKeys.leadSources })]),
  });
}
