import { z } from "zod";
import { ACCOUNT_SID_PATTERN, E164_PATTERN } from "../constants";
import { MODEL_NAME_MAX, MODEL_NAME_PATTERN } from "../models";
import { T } from "../strings";

export const PHONE_EXAMPLE = "+393331234567";

const accountFields = {
  name: z.string({ error: T.nameRequired }).trim().min(1, T.nameRequired).max(100),
  accountSid: z.string().trim().max(64).optional().default(""),
  authToken: z.string().trim().max(256).optional().default(""),
  phoneNumber: z
    .string({ error: T.phoneRequired })
    .trim()
    .min(1, T.phoneRequired)
    .regex(E164_PATTERN, T.phoneInvalid(PHONE_EXAMPLE)),
  gptModel: z.string({ error: T.modelRequired }).trim().min(1, T.modelRequired).max(MODEL_NAME_MAX, T.modelInvalid).regex(MODEL_NAME_PATTERN, T.modelInvalid),
  // The model that analyses customer feedback (sentiment) for this account.
  feedbackModel: z
    .string({ error: T.modelRequired })
    .trim()
    .min(1, T.modelRequired)
    .max(MODEL_NAME_MAX, T.modelInvalid)
    .regex(MODEL_NAME_PATTERN, T.modelInvalid)
    .optional(),
  isDefault: z.boolean().optional(),
  sandbox: z.boolean().optional().default(false),
};

function checkCredentials(requireToken: boolean) {
  return (v: { sandbox: boolean; accountSid: string; authToken: string }, ctx: z.RefinementCtx) => {
    if (v.sandbox) return;
    if (!v.accountSid) ctx.addIssue({ code: "custom", path: ["accountSid"], message: T.sidRequired });
    else if (!ACCOUNT_SID_PATTERN.test(v.accountSid))
      ctx.addIssue({ code: "custom", path: ["accountSid"], message: T.sidInvalid });
    if (requireToken && !v.authToken) ctx.addIssue({ code: "custom", path: ["authToken"], message: T.tokenRequired });
  };
}

export const createAccountSchema = z.object(accountFields).superRefine(checkCredentials(true));
// On update a blank auth token keeps the stored one.
export const updateAccountSchema = z.object(accountFields).superRefine(checkCredentials(false));
export type AccountInput = z.input<typeof createAccountSchema>;

export const accountPhotoSchema = z.object({
  profilePhoto: z.string().trim().min(1, "profilePhoto è obbligatorio").max(500),
});

export const testGptModelSchema = z.object({
  twilioAccountId: z.string().trim().min(1, "twilioAccountId è obbligatorio").max(64),
  testMessage: z.string().trim().min(1, "Messaggio di test obbligatorio").max(2000),
});

export const createUserForAccountSchema = z.object({
  email: z.string().trim().toLowerCase().pipe(z.email("Invalid email format")),
  password: z.string().min(8, "Password must be at least 8 characters long").max(1024),
  firstName: z.string().trim().min(1, "First name is required").max(100, "First name is required"),
  lastName: z.string().trim().min(1, "Last name is required").max(100, "Last name is required"),
  profileImageUrl: z.union([z.literal(""), z.url()]).optional(),
  isOwner: z.boolean().optional().default(false),
  twilioAccountId: z.string({ error: "Twilio Account ID is required" }).trim().min(1, "Twilio Account ID is required"),
});

// What the API answers for a provider account. The auth token is always masked.
export interface TwilioAccount {
  id: string;
  name: string;
  accountSid: string;
  authToken: string;
  phoneNumber: string;
  profilePhoto: string | null;
  gptModel: string;
  feedbackModel: string;
  isDefault: boolean;
  // True for the account that is active for the signed-in user (one at a time).
  isActive: boolean;
  // The stored enabled flag of the account itself.
  enabled: boolean;
  sandbox: boolean;
  isOwner: boolean;
  createdAt: string;
}
