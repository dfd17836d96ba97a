import { queryOptions, useQuery } from "@tanstack/react-query";
import { POLL_MS } from "../../../../src/shared/constants";
import { apiGet } from "../../../lib/api-client";
import { queryKeys } from "../../../lib/query-keys";

export const unreadCountQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.unreadCount,
    queryFn: async ({ signal }) => (await apiGet<{ count: number }>("/api/conversations/unread-count", { signal }))?.count ?? 0,
    refetchInterval: POLL_MS.unreadCount,
  });

export function useUnreadCount() {
  return useQuery(unreadCountQueryOptions());
}
