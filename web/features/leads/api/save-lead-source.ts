import type { LeadSourceInput } from "@shared/schemas/lead-sources";
import { T } from "@shared/strings";
import { LEAD_TEXTS } from "@shared/texts/leads";
import { api, unwrap } from "@web/lib/api-client";
import { useApiMutation } from "@web/lib/api-mutation";
import { queryKeys } from "@web/lib/query-keys";

// Creates a source, or replaces an existing one's settings. The form also marks the fields the server refused.
export const saveLeadSource = ({ id, input }: { id: string | null; input: LeadSourceInput }) =>
  id
    ? unwrap(api["lead-sources"][":id"].$put({ param: { id: encodeURIComponent(id) }, json: input }))
    : unwrap(api["lead-sources"].$post({ json: input }));

export const useSaveLeadSource = () =>
  useApiMutation({
    mutationFn: saveLeadSource,
    refresh: [queryKeys.leadSources, queryKeys.leads],
    errorTitle: T.error,
    errorFallback: LEAD_TEXTS.sourceSaveError,
  });
