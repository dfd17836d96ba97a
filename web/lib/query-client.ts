import { MutationCache, QueryClient } from "@tanstack/react-query";
import { QUERY_STALE_MS } from "@shared/constants";
import { getQueryFn } from "./api-client";
import { parseServerError } from "./server-error";
import { toast } from "./toast-store";

// A mutation's failure toast is shown here, once, from its `meta`: the title names what failed, the
// description is `errorDescription` when the screen words it itself, else the server's message, else
// `errorFallback`, else none. A mutation without `meta.errorTitle` shows its failure itself (inline, in its form).
export interface AppMutationMeta extends Record<string, unknown> {
  errorTitle?: string;
  errorDescription?: string;
  errorFallback?: string;
}

declare module "@tanstack/react-query" {
  interface Register {
    mutationMeta: AppMutationMeta;
  }
}

export function showMutationError(error: unknown, meta: AppMutationMeta | undefined): boolean {
  if (!meta?.errorTitle) return false;
  toast({ title: meta.errorTitle, description: meta.errorDescription ?? parseServerError(error).message ?? meta.errorFallback, variant: "destructive" });
  return true;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) => {
        if (!showMutationError(error, mutation.meta)) console.error("Mutation failed:", error);
      },
    }),
    defaultOptions: {
      queries: {
        queryFn: getQueryFn("returnNull"),
        staleTime: QUERY_STALE_MS,
        retry: false,
        refetchOnWindowFocus: false,
        refetchInterval: false,
      },
      mutations: { retry: false },
    },
  });
}
