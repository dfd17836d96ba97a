import { queryOptions, useQuery } from "@tanstack/react-query";
import type { ApiLeadNotificationSettings } from "@shared/schemas/lead-detection";
import { api, unwrapRead } from "@web/lib/api-client";

export const LEAD_SETTINGS_KEY = ["/api/lead-notifications", "settings"] as const;

export const leadSettingsQueryOptions = (twilioAccountId: string) =>
  queryOptions({
    queryKey: [...LEAD_SETTINGS_KEY, { twilioAccountId }] as const,
    queryFn: ({ signal }): Promise<ApiLeadNotificationSettings | null> =>
      unwrapRead(api["lead-notifications"].settings.$get({ query: { twilioAccountId } }, { init: { signal } })),
  });

export function useLeadSettings(twilioAccountId: string | undefined) {
  return useQuery({ ...leadSettingsQueryOptions(twilioAccountId ?? ""), enabled: !!twilioAccountId });
}
