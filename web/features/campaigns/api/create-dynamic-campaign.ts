import type { CreateDynamicCampaignInput } from "@shared/schemas/campaigns";
import { CAMPAIGN_TEXTS as TX } from "@shared/texts/campaigns";
import { api, unwrap } from "@web/lib/api-client";
import { useApiMutation } from "@web/lib/api-mutation";
import { queryKeys } from "@web/lib/query-keys";

export const createDynamicCampaign = (input: CreateDynamicCampaignInput) => unwrap(api.campaigns.dynamic.$post({ json: input }));

// A refusal also goes on the form's fields (creationCallbacks); the toast gives the server's reason.
export const useCreateDynamicCampaign = () =>
  useApiMutation({ mutationFn: createDynamicCampaign, refresh: [queryKeys.campaigns], errorTitle: TX.createError });
