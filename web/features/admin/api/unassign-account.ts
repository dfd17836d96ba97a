import { ADMIN_TEXTS as TX } from "@shared/texts/admin";
import { api, unwrap } from "@web/lib/api-client";
import { useApiMutation } from "@web/lib/api-mutation";
import type { MutationCallbacks } from "@web/lib/mutation-callbacks";
import { refreshMembership } from "./refresh-admin-data";

export const unassignAccount = ({ userId, twilioAccountId }: { userId: string; twilioAccountId: string }) =>
  unwrap(
    api.admin.users[":userId"]["unassign-account"][":twilioAccountId"].$delete({
      param: { userId: encodeURIComponent(userId), twilioAccountId: encodeURIComponent(twilioAccountId) },
    }),
  );

export const useUnassignAccount = ({ selfId, ...callbacks }: MutationCallbacks & { selfId?: string } = {}) =>
  useApiMutation({
    mutationFn: unassignAccount,
    refresh: refreshMembership(selfId),
    errorTitle: TX.removeErrorTitle,
    errorFallback: TX.removeErrorDefault,
    callbacks,
  });
