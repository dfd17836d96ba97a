import { queryOptions, useQuery } from "@tanstack/react-query";
import { POLL_MS } from "@shared/constants";
import type { BudgetStatus } from "@shared/schemas/ai-usage";
import { apiGet } from "@web/lib/api-client";
import { queryKeys } from "@web/lib/query-keys";

// Polled with the report: spending moves it, and reaching the cap changes what the AI does.
export const budgetQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.usageBudget,
    queryFn: ({ signal }) => apiGet<BudgetStatus>("/api/openai-usage/budget", { signal }),
    refetchInterval: POLL_MS.usage,
  });

export function useBudget() {
  return useQuery(budgetQueryOptions());
}
