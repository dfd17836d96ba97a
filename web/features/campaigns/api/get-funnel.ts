import { queryOptions, useQuery } from "@tanstack/react-query";
import { POLL_MS } from "@shared/constants";
import { api, unwrapRead } from "@web/lib/api-client";
import { queryKeys } from "@web/lib/query-keys";

// Steps in their sending order, whatever order the server lists them in.
export const funnelQueryOptions = (campaignId: string) =>
  queryOptions({
    queryKey: queryKeys.campaignFunnel(campaignId),
    queryFn: async ({ signal }) =>
      ((await unwrapRead(api.campaigns[":id"].funnel.$get({ param: { id: encodeURIComponent(campaignId) } }, { init: { signal } }))) ?? []).sort(
        (a, b) => a.stepOrder - b.stepOrder,
      ),
    // The per-step figures move while the campaign sends.
    refetchInterval: POLL_MS.campaigns,
  });

export function useFunnel(campaignId: string) {
  return useQuery(funnelQueryOptions(campaignId));
}
