import { queryOptions, useQuery } from "@tanstack/react-query";
import type { UsageStats } from "@shared/schemas/usage";
import { apiGet } from "@web/lib/api-client";
import { queryKeys } from "@web/lib/query-keys";

export const usageStatsQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.usageStats,
    queryFn: ({ signal }) => apiGet<UsageStats>("/api/openai-usage/stats", { signal }),
  });

export function useUsageStats() {
  return useQuery(usageStatsQueryOptions());
}
