import { api, unwrap } from "@web/lib/api-client";
import { useApiMutation } from "@web/lib/api-mutation";
import { queryKeys } from "@web/lib/query-keys";

export const createToken = (input: { name: string; tokenRaw: string }) => unwrap(api["lead-manager"].tokens.$post({ json: input }));

// The card words the failure itself: a 401 sends the user to sign in instead (see handledUnauthorized).
export const useCreateToken = () => useApiMutation({ mutationFn: createToken, refresh: [queryKeys.apiTokens] });
