import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@web/lib/api-client";
import type { MutationCallbacks } from "@web/lib/mutation-callbacks";
import { refreshAdminData } from "./refresh-admin-data";

// Disabling a user also ends their sessions (server side).
export function setUserActive({ userId, isActive }: { userId: string; isActive: boolean }) {
  return apiRequest<{ ok: boolean }>("PUT", `/api/admin/users/${encodeURIComponent(userId)}/active`, { isActive });
}

export function useSetUserActive(callbacks: MutationCallbacks<{ isActive: boolean }> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setUserActive,
    onSuccess: (_data, { isActive }) => {
      callbacks.onSuccess?.({ isActive });
      return refreshAdminData(queryClient);
    },
    onError: (error) => callbacks.onError?.(error),
  });
}
