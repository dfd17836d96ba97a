import { queryOptions, useQuery } from "@tanstack/react-query";
import type { TwilioAccount } from "@shared/schemas/accounts";
import { api, unwrapRead } from "../api-client";
import { queryKeys } from "../query-keys";

export const activeAccountQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.activeAccount,
    queryFn: ({ signal }): Promise<TwilioAccount | null> => unwrapRead(api["twilio-accounts"].active.$get(undefined, { init: { signal } })),
  });

export function useActiveAccount(options: { refetchInterval?: number | false } = {}) {
  return useQuery({ ...activeAccountQueryOptions(), ...options });
}
