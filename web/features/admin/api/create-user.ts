import { api, unwrap } from "@web/lib/api-client";
import { useApiMutation } from "@web/lib/api-mutation";
import type { MutationCallbacks } from "@web/lib/mutation-callbacks";
import { refreshAdminData } from "./refresh-admin-data";

export interface NewUser {
  email: string;
  password: string;
  twilioAccountId: string | null;
  isOwner: boolean;
}

export const createUser = (input: NewUser) => unwrap(api.admin.users.create.$post({ json: input }));

// The form shows the failure (under the e-mail field, or its own toast).
export const useCreateUser = (callbacks?: MutationCallbacks<Awaited<ReturnType<typeof createUser>>>) =>
  useApiMutation({ mutationFn: createUser, refresh: (queryClient) => refreshAdminData(queryClient), callbacks });
