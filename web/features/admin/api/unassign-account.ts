import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@web/lib/api-client";
import type { MutationCallbacks } from "@web/lib/mutation-callbacks";
import { refreshAdminData } from "./refresh-admin-data";

export function unassignAccount({ userId, twilioAccountId }: { userId: string; twilioAccountId: string }) {
  return apiRequest<{ ok: boolean }>(
    "DELETE",
    `/api/admin/users/${encodeURIComponent(userId)}/unassign-account/${encodeURIComponent(twilioAccountId)}`,
  );
}

export function useUnassignAccount({ selfId, ...callbacks }: MutationCallbacks & { selfId?: string } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: unassignAccount,
    onSuccess: (data, { userId }) => {
      callbacks.onSuccess?.(data);
      return refreshAdminData(queryClient, { ownAccounts: userId === selfId });
    },
    onError: (error) => callbacks.onError?.(error),
  });
}
