import type { ListLeadInput } from "@shared/schemas/lists";
import { T } from "@shared/strings";
import { LIST_TEXTS } from "@shared/texts/lists";
import { api, unwrap } from "@web/lib/api-client";
import { useApiMutation } from "@web/lib/api-mutation";
import type { MutationCallbacks } from "@web/lib/mutation-callbacks";
import { refreshListLeads } from "./get-list-leads";

export const addListLead = ({ listId, input }: { listId: string; input: ListLeadInput }) =>
  unwrap(api.lists[":id"].leads.$post({ param: { id: encodeURIComponent(listId) }, json: input }));

// The form also marks the fields the server refused.
export const useAddListLead = (callbacks?: MutationCallbacks) =>
  useApiMutation({
    mutationFn: addListLead,
    refresh: refreshListLeads,
    errorTitle: T.error,
    errorFallback: LIST_TEXTS.leadAddError,
    callbacks,
  });
