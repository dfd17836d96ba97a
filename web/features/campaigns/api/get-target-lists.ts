import { queryOptions, useQuery } from "@tanstack/react-query";
import type { ApiList } from "@shared/schemas/lists";
import { apiGet } from "@web/lib/api-client";
import { queryKeys } from "@web/lib/query-keys";

// The account's lists, read with the Liste screen's key so both share one cache entry.
export const targetListsQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.lists,
    queryFn: async ({ signal }) => (await apiGet<ApiList[]>("/api/lists", { signal })) ?? [],
  });

export function useTargetLists(enabled: boolean) {
  return useQuery({ ...targetListsQueryOptions(), enabled });
}
