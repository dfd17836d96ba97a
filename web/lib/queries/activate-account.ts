import { useMutation, useQueryClient, type QueryClient } from "@tanstack/react-query";
import { T } from "@shared/strings";
import { api } from "../api-client";
import type { MutationCallbacks } from "../mutation-callbacks";
import { ACCOUNT_SCOPED_KEYS } from "../query-keys";

export async function activateAccount(id: string): Promise<void> {
  const res = await api["twilio-accounts"][":id"].activate.$put({ param: { id: encodeURIComponent(id) } });
  // The answer is not read: any non-OK status is the one failure the user needs to know about.
  if (!res.ok) throw new Error(T.activateErrorThrown);
}

export function refreshAccountScopedData(queryClient: QueryClient): Promise<unknown> {
  return Promise.all(ACCOUNT_SCOPED_KEYS.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}

export function useActivateAccount(callbacks: MutationCallbacks = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: activateAccount,
    meta: { errorTitle: T.activateErrorToast, errorFallback: T.activateErrorThrown },
    onSuccess: async () => {
      await refreshAccountScopedData(queryClient);
      callbacks.onSuccess?.(undefined);
    },
    onError: (error) => callbacks.onError?.(error),
  });
}
