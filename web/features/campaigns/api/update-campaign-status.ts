import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { ApiCampaign, UpdateCampaignInput } from "../../../../src/shared/schemas/campaigns";
import { apiRequest } from "../../../lib/api-client";
import { queryKeys } from "../../../lib/query-keys";

export function updateCampaignStatus({ id, status }: { id: string } & UpdateCampaignInput) {
  return apiRequest<ApiCampaign>("PATCH", `/api/campaigns/${encodeURIComponent(id)}`, { status });
}

export function useUpdateCampaignStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateCampaignStatus,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.campaigns }),
  });
}
