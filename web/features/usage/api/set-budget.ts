import { T } from "@shared/strings";
import { USAGE_TEXTS as TX } from "@shared/texts/usage";
import { api, unwrap } from "@web/lib/api-client";
import { useApiMutation } from "@web/lib/api-mutation";
import { queryKeys } from "@web/lib/query-keys";

// null clears the cap.
export const setBudget = (monthlyLimitUsd: number | null) => unwrap(api["openai-usage"].budget.$put({ json: { monthlyLimitUsd } }));

export const useSetBudget = () =>
  useApiMutation({
    mutationFn: setBudget,
    refresh: (queryClient, status) => {
      queryClient.setQueryData(queryKeys.usageBudget, status);
      return queryClient.invalidateQueries({ queryKey: queryKeys.usageBudget });
    },
    errorTitle: TX.budgetSaveError,
    errorFallback: T.invalidInput,
  });
