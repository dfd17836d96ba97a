import type { AccountInput } from "@shared/schemas/accounts";
import { T } from "@shared/strings";
import { ACCOUNT_TEXTS } from "@shared/texts/accounts";
import { api, unwrap } from "@web/lib/api-client";
import { useApiMutation } from "@web/lib/api-mutation";
import { queryKeys } from "@web/lib/query-keys";

export const updateAccount = ({ id, input }: { id: string; input: AccountInput }) =>
  unwrap(api["twilio-accounts"][":id"].$put({ param: { id: encodeURIComponent(id) }, json: input }));

// The form also shows the server's field errors inline.
export const useUpdateAccount = () =>
  useApiMutation({ mutationFn: updateAccount, refresh: [queryKeys.accounts], errorTitle: ACCOUNT_TEXTS.accountUpdateError, errorFallback: T.invalidInput });
