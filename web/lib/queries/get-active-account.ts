import { queryOptions, useQuery } from "@tanstack/react-query";
import type { TwilioAccount } from "@shared/schemas/accounts";
import { apiGet } from "../api-client";
import { queryKeys } from "../query-keys";

export const activeAccountQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.activeAccount,
    queryFn: ({ signal }) => apiGet<TwilioAccount>("/api/twilio-accounts/active", { signal }),
  });

export function useActiveAccount(options: { refetchInterval?: number | false } = {}) {
  return useQuery({ ...activeAccountQueryOptions(), ...options });
}
