import { useMutation } from "@tanstack/react-query";
import type { CurrentUser } from "@shared/schemas/auth";
import { apiRequest } from "@web/lib/api-client";

export interface NewAccountUser {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  profileImageUrl: string;
  isOwner: boolean;
  twilioAccountId: string;
}

export function createUserForAccount(input: NewAccountUser) {
  return apiRequest<CurrentUser>("POST", "/api/admin/users/create-for-account", input);
}

export function useCreateUserForAccount() {
  return useMutation({ mutationFn: createUserForAccount });
}
