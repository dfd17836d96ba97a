import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { ApiToken } from "@shared/schemas/settings";
import { apiRequest } from "@web/lib/api-client";
import { queryKeys } from "@web/lib/query-keys";

// Either a new name and token, or only the active flag (the toggle).
export type TokenUpdate = { name: string; tokenRaw: string } | { isActive: boolean };

export function updateToken({ id, input }: { id: string; input: TokenUpdate }) {
  return apiRequest<ApiToken>("PUT", `/api/lead-manager/tokens/${encodeURIComponent(id)}`, input);
}

export function useUpdateToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateToken,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.apiTokens }),
  });
}
