import { z } from "zod";
import { ACCOUNT_SID_PATTERN } from "../constants";
import { MODEL_NAME_MAX, MODEL_NAME_PATTERN } from "../models";
import { DEFAULT_COUNTRY, isPhoneCountry, PHONE_INPUT_MAX, toE164 } from "../phone";
import { T } from "../strings";
import { newPasswordSchema } from "./passwords";
import { ACCOUNT_TEXTS } from "../texts/accounts";

export const PHONE_EXAMPLE = "+393331234567";

const accountFields = {
  name: z.string({ error: ACCOUNT_TEXTS.nameRequired }).trim().min(1, ACCOUNT_TEXTS.nameRequired).max(100),
  accountSid: z.string().trim().max(64).optional().default(""),
  authToken: z.string().trim().max(256).optional().default(""),
  // Checked with the account's country below, and stored in E.164.
  phoneNumber: z.string({ error: ACCOUNT_TEXTS.phoneRequired }).trim().min(1, ACCOUNT_TEXTS.phoneRequired).max(PHONE_INPUT_MAX, T.phoneInvalid(PHONE_EXAMPLE)),
  phoneCountry: z
    .string()
    .trim()
    .toUpperCase()
    .refine(isPhoneCountry, ACCOUNT_TEXTS.phoneCountryInvalid)
    .optional()
    .default(DEFAULT_COUNTRY),
  gptModel: z.string({ error: ACCOUNT_TEXTS.modelRequired }).trim().min(1, ACCOUNT_TEXTS.modelRequired).max(MODEL_NAME_MAX, ACCOUNT_TEXTS.modelInvalid).regex(MODEL_NAME_PATTERN, ACCOUNT_TEXTS.modelInvalid),
  // The model that analyses customer feedback (sentiment) for this account.
  feedbackModel: z
    .string({ error: ACCOUNT_TEXTS.modelRequired })
    .trim()
    .min(1, ACCOUNT_TEXTS.modelRequired)
    .max(MODEL_NAME_MAX, ACCOUNT_TEXTS.modelInvalid)
    .regex(MODEL_NAME_PATTERN, ACCOUNT_TEXTS.modelInvalid)
    .optional(),
  isDefault: z.boolean().optional(),
  sandbox: z.boolean().optional().default(false),
};

function checkCredentials(requireToken: boolean) {
  return (v: { sandbox: boolean; accountSid: string; authToken: string; phoneNumber: string; phoneCountry: string }, ctx: z.RefinementCtx) => {
    if (toE164(v.phoneNumber, v.phoneCountry) === null) ctx.addIssue({ code: "custom", path: ["phoneNumber"], message: T.phoneInvalid(PHONE_EXAMPLE) });
    if (v.sandbox) return;
    if (!v.accountSid) ctx.addIssue({ code: "custom", path: ["accountSid"], message: ACCOUNT_TEXTS.sidRequired });
    else if (!ACCOUNT_SID_PATTERN.test(v.accountSid))
      ctx.addIssue({ code: "custom", path: ["accountSid"], message: ACCOUNT_TEXTS.sidInvalid });
    if (requireToken && !v.authToken) ctx.addIssue({ code: "custom", path: ["authToken"], message: ACCOUNT_TEXTS.tokenRequired });
  };
}

const inE164 = <V extends { phoneNumber: string; phoneCountry: string }>(v: V): V => ({ ...v, phoneNumber: toE164(v.phoneNumber, v.phoneCountry)! });
export const createAccountSchema = z.object(accountFields).superRefine(checkCredentials(true)).transform(inE164);
// On update a blank auth token keeps the stored one.
export const updateAccountSchema = z.object(accountFields).superRefine(checkCredentials(false)).transform(inE164);

// PATCH /api/twilio-accounts/{id}: the prompt for customers who write first (null: none).
export const patchAccountSchema = z.object({
  defaultPromptId: z.string().trim().min(1).max(64).nullable(),
});
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
  password: newPasswordSchema,
  firstName: z.string().trim().min(1, "First name is required").max(100, "First name is required"),
  lastName: z.string().trim().min(1, "Last name is required").max(100, "Last name is required"),
  // Only https: a javascript: or data: URL would be rendered as an image source.
  profileImageUrl: z.union([z.literal(""), z.url({ protocol: /^https$/, error: ACCOUNT_TEXTS.photoUrlInvalid })], { error: ACCOUNT_TEXTS.photoUrlInvalid }).optional(),
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
  phoneCountry: string;
  defaultPromptId: string | null;
  lastInboundAt: string | null;
  // The two URLs to paste into the Twilio console.
  webhookUrls: { message: string; status: string };
}
