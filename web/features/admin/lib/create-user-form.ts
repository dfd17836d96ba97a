import { z } from "zod";
import { PASSWORD_MIN_LENGTH } from "@shared/constants";
import { T } from "@shared/strings";
import type { NewUser } from "../api/create-user";

export { isEmailInUse } from "@web/lib/user-create-error";

export interface CreateUserValues {
  email: string;
  password: string;
  twilioAccountId: string;
  isOwner: boolean;
}

export type CreateUserErrors = Partial<Record<"email" | "password", string>>;

export const emptyCreateUser = (): CreateUserValues => ({ email: "", password: "", twilioAccountId: "", isOwner: false });

const schema = z.object({
  email: z.string().trim().min(1, T.emailRequired).pipe(z.email(T.emailInvalid)),
  password: z.string().min(PASSWORD_MIN_LENGTH, T.passwordTooShort),
});

// E-mail required and valid, password at least 8; the account is optional and ownership needs one.
export function validateCreateUser(values: CreateUserValues): { ok: true; data: NewUser } | { ok: false; errors: CreateUserErrors } {
  const result = schema.safeParse(values);
  if (!result.success) {
    const errors: CreateUserErrors = {};
    for (const issue of result.error.issues) {
      const field = issue.path[0] as keyof CreateUserErrors | undefined;
      if (field && !errors[field]) errors[field] = issue.message;
    }
    return { ok: false, errors };
  }
  const twilioAccountId = values.twilioAccountId.trim() || null;
  return {
    ok: true,
    data: { email: result.data.email, password: result.data.password, twilioAccountId, isOwner: twilioAccountId ? values.isOwner : false },
  };
}
