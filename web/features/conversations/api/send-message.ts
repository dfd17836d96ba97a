import type { QueryClient } from "@tanstack/react-query";
import type { ApiMessage } from "@shared/schemas/conversations";
import { refreshConversationSummaries } from "@web/lib/queries/refresh-conversations";
import { queryKeys } from "@web/lib/query-keys";
import { addMessageToCache } from "../lib/live-cache";

// A message the operator sent: into the thread at once, then the lists and the unread count.
export function refreshAfterSend(queryClient: QueryClient, message: ApiMessage) {
  addMessageToCache(queryClient, message);
  return refreshConversationSummaries(queryClient);
}

// A refusal (window closed, opted out) means the cached conversation is stale: it is read again
// before the failure reaches the composer.
export function refreshOnRefusal(queryClient: QueryClient, _error: Error, input: { id: string }) {
  return queryClient.invalidateQueries({ queryKey: queryKeys.conversation(input.id) });
}
