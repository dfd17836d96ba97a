import { queryOptions, useQuery } from "@tanstack/react-query";
import { POLL_MS } from "@shared/constants";
import type { ApiConversation } from "@shared/schemas/conversations";
import { apiGet } from "@web/lib/api-client";
import { useAccountLiveConnected } from "@web/lib/live/account-live";
import { queryKeys } from "@web/lib/query-keys";

export const activeConversationsQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.activeConversations,
    queryFn: async ({ signal }) => (await apiGet<ApiConversation[]>("/api/conversations/active", { signal })) ?? [],
    refetchInterval: POLL_MS.activeConversations,
  });

// Polled only while the account's live socket is down; its frames keep it current otherwise.
export function useActiveConversations() {
  const live = useAccountLiveConnected();
  const options = activeConversationsQueryOptions();
  return useQuery({ ...options, refetchInterval: live ? false : options.refetchInterval });
}
