import { queryOptions, useQuery } from "@tanstack/react-query";
import { api, unwrapRead } from "@web/lib/api-client";
import { queryKeys } from "@web/lib/query-keys";

export const usageStatsQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.usageStats,
    queryFn: ({ signal }) => unwrapRead(api["openai-usage"].stats.$get(undefined, { init: { signal } })),
  });

export function useUsageStats() {
  return useQuery(usageStatsQueryOptions());
}
