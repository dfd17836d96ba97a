import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { ApiLead, LeadStatus } from "@shared/schemas/lead-sources";
import { apiRequest } from "@web/lib/api-client";
import { queryKeys } from "@web/lib/query-keys";

export function updateLead({ id, ...changes }: { id: string; status?: LeadStatus; dealValue?: number | null }) {
  return apiRequest<ApiLead>("PUT", `/api/leads/${encodeURIComponent(id)}`, changes);
}

export function useUpdateLead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateLead,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.leads }),
  });
}
