import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { BudgetStatus } from "@shared/schemas/ai-usage";
import { apiRequest } from "@web/lib/api-client";
import { queryKeys } from "@web/lib/query-keys";

// null clears the cap.
export function setBudget(monthlyLimitUsd: number | null) {
  return apiRequest<BudgetStatus>("PUT", "/api/openai-usage/budget", { monthlyLimitUsd });
}

export function useSetBudget() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setBudget,
    onSuccess: (status) => {
      if (status) queryClient.setQueryData(queryKeys.usageBudget, status);
      return queryClient.invalidateQueries({ queryKey: queryKeys.usageBudget });
    },
  });
}
