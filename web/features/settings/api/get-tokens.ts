import { queryOptions, useQuery } from "@tanstack/react-query";
import type { ApiToken } from "@shared/schemas/settings";
import { apiGet } from "@web/lib/api-client";
import { queryKeys } from "@web/lib/query-keys";

export const tokensQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.apiTokens,
    queryFn: async ({ signal }) => (await apiGet<ApiToken[]>("/api/lead-manager/tokens", { signal, on401: "throw" })) ?? [],
  });

export function useTokens() {
  return useQuery(tokensQueryOptions());
}
