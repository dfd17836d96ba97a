import { z } from "zod";
import { optionalText } from "./fields";
import { TEMPLATE_CATEGORIES } from "../constants";
import { TEMPLATE_TEXTS } from "../texts/templates";

export const TEMPLATE_CHANNELS = ["whatsapp", "sms"] as const;
export const TEMPLATE_LANGUAGES = ["it", "en", "es", "fr"] as const;
export const TEMPLATE_STATUSES = ["draft", "pending", "approved", "rejected"] as const;
// The Content API types a sales team uses: twilio/text, twilio/media, twilio/quick-reply,
// twilio/call-to-action and twilio/card.
export const TEMPLATE_CONTENT_TYPES = ["text", "media", "quick-reply", "call-to-action", "card"] as const;
export type TemplateContentType = (typeof TEMPLATE_CONTENT_TYPES)[number];
export const TEMPLATE_BUTTON_TYPES = ["QUICK_REPLY", "URL", "PHONE_NUMBER"] as const;
export type TemplateButtonType = (typeof TEMPLATE_BUTTON_TYPES)[number];

// WhatsApp's limits as Twilio's Content API documents them (docs/content-api: twilio/quick-reply,
// twilio/call-to-action, twilio/card): a button's title 20 characters, its reply id 200, a card's
// footer (subtitle) 60; 1 to 10 quick replies; up to 2 URL buttons and 1 phone button on a call to
// action; a card holds up to 3 buttons here (WhatsApp shows 3 under a bubble, the rest behind a menu).
export const TEMPLATE_LIMITS = {
  buttonTitle: 20,
  buttonId: 200,
  buttonUrl: 2000,
  footer: 60,
  quickReplies: 10,
  callToActions: 3,
  urlButtons: 2,
  phoneButtons: 1,
  cardButtons: 3,
} as const;

// The buttons each kind may hold.
export const KIND_BUTTON_TYPES: Record<TemplateContentType, readonly TemplateButtonType[]> = {
  text: [],
  media: [],
  "quick-reply": ["QUICK_REPLY"],
  "call-to-action": ["URL", "PHONE_NUMBER"],
  card: ["QUICK_REPLY", "URL", "PHONE_NUMBER"],
};

export const KIND_MAX_BUTTONS: Record<TemplateContentType, number> = {
  text: 0,
  media: 0,
  "quick-reply": TEMPLATE_LIMITS.quickReplies,
  "call-to-action": TEMPLATE_LIMITS.callToActions,
  card: TEMPLATE_LIMITS.cardButtons,
};

export type TemplateCategory = (typeof TEMPLATE_CATEGORIES)[number];
export type TemplateChannel = (typeof TEMPLATE_CHANNELS)[number];
export type TemplateLanguage = (typeof TEMPLATE_LANGUAGES)[number];
export type TemplateStatus = (typeof TEMPLATE_STATUSES)[number];

// WhatsApp's body limit; SMS bodies are split by the carrier, so Twilio's 1,600 applies there.
export const TEMPLATE_BODY_MAX = { whatsapp: 1024, sms: 1600 } as const;

// WhatsApp approval categories: promotional sectors are MARKETING, order and service updates UTILITY.
export const WHATSAPP_CATEGORY: Record<TemplateCategory, "MARKETING" | "UTILITY"> = {
  loans: "MARKETING",
  stationery: "MARKETING",
  agency: "MARKETING",
  ecommerce: "UTILITY",
  services: "UTILITY",
};

const VARIABLE = /\{\{([^{}]*)\}\}/g;

// The numbered placeholders in a body, in order of appearance ("1", "2", …).
export function templateVariables(text: string): string[] {
  const found: string[] = [];
  for (const m of text.matchAll(VARIABLE)) {
    const n = m[1]!.trim();
    if (/^[1-9]\d*$/.test(n) && !found.includes(n)) found.push(n);
  }
  return found.sort((a, b) => Number(a) - Number(b));
}

// What WhatsApp would reject, found before the template is sent for approval.
export function templateBodyIssues(text: string, channel: TemplateChannel = "whatsapp"): string[] {
  const issues: string[] = [];
  const max = TEMPLATE_BODY_MAX[channel];
  if (!text.trim()) return [TEMPLATE_TEXTS.textRequired];
  if (text.length > max) issues.push(TEMPLATE_TEXTS.textTooLong(max));

  const matches = [...text.matchAll(VARIABLE)];
  const malformed = matches.find((m) => !/^[1-9]\d*$/.test(m[1]!));
  if (malformed) issues.push(TEMPLATE_TEXTS.variableMalformed(malformed[0]));
  const numbers = [...new Set(matches.map((m) => m[1]!).filter((n) => /^[1-9]\d*$/.test(n)).map(Number))].sort((a, b) => a - b);
  for (let i = 0; i < numbers.length; i++) {
    if (numbers[i] !== i + 1) {
      issues.push(TEMPLATE_TEXTS.variableGap(i + 1));
      break;
    }
  }
  const trimmed = text.trim();
  if (/^\{\{[^{}]*\}\}/.test(trimmed)) issues.push(TEMPLATE_TEXTS.variableAtStart);
  if (/\{\{[^{}]*\}\}$/.test(trimmed)) issues.push(TEMPLATE_TEXTS.variableAtEnd);
  for (let i = 1; i < matches.length; i++) {
    const prev = matches[i - 1]!;
    const cur = matches[i]!;
    const between = text.slice(prev.index! + prev[0].length, cur.index);
    if (between.trim() === "") {
      issues.push(TEMPLATE_TEXTS.variablesAdjacent(prev[0], cur[0]));
      break;
    }
  }
  return issues;
}

