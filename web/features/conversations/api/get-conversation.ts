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

// Polled only while the live socket is down.
export function useConversation(id: string, { live }: { live: boolean }) {
  return useQuery({ ...conversationQueryOptions(id), refetchInterval: live ? false : POLL_MS.conversation });
}
