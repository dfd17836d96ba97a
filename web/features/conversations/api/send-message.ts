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
export function refreshOnRefusal<TInput extends { id: string }, TData>(queryClient: QueryClient, send: (input: TInput) => Promise<TData>) {
  return (input: TInput) =>
    send(input).catch(async (error: unknown) => {
      await queryClient.invalidateQueries({ queryKey: queryKeys.conversation(input.id) });
      throw error;
    });
}
