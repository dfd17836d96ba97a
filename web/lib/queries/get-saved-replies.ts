import { queryOptions, useQuery } from "@tanstack/react-query";
import type { ApiSavedReply } from "@shared/saved-replies";
import { api, unwrapRead } from "../api-client";
import { queryKeys } from "../query-keys";

// The active account's saved replies: managed in Configurazione, picked with "/" in the composer.
export const savedRepliesQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.savedReplies,
    queryFn: async ({ signal }): Promise<ApiSavedReply[]> => (await unwrapRead(api["saved-replies"].$get(undefined, { init: { signal } }))) ?? [],
    staleTime: 60_000,
  });

export function useSavedReplies({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...savedRepliesQueryOptions(), enabled });
}
