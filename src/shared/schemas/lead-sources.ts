import { z } from "zod";
import { optionalText } from "./fields";
import { LEAD_TEXTS } from "../texts/leads";
import { AIRTABLE_TEXTS } from "../texts/airtable";
import { T } from "../strings";
import { toE164 } from "../phone";
import { conversationCursor } from "./conversations";
import type { VariableBindings, VariableContext } from "../template-variables";
import { variableBindingsSchema } from "./template-variables";

// Facebook Lead Ads had no receiver behind it and was taken out (migration 0014 turns existing
// Facebook and key-less Google sources into Lead Manager API sources); Google Ads lead forms post to
// the source's own webhook.
export const LEAD_SOURCE_TYPES = ["api", "website", "airtable", "google", "manual"] as const;
// Sources the console pulls leads from on a schedule; the others push them (API, webhooks, by hand).
export const PULLED_SOURCE_TYPES: readonly string[] = ["airtable"];
export const LEAD_SOURCE_TYPE_LABELS: Record<string, string> = {
  api: "Lead Manager API",
  airtable: "Airtable",
  google: "Google Ads (modulo per i lead)",
  website: "Sito web",
  manual: "Inserimento manuale",
};
export const LEAD_STATUSES = ["new", "contacted", "converted", "lost"] as const;
export type LeadStatus = (typeof LEAD_STATUSES)[number];
export const LEAD_STATUS_LABELS: Record<string, string> = {
  new: "Nuovo",
  contacted: "Contattato",
  converted: "Convertito",
  lost: "Perso",
};
export const CALENDAR_TYPES = ["daily", "weekly", "specific"] as const;
export const CALENDAR_TYPE_LABELS: Record<string, string> = {
  daily: "Ogni giorno",
  weekly: "Giorni selezionati",
  specific: "Data specifica",
};
// Monday first, as the console's calendar; values are JavaScript's getDay() numbers.
export const WEEK_DAYS = [
  { value: 1, label: "Lun" },
  { value: 2, label: "Mar" },
  { value: 3, label: "Mer" },
  { value: 4, label: "Gio" },
  { value: 5, label: "Ven" },
  { value: 6, label: "Sab" },
  { value: 0, label: "Dom" },
] as const;

export const LEAD_SOURCE_DEFAULTS = { syncInterval: 30, calendarHour: 9, calendarMinute: 0, timezone: "Europe/Rome" } as const;
export const TALKING_MESSAGE_MAX = 500;
export const LEADS_PAGE_SIZE = 25;
// The standard lead fields an Airtable source maps from the table's field names.
export const SOURCE_FIELD_KEYS = ["phoneNumber", "name", "email", "company", "notes"] as const;
export type SourceFieldKey = (typeof SOURCE_FIELD_KEYS)[number];
export const SOURCE_FIELD_LABELS: Record<SourceFieldKey, string> = {
  phoneNumber: "Telefono",
  name: "Nome",
  email: "Email",
  company: "Azienda",
  notes: "Note",
};
export const DEAL_VALUE_MAX = 10_000_000;

// A converted lead's deal value, in euros with cents; stored as whole cents.
const dealValue = z
  .number({ error: LEAD_TEXTS.dealValueInvalid })
  .min(0, LEAD_TEXTS.dealValueInvalid)
  .max(DEAL_VALUE_MAX, LEAD_TEXTS.dealValueInvalid)
  .refine((v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, LEAD_TEXTS.dealValueInvalid);
export const toCents = (euros: number) => Math.round(euros * 100);

const isoDay = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, LEAD_TEXTS.dateInvalid)
  .refine((v) => {
    const [y, m, d] = v.split("-").map(Number) as [number, number, number];
    const date = new Date(Date.UTC(y, m - 1, d));
    return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
  }, LEAD_TEXTS.dateInvalid);
const optionalDay = z.union([z.literal(""), isoDay]).nullish().transform((v) => (v ? v : null));

