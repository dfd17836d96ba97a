import type { AccountInput } from "@shared/schemas/accounts";
import { T } from "@shared/strings";
import { ACCOUNT_TEXTS } from "@shared/texts/accounts";
import { api, unwrap } from "@web/lib/api-client";
import { useApiMutation } from "@web/lib/api-mutation";
import { refreshAccountScopedData } from "@web/lib/queries/activate-account";

export const createAccount = (input: AccountInput) => unwrap(api["twilio-accounts"].$post({ json: input }));

// The first account becomes the active one, which changes every account-scoped list. The form also
// shows the server's field errors inline.
export const useCreateAccount = () =>
  useApiMutation({ mutationFn: createAccount, refresh: refreshAccountScopedData, errorTitle: ACCOUNT_TEXTS.accountCreateError, errorFallback: T.invalidInput });
