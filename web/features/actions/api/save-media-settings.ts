import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { MediaSettings } from "@shared/media";
import { apiRequest } from "@web/lib/api-client";
import type { ApiMediaSettings } from "./get-media-settings";

export function saveMediaSettings(input: Partial<MediaSettings>) {
  return apiRequest<ApiMediaSettings>("PUT", "/api/media/settings", input);
}

export function useSaveMediaSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveMediaSettings,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ["/api/media", "settings"] }),
  });
}
