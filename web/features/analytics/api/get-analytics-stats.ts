import { queryOptions, useQuery } from "@tanstack/react-query";
import { api, unwrapRead } from "@web/lib/api-client";
import { queryKeys } from "@web/lib/query-keys";

export const analyticsStatsQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.analyticsStats,
    queryFn: ({ signal }) => unwrapRead(api.analytics.stats.$get(undefined, { init: { signal } })),
  });

export function useAnalyticsStats() {
  return useQuery(analyticsStatsQueryOptions());
}
