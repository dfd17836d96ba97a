import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { CurrentUser, LoginInput } from "@shared/schemas/auth";
import { apiRequest } from "@web/lib/api-client";
import type { MutationCallbacks } from "@web/lib/mutation-callbacks";
import { queryKeys } from "@web/lib/query-keys";

export function login(input: LoginInput) {
  return apiRequest<CurrentUser>("POST", "/api/auth/login", input);
}

export function useLogin(callbacks: MutationCallbacks<CurrentUser | null> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: async (user) => {
      callbacks.onSuccess?.(user);
      await queryClient.invalidateQueries({ queryKey: queryKeys.me });
    },
    onError: (error) => callbacks.onError?.(error),
  });
}
