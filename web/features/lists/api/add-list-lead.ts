import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { ApiListLead, ListLeadInput } from "@shared/schemas/lists";
import { apiRequest } from "@web/lib/api-client";
import { queryKeys } from "@web/lib/query-keys";
import { listLeadsKey } from "./get-list-leads";

export function addListLead({ listId, input }: { listId: string; input: ListLeadInput }) {
  return apiRequest<ApiListLead>("POST", `/api/lists/${encodeURIComponent(listId)}/leads`, input);
}

export function useAddListLead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addListLead,
    onSuccess: (_data, { listId }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: listLeadsKey(listId) }),
        queryClient.invalidateQueries({ queryKey: queryKeys.lists, exact: true }),
      ]),
  });
}