export const templateButtonSchema = z.object({
  type: z.enum(TEMPLATE_BUTTON_TYPES, { error: (issue) => TEMPLATE_TEXTS.buttonTypeNotAllowed(String(issue.input)) }),
  title: z.string({ error: TEMPLATE_TEXTS.buttonTitleRequired }).trim().min(1, TEMPLATE_TEXTS.buttonTitleRequired).max(TEMPLATE_LIMITS.buttonTitle, TEMPLATE_TEXTS.buttonTitleTooLong(TEMPLATE_LIMITS.buttonTitle)),
  // The payload a tapped quick reply comes back with (ButtonPayload); the title's slug when not given.
  id: optionalText(TEMPLATE_LIMITS.buttonId),
  url: optionalText(TEMPLATE_LIMITS.buttonUrl),
  phone: optionalText(40),
});
export type TemplateButton = z.output<typeof templateButtonSchema>;

export const whatsappContentSchema = z.object({
  type: z.enum(TEMPLATE_CONTENT_TYPES, { error: "Tipo di contenuto non valido: text, media, quick-reply, call-to-action o card" }).default("text"),
  text: optionalText(2000),
  mediaUrl: optionalText(1000),
  mediaCaption: optionalText(2000),
  // A file of the account's media library, given to Twilio through our own signed URL.
  mediaLibraryId: optionalText(64),
  footer: optionalText(200),
  buttons: z.array(templateButtonSchema).max(20, TEMPLATE_TEXTS.buttonsTooMany(TEMPLATE_LIMITS.quickReplies)).optional(),
});

// Text and media templates carry only the first four fields, as before the other kinds existed.
export interface WhatsappContent {
  type: TemplateContentType;
  text: string | null;
  mediaUrl: string | null;
  mediaCaption: string | null;
  mediaLibraryId?: string | null;
  footer?: string | null;
  buttons?: TemplateButton[];
}

// The text WhatsApp shows: the body for text, the caption for media (falling back to the text).
export function templateBody(content: Pick<WhatsappContent, "type" | "text" | "mediaCaption"> | null | undefined): string {
  if (!content) return "";
  return (content.type === "media" ? (content.mediaCaption ?? content.text) : content.text) ?? "";
}

// Kinds whose header is an image or a document (required for media, optional for a card).
export const hasMediaHeader = (type: TemplateContentType) => type === "media" || type === "card";

// A button's reply id: the one given, else the title's slug (what a tap sends back as ButtonPayload).
export function buttonId(b: Pick<TemplateButton, "title" | "id">): string {
  if (b.id) return b.id;
  const slug = b.title
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "_")
    .replace(/^_+|_+$/g, "");
  return slug || "risposta";
}

const PHONE_BUTTON = /^\+[1-9]\d{6,14}$/;

// The buttons' own rules for a kind; each issue's path is relative to whatsappContent.
export function templateButtonIssues(type: TemplateContentType, buttons: readonly TemplateButton[]): { path: (string | number)[]; message: string }[] {
  const issues: { path: (string | number)[]; message: string }[] = [];
  const allowed = KIND_BUTTON_TYPES[type];
  const max = KIND_MAX_BUTTONS[type];
  if (allowed.length === 0) return issues;
  if (type !== "card" && buttons.length === 0) issues.push({ path: ["buttons"], message: TEMPLATE_TEXTS.buttonsRequired });
  if (buttons.length > max) issues.push({ path: ["buttons"], message: TEMPLATE_TEXTS.buttonsTooMany(max) });
  const titles = new Set<string>();
  buttons.forEach((b, i) => {
    if (!allowed.includes(b.type)) issues.push({ path: ["buttons", i, "type"], message: TEMPLATE_TEXTS.buttonTypeNotAllowed(b.type) });
    const key = b.title.trim().toLowerCase();
    if (key && titles.has(key)) issues.push({ path: ["buttons", i, "title"], message: TEMPLATE_TEXTS.buttonTitleDuplicate(b.title.trim()) });
    titles.add(key);
    if (b.type === "URL" && (!b.url || !/^https:\/\/[^\s]+$/i.test(b.url) || !URL.canParse(b.url)))
      issues.push({ path: ["buttons", i, "url"], message: TEMPLATE_TEXTS.buttonUrlInvalid });
    if (b.type === "PHONE_NUMBER" && (!b.phone || !PHONE_BUTTON.test(b.phone.replace(/[\s().-]/g, ""))))
      issues.push({ path: ["buttons", i, "phone"], message: TEMPLATE_TEXTS.buttonPhoneInvalid });
  });
  if (buttons.filter((b) => b.type === "URL").length > TEMPLATE_LIMITS.urlButtons) issues.push({ path: ["buttons"], message: TEMPLATE_TEXTS.tooManyUrlButtons(TEMPLATE_LIMITS.urlButtons) });
  if (buttons.filter((b) => b.type === "PHONE_NUMBER").length > TEMPLATE_LIMITS.phoneButtons) issues.push({ path: ["buttons"], message: TEMPLATE_TEXTS.tooManyPhoneButtons(TEMPLATE_LIMITS.phoneButtons) });
  return issues;
}

