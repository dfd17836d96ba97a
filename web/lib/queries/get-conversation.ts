import { queryOptions, useQuery } from "@tanstack/react-query";
import type { ApiConversationDetail } from "@shared/schemas/conversations";
import { api, unwrapRead } from "../api-client";
import { queryKeys } from "../query-keys";
import type { QueryConfig } from "./query-config";

// One conversation with its customer's details; null when signed out.
export const conversationQueryOptions = (id: string) =>
  queryOptions({
    queryKey: queryKeys.conversation(id),
    queryFn: ({ signal }): Promise<ApiConversationDetail | null> =>
      unwrapRead(api.conversations[":id"].$get({ param: { id: encodeURIComponent(id) } }, { init: { signal } })),
  });

export function useConversation(
  id: string,
  { queryConfig }: { queryConfig?: QueryConfig<ApiConversationDetail | null, ReturnType<typeof queryKeys.conversation>> } = {},
) {
  return useQuery({ ...conversationQueryOptions(id), ...queryConfig });
}
