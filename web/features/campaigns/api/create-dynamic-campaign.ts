import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { ApiCampaign, CreateDynamicCampaignInput } from "@shared/schemas/campaigns";
import { apiRequest } from "@web/lib/api-client";
import { queryKeys } from "@web/lib/query-keys";

export function createDynamicCampaign(input: CreateDynamicCampaignInput) {
  return apiRequest<ApiCampaign>("POST", "/api/campaigns/dynamic", input);
}

export function useCreateDynamicCampaign() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createDynamicCampaign,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.campaigns }),
  });
}