const templateFields = {
  name: z.string({ error: TEMPLATE_TEXTS.nameRequired }).trim().min(1, TEMPLATE_TEXTS.nameRequired).max(100, TEMPLATE_TEXTS.nameTooLong),
  description: optionalText(500),
  category: z.enum(TEMPLATE_CATEGORIES, { error: TEMPLATE_TEXTS.categoryRequired }),
  channel: z.enum(TEMPLATE_CHANNELS, { error: TEMPLATE_TEXTS.channelInvalid }).default("whatsapp"),
  language: z.enum(TEMPLATE_LANGUAGES, { error: TEMPLATE_TEXTS.languageInvalid }).default("it"),
  whatsappContent: whatsappContentSchema.default({ type: "text", text: null, mediaUrl: null, mediaCaption: null, mediaLibraryId: null, footer: null }),
};

function checkContent(v: { channel: TemplateChannel; whatsappContent: WhatsappContent }, ctx: z.RefinementCtx) {
  const content = v.whatsappContent;
  for (const message of templateBodyIssues(templateBody(content), v.channel)) {
    ctx.addIssue({ code: "custom", path: ["whatsappContent", content.type === "media" && content.mediaCaption ? "mediaCaption" : "text"], message });
  }
  if (v.channel === "sms" && content.type !== "text" && content.type !== "media")
    ctx.addIssue({ code: "custom", path: ["whatsappContent", "type"], message: TEMPLATE_TEXTS.smsTextOnly });
  if (content.type === "media" && !content.mediaUrl && !content.mediaLibraryId)
    ctx.addIssue({ code: "custom", path: ["whatsappContent", "mediaUrl"], message: TEMPLATE_TEXTS.mediaUrlRequired });
  if (hasMediaHeader(content.type) && content.mediaUrl && (!/^https:\/\/[^\s]+$/i.test(content.mediaUrl) || !URL.canParse(content.mediaUrl)))
    ctx.addIssue({ code: "custom", path: ["whatsappContent", "mediaUrl"], message: TEMPLATE_TEXTS.mediaUrlInvalid });
  if (content.type === "card") {
    if (content.footer && content.footer.length > TEMPLATE_LIMITS.footer)
      ctx.addIssue({ code: "custom", path: ["whatsappContent", "footer"], message: TEMPLATE_TEXTS.footerTooLong(TEMPLATE_LIMITS.footer) });
    if (!content.mediaUrl && !content.mediaLibraryId && !content.footer && !content.buttons?.length)
      ctx.addIssue({ code: "custom", path: ["whatsappContent", "buttons"], message: TEMPLATE_TEXTS.cardNeedsMore });
  }
  for (const issue of templateButtonIssues(content.type, content.buttons ?? [])) {
    ctx.addIssue({ code: "custom", path: ["whatsappContent", ...issue.path], message: issue.message });
  }
}

export const createTemplateSchema = z
  .object({
    ...templateFields,
    // The console sends its active account, or 'missing' when it has none yet.
    twilioAccountId: z.string().trim().max(64).optional(),
    status: z.literal("draft", { error: TEMPLATE_TEXTS.statusDraftOnly }).optional(),
  })
  .superRefine(checkContent);
export type TemplateInput = z.input<typeof createTemplateSchema>;

export const updateTemplateSchema = z
  .object({ ...templateFields, status: z.literal("draft", { error: TEMPLATE_TEXTS.statusDraftOnly }).optional() })
  .superRefine(checkContent);

export const templateIdParam = z.object({ id: z.string().min(1).max(64) });

export interface ApiTemplate {
  id: string;
  twilioAccountId: string;
  name: string;
  description: string | null;
  category: string;
  channel: string;
  language: string;
  whatsappContent: WhatsappContent | null;
  variables: string[];
  status: string;
  rejectionReason: string | null;
  externalTemplateId: string | null;
  externalStatus: string | null;
  icon: string;
  color: string;
  isActive: boolean;
  createdAt: string;
  updatedAt: string;
  submittedAt: string | null;
  lastSyncedAt: string | null;
}
