import { CAMPAIGN_TEXTS as TX } from "@shared/texts/campaigns";
import { api, unwrap } from "@web/lib/api-client";
import { useApiMutation } from "@web/lib/api-mutation";
import { queryKeys } from "@web/lib/query-keys";

export const deleteFunnelStep = ({ campaignId, stepId }: { campaignId: string; stepId: string }) =>
  unwrap(api.campaigns[":id"].funnel[":stepId"].$delete({ param: { id: encodeURIComponent(campaignId), stepId: encodeURIComponent(stepId) } }));

export const useDeleteFunnelStep = () =>
  useApiMutation({ mutationFn: deleteFunnelStep, refresh: [queryKeys.campaigns], errorTitle: TX.stepDeleteError });
