import { queryOptions, useQuery } from "@tanstack/react-query";
import { POLL_MS } from "@shared/constants";
import { api, unwrapRead } from "@web/lib/api-client";
import { queryKeys } from "@web/lib/query-keys";

export const campaignsQueryOptions = (twilioAccountId: string) =>
  queryOptions({
    queryKey: queryKeys.campaignList(twilioAccountId),
    queryFn: async ({ signal }) => (await unwrapRead(api.campaigns.$get({ query: {} }, { init: { signal } }))) ?? [],
    // Sends happen in the background: the counters on the cards follow them, and a list shown
    // again (back on the page, or back on an earlier account) is read afresh.
    refetchInterval: POLL_MS.campaigns,
    staleTime: 0,
  });

export function useCampaigns(twilioAccountId: string | null) {
  return useQuery({ ...campaignsQueryOptions(twilioAccountId ?? ""), enabled: !!twilioAccountId });
}
