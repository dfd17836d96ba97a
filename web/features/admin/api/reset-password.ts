import { api, unwrap } from "@web/lib/api-client";
import { useApiMutation } from "@web/lib/api-mutation";
import type { MutationCallbacks } from "@web/lib/mutation-callbacks";
import { refreshAdminData } from "./refresh-admin-data";

// The user's sessions end and they must choose a new password at next sign-in (server side).
export const resetPassword = ({ userId, password }: { userId: string; password: string }) =>
  unwrap(api.admin.users[":userId"].password.$put({ param: { userId: encodeURIComponent(userId) }, json: { password } }));

// The dialog's form shows the failure under the password field.
export const useResetPassword = (callbacks?: MutationCallbacks) =>
  useApiMutation({ mutationFn: resetPassword, refresh: (queryClient) => refreshAdminData(queryClient), callbacks });
