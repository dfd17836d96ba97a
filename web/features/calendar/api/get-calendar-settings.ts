import { queryOptions, useQuery } from "@tanstack/react-query";
import { api, unwrapRead } from "@web/lib/api-client";
import { queryKeys } from "@web/lib/query-keys";

export const calendarSettingsQueryOptions = (twilioAccountId: string) =>
  queryOptions({
    queryKey: [...queryKeys.calendarSettings, { twilioAccountId }] as const,
    queryFn: ({ signal }) => unwrapRead(api.calendar.settings.$get({ query: { twilioAccountId } }, { init: { signal } })),
  });

export function useCalendarSettings(twilioAccountId: string | undefined) {
  return useQuery({ ...calendarSettingsQueryOptions(twilioAccountId ?? ""), enabled: !!twilioAccountId });
}