export const talkingScheduleSchema = z.object({
  hour: z.number({ error: LEAD_TEXTS.hourInvalid }).int(LEAD_TEXTS.hourInvalid).min(0, LEAD_TEXTS.hourInvalid).max(23, LEAD_TEXTS.hourInvalid),
  minute: z.number({ error: LEAD_TEXTS.minuteInvalid }).int(LEAD_TEXTS.minuteInvalid).min(0, LEAD_TEXTS.minuteInvalid).max(59, LEAD_TEXTS.minuteInvalid),
  message: z.string({ error: LEAD_TEXTS.messageRequired }).trim().min(1, LEAD_TEXTS.messageRequired).max(TALKING_MESSAGE_MAX, LEAD_TEXTS.messageTooLong(TALKING_MESSAGE_MAX)),
});
export type TalkingSchedule = z.output<typeof talkingScheduleSchema>;

const sourceConfigSchema = z.object({
  apiKey: z.string().trim().max(300).optional().default(""),
  baseId: z.string().trim().max(40).optional().default(""),
  tableId: z.string().trim().max(40).optional().default(""),
  viewId: z
    .string()
    .trim()
    .max(40)
    .nullish()
    .transform((v) => v || null),
});
const sourceMappingSchema = z.object(Object.fromEntries(SOURCE_FIELD_KEYS.map((k) => [k, z.string().trim().max(200).optional()])) as Record<SourceFieldKey, z.ZodOptional<z.ZodString>>);

