import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { ApiConversation } from "../../../../src/shared/schemas/conversations";
import type { CurrentUser } from "../../../../src/shared/schemas/auth";
import { apiRequest } from "../../../lib/api-client";
import type { MutationCallbacks } from "../../../lib/mutation-callbacks";
import { putInLists } from "../../../lib/queries/conversation-lists";
import { refreshConversationSummaries } from "../../../lib/queries/refresh-conversations";
import { queryKeys } from "../../../lib/query-keys";
import { putConversationInCache } from "../lib/live-cache";

export function archiveConversation({ id, archived }: { id: string; archived: boolean }) {
  return apiRequest<ApiConversation>("POST", `/api/conversations/${encodeURIComponent(id)}/archive`, { archived });
}

export function useArchiveConversation(callbacks: MutationCallbacks<ApiConversation | null> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: archiveConversation,
    onSuccess: async (conversation) => {
      if (conversation) {
        putConversationInCache(queryClient, conversation);
        putInLists(queryClient, conversation, queryClient.getQueryData<CurrentUser | null>(queryKeys.me)?.id ?? null);
      }
      callbacks.onSuccess?.(conversation);
      await refreshConversationSummaries(queryClient);
    },
    onError: (error) => callbacks.onError?.(error),
  });
}
