import { z } from "zod";
import { T } from "../strings";
import { SETTINGS_TEXTS } from "../texts/settings";

// The console generates every token (256 random bits, 47 characters); the API refuses anything a person
// could have typed or guessed.
export const TOKEN_MIN_LENGTH = 32;
const TOKEN_MIN_DISTINCT_CHARS = 12;
export const TOKEN_PREFIX_LENGTH = 6;
export const LEAD_API_PERMISSION = "leads:write";
// Requests per minute one Lead Manager token may make.
export const LEAD_API_RATE_PER_MINUTE = 60;
export const UNAUTHORIZED_REDIRECT_MS = 500;
export const LOGIN_URL = "/api/login";

export const settingsUpdateSchema = z.object({
  activeTwilioAccountId: z.string({ error: SETTINGS_TEXTS.activeAccountInvalid }).trim().min(1).max(64).nullable(),
});

const tokenName = z.string({ error: SETTINGS_TEXTS.tokenRequired }).trim().min(1, SETTINGS_TEXTS.tokenRequired).max(100);
const tokenRaw = z
  .string({ error: SETTINGS_TEXTS.tokenRequired })
  .trim()
  .min(1, SETTINGS_TEXTS.tokenRequired)
  .max(512)
  // One issue whatever makes it weak, so every refusal reads the same.
  .refine((v) => v.length >= TOKEN_MIN_LENGTH && new Set(v).size >= TOKEN_MIN_DISTINCT_CHARS, SETTINGS_TEXTS.tokenTooShort);

export const createTokenSchema = z.object({ name: tokenName, tokenRaw });

// Either a new name and token (optionally with the flag), or only the active flag.
export const updateTokenSchema = z
  .strictObject({
    name: z.string({ error: SETTINGS_TEXTS.tokenRequired }).max(100).optional(),
    tokenRaw: z.string({ error: SETTINGS_TEXTS.tokenRequired }).max(512).optional(),
    isActive: z.boolean({ error: T.isActiveInvalid }).optional(),
  })
  .transform((v, ctx) => {
    if (v.name === undefined && v.tokenRaw === undefined) {
      if (v.isActive === undefined) {
        ctx.addIssue({ code: "custom", message: SETTINGS_TEXTS.tokenUpdateShape });
        return z.NEVER;
      }
      return { isActive: v.isActive };
    }
    const parsed = createTokenSchema.safeParse({ name: v.name, tokenRaw: v.tokenRaw });
    if (!parsed.success) {
      for (const issue of parsed.error.issues) ctx.addIssue({ code: "custom", path: issue.path, message: issue.message });
      return z.NEVER;
    }
    return { ...parsed.data, isActive: v.isActive };
  });

export const tokenIdParam = z.object({ id: z.string().min(1).max(64) });

export interface ApiSettings {
  profile: { id: string; email: string; firstName: string | null; lastName: string | null; profileImageUrl: string | null; role: string };
  activeTwilioAccountId: string | null;
  signInMethod: "password";
  timezone: string;
}

export interface ApiToken {
  id: string;
  name: string;
  // The first characters only, so a person can tell tokens apart; the token itself is never stored.
  tokenPrefix: string;
  isActive: boolean;
  permissions: string[];
  lastUsedAt: string | null;
  createdAt: string;
  twilioAccountId: string | null;
  accountName: string | null;
}

// A random token the console offers in the form: 32 bytes, base64url, prefixed so it is recognisable.
export function generateTokenValue(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  let s = "";
  for (const b of bytes) s += String.fromCharCode(b);
  return `abp_${btoa(s).replaceAll("+", "-").replaceAll("/", "_").replace(/=+$/, "")}`;
}
