import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { ApiLeadSaved, LeadInput } from "@shared/schemas/lead-sources";
import { apiRequest } from "@web/lib/api-client";
import { queryKeys } from "@web/lib/query-keys";

export function createLead(input: LeadInput) {
  return apiRequest<ApiLeadSaved>("POST", "/api/leads", input);
}

export function useCreateLead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createLead,
    // A lead may start a conversation (the source's auto-response).
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.leads }),
        queryClient.invalidateQueries({ queryKey: queryKeys.leadSources }),
        queryClient.invalidateQueries({ queryKey: queryKeys.conversations }),
      ]),
  });
}
