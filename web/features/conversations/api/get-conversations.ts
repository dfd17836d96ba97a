import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from "@tanstack/react-query";
import { POLL_MS } from "@shared/constants";
import type { ApiConversation } from "@shared/schemas/conversations";
import { throwIfResNotOk, urlFromQueryKey } from "@web/lib/api-client";
import { useAccountLiveConnected } from "@web/lib/live/account-live";
import type { ConversationListFilter, ConversationPage } from "@web/lib/queries/conversation-lists";
import { queryKeys } from "@web/lib/query-keys";

export type ConversationFilter = ConversationListFilter;

export const CONVERSATION_PAGE_SIZE = 50;

export async function fetchConversationPage(filter: ConversationFilter, cursor: string | null, signal?: AbortSignal): Promise<ConversationPage> {
  const url = urlFromQueryKey(queryKeys.conversationList({ ...filter, ...(cursor ? { cursor } : {}) }));
  const res = await fetch(url, { credentials: "include", signal });
  if (res.status === 401) return { items: [], nextCursor: null };
  await throwIfResNotOk(res);
  return { items: (await res.json()) as ApiConversation[], nextCursor: res.headers.get("X-Next-Cursor") };
}

// The list a page at a time; the server applies the filters and answers the next page's cursor.
export const conversationsQueryOptions = (filter: ConversationFilter) =>
  infiniteQueryOptions({
    queryKey: queryKeys.conversationList(filter),
    queryFn: ({ pageParam, signal }) => fetchConversationPage(filter, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    refetchInterval: POLL_MS.conversations,
  });

// Polled only while the account's live socket is down: its frames keep every list current.
export function useConversations(filter: ConversationFilter) {
  const live = useAccountLiveConnected();
  // While a new search loads, the previous results stay on screen.
  return useInfiniteQuery({
    ...conversationsQueryOptions(filter),
    refetchInterval: live ? false : POLL_MS.conversations,
    placeholderData: keepPreviousData,
  });
}
