import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import type { CampaignFigures } from "@shared/schemas/analytics";
import { apiGet, urlFromQueryKey } from "@web/lib/api-client";
import { queryKeys } from "@web/lib/query-keys";

export const campaignFiguresQueryOptions = (range: { startDate: string; endDate: string }) =>
  queryOptions({
    queryKey: queryKeys.analyticsCampaigns(range),
    queryFn: async ({ queryKey, signal }) => (await apiGet<CampaignFigures[]>(urlFromQueryKey(queryKey), { signal })) ?? [],
  });

export function useCampaignFigures(range: { startDate: string; endDate: string }) {
  return useQuery({ ...campaignFiguresQueryOptions(range), placeholderData: keepPreviousData });
}
