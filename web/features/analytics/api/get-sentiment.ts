import { queryOptions, useQuery } from "@tanstack/react-query";
import { api, unwrapRead } from "@web/lib/api-client";
import { queryKeys } from "@web/lib/query-keys";

export const sentimentQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.analyticsSentiment,
    queryFn: async ({ signal }) => (await unwrapRead(api.analytics.sentiment.$get(undefined, { init: { signal } }))) ?? [],
  });

export function useSentiment() {
  return useQuery(sentimentQueryOptions());
}
