import { queryOptions, useQuery } from "@tanstack/react-query";
import type { ApiPrompt } from "@shared/schemas/prompts";
import { apiGetAllPages } from "../api-client";
import { queryKeys } from "../query-keys";
import type { QueryConfig } from "./query-config";

// The active account's prompts, every page: the prompts screen, the pickers and the counts all need the
// whole list, and they share one cache entry, so no reader may store only the first page.
export const promptsQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.prompts,
    queryFn: ({ signal }) => apiGetAllPages<ApiPrompt>("/api/prompts", { signal }),
  });

export function usePrompts({ queryConfig }: { queryConfig?: QueryConfig<ApiPrompt[], typeof queryKeys.prompts> } = {}) {
  return useQuery({ ...promptsQueryOptions(), ...queryConfig });
}
