import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@web/lib/api-client";
import type { MutationCallbacks } from "@web/lib/mutation-callbacks";
import { refreshAdminData } from "./refresh-admin-data";

// The user's sessions end and they must choose a new password at next sign-in (server side).
export function resetPassword({ userId, password }: { userId: string; password: string }) {
  return apiRequest<{ ok: boolean }>("PUT", `/api/admin/users/${encodeURIComponent(userId)}/password`, { password });
}

export function useResetPassword(callbacks: MutationCallbacks = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resetPassword,
    onSuccess: (data) => {
      callbacks.onSuccess?.(data);
      return refreshAdminData(queryClient);
    },
    onError: (error) => callbacks.onError?.(error),
  });
}
