import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import type { ApiListLeadsPage } from "@shared/schemas/lists";
import { apiGet, urlFromQueryKey } from "@web/lib/api-client";
import { queryKeys } from "@web/lib/query-keys";

export interface ListLeadsFilter {
  search: string;
  page: number;
  pageSize: number;
}

export const listLeadsKey = (id: string) => [...queryKeys.lists, id, "leads"] as const;

export const listLeadsQueryOptions = (id: string, filter: ListLeadsFilter) => {
  const queryKey = [...listLeadsKey(id), filter] as const;
  return queryOptions({
    queryKey,
    queryFn: ({ signal }) => apiGet<ApiListLeadsPage>(urlFromQueryKey(queryKey), { signal }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
};

export function useListLeads(id: string | null, filter: ListLeadsFilter) {
  return useQuery({ ...listLeadsQueryOptions(id ?? "", filter), enabled: !!id });
}
