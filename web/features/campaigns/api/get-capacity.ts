import { queryOptions, useQuery } from "@tanstack/react-query";
import { api, unwrap } from "@web/lib/api-client";
import { queryKeys } from "@web/lib/query-keys";

// Computed for "now" each time the check opens: never served from the cache.
export const capacityQueryOptions = (campaignId: string) =>
  queryOptions({
    queryKey: queryKeys.campaignCapacity(campaignId),
    queryFn: ({ signal }) => unwrap(api.campaigns[":id"].capacity.$get({ param: { id: encodeURIComponent(campaignId) } }, { init: { signal } })),
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });

export function useCapacity(campaignId: string | null) {
  return useQuery({ ...capacityQueryOptions(campaignId ?? ""), enabled: !!campaignId });
}
