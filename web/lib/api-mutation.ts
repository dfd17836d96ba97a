import { useMutation, useQueryClient, type QueryClient, type QueryKey } from "@tanstack/react-query";
import type { MutationCallbacks } from "./mutation-callbacks";
import type { AppMutationMeta } from "./query-client";

// What a mutation refreshes once it succeeded: query key prefixes, or a function for anything finer
// (a cache update, keys that depend on the answer or the variables).
export type Refresh<TData, TVariables> =
  | readonly QueryKey[]
  | ((queryClient: QueryClient, data: TData, variables: TVariables) => Promise<unknown> | void);

export interface ApiMutationOptions<TData, TVariables> {
  mutationFn: (variables: TVariables) => Promise<TData>;
  refresh?: Refresh<TData, TVariables>;
  // What a failure makes stale too (a refusal the server recorded), read again before the failure
  // reaches the caller's mutate() callbacks.
  refreshOnError?: Refresh<Error, TVariables>;
  // The failure toast's title (shown once by the query client's MutationCache); without it the caller
  // shows the failure itself, inline in its form.
  errorTitle?: string;
  errorDescription?: string;
  errorFallback?: string;
  callbacks?: MutationCallbacks<TData>;
}

// Every mutation of the console: the call, then the caller's onSuccess, then the refresh. Callbacks given
// to the hook run even when the calling component unmounts on success (see MutationCallbacks).
export function useApiMutation<TData, TVariables = void>({
  mutationFn,
  refresh,
  refreshOnError,
  errorTitle,
  errorDescription,
  errorFallback,
  callbacks = {},
}: ApiMutationOptions<TData, TVariables>) {
  const queryClient = useQueryClient();
  const meta: AppMutationMeta | undefined = errorTitle ? { errorTitle, errorDescription, errorFallback } : undefined;
  return useMutation<TData, Error, TVariables>({
    mutationFn,
    meta,
    onSuccess: async (data, variables) => {
      callbacks.onSuccess?.(data);
      await runRefresh(queryClient, refresh, data, variables);
    },
    onError: async (error, variables) => {
      callbacks.onError?.(error);
      await runRefresh(queryClient, refreshOnError, error, variables);
    },
  });
}

async function runRefresh<TResult, TVariables>(queryClient: QueryClient, refresh: Refresh<TResult, TVariables> | undefined, result: TResult, variables: TVariables) {
  if (typeof refresh === "function") await refresh(queryClient, result, variables);
  else if (refresh) await Promise.all(refresh.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}
