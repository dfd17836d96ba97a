import type { LoginInput } from "@shared/schemas/auth";
import { api, unwrap } from "@web/lib/api-client";
import { useApiMutation } from "@web/lib/api-mutation";
import type { MutationCallbacks } from "@web/lib/mutation-callbacks";
import { queryKeys } from "@web/lib/query-keys";

export const login = (input: LoginInput) => unwrap(api.auth.login.$post({ json: input }));

// The popover words the failure itself (inline and in a toast): its text depends on the status.
export const useLogin = (callbacks?: MutationCallbacks<Awaited<ReturnType<typeof login>>>) =>
  useApiMutation({ mutationFn: login, refresh: [queryKeys.me], callbacks });
