import { queryOptions, useQuery } from "@tanstack/react-query";
import { api, unwrap } from "@web/lib/api-client";
import { queryKeys } from "@web/lib/query-keys";

// A 401 here is an error, not "no data": the card tells the user and sends them to sign in.
export const tokensQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.apiTokens,
    queryFn: async ({ signal }) => (await unwrap(api["lead-manager"].tokens.$get(undefined, { init: { signal } }))) ?? [],
  });

export function useTokens() {
  return useQuery(tokensQueryOptions());
}
