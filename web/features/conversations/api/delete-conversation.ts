import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@web/lib/api-client";
import type { MutationCallbacks } from "@web/lib/mutation-callbacks";
import { removeFromLists } from "@web/lib/queries/conversation-lists";
import { refreshConversationSummaries } from "@web/lib/queries/refresh-conversations";
import { queryKeys } from "@web/lib/query-keys";

export function deleteConversation(id: string) {
  return apiRequest<{ ok: boolean }>("DELETE", `/api/conversations/${encodeURIComponent(id)}`);
}

export function useDeleteConversation(callbacks: MutationCallbacks<string> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteConversation,
    onSuccess: async (_data, id) => {
      // Gone from every list at once, so nothing can select it again before the lists reload.
      removeFromLists(queryClient, id);
      callbacks.onSuccess?.(id);
      queryClient.removeQueries({ queryKey: queryKeys.conversation(id) });
      await refreshConversationSummaries(queryClient);
    },
    onError: (error) => callbacks.onError?.(error),
  });
}
