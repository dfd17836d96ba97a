import { queryOptions, useQuery } from "@tanstack/react-query";
import { POLL_MS } from "../../../../src/shared/constants";
import type { ApiMessage } from "../../../../src/shared/schemas/conversations";
import { apiGet } from "../../../lib/api-client";
import { queryKeys } from "../../../lib/query-keys";

export const messagesQueryOptions = (id: string) =>
  queryOptions({
    queryKey: queryKeys.conversationMessages(id),
    queryFn: ({ signal }) => apiGet<ApiMessage[]>(`/api/conversations/${encodeURIComponent(id)}/messages`, { signal }),
  });

// Polled only while the live socket is down.
export function useMessages(id: string, { live }: { live: boolean }) {
  return useQuery({ ...messagesQueryOptions(id), refetchInterval: live ? false : POLL_MS.messages });
}
