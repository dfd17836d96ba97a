import { z } from "zod";
import { TEMPLATE_CATEGORIES } from "../constants";

// The labels live in a module without zod, so the dashboard can show them without loading the schemas.
export { TEMPLATE_CHANNEL_LABELS, TEMPLATE_CONTENT_TYPE_LABELS, TEMPLATE_LANGUAGE_LABELS, TEMPLATE_STATUS_LABELS } from "../template-labels";

export const TEMPLATE_CHANNELS = ["whatsapp", "sms"] as const;
export const TEMPLATE_LANGUAGES = ["it", "en", "es", "fr"] as const;
export const TEMPLATE_STATUSES = ["draft", "pending", "approved", "rejected"] as const;
export const TEMPLATE_CONTENT_TYPES = ["text", "media"] as const;

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

export const TEMPLATE_TEXTS = {
  rejectedByWhatsapp: "Rifiutato da WhatsApp",
  title: "Template WhatsApp",
  newTemplate: "Nuovo Template",
  createFirst: "Crea il primo template",
  empty: "Nessun template creato. Crea il tuo primo template WhatsApp e invialo per l'approvazione.",
  loadError: "Impossibile caricare i template.",
  noActiveAccount: "Configura un account Twilio attivo per gestire i template.",
  count: (n: number) => (n === 1 ? "1 template" : `${n} template`),
  createTitle: "Nuovo Template",
  editTitle: "Modifica Template",
  viewTitle: "Dettagli Template",
  dialogDescription: "Il template viene creato in bozza; inviato per approvazione, WhatsApp lo verifica prima dell'uso.",
  readOnlyNotice: "Solo i template in bozza possono essere modificati.",
  nameLabel: "Nome",
  descriptionLabel: "Descrizione",
  categoryLabel: "Categoria",
  channelLabel: "Canale",
  languageLabel: "Lingua",
  contentTypeLabel: "Tipo di contenuto",
  textLabel: "Testo del messaggio",
  textHint: "Usa {{1}}, {{2}}… per le variabili (es. nome del cliente, nome dell'azienda).",
  mediaUrlLabel: "URL del media",
  mediaCaptionLabel: "Didascalia (testo del messaggio)",
  addVariable: (n: number) => `Inserisci {{${n}}}`,
  charCount: (n: number, max: number) => `${n}/${max} caratteri`,
  preview: "Anteprima",
  content: "Contenuto",
  rejectionReason: "Motivo rifiuto",
  createdAt: "Creato il",
  submittedAt: "Inviato il",
  submit: "Invia per approvazione",
  submitting: "Invio in corso...",
  deleteConfirm: (name: string) => `Sei sicuro di voler eliminare il template "${name}"?`,

  // Toasts (spec part 2 §8)
  created: "Template Creato!",
  createdDescription: "Il template è stato creato in stato draft.",
  updated: "Template Aggiornato",
  submitted: "Template Inviato!",
  submittedDescription: "Template inviato per approvazione WhatsApp.",
  deleted: "Template Eliminato",
  createError: "Errore",
  updateError: "Errore nell'aggiornamento",
  submitError: "Errore nell'invio",
  deleteError: "Errore nell'eliminazione",

  // Validation
  nameRequired: "Nome richiesto",
  nameTooLong: "Il nome può avere al massimo 100 caratteri",
  categoryRequired: "Categoria richiesta",
  channelInvalid: "Canale non valido: scegli whatsapp o sms",
  languageInvalid: "Lingua non valida: scegli it, en, es o fr",
  textRequired: "Il testo del messaggio è obbligatorio",
  textTooLong: (max: number) => `Il testo supera il limite di ${max} caratteri`,
  variableMalformed: (found: string) => `Variabile non valida "${found}": usa {{1}}, {{2}}…`,
  variableGap: (missing: number) => `Le variabili devono essere numerate in sequenza da {{1}}: manca {{${missing}}}`,
  variableAtStart: "Il testo non può iniziare con una variabile",
  variableAtEnd: "Il testo non può finire con una variabile",
  variablesAdjacent: (a: string, b: string) => `Le variabili ${a} e ${b} sono adiacenti: inserisci del testo tra le due`,
  mediaUrlRequired: "URL del media obbligatorio per un contenuto media",
  mediaUrlInvalid: "URL del media non valido: deve iniziare con https://",
  statusDraftOnly: "Un nuovo template è sempre in stato draft",
  onlyDraftSubmit: "Solo i template in bozza possono essere inviati per approvazione.",
  onlyDraftEdit: "Solo i template in bozza possono essere modificati.",
  notFound: "Template non trovato",
  twilioFailed: (reason: string) => `Twilio ha rifiutato il template: ${reason}`,
  twilioDeleteFailed: (reason: string) => `Impossibile eliminare il template su Twilio: ${reason}`,
  submissionInterrupted: "L'invio non si è concluso: invia di nuovo il template.",
  contentMissingAtTwilio: "Il contenuto non esiste più su Twilio",
} as const;

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

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullish()
    .transform((v) => (v ? v : null));

export const whatsappContentSchema = z.object({
  type: z.enum(TEMPLATE_CONTENT_TYPES, { error: "Tipo di contenuto non valido: text o media" }).default("text"),
  text: optionalText(2000),
  mediaUrl: optionalText(1000),
  mediaCaption: optionalText(2000),
});
export type WhatsappContent = z.output<typeof whatsappContentSchema>;

// The text WhatsApp shows: the body for text, the caption for media (falling back to the text).
export function templateBody(content: Pick<WhatsappContent, "type" | "text" | "mediaCaption"> | null | undefined): string {
  if (!content) return "";
  return (content.type === "media" ? (content.mediaCaption ?? content.text) : content.text) ?? "";
}

const templateFields = {
  name: z.string({ error: TEMPLATE_TEXTS.nameRequired }).trim().min(1, TEMPLATE_TEXTS.nameRequired).max(100, TEMPLATE_TEXTS.nameTooLong),
  description: optionalText(500),
  category: z.enum(TEMPLATE_CATEGORIES, { error: TEMPLATE_TEXTS.categoryRequired }),
  channel: z.enum(TEMPLATE_CHANNELS, { error: TEMPLATE_TEXTS.channelInvalid }).default("whatsapp"),
  language: z.enum(TEMPLATE_LANGUAGES, { error: TEMPLATE_TEXTS.languageInvalid }).default("it"),
  whatsappContent: whatsappContentSchema.default({ type: "text", text: null, mediaUrl: null, mediaCaption: null }),
};

function checkContent(v: { channel: TemplateChannel; whatsappContent: WhatsappContent }, ctx: z.RefinementCtx) {
  const content = v.whatsappContent;
  for (const message of templateBodyIssues(templateBody(content), v.channel)) {
    ctx.addIssue({ code: "custom", path: ["whatsappContent", content.type === "media" && content.mediaCaption ? "mediaCaption" : "text"], message });
  }
  if (content.type === "media") {
    if (!content.mediaUrl) ctx.addIssue({ code: "custom", path: ["whatsappContent", "mediaUrl"], message: TEMPLATE_TEXTS.mediaUrlRequired });
    else if (!/^https:\/\/[^\s]+$/i.test(content.mediaUrl) || !URL.canParse(content.mediaUrl))
      ctx.addIssue({ code: "custom", path: ["whatsappContent", "mediaUrl"], message: TEMPLATE_TEXTS.mediaUrlInvalid });
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
