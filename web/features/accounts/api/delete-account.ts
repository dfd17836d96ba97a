import { ACCOUNT_TEXTS } from "@shared/texts/accounts";
import { api, unwrap } from "@web/lib/api-client";
import { useApiMutation } from "@web/lib/api-mutation";
import type { MutationCallbacks } from "@web/lib/mutation-callbacks";
import { refreshAccountScopedData } from "@web/lib/queries/activate-account";

export const deleteAccount = (id: string) => unwrap(api["twilio-accounts"][":id"].$delete({ param: { id: encodeURIComponent(id) } }));

// Deleting the active account moves the user to another one.
export const useDeleteAccount = (callbacks?: MutationCallbacks) =>
  useApiMutation({
    mutationFn: deleteAccount,
    refresh: refreshAccountScopedData,
    errorTitle: ACCOUNT_TEXTS.accountDeleteError,
    errorFallback: ACCOUNT_TEXTS.accountDeleteErrorDefault,
    callbacks,
  });
