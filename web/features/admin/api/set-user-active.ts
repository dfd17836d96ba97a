import { T } from "@shared/strings";
import { ADMIN_TEXTS as TX } from "@shared/texts/admin";
import { api, unwrap } from "@web/lib/api-client";
import { useApiMutation } from "@web/lib/api-mutation";
import type { MutationCallbacks } from "@web/lib/mutation-callbacks";
import { refreshAdminData } from "./refresh-admin-data";

// Disabling a user also ends their sessions (server side). The answer is the flag that was set.
export async function setUserActive({ userId, isActive }: { userId: string; isActive: boolean }) {
  await unwrap(api.admin.users[":userId"].active.$put({ param: { userId: encodeURIComponent(userId) }, json: { isActive } }));
  return { isActive };
}

export const useSetUserActive = (callbacks?: MutationCallbacks<{ isActive: boolean }>) =>
  useApiMutation({
    mutationFn: setUserActive,
    refresh: (queryClient) => refreshAdminData(queryClient),
    errorTitle: T.error,
    errorFallback: TX.activeErrorDefault,
    callbacks,
  });
