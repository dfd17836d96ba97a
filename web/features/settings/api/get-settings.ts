import { queryOptions, useQuery } from "@tanstack/react-query";
import { api, unwrap } from "@web/lib/api-client";
import { queryKeys } from "@web/lib/query-keys";

// A 401 here is an error, not "no data": the page tells the user and sends them to sign in.
export const settingsQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.settings,
    queryFn: ({ signal }) => unwrap(api.settings.$get(undefined, { init: { signal } })),
  });

export function useSettings() {
  return useQuery(settingsQueryOptions());
}
