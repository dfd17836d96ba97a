import { CALENDAR_TEXTS as TX } from "@shared/texts/calendar";
import { api, unwrap } from "@web/lib/api-client";
import { useApiMutation } from "@web/lib/api-mutation";
import { CALENDAR_KEY } from "./get-events";

export const deleteEvent = (id: string) => unwrap(api.calendar[":id"].$delete({ param: { id: encodeURIComponent(id) } }));

export const useDeleteEvent = () => useApiMutation({ mutationFn: deleteEvent, refresh: [CALENDAR_KEY], errorTitle: TX.deleteError, errorFallback: TX.deleteError });
