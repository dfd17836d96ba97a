import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { ApiLeadSource, LeadSourceInput } from "@shared/schemas/lead-sources";
import { apiRequest } from "@web/lib/api-client";
import { queryKeys } from "@web/lib/query-keys";

// Creates a source, or replaces an existing one's settings.
export function saveLeadSource({ id, input }: { id: string | null; input: LeadSourceInput }) {
  return id
    ? apiRequest<ApiLeadSource>("PUT", `/api/lead-sources/${encodeURIComponent(id)}`, input)
    : apiRequest<ApiLeadSource>("POST", "/api/lead-sources", input);
}

export function useSaveLeadSource() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveLeadSource,
    onSuccess: () =>
      Promise.all([queryClient.invalidateQueries({ queryKey: queryKeys.leadSources }), queryClient.invalidateQueries({ queryKey: queryKeys.leads })]),
  });
}
