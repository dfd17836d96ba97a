import { queryOptions, useQuery } from "@tanstack/react-query";
import type { ApiCampaignCapacity } from "@shared/schemas/campaigns";
import { apiGet, urlFromQueryKey } from "@web/lib/api-client";
import { queryKeys } from "@web/lib/query-keys";

// Computed for "now" each time the check opens: never served from the cache.
export const capacityQueryOptions = (campaignId: string) => {
  const queryKey = queryKeys.campaignCapacity(campaignId);
  return queryOptions({
    queryKey,
    queryFn: ({ signal }) => apiGet<ApiCampaignCapacity>(urlFromQueryKey(queryKey), { signal, on401: "throw" }),
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });
};

export function useCapacity(campaignId: string | null) {
  return useQuery({ ...capacityQueryOptions(campaignId ?? ""), enabled: !!campaignId });
}
