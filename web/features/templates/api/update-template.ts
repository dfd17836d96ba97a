import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { ApiTemplate, TemplateInput } from "@shared/schemas/templates";
import { apiRequest } from "@web/lib/api-client";
import { queryKeys } from "@web/lib/query-keys";

export function updateTemplate({ id, input }: { id: string; input: TemplateInput }) {
  return apiRequest<ApiTemplate>("PUT", `/api/templates/${encodeURIComponent(id)}`, input);
}

export function useUpdateTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateTemplate,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.templates }),
  });
}
