import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { ApiConversation } from "@shared/schemas/conversations";
import { apiRequest } from "@web/lib/api-client";
import type { MutationCallbacks } from "@web/lib/mutation-callbacks";
import { refreshConversationSummaries } from "@web/lib/queries/refresh-conversations";
import { putChangedConversation } from "../lib/live-cache";

export function archiveConversation({ id, archived }: { id: string; archived: boolean }) {
  return apiRequest<ApiConversation>("POST", `/api/conversations/${encodeURIComponent(id)}/archive`, { archived });
}

export function useArchiveConversation(callbacks: MutationCallbacks<ApiConversation | null> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: archiveConversation,
    onSuccess: async (conversation) => {
      if (conversation) putChangedConversation(queryClient, conversation);
      callbacks.onSuccess?.(conversation);
      await refreshConversationSummaries(queryClient);
    },
    onError: (error) => callbacks.onError?.(error),
  });
}
