import type { UpdateCampaignInput } from "@shared/schemas/campaigns";
import { CAMPAIGN_TEXTS as TX } from "@shared/texts/campaigns";
import { api, unwrap } from "@web/lib/api-client";
import { useApiMutation } from "@web/lib/api-mutation";
import { queryKeys } from "@web/lib/query-keys";

export const updateCampaignStatus = ({ id, status }: { id: string } & UpdateCampaignInput) =>
  unwrap(api.campaigns[":id"].$patch({ param: { id: encodeURIComponent(id) }, json: { status } }));

export const useUpdateCampaignStatus = () =>
  useApiMutation({ mutationFn: updateCampaignStatus, refresh: [queryKeys.campaigns], errorTitle: TX.updateError });
