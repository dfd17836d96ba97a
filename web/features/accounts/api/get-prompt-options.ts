import { queryOptions, useQuery } from "@tanstack/react-query";
import type { ApiPrompt } from "@shared/schemas/prompts";
import { apiGet } from "@web/lib/api-client";
import { queryKeys } from "@web/lib/query-keys";

// The active account's prompts, offered as the prompt for customers who write first.
export const promptOptionsQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.prompts,
    queryFn: async ({ signal }) => (await apiGet<ApiPrompt[]>("/api/prompts", { signal })) ?? [],
  });

export function usePromptOptions(enabled: boolean) {
  return useQuery({ ...promptOptionsQueryOptions(), enabled });
}
