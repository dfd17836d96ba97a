import { queryOptions, useQuery } from "@tanstack/react-query";
import { api, unwrapRead } from "@web/lib/api-client";
import { queryKeys } from "@web/lib/query-keys";

// The users of the active account a conversation can be assigned to.
export const assigneesQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.assignees,
    queryFn: async ({ signal }) => (await unwrapRead(api.conversations.assignees.$get(undefined, { init: { signal } }))) ?? [],
    staleTime: 60_000,
  });

export function useAssignees() {
  return useQuery(assigneesQueryOptions());
}
