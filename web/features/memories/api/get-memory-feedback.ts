import { queryOptions, useQuery } from "@tanstack/react-query";
import type { ApiFeedbackRow } from "@shared/schemas/memories";
import { apiGet } from "@web/lib/api-client";
import { queryKeys } from "@web/lib/query-keys";

// Only a saved feedback memory has rows.
export const memoryFeedbackQueryOptions = (id: string) =>
  queryOptions({
    queryKey: queryKeys.memoryFeedback(id),
    queryFn: async ({ signal }) =>
      (await apiGet<ApiFeedbackRow[]>(`/api/memories/${encodeURIComponent(id)}/feedback`, { signal })) ?? [],
  });

export function useMemoryFeedback(id: string | null) {
  return useQuery({ ...memoryFeedbackQueryOptions(id ?? ""), enabled: !!id });
}
