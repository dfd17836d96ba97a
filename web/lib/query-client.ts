import { MutationCache, QueryClient } from "@tanstack/react-query";
import { QUERY_STALE_MS } from "@shared/constants";
import { getQueryFn } from "./api-client";

export function createQueryClient(): QueryClient {
  return new QueryClient({
    mutationCache: new MutationCache({
      onError: (error) => console.error("Mutation failed:", error),
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
