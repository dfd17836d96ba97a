import { api, unwrap } from "@web/lib/api-client";
import { useApiMutation } from "@web/lib/api-mutation";
import type { UserFormValues } from "../lib/user-form";

// The add-user form's values, for one account.
export type NewAccountUser = UserFormValues & { twilioAccountId: string };

export const createUserForAccount = (input: NewAccountUser) => unwrap(api.admin.users["create-for-account"].$post({ json: input }));

// The form shows the failure (under the e-mail field, or its own toast).
export const useCreateUserForAccount = () => useApiMutation({ mutationFn: createUserForAccount });
