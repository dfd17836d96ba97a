import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { api, unwrapRead } from "@web/lib/api-client";

// The agent's tool calls come with its replies: the key follows the thread's length and operator
// mode, so each new message or hand-over reads them again.
export const agentActivityQueryOptions = (id: string, messageCount: number, operatorMode: boolean) =>
  queryOptions({
    queryKey: ["/api/agent", "conversations", id, "activity", { messageCount, operatorMode }] as const,
    queryFn: ({ signal }) => unwrapRead(api.agent.conversations[":id"].activity.$get({ param: { id: encodeURIComponent(id) } }, { init: { signal } })),
    placeholderData: keepPreviousData,
    retry: false,
  });

export function useAgentActivity(id: string, messageCount: number, operatorMode: boolean) {
  return useQuery(agentActivityQueryOptions(id, messageCount, operatorMode));
}
