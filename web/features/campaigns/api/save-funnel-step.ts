import type { CreateFunnelStepInput, UpdateFunnelStepInput } from "@shared/schemas/campaigns";
import { CAMPAIGN_TEXTS as TX } from "@shared/texts/campaigns";
import { api, unwrap } from "@web/lib/api-client";
import { useApiMutation } from "@web/lib/api-mutation";
import { queryKeys } from "@web/lib/query-keys";

export type SaveStepArgs =
  | { campaignId: string; stepId: null; input: CreateFunnelStepInput }
  | { campaignId: string; stepId: string; input: UpdateFunnelStepInput };

// Adds a step (POST) or changes one (PATCH).
export function saveFunnelStep({ campaignId, stepId, input }: SaveStepArgs) {
  const id = encodeURIComponent(campaignId);
  return stepId
    ? unwrap(api.campaigns[":id"].funnel[":stepId"].$patch({ param: { id, stepId: encodeURIComponent(stepId) }, json: input }))
    : unwrap(api.campaigns[":id"].funnel.$post({ param: { id }, json: input }));
}

// The campaign's card counts its steps too. A refusal also goes on the form (its fields and its alert).
export const useSaveFunnelStep = (editing: boolean) =>
  useApiMutation({ mutationFn: saveFunnelStep, refresh: [queryKeys.campaigns], errorTitle: editing ? TX.stepUpdateError : TX.stepAddError });
