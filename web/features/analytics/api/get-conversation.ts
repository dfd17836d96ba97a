import { queryOptions, useQuery } from "@tanstack/react-query";
import { POLL_MS } from "@shared/constants";
import type { ApiConversationDetail } from "@shared/schemas/conversations";
import { apiGet } from "@web/lib/api-client";
import { queryKeys } from "@web/lib/query-keys";

export const conversationQueryOptions = (id: string) =>
  queryOptions({
    queryKey: queryKeys.conversation(id),
    queryFn: ({ signal }) => apiGet<ApiConversationDetail>(`/api/conversations/${encodeURIComponent(id)}`, { signal }),
  });

// The preview follows the thread at the pace of the active-conversations list.
export function useConversation(id: string | null) {
  return useQuery({ ...conversationQueryOptions(id ?? ""), enabled: !!id, refetchInterval: POLL_MS.activeConversations });
}
