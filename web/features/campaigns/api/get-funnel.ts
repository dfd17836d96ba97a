import { queryOptions, useQuery } from "@tanstack/react-query";
import { POLL_MS } from "@shared/constants";
import type { ApiFunnelStep } from "@shared/schemas/campaigns";
import { apiGet, urlFromQueryKey } from "@web/lib/api-client";
import { queryKeys } from "@web/lib/query-keys";

// Steps in their sending order, whatever order the server lists them in.
export const funnelQueryOptions = (campaignId: string) => {
  const queryKey = queryKeys.campaignFunnel(campaignId);
  return queryOptions({
    queryKey,
    queryFn: async ({ signal }) => ((await apiGet<ApiFunnelStep[]>(urlFromQueryKey(queryKey), { signal })) ?? []).sort((a, b) => a.stepOrder - b.stepOrder),
    // The per-step figures move while the campaign sends.
    refetchInterval: POLL_MS.campaigns,
  });
};

export function useFunnel(campaignId: string) {
  return useQuery(funnelQueryOptions(campaignId));
}
