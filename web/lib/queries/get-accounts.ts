import { queryOptions, useQuery } from "@tanstack/react-query";
import type { TwilioAccount } from "@shared/schemas/accounts";
import { apiGet } from "../api-client";
import { queryKeys } from "../query-keys";

export const accountsQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.accounts,
    queryFn: async ({ signal }) => (await apiGet<TwilioAccount[]>("/api/twilio-accounts", { signal })) ?? [],
  });

export function useAccounts() {
  return useQuery(accountsQueryOptions());
}
