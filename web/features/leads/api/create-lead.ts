import type { LeadInput } from "@shared/schemas/lead-sources";
import { T } from "@shared/strings";
import { LEAD_TEXTS } from "@shared/texts/leads";
import { api, unwrap } from "@web/lib/api-client";
import { useApiMutation } from "@web/lib/api-mutation";
import { queryKeys } from "@web/lib/query-keys";

export const createLead = (input: LeadInput) => unwrap(api.leads.$post({ json: input }));

// A lead may start a conversation (the source's auto-response).
export const useCreateLead = () =>
  useApiMutation({
    mutationFn: createLead,
    refresh: [queryKeys.leads, queryKeys.leadSources, queryKeys.conversations],
    errorTitle: T.error,
    errorFallback: LEAD_TEXTS.leadSaveError,
  });
