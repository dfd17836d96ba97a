import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import type { DayPoint } from "@shared/schemas/analytics";
import { apiGet, urlFromQueryKey } from "@web/lib/api-client";
import { queryKeys } from "@web/lib/query-keys";

export const timeseriesQueryOptions = (range: { startDate: string; endDate: string }) =>
  queryOptions({
    queryKey: queryKeys.analyticsTimeseries(range),
    queryFn: async ({ queryKey, signal }) => (await apiGet<DayPoint[]>(urlFromQueryKey(queryKey), { signal })) ?? [],
  });

// The previous period stays on screen while the next one loads, so the charts do not blink.
export function useTimeseries(range: { startDate: string; endDate: string }) {
  return useQuery({ ...timeseriesQueryOptions(range), placeholderData: keepPreviousData });
}
