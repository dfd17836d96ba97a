import { z } from "zod";
import { AUTH_TEXTS } from "../texts/auth";


// A new password: the spec's minimum of 8 (its message), and not only spaces. The list of common and
// breached passwords is checked on the server only (it is too large for the web bundle).
export const newPasswordSchema = z
  .string({ error: AUTH_TEXTS.tooShort })
  .min(8, AUTH_TEXTS.tooShort)
  .max(1024)
  .refine((v) => v.trim().length > 0, AUTH_TEXTS.blank);

export const changePasswordSchema = z.object({
  currentPassword: z.string({ error: AUTH_TEXTS.currentRequired }).min(1, AUTH_TEXTS.currentRequired).max(1024),
  newPassword: newPasswordSchema,
});
export type ChangePasswordInput = z.infer<typeof changePasswordSchema>;

export const resetPasswordSchema = z.object({ password: newPasswordSchema });
