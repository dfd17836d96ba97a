import { queryOptions, useQuery } from "@tanstack/react-query";
import { api, unwrapRead } from "@web/lib/api-client";
import { queryKeys } from "@web/lib/query-keys";

export const adminUsersQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.adminUsers,
    queryFn: async ({ signal }) => (await unwrapRead(api.admin.users.$get(undefined, { init: { signal } }))) ?? [],
  });

// Only a super_admin asks: for anyone else the server answers 403.
export function useAdminUsers({ enabled }: { enabled: boolean }) {
  return useQuery({ ...adminUsersQueryOptions(), enabled });
}
