import { queryOptions, useQuery } from "@tanstack/react-query";
import type { ApiPrompt } from "@shared/schemas/prompts";
import { apiGet } from "@web/lib/api-client";
import { queryKeys } from "@web/lib/query-keys";

export const promptsQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.prompts,
    queryFn: async ({ signal }) => (await apiGet<ApiPrompt[]>("/api/prompts", { signal })) ?? [],
  });

export function usePrompts() {
  return useQuery(promptsQueryOptions());
}
