import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { api, unwrapRead } from "@web/lib/api-client";

// Every calendar read starts with this segment, so one invalidation refreshes them all.
export const CALENDAR_KEY = ["/api/calendar"] as const;

// Week and month views read a range of Rome days; the day view reads that day, or today.
export type EventsSource = { kind: "range"; startDate: string; endDate: string } | { kind: "day"; date: string } | { kind: "today" };

export function eventsQueryKey(twilioAccountId: string, source: EventsSource): readonly unknown[] {
  if (source.kind === "range") return [...CALENDAR_KEY, { twilioAccountId, startDate: source.startDate, endDate: source.endDate }];
  if (source.kind === "day") return [...CALENDAR_KEY, "day", source.date, { twilioAccountId }];
  return [...CALENDAR_KEY, "today", { twilioAccountId }];
}

function readEvents(twilioAccountId: string, source: EventsSource, signal: AbortSignal) {
  const init = { init: { signal } };
  if (source.kind === "range") return unwrapRead(api.calendar.$get({ query: { twilioAccountId, startDate: source.startDate, endDate: source.endDate } }, init));
  if (source.kind === "day") return unwrapRead(api.calendar.day[":date"].$get({ param: { date: source.date }, query: { twilioAccountId } }, init));
  return unwrapRead(api.calendar.today.$get({ query: { twilioAccountId } }, init));
}

export const calendarEventsQueryOptions = (twilioAccountId: string, source: EventsSource) =>
  queryOptions({
    queryKey: eventsQueryKey(twilioAccountId, source),
    queryFn: async ({ signal }) => (await readEvents(twilioAccountId, source, signal)) ?? [],
    // Stepping to the next week keeps the current events on screen until the new ones arrive.
    placeholderData: keepPreviousData,
  });

export function useCalendarEvents(twilioAccountId: string | undefined, source: EventsSource) {
  return useQuery({ ...calendarEventsQueryOptions(twilioAccountId ?? "", source), enabled: !!twilioAccountId });
}
