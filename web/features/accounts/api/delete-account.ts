import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@web/lib/api-client";
import type { MutationCallbacks } from "@web/lib/mutation-callbacks";
import { refreshAccountScopedData } from "@web/lib/queries/activate-account";

export function deleteAccount(id: string) {
  return apiRequest<{ ok: boolean }>("DELETE", `/api/twilio-accounts/${encodeURIComponent(id)}`);
}

export function useDeleteAccount(callbacks: MutationCallbacks = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAccount,
    onSuccess: async (data) => {
      callbacks.onSuccess?.(data);
      // Deleting the active account moves the user to another one.
      await refreshAccountScopedData(queryClient);
    },
    onError: (error) => callbacks.onError?.(error),
  });
}
