import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { ApiTemplate } from "@shared/schemas/templates";
import { apiRequest } from "@web/lib/api-client";
import { queryKeys } from "@web/lib/query-keys";

export function submitTemplate(id: string) {
  return apiRequest<ApiTemplate>("POST", `/api/templates/${encodeURIComponent(id)}/submit`);
}

export function useSubmitTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: submitTemplate,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.templates }),
  });
}
