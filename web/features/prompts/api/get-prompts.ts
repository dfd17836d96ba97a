import { queryOptions, useQuery } from "@tanstack/react-query";
import type { ApiPrompt } from "../../../../src/shared/schemas/prompts";
import { apiGetAllPages } from "../../../lib/api-client";
import { queryKeys } from "../../../lib/query-keys";

export const promptsQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.prompts,
    // The server answers a page at a time; the screen and the pickers need every prompt.
    queryFn: ({ signal }) => apiGetAllPages<ApiPrompt>("/api/prompts", { signal }),
  });

export function usePrompts() {
  return useQuery(promptsQueryOptions());
}