export const leadSourceSchema = z
  .object({
    name: z.string({ error: LEAD_TEXTS.nameRequired }).trim().min(1, LEAD_TEXTS.nameRequired).max(100),
    type: z.enum(LEAD_SOURCE_TYPES, { error: LEAD_TEXTS.typeInvalid }).default("api"),
    isActive: z.boolean().default(true),
    templateId: optionalText(64),
    // The value of each {{n}} of the template for a lead (checked against the template on save).
    templateVariables: variableBindingsSchema.nullish().transform((v) => v ?? {}),
    autoResponse: z.boolean().default(true),
    autoSync: z.boolean().default(false),
    syncInterval: z.number({ error: T.syncIntervalInvalid }).int(T.syncIntervalInvalid).min(5, T.syncIntervalInvalid).max(1440, T.syncIntervalInvalid).default(LEAD_SOURCE_DEFAULTS.syncInterval),
    calendarType: z.enum(CALENDAR_TYPES).nullish().transform((v) => v ?? null),
    calendarHour: z.number({ error: LEAD_TEXTS.hourInvalid }).int(LEAD_TEXTS.hourInvalid).min(0, LEAD_TEXTS.hourInvalid).max(23, LEAD_TEXTS.hourInvalid).default(LEAD_SOURCE_DEFAULTS.calendarHour),
    calendarMinute: z.number({ error: LEAD_TEXTS.minuteInvalid }).int(LEAD_TEXTS.minuteInvalid).min(0, LEAD_TEXTS.minuteInvalid).max(59, LEAD_TEXTS.minuteInvalid).default(LEAD_SOURCE_DEFAULTS.calendarMinute),
    timezone: z.literal(LEAD_SOURCE_DEFAULTS.timezone, { error: LEAD_TEXTS.timezoneInvalid }).default(LEAD_SOURCE_DEFAULTS.timezone),
    talkingSchedules: z.array(talkingScheduleSchema).max(24).default([]),
    selectedDays: z
      .array(z.number({ error: LEAD_TEXTS.dayInvalid }).int(LEAD_TEXTS.dayInvalid).min(0, LEAD_TEXTS.dayInvalid).max(6, LEAD_TEXTS.dayInvalid))
      .max(7)
      .default([])
      .transform((days) => [...new Set(days)].sort((a, b) => ((a + 6) % 7) - ((b + 6) % 7))),
    startDate: optionalDay,
    endDate: optionalDay,
    specificDate: optionalDay,
    // An Airtable source's table (the key may be left empty on an update to keep the stored one) and
    // which of its fields hold each lead field.
    config: sourceConfigSchema.nullish().transform((v) => v ?? null),
    fieldMapping: sourceMappingSchema.nullish().transform((v) => (v ? Object.fromEntries(Object.entries(v).filter(([, name]) => name)) : {})),
  })
  .superRefine((v, ctx) => {
    if (v.startDate && v.endDate && v.endDate < v.startDate) ctx.addIssue({ code: "custom", path: ["endDate"], message: T.endBeforeStart });
    // A plan that can never fall due would be a setting that never acts.
    if (v.talkingSchedules.length > 0 && !v.calendarType) ctx.addIssue({ code: "custom", path: ["calendarType"], message: LEAD_TEXTS.planRequired });
    if (v.calendarType === "weekly" && v.selectedDays.length === 0) ctx.addIssue({ code: "custom", path: ["selectedDays"], message: LEAD_TEXTS.daysRequired });
    if (v.calendarType === "specific" && !v.specificDate) ctx.addIssue({ code: "custom", path: ["specificDate"], message: LEAD_TEXTS.specificDateRequired });
    if (v.autoSync && !PULLED_SOURCE_TYPES.includes(v.type)) ctx.addIssue({ code: "custom", path: ["autoSync"], message: LEAD_TEXTS.autoSyncPushOnly });
    if (v.type !== "airtable") return;
    const c = v.config;
    if (!c || !c.baseId || !c.tableId) {
      ctx.addIssue({ code: "custom", path: ["config"], message: LEAD_TEXTS.airtableRequired });
      return;
    }
    if (!/^app[A-Za-z0-9]+$/.test(c.baseId)) ctx.addIssue({ code: "custom", path: ["config", "baseId"], message: AIRTABLE_TEXTS.baseIdInvalid });
    if (!/^tbl[A-Za-z0-9]+$/.test(c.tableId)) ctx.addIssue({ code: "custom", path: ["config", "tableId"], message: AIRTABLE_TEXTS.tableIdInvalid });
    if (c.viewId && !/^viw[A-Za-z0-9]+$/.test(c.viewId)) ctx.addIssue({ code: "custom", path: ["config", "viewId"], message: AIRTABLE_TEXTS.viewIdInvalid });
    if (!v.fieldMapping.phoneNumber) ctx.addIssue({ code: "custom", path: ["fieldMapping", "phoneNumber"], message: LEAD_TEXTS.mappingPhoneRequired });
  });
export type LeadSourceInput = z.input<typeof leadSourceSchema>;

export const leadSourceIdParam = z.object({ id: z.string().min(1).max(64) });

const phoneField = z
  .string({ error: LEAD_TEXTS.phoneRequired })
  .trim()
  .min(1, LEAD_TEXTS.phoneRequired)
  .max(40, LEAD_TEXTS.phoneInvalid)
  // Read as a number of any country here; the server reads it with the account's default country.
  .refine((v) => toE164(v) !== null || /^[\d\s().+-]{6,}$/.test(v), LEAD_TEXTS.phoneInvalid);

const customValue = z.union([z.string().max(2000), z.number(), z.boolean(), z.null()]);

