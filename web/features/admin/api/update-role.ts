import { useQueryClient } from "@tanstack/react-query";
import type { UserRole } from "@shared/constants";
import { T } from "@shared/strings";
import { ADMIN_TEXTS as TX } from "@shared/texts/admin";
import { api, unwrap } from "@web/lib/api-client";
import { useApiMutation } from "@web/lib/api-mutation";
import type { MutationCallbacks } from "@web/lib/mutation-callbacks";
import { refreshAdminData } from "./refresh-admin-data";

export const updateRole = ({ userId, role }: { userId: string; role: UserRole }) =>
  unwrap(api.admin.users[":userId"].role.$put({ param: { userId: encodeURIComponent(userId) }, json: { role } }));

export function useUpdateRole(callbacks: MutationCallbacks = {}) {
  const queryClient = useQueryClient();
  return useApiMutation({
    mutationFn: updateRole,
    refresh: (client) => refreshAdminData(client),
    errorTitle: T.error,
    errorFallback: TX.roleErrorDefault,
    callbacks: {
      ...callbacks,
      // The dropdown goes back to the stored role.
      onError: (error) => {
        callbacks.onError?.(error);
        void refreshAdminData(queryClient);
      },
    },
  });
}
