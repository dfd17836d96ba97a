import { queryOptions, useQuery } from "@tanstack/react-query";
import type { CurrentUser } from "@shared/schemas/auth";
import { api, unwrapRead } from "../api-client";
import { queryKeys } from "../query-keys";

// The sign-in check: never cached, refetched on mount and on focus, null when signed out.
export const meQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.me,
    queryFn: ({ signal }): Promise<CurrentUser | null> => unwrapRead(api.auth.me.$get(undefined, { init: { signal } })),
    staleTime: 0,
    gcTime: 0,
    refetchOnMount: true,
    refetchOnWindowFocus: true,
    retry: false,
  });

export function useMe() {
  return useQuery(meQueryOptions());
}
