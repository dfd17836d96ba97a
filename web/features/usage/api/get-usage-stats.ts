import { queryOptions, useQuery } from "@tanstack/react-query";
import type { UsageStats } from "../../../../src/shared/schemas/usage";
import { apiGet } from "../../../lib/api-client";
import { queryKeys } from "../../../lib/query-keys";

export const usageStatsQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.usageStats,
    queryFn: ({ signal }) => apiGet<UsageStats>("/api/openai-usage/stats", { signal }),
  });

export function useUsageStats() {
  return useQuery(usageStatsQueryOptions());
}
