import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type ApiCampaign, CAMPAIGN_TEXTS as TX, type UpdateCampaignInput } from "@shared/schemas/campaigns";
import { apiRequest } from "@web/lib/api-client";
import { queryKeys } from "@web/lib/query-keys";

export function updateCampaignStatus({ id, status }: { id: string } & UpdateCampaignInput) {
  return apiRequest<ApiCampaign>("PATCH", `/api/campaigns/${encodeURIComponent(id)}`, { status });
}

export function useUpdateCampaignStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateCampaignStatus,
    meta: { errorTitle: TX.updateError },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.campaigns }),
  });
}
