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
