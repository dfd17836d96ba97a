import { z } from "zod";
import { ACTIONS_TEXTS } from "../texts/actions";
import { T } from "../strings";
import { looksLikePhone, toE164 } from "../phone";
import { CONVERSATION_TEXTS } from "../texts/conversations";

export const LEAD_LEVELS = ["low", "medium", "high"] as const;
export type LeadLevel = (typeof LEAD_LEVELS)[number];

// The lead-notification dialog checks only that a number is there and not listed twice (spec part 2 §5).
export function leadPhoneIssue(input: string, listed: readonly string[]): string | null {
  const phone = input.trim();
  if (!phone) return ACTIONS_TEXTS.phoneRequired;
  if (listed.map((p) => p.trim()).includes(phone)) return T.phoneAlreadyListed;
  return null;
}

// The server also needs a number WhatsApp can reach: here it must look like one; the Worker reads it with
// the account's default country, refuses one that cannot exist and stores it in E.164.
export const leadPhoneListSchema = z
  .array(z.string({ error: ACTIONS_TEXTS.phoneRequired }), { error: ACTIONS_TEXTS.phoneRequired })
  .max(20, ACTIONS_TEXTS.tooManyPhones)
  .superRefine((list, ctx) => {
    // A number with its international prefix is the same in every country, so its repeats are told here.
    const key = (raw: string) => (raw.trim().startsWith("+") ? (toE164(raw) ?? raw.trim()) : raw.trim());
    const seen: string[] = [];
    list.forEach((raw, i) => {
      const issue = leadPhoneIssue(raw, []) ?? (looksLikePhone(raw) ? null : CONVERSATION_TEXTS.invalidNumber);
      const message = issue ?? (seen.includes(key(raw)) ? T.phoneAlreadyListed : null);
      if (message) ctx.addIssue({ code: "custom", path: [i], message });
      if (!issue) seen.push(key(raw));
    });
  })
  .transform((list) => list.map((p) => p.trim()));

export const leadNotificationSettingsSchema = z.object({
  twilioAccountId: z.string().trim().min(1).max(64).optional(),
  notificationEnabled: z.boolean({ error: "notificationEnabled deve essere true o false" }),
  notificationTemplateId: z
    .string()
    .trim()
    .max(64)
    .nullish()
    .transform((v) => (v ? v : null)),
  notificationPhoneNumbers: leadPhoneListSchema.default([]),
});
export type LeadNotificationSettingsInput = z.input<typeof leadNotificationSettingsSchema>;

export const leadSettingsQuery = z.object({ twilioAccountId: z.string().trim().min(1).max(64).optional() });

export interface ApiLeadNotificationSettings {
  twilioAccountId: string | null;
  notificationEnabled: boolean;
  notificationTemplateId: string | null;
  notificationPhoneNumbers: string[];
}

// What the conversation_analysis model call must answer (JSON), validated before anything is written.
export const leadAnalysisSchema = z.object({
  qualified: z.boolean(),
  interest: z.enum(LEAD_LEVELS),
  urgency: z.enum(LEAD_LEVELS),
  // A missing or odd summary does not spoil the verdict.
  summary: z
    .string()
    .catch("")
    .transform((s) => s.trim().slice(0, 300)),
});
export type LeadAnalysis = z.output<typeof leadAnalysisSchema>;

// The analytics event the dashboards count as a conversion.
export const LEAD_QUALIFIED_EVENT = "lead_qualified";
