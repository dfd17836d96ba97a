import { api, unwrap } from "@web/lib/api-client";
import { useApiMutation } from "@web/lib/api-mutation";

export interface NewAccountUser {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  profileImageUrl: string;
  isOwner: boolean;
  twilioAccountId: string;
}

export const createUserForAccount = (input: NewAccountUser) => unwrap(api.admin.users["create-for-account"].$post({ json: input }));

// The form shows the failure (under the e-mail field, or its own toast).
export const useCreateUserForAccount = () => useApiMutation({ mutationFn: createUserForAccount });
