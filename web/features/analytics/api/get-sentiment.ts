import { queryOptions, useQuery } from "@tanstack/react-query";
import type { SentimentGroup } from "../../../../src/shared/schemas/analytics";
import { apiGet } from "../../../lib/api-client";
import { queryKeys } from "../../../lib/query-keys";

export const sentimentQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.analyticsSentiment,
    queryFn: async ({ signal }) => (await apiGet<SentimentGroup[]>("/api/analytics/sentiment", { signal })) ?? [],
  });

export function useSentiment() {
  return useQuery(sentimentQueryOptions());
}