// A lead from the console or from an external system (the Lead Manager API takes the same fields).
export const leadInputSchema = z
  .object({
    phone: phoneField.optional(),
    phoneNumber: phoneField.optional(),
    name: optionalText(200),
    email: z
      .union([z.literal(""), z.string().trim().max(200).pipe(z.email(T.emailInvalid))])
      .nullish()
      .transform((v) => (v ? v : null)),
    company: optionalText(200),
    notes: optionalText(2000),
    customFields: z
      .record(z.string().min(1).max(100), customValue)
      .refine((v) => Object.keys(v).length <= 50, "customFields: al massimo 50 campi")
      .nullish()
      .transform((v) => v ?? null),
    externalId: optionalText(200),
    listId: optionalText(64),
    leadSourceId: optionalText(64),
    status: z.enum(LEAD_STATUSES, { error: LEAD_TEXTS.statusInvalid }).optional(),
    // A sale reported by an outside system: the lead is converted with this value.
    dealValue: dealValue.nullish(),
  })
  .superRefine((v, ctx) => {
    if (!v.phone && !v.phoneNumber) ctx.addIssue({ code: "custom", path: ["phone"], message: LEAD_TEXTS.phoneRequired });
    if (v.dealValue != null && v.status && v.status !== "converted") ctx.addIssue({ code: "custom", path: ["dealValue"], message: LEAD_TEXTS.dealValueNeedsConverted });
  })
  // The number as typed: saveLead reads it with the account's default country (E.164 from then on).
  .transform(({ phoneNumber, phone, ...rest }) => ({ ...rest, phone: phone ?? phoneNumber ?? "" }));
export type LeadInput = z.input<typeof leadInputSchema>;

export const leadUpdateSchema = z.object({
  status: z.enum(LEAD_STATUSES, { error: LEAD_TEXTS.statusInvalid }).optional(),
  name: optionalText(200).optional(),
  email: z
    .union([z.literal(""), z.string().trim().max(200).pipe(z.email(T.emailInvalid))])
    .nullish()
    .transform((v) => (v === undefined ? undefined : v ? v : null)),
  company: optionalText(200).optional(),
  notes: optionalText(2000).optional(),
  // null clears it; set on a converted lead (or together with status converted).
  dealValue: dealValue.nullable().optional(),
});

// From the chat: the conversation's customer converted (with a deal value, editable later) or no longer.
export const conversationConversionSchema = z
  .object({
    converted: z.boolean({ error: LEAD_TEXTS.conversionInvalid }),
    dealValue: dealValue.nullable().optional(),
  })
  .superRefine((v, ctx) => {
    if (v.dealValue != null && !v.converted) ctx.addIssue({ code: "custom", path: ["dealValue"], message: LEAD_TEXTS.dealValueNeedsConverted });
  });
export type ConversationConversionInput = z.infer<typeof conversationConversionSchema>;

export const leadIdParam = z.object({ id: z.string().min(1).max(64) });

export const leadsQuerySchema = z.object({
  search: z.string().trim().max(200).optional(),
  status: z.enum(LEAD_STATUSES, { error: LEAD_TEXTS.statusInvalid }).optional(),
  leadSourceId: z.string().trim().min(1).max(64).optional(),
  page: z.coerce.number({ error: "page deve essere un numero" }).int().min(1).max(100_000).optional().default(1),
  pageSize: z.coerce.number({ error: "pageSize deve essere un numero" }).int().min(1).max(100).optional().default(LEADS_PAGE_SIZE),
  // The same keyset cursor as the conversation list (`<importedAt ms>_<id>`, from X-Next-Cursor): with
  // it the page continues exactly after that lead however many arrive meanwhile, and `page` is not used.
  cursor: conversationCursor.optional(),
});

export interface ApiLeadSource {
  id: string;
  twilioAccountId: string;
  name: string;
  type: string;
  isActive: boolean;
  templateId: string | null;
  templateName: string | null;
  templateVariables: VariableBindings;
  autoResponse: boolean;
  autoSync: boolean;
  syncInterval: number;
  calendarType: string | null;
  calendarHour: number;
  calendarMinute: number;
  timezone: string;
  talkingSchedules: TalkingSchedule[];
  selectedDays: number[];
  startDate: string | null;
  endDate: string | null;
  specificDate: string | null;
  leadCount: number;
  lastSyncAt: string | null;
  nextSyncAt: string | null;
  lastSyncResult: { ok: boolean; created: number; updated: number; invalid: number; error: string | null } | null;
  // An Airtable source's table, its key masked.
  config: { baseId: string; tableId: string; viewId: string | null; apiKey: string } | null;
  fieldMapping: Partial<Record<SourceFieldKey, string>>;
  // A Google Ads source's webhook: its path on the console's origin and the key, for the lead form.
  webhook: { path: string; key: string } | null;
  // The plan's state and its next sends (Europe/Rome wall-clock times, as ISO instants).
  lastCampaignAt: string | null;
  nextCampaignAt: string | null;
  campaignSent: boolean;
  plannedSends: { at: string; key: string }[];
  createdAt: string;
}

