import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { ApiCalendarSettings, CalendarSettingsInput } from "@shared/schemas/calendar";
import { apiRequest } from "@web/lib/api-client";
import { queryKeys } from "@web/lib/query-keys";

export function saveCalendarSettings(input: CalendarSettingsInput) {
  return apiRequest<ApiCalendarSettings>("POST", "/api/calendar/settings", input);
}

export function useSaveCalendarSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveCalendarSettings,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.calendarSettings }),
  });
}
