import { useQueryClient } from "@tanstack/react-query";
import type { MutationCallbacks } from "@web/lib/mutation-callbacks";
import { queryKeys } from "@web/lib/query-keys";

// The caller's callbacks, refreshing the memories after a failure too: a failed sync or upload is
// recorded on the memory (syncError, the CSV state), so the list is refreshed either way.
export function useRefreshOnFailure<TData>(callbacks: MutationCallbacks<TData> = {}): MutationCallbacks<TData> {
  const queryClient = useQueryClient();
  return {
    onSuccess: callbacks.onSuccess,
    onError: (error) => {
      callbacks.onError?.(error);
      void queryClient.invalidateQueries({ queryKey: queryKeys.memories });
    },
  };
}
