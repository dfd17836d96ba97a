import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { ChangePasswordInput } from "@shared/schemas/passwords";
import { apiRequest } from "@web/lib/api-client";
import { queryKeys } from "@web/lib/query-keys";

export function changePassword(input: ChangePasswordInput) {
  return apiRequest<{ ok: boolean }>("POST", "/api/auth/change-password", input);
}

export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changePassword,
    // A forced change is met: /me says so and the console opens.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.me }),
  });
}
