import { queryOptions, useQuery } from "@tanstack/react-query";
import type { ClientStats } from "@shared/schemas/analytics";
import { apiGet } from "@web/lib/api-client";
import { queryKeys } from "@web/lib/query-keys";

export const clientStatsQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.clientStats,
    queryFn: ({ signal }) => apiGet<ClientStats>("/api/analytics/client-stats", { signal }),
  });

export function useClientStats() {
  return useQuery(clientStatsQueryOptions());
}
