import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { ApiCampaign, CreateCalendarCampaignInput } from "../../../../src/shared/schemas/campaigns";
import { apiRequest } from "../../../lib/api-client";
import { queryKeys } from "../../../lib/query-keys";

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
