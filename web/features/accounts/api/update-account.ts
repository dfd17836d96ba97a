import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { AccountInput, TwilioAccount } from "@shared/schemas/accounts";
import { apiRequest } from "@web/lib/api-client";
import { queryKeys } from "@web/lib/query-keys";

export function updateAccount({ id, input }: { id: string; input: AccountInput }) {
  return apiRequest<TwilioAccount>("PUT", `/api/twilio-accounts/${encodeURIComponent(id)}`, input);
}

export function useUpdateAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateAccount,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.accounts }),
  });
}
