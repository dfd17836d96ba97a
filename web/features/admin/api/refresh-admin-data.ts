import type { QueryClient } from "@tanstack/react-query";
import { queryKeys } from "@web/lib/query-keys";

// Every change shows in the users table and in the audit log. A change to one's own memberships
// also changes one's own account list.
export function refreshAdminData(queryClient: QueryClient, { ownAccounts = false } = {}): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: queryKeys.adminUsers }),
    queryClient.invalidateQueries({ queryKey: queryKeys.auditLog }),
    ownAccounts ? queryClient.invalidateQueries({ queryKey: queryKeys.accounts }) : null,
  ]);
}

// The refresh of a membership change (assign, unassign), which knows who the signed-in user is.
export const refreshMembership =
  (selfId: string | undefined) =>
  (queryClient: QueryClient, _data: unknown, { userId }: { userId: string }): Promise<unknown> =>
    refreshAdminData(queryClient, { ownAccounts: userId === selfId });
