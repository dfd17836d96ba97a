import { z } from "zod";
import { looksLikePhone, toE164 } from "../phone";
import { CONVERSATION_TEXTS } from "../texts/conversations";

export const LEAD_LEVELS = ["low", "medium", "high"] as const;
export type LeadLevel = (typeof LEAD_LEVELS)[number];

export const ACTIONS_TEXTS = {
  lastCustomerMessage: (text: string) => `Ultimo messaggio del cliente: «${text}»`,
  leadDetectionTitle: "Lead Detection AI",
  leadDetectionDescription:
    "Analizza le conversazioni dopo ogni messaggio dei clienti, riconosce i lead qualificati (interesse e urgenza) e li segnala su WhatsApp ai numeri che indichi.",
  active: "ATTIVO",
  inactive: "INATTIVO",
  configure: "Configura",
  comingSoon: "Prossimamente",
  settingsTitle: "Impostazioni Lead Detection AI",
  settingsDescription:
    "Quando è attiva, ogni conversazione viene analizzata dall'AI. Un lead qualificato viene segnato come conversione e notificato una sola volta ai numeri in elenco.",
  enabledLabel: "Attiva Lead Detection AI",
  templateLabel: "Template della notifica",
  freeFormOption: "Messaggio libero (solo ai numeri che hanno scritto nelle ultime 24 ore)",
  freeFormShort: "Messaggio libero",
  phonesCount: (n: number) => (n === 1 ? "1 numero da avvisare" : `${n} numeri da avvisare`),
  phonesLabel: "Numeri da avvisare",
  phonePlaceholder: "+393331234567",
  addPhone: "Aggiungi",
  removePhone: (phone: string) => `Rimuovi ${phone}`,
  noPhones: "Nessun numero in elenco",
  phoneRequired: "Inserisci un numero di telefono",
  phoneDuplicate: "Questo numero è già presente nella lista",
  phoneInvalid: CONVERSATION_TEXTS.invalidNumber,
  tooManyPhones: "Al massimo 20 numeri",
  saveError: "Errore durante il salvataggio delle impostazioni",
  saved: "Impostazioni salvate",
  loadError: "Errore nel caricamento delle impostazioni",
  templateNotApproved: CONVERSATION_TEXTS.templateNotApproved,
  noActiveAccount: "Nessun account Twilio attivo: configuralo in Account Twilio",
  interestLabels: { low: "basso", medium: "medio", high: "alto" } satisfies Record<LeadLevel, string>,
  urgencyLabels: { low: "bassa", medium: "media", high: "alta" } satisfies Record<LeadLevel, string>,
  notification: (customer: string, phone: string, interest: LeadLevel, urgency: LeadLevel, summary: string) =>
    `Nuovo lead qualificato da Lead Detection AI: ${customer} (${phone}). Interesse ${ACTIONS_TEXTS.interestLabels[interest]}, urgenza ${ACTIONS_TEXTS.urgencyLabels[urgency]}.${summary ? ` ${summary}` : ""}`,
  notificationTemplateDetail: (interest: LeadLevel, urgency: LeadLevel) =>
    `lead qualificato, interesse ${ACTIONS_TEXTS.interestLabels[interest]}, urgenza ${ACTIONS_TEXTS.urgencyLabels[urgency]}`,
  // Cards of automations that are not available yet (Voice AI and Vision AI are real: media-ai-cards).
  upcoming: [{ key: "email-sync", title: "Email Sync Pro", description: "Sincronizza conversazioni e lead con la tua casella email." }],
  upcomingMobile: [] as { key: string; title: string; description: string }[],
} as const;

// The lead-notification dialog checks only that a number is there and not listed twice (spec part 2 §5).
export function leadPhoneIssue(input: string, listed: readonly string[]): string | null {
  const phone = input.trim();
  if (!phone) return ACTIONS_TEXTS.phoneRequired;
  if (listed.map((p) => p.trim()).includes(phone)) return ACTIONS_TEXTS.phoneDuplicate;
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
      const issue = leadPhoneIssue(raw, []) ?? (looksLikePhone(raw) ? null : ACTIONS_TEXTS.phoneInvalid);
      const message = issue ?? (seen.includes(key(raw)) ? ACTIONS_TEXTS.phoneDuplicate : null);
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
