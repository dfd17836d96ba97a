import { queryOptions, useQuery } from "@tanstack/react-query";
import type { ApiMemory } from "@shared/schemas/memories";
import { apiGetAllPages } from "@web/lib/api-client";
import { queryKeys } from "@web/lib/query-keys";

export const memoriesQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.memories,
    // The server answers a page at a time: every page is read, so no memory is left out of the screen.
    queryFn: ({ signal }) => apiGetAllPages<ApiMemory>("/api/memories", { signal }),
  });

export function useMemories() {
  return useQuery(memoriesQueryOptions());
}
