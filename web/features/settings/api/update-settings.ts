import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { ApiSettings } from "@shared/schemas/settings";
import { apiRequest } from "@web/lib/api-client";
import { refreshAccountScopedData } from "@web/lib/queries/activate-account";

export function updateSettings(input: { activeTwilioAccountId: string | null }) {
  return apiRequest<ApiSettings>("PUT", "/api/settings", input);
}

export function useUpdateSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateSettings,
    // The active account decides what every account-scoped screen shows.
    onSuccess: () => refreshAccountScopedData(queryClient),
  });
}
