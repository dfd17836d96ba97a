import { api, unwrap } from "@web/lib/api-client";
import { useApiMutation } from "@web/lib/api-mutation";
import { refreshAccountScopedData } from "@web/lib/queries/activate-account";

export const updateSettings = (input: { activeTwilioAccountId: string | null }) => unwrap(api.settings.$put({ json: input }));

// The active account decides what every account-scoped screen shows. The card words the failure
// itself: a 401 sends the user to sign in instead (see handledUnauthorized).
export const useUpdateSettings = () => useApiMutation({ mutationFn: updateSettings, refresh: refreshAccountScopedData });
