import { T } from "@shared/strings";
import { LEAD_TEXTS } from "@shared/texts/leads";
import { api, unwrap } from "@web/lib/api-client";
import { useApiMutation } from "@web/lib/api-mutation";
import { refreshListLeads } from "./get-list-leads";

export const deleteListLead = ({ listId, leadId }: { listId: string; leadId: string }) =>
  unwrap(api.lists[":id"].leads[":leadId"].$delete({ param: { id: encodeURIComponent(listId), leadId: encodeURIComponent(leadId) } }));

export const useDeleteListLead = () =>
  useApiMutation({
    mutationFn: deleteListLead,
    refresh: refreshListLeads,
    errorTitle: T.error,
    errorFallback: LEAD_TEXTS.leadDeleteError,
  });
