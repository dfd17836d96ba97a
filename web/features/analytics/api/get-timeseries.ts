import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { api, unwrapRead } from "@web/lib/api-client";
import { queryKeys } from "@web/lib/query-keys";
import type { DayRange } from "../lib/date-range";

export const timeseriesQueryOptions = (range: DayRange) =>
  queryOptions({
    queryKey: queryKeys.analyticsTimeseries(range),
    queryFn: async ({ signal }) => (await unwrapRead(api.analytics.timeseries.$get({ query: range }, { init: { signal } }))) ?? [],
  });

// The previous period stays on screen while the next one loads, so the charts do not blink.
export function useTimeseries(range: DayRange) {
  return useQuery({ ...timeseriesQueryOptions(range), placeholderData: keepPreviousData });
}
