import { queryOptions, useQuery } from "@tanstack/react-query";
import type { ApiPrompt } from "@shared/schemas/prompts";
import { apiGetAllPages } from "@web/lib/api-client";
import { queryKeys } from "@web/lib/query-keys";

export const promptsQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.prompts,
    // The server answers a page at a time; the screen and the pickers need every prompt.
    queryFn: ({ signal }) => apiGetAllPages<ApiPrompt>("/api/prompts", { signal }),
  });

export function usePrompts() {
  return useQuery(promptsQueryOptions());
}
