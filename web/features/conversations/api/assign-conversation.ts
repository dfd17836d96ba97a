import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { ApiConversation } from "@shared/schemas/conversations";
import { apiRequest } from "@web/lib/api-client";
import type { MutationCallbacks } from "@web/lib/mutation-callbacks";
import { putChangedConversation } from "../lib/live-cache";

export function assignConversation({ id, userId }: { id: string; userId: string | null }) {
  return apiRequest<ApiConversation>("POST", `/api/conversations/${encodeURIComponent(id)}/assign`, { userId });
}

export function useAssignConversation(callbacks: MutationCallbacks<ApiConversation | null> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: assignConversation,
    onSuccess: (conversation) => {
      if (conversation) putChangedConversation(queryClient, conversation);
      callbacks.onSuccess?.(conversation);
    },
    onError: (error) => callbacks.onError?.(error),
  });
}
