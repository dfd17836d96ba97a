import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { POLL_MS } from "../../../../src/shared/constants";
import type { ApiConversation } from "../../../../src/shared/schemas/conversations";
import { apiGet, urlFromQueryKey } from "../../../lib/api-client";
import { queryKeys } from "../../../lib/query-keys";

export interface ConversationFilter {
  search?: string;
  from?: string;
  to?: string;
}

export const conversationsQueryOptions = (filter: ConversationFilter) =>
  queryOptions({
    queryKey: queryKeys.conversationList(filter),
    queryFn: async ({ queryKey, signal }) => (await apiGet<ApiConversation[]>(urlFromQueryKey(queryKey), { signal })) ?? [],
    refetchInterval: POLL_MS.conversations,
  });

// While the open conversation's socket is live the list is not polled: frames keep that
// conversation current, and a change in the unread count brings in the others.
export function useConversations(filter: ConversationFilter, { live }: { live: boolean }) {
  // While a new search loads, the previous results stay on screen.
  return useQuery({
    ...conversationsQueryOptions(filter),
    refetchInterval: live ? false : POLL_MS.conversations,
    placeholderData: keepPreviousData,
  });
}
