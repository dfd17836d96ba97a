import { queryOptions, useQuery } from "@tanstack/react-query";
import { POLL_MS } from "@shared/constants";
import { api, unwrapRead } from "@web/lib/api-client";
import { queryKeys } from "@web/lib/query-keys";

export const messagesQueryOptions = (id: string) =>
  queryOptions({
    queryKey: queryKeys.conversationMessages(id),
    queryFn: ({ signal }) => unwrapRead(api.conversations[":id"].messages.$get({ param: { id: encodeURIComponent(id) }, query: {} }, { init: { signal } })),
  });

// Polled only while the live socket is down.
export function useMessages(id: string, { live }: { live: boolean }) {
  return useQuery({ ...messagesQueryOptions(id), refetchInterval: live ? false : POLL_MS.messages });
}
