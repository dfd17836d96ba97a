import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { AccountInput, TwilioAccount } from "@shared/schemas/accounts";
import { apiRequest } from "@web/lib/api-client";
import { refreshAccountScopedData } from "@web/lib/queries/activate-account";

export function createAccount(input: AccountInput) {
  return apiRequest<TwilioAccount>("POST", "/api/twilio-accounts", input);
}

export function useCreateAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createAccount,
    // The first account becomes the active one, which changes every account-scoped list.
    onSuccess: () => refreshAccountScopedData(queryClient),
  });
}
