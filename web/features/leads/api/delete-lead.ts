import { T } from "@shared/strings";
import { LEAD_TEXTS } from "@shared/texts/leads";
import { api, unwrap } from "@web/lib/api-client";
import { useApiMutation } from "@web/lib/api-mutation";
import { queryKeys } from "@web/lib/query-keys";

export const deleteLead = (id: string) => unwrap(api.leads[":id"].$delete({ param: { id: encodeURIComponent(id) } }));

export const useDeleteLead = () =>
  useApiMutation({
    mutationFn: deleteLead,
    refresh: [queryKeys.leads, queryKeys.leadSources],
    errorTitle: T.error,
    errorDescription: LEAD_TEXTS.leadDeleteError,
  });
