import { queryOptions, useQuery } from "@tanstack/react-query";
import type { AnalyticsStats } from "@shared/schemas/analytics";
import { apiGet } from "@web/lib/api-client";
import { queryKeys } from "@web/lib/query-keys";

export const analyticsStatsQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.analyticsStats,
    queryFn: ({ signal }) => apiGet<AnalyticsStats>("/api/analytics/stats", { signal }),
  });

export function useAnalyticsStats() {
  return useQuery(analyticsStatsQueryOptions());
}
