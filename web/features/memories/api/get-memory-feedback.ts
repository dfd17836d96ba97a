import { queryOptions, useQuery } from "@tanstack/react-query";
import { api, unwrapRead } from "@web/lib/api-client";
import { queryKeys } from "@web/lib/query-keys";

// Only a saved feedback memory has rows.
export const memoryFeedbackQueryOptions = (id: string) =>
  queryOptions({
    queryKey: queryKeys.memoryFeedback(id),
    queryFn: async ({ signal }) =>
      (await unwrapRead(api.memories[":id"].feedback.$get({ param: { id: encodeURIComponent(id) } }, { init: { signal } }))) ?? [],
  });

export function useMemoryFeedback(id: string | null) {
  return useQuery({ ...memoryFeedbackQueryOptions(id ?? ""), enabled: !!id });
}
