import { queryOptions, useQuery } from "@tanstack/react-query";
import { POLL_MS } from "../../../../src/shared/constants";
import type { ApiConversation } from "../../../../src/shared/schemas/conversations";
import { apiGet } from "../../../lib/api-client";
import { queryKeys } from "../../../lib/query-keys";

export const activeConversationsQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.activeConversations,
    queryFn: async ({ signal }) => (await apiGet<ApiConversation[]>("/api/conversations/active", { signal })) ?? [],
    refetchInterval: POLL_MS.activeConversations,
  });

export function useActiveConversations() {
  return useQuery(activeConversationsQueryOptions());
}
