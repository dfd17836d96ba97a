import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import type { ApiCalendarOccurrence } from "@shared/schemas/calendar";
import { apiGet, urlFromQueryKey } from "@web/lib/api-client";

// Every calendar read starts with this segment, so one invalidation refreshes them all.
export const CALENDAR_KEY = ["/api/calendar"] as const;

// Week and month views read a range of Rome days; the day view reads that day, or today.
export type EventsSource = { kind: "range"; startDate: string; endDate: string } | { kind: "day"; date: string } | { kind: "today" };

export function eventsQueryKey(twilioAccountId: string, source: EventsSource): readonly unknown[] {
  if (source.kind === "range") return [...CALENDAR_KEY, { twilioAccountId, startDate: source.startDate, endDate: source.endDate }];
  if (source.kind === "day") return [...CALENDAR_KEY, "day", source.date, { twilioAccountId }];
  return [...CALENDAR_KEY, "today", { twilioAccountId }];
}

export const calendarEventsQueryOptions = (twilioAccountId: string, source: EventsSource) => {
  const queryKey = eventsQueryKey(twilioAccountId, source);
  return queryOptions({
    queryKey,
    queryFn: async ({ signal }) => (await apiGet<ApiCalendarOccurrence[]>(urlFromQueryKey(queryKey), { signal })) ?? [],
    // Stepping to the next week keeps the current events on screen until the new ones arrive.
    placeholderData: keepPreviousData,
  });
};

export function useCalendarEvents(twilioAccountId: string | undefined, source: EventsSource) {
  return useQuery({ ...calendarEventsQueryOptions(twilioAccountId ?? "", source), enabled: !!twilioAccountId });
}
