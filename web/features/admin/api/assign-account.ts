import { ADMIN_TEXTS as TX } from "@shared/texts/admin";
import { api, unwrap } from "@web/lib/api-client";
import { useApiMutation } from "@web/lib/api-mutation";
import type { MutationCallbacks } from "@web/lib/mutation-callbacks";
import { refreshMembership } from "./refresh-admin-data";

export const assignAccount = ({ userId, twilioAccountId, isOwner }: { userId: string; twilioAccountId: string; isOwner: boolean }) =>
  unwrap(api.admin.users[":userId"]["assign-account"].$post({ param: { userId: encodeURIComponent(userId) }, json: { twilioAccountId, isOwner } }));

export const useAssignAccount = ({ selfId, ...callbacks }: MutationCallbacks & { selfId?: string } = {}) =>
  useApiMutation({
    mutationFn: assignAccount,
    refresh: refreshMembership(selfId),
    errorTitle: TX.assignErrorTitle,
    errorFallback: TX.assignErrorDefault,
    callbacks,
  });
