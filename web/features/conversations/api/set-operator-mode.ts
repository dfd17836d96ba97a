import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { ApiConversation } from "@shared/schemas/conversations";
import { apiRequest } from "@web/lib/api-client";
import type { MutationCallbacks } from "@web/lib/mutation-callbacks";
import { refreshConversationSummaries } from "@web/lib/queries/refresh-conversations";
import { putConversationInCache } from "../lib/live-cache";

export function setOperatorMode({ id, enabled }: { id: string; enabled: boolean }) {
  return apiRequest<ApiConversation>("POST", `/api/conversations/${encodeURIComponent(id)}/operator-mode`, { enabled });
}

export function useSetOperatorMode(callbacks: MutationCallbacks<ApiConversation | null> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setOperatorMode,
    onSuccess: async (conversation) => {
      if (conversation) putConversationInCache(queryClient, conversation);
      callbacks.onSuccess?.(conversation);
      await refreshConversationSummaries(queryClient);
    },
    onError: (error) => callbacks.onError?.(error),
  });
}
