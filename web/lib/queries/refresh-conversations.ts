import type { QueryClient, QueryFilters, QueryKey } from "@tanstack/react-query";
import { queryKeys } from "../query-keys";

// List queries: the filtered lists (key ends with the filter object) and the active list.
export function isConversationListKey(key: QueryKey): boolean {
  return key[0] === queryKeys.conversations[0] && key.length === 2 && (key[1] === "active" || (typeof key[1] === "object" && key[1] !== null));
}

// Every cached conversation list, as query filters.
export const CONVERSATION_LISTS: QueryFilters = { predicate: (query) => isConversationListKey(query.queryKey) };

// After any change to a conversation: the lists (the active conversations are one of them) and the
// unread count.
export function refreshConversationSummaries(queryClient: QueryClient): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: queryKeys.unreadCount }),
    queryClient.invalidateQueries(CONVERSATION_LISTS),
  ]);
}
