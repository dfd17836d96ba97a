import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { ApiFunnelStep, CreateFunnelStepInput, UpdateFunnelStepInput } from "@shared/schemas/campaigns";
import { apiRequest } from "@web/lib/api-client";
import { queryKeys } from "@web/lib/query-keys";

export type SaveStepArgs =
  | { campaignId: string; stepId: null; input: CreateFunnelStepInput }
  | { campaignId: string; stepId: string; input: UpdateFunnelStepInput };

// Adds a step (POST) or changes one (PATCH).
export function saveFunnelStep({ campaignId, stepId, input }: SaveStepArgs) {
  const base = `/api/campaigns/${encodeURIComponent(campaignId)}/funnel`;
  return stepId
    ? apiRequest<ApiFunnelStep>("PATCH", `${base}/${encodeURIComponent(stepId)}`, input)
    : apiRequest<ApiFunnelStep>("POST", base, input);
}

export function useSaveFunnelStep() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveFunnelStep,
    // The campaign's card counts its steps too.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.campaigns }),
  });
}
