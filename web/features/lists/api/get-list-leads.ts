import { keepPreviousData, type QueryClient, queryOptions, useQuery } from "@tanstack/react-query";
import type { ApiListLeadsPage } from "@shared/schemas/lists";
import { api, unwrapRead } from "@web/lib/api-client";
import { queryKeys } from "@web/lib/query-keys";

export interface ListLeadsFilter {
  search: string;
  page: number;
  pageSize: number;
}

// The query the server reads: an empty search is no search.
const leadsQuery = ({ search, page, pageSize }: ListLeadsFilter) => ({ ...(search ? { search } : {}), page: String(page), pageSize: String(pageSize) });

export const listLeadsKey = (id: string) => [...queryKeys.lists, id, "leads"] as const;

// After a lead is added to or removed from a list: its leads, and the lists' counts (not their other queries).
export const refreshListLeads = (queryClient: QueryClient, _data: unknown, { listId }: { listId: string }) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: listLeadsKey(listId) }),
    queryClient.invalidateQueries({ queryKey: queryKeys.lists, exact: true }),
  ]);

export const listLeadsQueryOptions = (id: string, filter: ListLeadsFilter) => {
  const queryKey = [...listLeadsKey(id), filter] as const;
  return queryOptions({
    queryKey,
    queryFn: ({ signal }): Promise<ApiListLeadsPage | null> =>
      unwrapRead(api.lists[":id"].leads.$get({ param: { id: encodeURIComponent(id) }, query: leadsQuery(filter) }, { init: { signal } })),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
};

export function useListLeads(id: string | null, filter: ListLeadsFilter) {
  return useQuery({ ...listLeadsQueryOptions(id ?? "", filter), enabled: !!id });
}
