import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { ApiMessage } from "@shared/schemas/conversations";
import { apiRequest } from "@web/lib/api-client";
import { refreshConversationSummaries } from "@web/lib/queries/refresh-conversations";
import { queryKeys } from "@web/lib/query-keys";
import { addMessageToCache } from "../lib/live-cache";

export interface SendManualInput {
  id: string;
  content: string;
  isOperatorMessage?: boolean;
}

export function sendManual({ id, content, isOperatorMessage }: SendManualInput) {
  const body = isOperatorMessage ? { content, isOperatorMessage: true } : { content };
  return apiRequest<ApiMessage>("POST", `/api/conversations/${encodeURIComponent(id)}/send-manual`, body);
}

export function useSendManual() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendManual,
    onSuccess: async (message) => {
      if (message) addMessageToCache(queryClient, message);
      await refreshConversationSummaries(queryClient);
    },
    // A refusal (window closed, opted out) means the cached conversation is stale.
    onError: (_error, input) => queryClient.invalidateQueries({ queryKey: queryKeys.conversation(input.id) }),
  });
}
