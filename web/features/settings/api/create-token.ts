import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { ApiToken } from "@shared/schemas/settings";
import { apiRequest } from "@web/lib/api-client";
import { queryKeys } from "@web/lib/query-keys";

export function createToken(input: { name: string; tokenRaw: string }) {
  return apiRequest<ApiToken>("POST", "/api/lead-manager/tokens", input);
}

export function useCreateToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createToken,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.apiTokens }),
  });
}
