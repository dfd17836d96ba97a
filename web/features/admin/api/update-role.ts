import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { UserRole } from "@shared/constants";
import { apiRequest } from "@web/lib/api-client";
import type { MutationCallbacks } from "@web/lib/mutation-callbacks";
import { refreshAdminData } from "./refresh-admin-data";

export function updateRole({ userId, role }: { userId: string; role: UserRole }) {
  return apiRequest<{ ok: boolean }>("PUT", `/api/admin/users/${encodeURIComponent(userId)}/role`, { role });
}

export function useUpdateRole(callbacks: MutationCallbacks = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateRole,
    onSuccess: (data) => {
      callbacks.onSuccess?.(data);
      return refreshAdminData(queryClient);
    },
    // The dropdown goes back to the stored role.
    onError: (error) => {
      callbacks.onError?.(error);
      return refreshAdminData(queryClient);
    },
  });
}
