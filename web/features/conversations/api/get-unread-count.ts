import { queryOptions, useQuery } from "@tanstack/react-query";
import { POLL_MS } from "@shared/constants";
import { api, unwrapRead } from "@web/lib/api-client";
import { useAccountLiveConnected } from "@web/lib/live/account-live";
import { queryKeys } from "@web/lib/query-keys";

export const unreadCountQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.unreadCount,
    queryFn: async ({ signal }) => (await unwrapRead(api.conversations["unread-count"].$get(undefined, { init: { signal } })))?.count ?? 0,
    refetchInterval: POLL_MS.unreadCount,
  });

// Polled only while the account's live socket is down; its frames keep it current otherwise.
export function useUnreadCount() {
  const live = useAccountLiveConnected();
  const options = unreadCountQueryOptions();
  return useQuery({ ...options, refetchInterval: live ? false : options.refetchInterval });
}
