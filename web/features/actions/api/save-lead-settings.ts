import type { LeadNotificationSettingsInput } from "@shared/schemas/lead-detection";
import { ACTIONS_TEXTS } from "@shared/texts/actions";
import { api, unwrap } from "@web/lib/api-client";
import { useApiMutation } from "@web/lib/api-mutation";
import { LEAD_SETTINGS_KEY } from "./get-lead-settings";

export const saveLeadSettings = (input: LeadNotificationSettingsInput) => unwrap(api["lead-notifications"].settings.$post({ json: input }));

// The form also marks the numbers the server refused.
export const useSaveLeadSettings = () =>
  useApiMutation({
    mutationFn: saveLeadSettings,
    refresh: [LEAD_SETTINGS_KEY],
    errorTitle: ACTIONS_TEXTS.saveError,
    errorFallback: ACTIONS_TEXTS.saveError,
  });
