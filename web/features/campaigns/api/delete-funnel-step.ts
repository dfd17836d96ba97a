import { useMutation, useQueryClient } from "@tanstack/react-query";
import { CAMPAIGN_TEXTS as TX } from "@shared/schemas/campaigns";
import { apiRequest } from "@web/lib/api-client";
import { queryKeys } from "@web/lib/query-keys";

export function deleteFunnelStep({ campaignId, stepId }: { campaignId: string; stepId: string }) {
  return apiRequest<null>("DELETE", `/api/campaigns/${encodeURIComponent(campaignId)}/funnel/${encodeURIComponent(stepId)}`);
}

export function useDeleteFunnelStep() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteFunnelStep,
    meta: { errorTitle: TX.stepDeleteError },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.campaigns }),
  });
}