export interface ApiLead {
  id: string;
  twilioAccountId: string;
  leadSourceId: string | null;
  leadSourceName: string | null;
  phoneNumber: string;
  name: string | null;
  email: string | null;
  company: string | null;
  notes: string | null;
  customFields: Record<string, unknown> | null;
  status: string;
  conversationId: string | null;
  externalId: string | null;
  importedAt: string;
  lastContactedAt: string | null;
  dealValue: number | null;
  convertedAt: string | null;
  // Why the source's template was not sent to this lead (a variable without a value).
  templateBlocked: string | null;
}

// The conversation's lead as the chat shows it; leadId null: no lead yet for this number.
export interface ApiConversationConversion {
  leadId: string | null;
  status: string | null;
  converted: boolean;
  dealValue: number | null;
  convertedAt: string | null;
}

export interface ApiLeadsPage {
  leads: ApiLead[];
  total: number;
  page: number;
  pageSize: number;
}

export interface AutoResponseResult {
  status: "queued" | "skipped" | "not_configured";
  conversationId: string | null;
  reason: string | null;
}

export interface ApiLeadSaved {
  lead: ApiLead;
  created: boolean;
  listLeadId: string | null;
  autoResponse: AutoResponseResult;
}

// Google Ads lead form webhook body (https://developers.google.com/google-ads/webhook/docs/implementation).
export const googleLeadSchema = z.object({
  lead_id: z.string().max(200).optional(),
  api_version: z.string().max(20).optional(),
  form_id: z.union([z.number(), z.string()]).optional(),
  campaign_id: z.union([z.number(), z.string()]).optional(),
  google_key: z.string().max(500).default(""),
  is_test: z.boolean().optional(),
  gcl_id: z.string().max(500).optional(),
  user_column_data: z
    .array(z.object({ column_name: z.string().max(500).optional(), string_value: z.string().max(2000).optional(), column_id: z.string().max(200).optional() }))
    .max(100)
    .default([]),
});
export type GoogleLead = z.output<typeof googleLeadSchema>;
// Which Google column ids fill each lead field when the source maps nothing else.
export const GOOGLE_DEFAULT_MAPPING: Record<SourceFieldKey, string> = {
  phoneNumber: "PHONE_NUMBER",
  name: "FULL_NAME",
  email: "EMAIL",
  company: "COMPANY_NAME",
  notes: "",
};

// A lead's name as a list keeps it: the first word is the nome, the rest the cognome.
export function splitLeadName(name: string | null) {
  if (!name) return { nome: null, cognome: null };
  const [first, ...rest] = name.trim().split(/\s+/);
  return { nome: first?.slice(0, 100) ?? null, cognome: rest.join(" ").slice(0, 100) || null };
}

// What a source's template can read of a lead (the send and the dialog's preview alike): its name
// split as above, its fields, and its custom fields (an Airtable column, a field sent to the API) by name.
export function leadVariableContext(lead: Pick<ApiLead, "name" | "email" | "company" | "customFields">): VariableContext {
  const { nome, cognome } = splitLeadName(lead.name);
  const professione = lead.customFields?.professione;
  return {
    contact: { nome, cognome, email: lead.email, company: lead.company, professione: typeof professione === "string" ? professione : null },
    custom: lead.customFields ?? null,
  };
}
