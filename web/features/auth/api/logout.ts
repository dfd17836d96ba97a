import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@web/lib/api-client";
import type { MutationCallbacks } from "@web/lib/mutation-callbacks";
import { queryKeys } from "@web/lib/query-keys";

export function logout() {
  return apiRequest<{ ok: boolean }>("POST", "/api/auth/logout");
}

export function useLogout(callbacks: MutationCallbacks = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: logout,
    onSuccess: async (data) => {
      callbacks.onSuccess?.(data);
      // The signed-out screen shows at once (RootGate then clears every other cached answer);
      // the refetch confirms with the server that the session is gone.
      queryClient.setQueryData(queryKeys.me, null);
      await queryClient.invalidateQueries({ queryKey: queryKeys.me });
    },
    onError: (error) => callbacks.onError?.(error),
  });
}
