import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { CurrentUser } from "@shared/schemas/auth";
import { apiRequest } from "@web/lib/api-client";
import type { MutationCallbacks } from "@web/lib/mutation-callbacks";
import { refreshAdminData } from "./refresh-admin-data";

export interface NewUser {
  email: string;
  password: string;
  twilioAccountId: string | null;
  isOwner: boolean;
}

export function createUser(input: NewUser) {
  return apiRequest<CurrentUser>("POST", "/api/admin/users/create", input);
}

export function useCreateUser(callbacks: MutationCallbacks<CurrentUser | null> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createUser,
    onSuccess: (user) => {
      callbacks.onSuccess?.(user);
      return refreshAdminData(queryClient);
    },
    onError: (error) => callbacks.onError?.(error),
  });
}
