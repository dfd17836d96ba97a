import { queryOptions, useQuery } from "@tanstack/react-query";
import { POLL_MS } from "@shared/constants";
import { api, unwrapRead } from "@web/lib/api-client";
import { queryKeys } from "@web/lib/query-keys";

// Polled with the report: spending moves it, and reaching the cap changes what the AI does.
export const budgetQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.usageBudget,
    queryFn: ({ signal }) => unwrapRead(api["openai-usage"].budget.$get(undefined, { init: { signal } })),
    refetchInterval: POLL_MS.usage,
  });

export function useBudget() {
  return useQuery(budgetQueryOptions());
}
