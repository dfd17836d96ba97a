import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { ApiList, ApiListLead, ListLeadInput } from "@shared/schemas/lists";
import { apiGet, apiRequest } from "@web/lib/api-client";
import type { MutationCallbacks } from "@web/lib/mutation-callbacks";
import { queryKeys } from "@web/lib/query-keys";

// The account's static lists: a contact is added to one by hand (dynamic lists follow their source).
export const staticListsQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.lists,
    queryFn: async ({ signal }) => (await apiGet<ApiList[]>("/api/lists", { signal })) ?? [],
    select: (lists: ApiList[]) => lists.filter((l) => l.listType === "static"),
  });

export function useStaticLists({ enabled }: { enabled: boolean }) {
  return useQuery({ ...staticListsQueryOptions(), enabled });
}

export function addContactToList({ listId, lead }: { listId: string; lead: ListLeadInput }) {
  return apiRequest<ApiListLead>("POST", `/api/lists/${encodeURIComponent(listId)}/leads`, lead);
}

export function useAddContactToList(callbacks: MutationCallbacks<ApiListLead | null> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addContactToList,
    onSuccess: async (lead) => {
      callbacks.onSuccess?.(lead);
      await queryClient.invalidateQueries({ queryKey: queryKeys.lists });
    },
    onError: (error) => callbacks.onError?.(error),
  });
}
