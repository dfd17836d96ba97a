import { queryOptions, useQuery } from "@tanstack/react-query";
import type { MediaSettings } from "@shared/media";
import { apiGet } from "@web/lib/api-client";

export type ApiMediaSettings = MediaSettings & { canEdit: boolean };

// The active account's Voice AI and Vision AI; the account's id in the key gives each account its own.
export const mediaSettingsQueryOptions = (twilioAccountId: string) =>
  queryOptions({
    queryKey: ["/api/media", "settings", { twilioAccountId }] as const,
    queryFn: ({ signal }) => apiGet<ApiMediaSettings>("/api/media/settings", { signal }),
  });

export function useMediaSettings(twilioAccountId: string | undefined) {
  return useQuery({ ...mediaSettingsQueryOptions(twilioAccountId ?? ""), enabled: !!twilioAccountId });
}
