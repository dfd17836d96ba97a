import { queryOptions, useQuery } from "@tanstack/react-query";
import type { ApiSavedReply } from "@shared/saved-replies";
import { apiGet } from "../api-client";
import { queryKeys } from "../query-keys";

// The active account's saved replies: managed in Configurazione, picked with "/" in the composer.
export const savedRepliesQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.savedReplies,
    queryFn: async ({ signal }) => (await apiGet<ApiSavedReply[]>("/api/saved-replies", { signal })) ?? [],
    staleTime: 60_000,
  });

export function useSavedReplies({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...savedRepliesQueryOptions(), enabled });
}
