import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { api, unwrapRead } from "@web/lib/api-client";
import { queryKeys } from "@web/lib/query-keys";
import type { DayRange } from "../lib/date-range";

export const campaignFiguresQueryOptions = (range: DayRange) =>
  queryOptions({
    queryKey: queryKeys.analyticsCampaigns(range),
    queryFn: async ({ signal }) => (await unwrapRead(api.analytics.campaigns.$get({ query: range }, { init: { signal } }))) ?? [],
  });

export function useCampaignFigures(range: DayRange) {
  return useQuery({ ...campaignFiguresQueryOptions(range), placeholderData: keepPreviousData });
}
