import { queryOptions, useQuery } from "@tanstack/react-query";
import type { ApiPrompt } from "../../../../src/shared/schemas/prompts";
import { apiGet } from "../../../lib/api-client";
import { queryKeys } from "../../../lib/query-keys";

export const promptsQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.prompts,
    queryFn: async ({ signal }) => (await apiGet<ApiPrompt[]>("/api/prompts", { signal })) ?? [],
  });

export function usePrompts() {
  return useQuery(promptsQueryOptions());
}
