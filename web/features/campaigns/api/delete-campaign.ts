import { useMutation, useQueryClient } from "@tanstack/react-query";
import { CAMPAIGN_TEXTS as TX } from "@shared/schemas/campaigns";
import { apiRequest } from "@web/lib/api-client";
import type { MutationCallbacks } from "@web/lib/mutation-callbacks";
import { queryKeys } from "@web/lib/query-keys";

export function deleteCampaign(id: string) {
  return apiRequest<null>("DELETE", `/api/campaigns/${encodeURIComponent(id)}`);
}

export function useDeleteCampaign(callbacks: MutationCallbacks = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteCampaign,
    meta: { errorTitle: TX.deleteError },
    // The card holding the button goes away with the campaign: the toast is raised here.
    onSuccess: async (data) => {
      callbacks.onSuccess?.(data);
      await queryClient.invalidateQueries({ queryKey: queryKeys.campaigns });
    },
    onError: (error) => callbacks.onError?.(error),
  });
}
