import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@web/lib/api-client";
import type { MutationCallbacks } from "@web/lib/mutation-callbacks";
import { refreshAdminData } from "./refresh-admin-data";

export function assignAccount({ userId, twilioAccountId, isOwner }: { userId: string; twilioAccountId: string; isOwner: boolean }) {
  return apiRequest<{ ok: boolean }>("POST", `/api/admin/users/${encodeURIComponent(userId)}/assign-account`, { twilioAccountId, isOwner });
}

export function useAssignAccount({ selfId, ...callbacks }: MutationCallbacks & { selfId?: string } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: assignAccount,
    onSuccess: (data, { userId }) => {
      callbacks.onSuccess?.(data);
      return refreshAdminData(queryClient, { ownAccounts: userId === selfId });
    },
    onError: (error) => callbacks.onError?.(error),
  });
}
