import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@web/lib/api-client";
import { queryKeys } from "@web/lib/query-keys";
import { listLeadsKey } from "./get-list-leads";

export function deleteListLead({ listId, leadId }: { listId: string; leadId: string }) {
  return apiRequest<{ ok: boolean }>("DELETE", `/api/lists/${encodeURIComponent(listId)}/leads/${encodeURIComponent(leadId)}`);
}

export function useDeleteListLead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteListLead,
    onSuccess: (_data, { listId }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: listLeadsKey(listId) }),
        queryClient.invalidateQueries({ queryKey: queryKeys.lists, exact: true }),
      ]),
  });
}
