import type { ChangePasswordInput } from "@shared/schemas/passwords";
import { api, unwrap } from "@web/lib/api-client";
import { useApiMutation } from "@web/lib/api-mutation";
import { queryKeys } from "@web/lib/query-keys";

export const changePassword = (input: ChangePasswordInput) => unwrap(api.auth["change-password"].$post({ json: input }));

// A forced change is met: /me says so and the console opens. The form shows the failure inline.
export const useChangePassword = () => useApiMutation({ mutationFn: changePassword, refresh: [queryKeys.me] });
