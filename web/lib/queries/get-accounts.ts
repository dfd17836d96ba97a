import { queryOptions, useQuery } from "@tanstack/react-query";
import type { TwilioAccount } from "@shared/schemas/accounts";
import { api, unwrapRead } from "../api-client";
import { queryKeys } from "../query-keys";

export const accountsQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.accounts,
    queryFn: async ({ signal }): Promise<TwilioAccount[]> => (await unwrapRead(api["twilio-accounts"].$get(undefined, { init: { signal } }))) ?? [],
  });

export function useAccounts() {
  return useQuery(accountsQueryOptions());
}
