import type { LeadStatus } from "@shared/schemas/lead-sources";
import { T } from "@shared/strings";
import { LEAD_TEXTS } from "@shared/texts/leads";
import { api, unwrap } from "@web/lib/api-client";
import { useApiMutation } from "@web/lib/api-mutation";
import { queryKeys } from "@web/lib/query-keys";

export const updateLead = ({ id, ...changes }: { id: string; status?: LeadStatus; dealValue?: number | null }) =>
  unwrap(api.leads[":id"].$put({ param: { id: encodeURIComponent(id) }, json: changes }));

export const useUpdateLead = () =>
  useApiMutation({ mutationFn: updateLead, refresh: [queryKeys.leads], errorTitle: T.error, errorFallback: LEAD_TEXTS.leadUpdateError });
