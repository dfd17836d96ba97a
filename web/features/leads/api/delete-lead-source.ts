import { T } from "@shared/strings";
import { LEAD_TEXTS } from "@shared/texts/leads";
import { api, unwrap } from "@web/lib/api-client";
import { useApiMutation } from "@web/lib/api-mutation";
import type { MutationCallbacks } from "@web/lib/mutation-callbacks";
import { queryKeys } from "@web/lib/query-keys";

export const deleteLeadSource = (id: string) => unwrap(api["lead-sources"][":id"].$delete({ param: { id: encodeURIComponent(id) } }));

// The card holding the button goes away with the source: its success toast is raised through callbacks.
export const useDeleteLeadSource = (callbacks?: MutationCallbacks) =>
  useApiMutation({
    mutationFn: deleteLeadSource,
    refresh: [queryKeys.leadSources, queryKeys.leads],
    errorTitle: T.error,
    errorDescription: LEAD_TEXTS.sourceDeleteError,
    callbacks,
  });
