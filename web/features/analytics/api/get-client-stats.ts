import { queryOptions, useQuery } from "@tanstack/react-query";
import { api, unwrapRead } from "@web/lib/api-client";
import { queryKeys } from "@web/lib/query-keys";

export const clientStatsQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.clientStats,
    queryFn: ({ signal }) => unwrapRead(api.analytics["client-stats"].$get(undefined, { init: { signal } })),
  });

export function useClientStats() {
  return useQuery(clientStatsQueryOptions());
}
