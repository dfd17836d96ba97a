import { queryOptions, useQuery } from "@tanstack/react-query";
import type { SentimentGroup } from "@shared/schemas/analytics";
import { apiGet } from "@web/lib/api-client";
import { queryKeys } from "@web/lib/query-keys";

export const sentimentQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.analyticsSentiment,
    queryFn: async ({ signal }) => (await apiGet<SentimentGroup[]>("/api/analytics/sentiment", { signal })) ?? [],
  });

export function useSentiment() {
  return useQuery(sentimentQueryOptions());
}
