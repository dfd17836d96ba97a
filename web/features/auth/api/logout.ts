import { T } from "@shared/strings";
import { api, unwrap } from "@web/lib/api-client";
import { useApiMutation } from "@web/lib/api-mutation";
import type { MutationCallbacks } from "@web/lib/mutation-callbacks";
import { queryKeys } from "@web/lib/query-keys";

export const logout = () => unwrap(api.auth.logout.$post());

export const useLogout = (callbacks?: MutationCallbacks) =>
  useApiMutation({
    mutationFn: logout,
    // The signed-out screen shows at once (RootGate then clears every other cached answer);
    // the refetch confirms with the server that the session is gone.
    refresh: (queryClient) => {
      queryClient.setQueryData(queryKeys.me, null);
      return queryClient.invalidateQueries({ queryKey: queryKeys.me });
    },
    errorTitle: T.error,
    errorDescription: T.logoutError,
    callbacks,
  });
