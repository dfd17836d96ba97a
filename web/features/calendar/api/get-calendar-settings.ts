import { queryOptions, useQuery } from "@tanstack/react-query";
import type { ApiCalendarSettings } from "@shared/schemas/calendar";
import { apiGet, urlFromQueryKey } from "@web/lib/api-client";
import { queryKeys } from "@web/lib/query-keys";

export const calendarSettingsQueryOptions = (twilioAccountId: string) => {
  const queryKey = [...queryKeys.calendarSettings, { twilioAccountId }] as const;
  return queryOptions({
    queryKey,
    queryFn: ({ signal }) => apiGet<ApiCalendarSettings>(urlFromQueryKey(queryKey), { signal }),
  });
};

export function useCalendarSettings(twilioAccountId: string | undefined) {
  return useQuery({ ...calendarSettingsQueryOptions(twilioAccountId ?? ""), enabled: !!twilioAccountId });
}
