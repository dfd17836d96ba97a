import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { ApiTemplate, TemplateInput } from "@shared/schemas/templates";
import { apiRequest } from "@web/lib/api-client";
import { queryKeys } from "@web/lib/query-keys";

export function createTemplate(input: TemplateInput) {
  return apiRequest<ApiTemplate>("POST", "/api/templates", input);
}

export function useCreateTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createTemplate,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.templates }),
  });
}
