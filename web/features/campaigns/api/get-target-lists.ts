import { queryOptions, useQuery } from "@tanstack/react-query";
import { api, unwrapRead } from "@web/lib/api-client";
import { queryKeys } from "@web/lib/query-keys";

// The account's lists, read with the Liste screen's key so both share one cache entry.
export const targetListsQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.lists,
    queryFn: async ({ signal }) => (await unwrapRead(api.lists.$get(undefined, { init: { signal } }))) ?? [],
  });

export function useTargetLists(enabled: boolean) {
  return useQuery({ ...targetListsQueryOptions(), enabled });
}
