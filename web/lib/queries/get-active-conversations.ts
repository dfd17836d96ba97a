import { queryOptions, useQuery } from "@tanstack/react-query";
import { POLL_MS } from "@shared/constants";
import type { ApiConversation } from "@shared/schemas/conversations";
import { api, unwrapRead } from "../api-client";
import { useAccountLiveConnected } from "../live/account-live";
import { queryKeys } from "../query-keys";
import type { QueryConfig } from "./query-config";

export const activeConversationsQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.activeConversations,
    queryFn: async ({ signal }): Promise<ApiConversation[]> => (await unwrapRead(api.conversations.active.$get(undefined, { init: { signal } }))) ?? [],
    refetchInterval: POLL_MS.activeConversations,
  });

// Polled only while the account's live socket is down; its frames keep it current otherwise.
export function useActiveConversations({ queryConfig }: { queryConfig?: QueryConfig<ApiConversation[], typeof queryKeys.activeConversations> } = {}) {
  const live = useAccountLiveConnected();
  const options = activeConversationsQueryOptions();
  return useQuery({ ...options, refetchInterval: live ? false : options.refetchInterval, ...queryConfig });
}
