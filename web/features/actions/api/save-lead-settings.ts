import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { ApiLeadNotificationSettings, LeadNotificationSettingsInput } from "@shared/schemas/lead-detection";
import { apiRequest } from "@web/lib/api-client";
import { LEAD_SETTINGS_KEY } from "./get-lead-settings";

export function saveLeadSettings(input: LeadNotificationSettingsInput) {
  return apiRequest<ApiLeadNotificationSettings>("POST", "/api/lead-notifications/settings", input);
}

export function useSaveLeadSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveLeadSettings,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: LEAD_SETTINGS_KEY }),
  });
}
