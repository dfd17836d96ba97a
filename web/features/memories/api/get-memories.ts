import { queryOptions, useQuery } from "@tanstack/react-query";
import type { ApiMemory } from "../../../../src/shared/schemas/memories";
import { apiGet } from "../../../lib/api-client";
import { queryKeys } from "../../../lib/query-keys";

export const memoriesQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.memories,
    queryFn: async ({ signal }) => (await apiGet<ApiMemory[]>("/api/memories", { signal })) ?? [],
  });

export function useMemories() {
  return useQuery(memoriesQueryOptions());
}
