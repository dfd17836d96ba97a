import type { CalendarEventInput } from "@shared/schemas/calendar";
import { CALENDAR_TEXTS as TX } from "@shared/texts/calendar";
import { api, unwrap } from "@web/lib/api-client";
import { useApiMutation } from "@web/lib/api-mutation";
import { CALENDAR_KEY } from "./get-events";

// Creates an event, or replaces an existing one (the whole series, for a recurring event).
export function saveEvent({ id, input }: { id: string | null; input: CalendarEventInput }) {
  return id ? unwrap(api.calendar[":id"].$put({ param: { id: encodeURIComponent(id) }, json: input })) : unwrap(api.calendar.$post({ json: input }));
}

// A refusal also goes on the form's fields; the toast gives the server's reason.
export const useSaveEvent = (editing: boolean) => {
  const failed = editing ? TX.updateError : TX.createError;
  return useApiMutation({ mutationFn: saveEvent, refresh: [CALENDAR_KEY], errorTitle: failed, errorFallback: failed });
};
