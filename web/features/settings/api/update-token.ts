import { api, unwrap } from "@web/lib/api-client";
import { useApiMutation } from "@web/lib/api-mutation";
import { queryKeys } from "@web/lib/query-keys";

// Either a new name and token, or only the active flag (the toggle).
export type TokenUpdate = { name: string; tokenRaw: string } | { isActive: boolean };

export const updateToken = ({ id, input }: { id: string; input: TokenUpdate }) =>
  unwrap(api["lead-manager"].tokens[":id"].$put({ param: { id: encodeURIComponent(id) }, json: input }));

// The card words the failure itself: a 401 sends the user to sign in instead (see handledUnauthorized).
export const useUpdateToken = () => useApiMutation({ mutationFn: updateToken, refresh: [queryKeys.apiTokens] });
