import { CAMPAIGN_TEXTS as TX } from "@shared/texts/campaigns";
import { api, unwrap } from "@web/lib/api-client";
import { useApiMutation } from "@web/lib/api-mutation";
import type { MutationCallbacks } from "@web/lib/mutation-callbacks";
import { queryKeys } from "@web/lib/query-keys";

export const deleteCampaign = (id: string) => unwrap(api.campaigns[":id"].$delete({ param: { id: encodeURIComponent(id) } }));

// The card holding the button goes away with the campaign: its success toast is raised through callbacks.
export const useDeleteCampaign = (callbacks?: MutationCallbacks) =>
  useApiMutation({ mutationFn: deleteCampaign, refresh: [queryKeys.campaigns], errorTitle: TX.deleteError, callbacks });
