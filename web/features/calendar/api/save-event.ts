import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { ApiCalendarEvent, CalendarEventInput } from "@shared/schemas/calendar";
import { apiRequest } from "@web/lib/api-client";
import { CALENDAR_KEY } from "./get-events";

// Creates an event, or replaces an existing one (the whole series, for a recurring event).
export function saveEvent({ id, input }: { id: string | null; input: CalendarEventInput }) {
  return id
    ? apiRequest<ApiCalendarEvent>("PUT", `/api/calendar/${encodeURIComponent(id)}`, input)
    : apiRequest<ApiCalendarEvent>("POST", "/api/calendar", input);
}

export function useSaveEvent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveEvent,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: CALENDAR_KEY }),
  });
}
