import { queryOptions, useQuery } from "@tanstack/react-query";
import type { ApiLeadNotificationSettings } from "@shared/schemas/lead-detection";
import { apiGet, urlFromQueryKey } from "@web/lib/api-client";

export const LEAD_SETTINGS_KEY = ["/api/lead-notifications", "settings"] as const;

export const leadSettingsQueryOptions = (twilioAccountId: string) => {
  const queryKey = [...LEAD_SETTINGS_KEY, { twilioAccountId }] as const;
  return queryOptions({
    queryKey,
    queryFn: ({ signal }) => apiGet<ApiLeadNotificationSettings>(urlFromQueryKey(queryKey), { signal }),
  });
};

export function useLeadSettings(twilioAccountId: string | undefined) {
  return useQuery({ ...leadSettingsQueryOptions(twilioAccountId ?? ""), enabled: !!twilioAccountId });
}
