import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { ApiListImport } from "@shared/schemas/lists";
import { apiRequest } from "@web/lib/api-client";
import { queryKeys } from "@web/lib/query-keys";

export function startImport(id: string) {
  return apiRequest<ApiListImport>("POST", `/api/lists/${encodeURIComponent(id)}/import`);
}

export function useStartImport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: startImport,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.lists }),
  });
}
