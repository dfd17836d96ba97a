import { queryOptions, useQuery } from "@tanstack/react-query";
import type { MediaSettings } from "@shared/media";
import { api, unwrapRead } from "@web/lib/api-client";

export type ApiMediaSettings = MediaSettings & { canEdit: boolean };

export const MEDIA_SETTINGS_KEY = ["/api/media", "settings"] as const;

// The active account's Voice AI and Vision AI; the account's id in the key gives each account its own.
export const mediaSettingsQueryOptions = (twilioAccountId: string) =>
  queryOptions({
    queryKey: [...MEDIA_SETTINGS_KEY, { twilioAccountId }] as const,
    queryFn: ({ signal }): Promise<ApiMediaSettings | null> => unwrapRead(api.media.settings.$get(undefined, { init: { signal } })),
  });

export function useMediaSettings(twilioAccountId: string | undefined) {
  return useQuery({ ...mediaSettingsQueryOptions(twilioAccountId ?? ""), enabled: !!twilioAccountId });
}
