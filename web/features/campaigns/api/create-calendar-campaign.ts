import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { ApiCampaign, CreateCalendarCampaignInput } from "@shared/schemas/campaigns";
import { apiRequest } from "@web/lib/api-client";
import { queryKeys } from "@web/lib/query-keys";

export function createCalendarCampaign(input: CreateCalendarCampaignInput) {
  return apiRequest<ApiCampaign>("POST", "/api/campaigns/calendar", input);
}

export function useCreateCalendarCampaign() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCalendarCampaign,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.campaigns }),
  });
}
