import type { CalendarSettingsInput } from "@shared/schemas/calendar";
import { CALENDAR_TEXTS as TX } from "@shared/texts/calendar";
import { api, unwrap } from "@web/lib/api-client";
import { useApiMutation } from "@web/lib/api-mutation";
import { queryKeys } from "@web/lib/query-keys";

export const saveCalendarSettings = (input: CalendarSettingsInput) => unwrap(api.calendar.settings.$post({ json: input }));

// A refusal also goes on the form's fields; the toast gives the server's reason.
export const useSaveCalendarSettings = () =>
  useApiMutation({
    mutationFn: saveCalendarSettings,
    refresh: [queryKeys.calendarSettings],
    errorTitle: TX.settingsSaveError,
    errorFallback: TX.settingsSaveError,
  });
