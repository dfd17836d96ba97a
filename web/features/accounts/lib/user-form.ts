import { z } from "zod";
import { PASSWORD_MIN_LENGTH } from "@shared/constants";
import { ACCOUNT_TEXTS } from "@shared/texts/accounts";
import { T } from "@shared/strings";

export { isEmailInUse } from "@web/lib/user-create-error";

export interface UserFormValues {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  profileImageUrl: string;
  isOwner: boolean;
}

export type UserFormErrors = Partial<Record<keyof UserFormValues, string>>;

export const emptyUserForm = (): UserFormValues => ({
  email: "",
  password: "",
  firstName: "",
  lastName: "",
  profileImageUrl: "",
  isOwner: false,
});

const userFormSchema = z.object({
  email: z.string().trim().min(1, T.emailRequired).pipe(z.email(T.emailInvalid)),
  password: z.string().min(PASSWORD_MIN_LENGTH, T.passwordTooShort),
  firstName: z.string().trim().min(1, ACCOUNT_TEXTS.firstNameRequired).max(100, ACCOUNT_TEXTS.firstNameRequired),
  lastName: z.string().trim().min(1, ACCOUNT_TEXTS.lastNameRequired).max(100, ACCOUNT_TEXTS.lastNameRequired),
  profileImageUrl: z.union([z.literal(""), z.url({ protocol: /^https$/, error: ACCOUNT_TEXTS.photoUrlInvalid })]),
  isOwner: z.boolean(),
});

export function validateUserForm(values: UserFormValues): { ok: true; data: UserFormValues } | { ok: false; errors: UserFormErrors } {
  const result = userFormSchema.safeParse({ ...values, profileImageUrl: values.profileImageUrl.trim() });
  if (result.success) return { ok: true, data: result.data };
  const errors: UserFormErrors = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0] as keyof UserFormValues | undefined;
    if (!field || errors[field]) continue;
    // The union reports its own generic text; the field has one message in the spec.
    errors[field] = field === "profileImageUrl" ? ACCOUNT_TEXTS.photoUrlInvalid : issue.message;
  }
  return { ok: false, errors };
}
