import { z } from "zod";
import { isCalendarDayString } from "../calendar-time";
import type { VariableBindings, VariableContext } from "../template-variables";
import { variableBindingsSchema } from "./template-variables";

// Campaigns and follow-up funnels (spec part 2 "Campaigns", §3, §5, §9). This file is the contract
// between the Worker (worker/features/campaigns, worker/jobs/funnel-*) and the web screen.

export const CAMPAIGN_TYPES = ["dynamic", "calendar"] as const;
export type CampaignType = (typeof CAMPAIGN_TYPES)[number];
// pending: created, never activated. completed: a calendar broadcast whose sends are all done.
export const CAMPAIGN_STATUSES = ["pending", "active", "paused", "completed"] as const;
export type CampaignStatus = (typeof CAMPAIGN_STATUSES)[number];
export const STEP_TYPES = ["message", "conditional_reply"] as const;
export type StepType = (typeof STEP_TYPES)[number];
export const TRIGGER_TYPES = ["immediate", "relative", "absolute"] as const;
export type TriggerType = (typeof TRIGGER_TYPES)[number];
export const TRIGGER_UNITS = ["minutes", "hours", "days"] as const;
export type TriggerUnit = (typeof TRIGGER_UNITS)[number];

export const CAMPAIGN = {
  preferredHours: [9, 10, 14, 16, 18],
  preferredMinutes: [0, 15, 30, 45],
  // A relative delay longer than this snaps to the campaign's preferred hour and minute (Europe/Rome).
  snapAboveMs: 24 * 60 * 60 * 1000,
  calendarDefaultTime: "10:00",
  nameMax: 200,
  maxSteps: 20,
  triggerValueMax: 10_000,
} as const;

const name = z.string().trim().min(1, "Nome campagna richiesto").max(CAMPAIGN.nameMax, `Massimo ${CAMPAIGN.nameMax} caratteri`);
const templateSid = z.string().trim().min(1, "Template richiesto").max(100);
const preferredHour = z
  .number()
  .int()
  .refine((h) => (CAMPAIGN.preferredHours as readonly number[]).includes(h), "Ora preferita non valida: usa 9, 10, 14, 16 o 18")
  .nullable();
const preferredMinute = z
  .number()
  .int()
  .refine((m) => (CAMPAIGN.preferredMinutes as readonly number[]).includes(m), "Minuto preferito non valido: usa 0, 15, 30 o 45");

export const createDynamicCampaignSchema = z.object({
  name,
  templateSid,
  targetListId: z.string().trim().min(1, "Lista di destinazione richiesta"),
  // Optional: the server uses the user's active account; when sent it must be that account.
  twilioAccountId: z.string().trim().min(1).optional(),
  preferredHour: preferredHour.optional().default(null),
  preferredMinute: preferredMinute.optional().default(0),
});
export type CreateDynamicCampaignInput = z.infer<typeof createDynamicCampaignSchema>;

// A one-off broadcast of a template to a list at a date and time in Europe/Rome.
export const createCalendarCampaignSchema = z.object({
  name,
  templateSid,
  targetListId: z.string().trim().min(1, "Lista di destinazione richiesta"),
  twilioAccountId: z.string().trim().min(1).optional(),
  scheduledDate: z.string().refine(isCalendarDayString, "Data non valida (AAAA-MM-GG)"),
  scheduledTime: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, "Orario non valido (HH:mm)"),
  // Where each {{n}} of the template takes its value for each lead of the list.
  variables: variableBindingsSchema.optional().default({}),
});
export type CreateCalendarCampaignInput = z.infer<typeof createCalendarCampaignSchema>;

// GET /api/campaigns/recipients-sample: the first recipient of a list, for the live preview of a template.
export const recipientSampleQuery = z.object({ targetListId: z.string({ error: "Lista di destinazione richiesta" }).trim().min(1, "Lista di destinazione richiesta").max(64) });
export interface ApiRecipientSample {
  total: number;
  first: { name: string | null; context: VariableContext } | null;
  // The source's own columns, offered as custom fields.
  customKeys: string[];
}

export const campaignIdParam = z.object({ id: z.string().min(1).max(64) });
export const funnelStepIdParam = z.object({ id: z.string().min(1).max(64), stepId: z.string().min(1).max(64) });
export const campaignListQuery = z.object({
  type: z.enum(CAMPAIGN_TYPES, { error: "Tipo non valido: usa 'dynamic' o 'calendar'" }).optional(),
});

export const updateCampaignSchema = z.object({
  status: z.enum(["active", "paused"], { error: "Stato non valido: usa 'active' o 'paused'" }),
});
export type UpdateCampaignInput = z.infer<typeof updateCampaignSchema>;

export const TRIGGER_REQUIRED_MESSAGE = "triggerValue is required for 'relative' trigger, triggerDate is required for 'absolute' trigger";
export const STEP_ORDER_MESSAGE = "stepOrder must be a positive integer starting from 1";
export const TRIGGER_TYPE_MESSAGE = "triggerType must be 'immediate', 'relative' or 'absolute'";
export const STEP_TEMPLATE_REQUIRED = "Template è richiesto per i messaggi";

const stepFields = z.object({
  stepType: z.enum(STEP_TYPES, { error: "stepType deve essere 'message' o 'conditional_reply'" }),
  templateSid: z.string().trim().max(100).nullable().optional(),
  triggerType: z.enum(TRIGGER_TYPES, { error: TRIGGER_TYPE_MESSAGE }),
  triggerValue: z.number().int("Il numero deve essere intero").max(CAMPAIGN.triggerValueMax).nullable().optional(),
  triggerUnit: z.enum(TRIGGER_UNITS, { error: "Unità non valida: usa minutes, hours o days" }).nullable().optional(),
  // An instant: ISO 8601 with offset (the web converts the Rome date and time it shows).
  triggerDate: z.iso.datetime({ offset: true, error: "Data non valida" }).nullable().optional(),
  stepOrder: z.number({ error: STEP_ORDER_MESSAGE }).int(STEP_ORDER_MESSAGE).min(1, STEP_ORDER_MESSAGE),
  isActive: z.boolean(),
  // Where each {{n}} of the step's template takes its value for each lead.
  variables: variableBindingsSchema.nullable().optional(),
});

export type FunnelStepFields = z.infer<typeof stepFields>;

// The rules a whole step must satisfy; the server checks them on create and on the merged result of an update.
export function checkStep(step: Partial<FunnelStepFields>, ctx: z.RefinementCtx) {
  if (step.triggerType === "relative" && !(step.triggerValue != null && step.triggerValue > 0)) {
    ctx.addIssue({ code: "custom", path: ["triggerValue"], message: TRIGGER_REQUIRED_MESSAGE });
  }
  if (step.triggerType === "relative" && !step.triggerUnit) {
    ctx.addIssue({ code: "custom", path: ["triggerUnit"], message: "triggerUnit is required for 'relative' trigger" });
  }
  if (step.triggerType === "absolute" && !step.triggerDate) {
    ctx.addIssue({ code: "custom", path: ["triggerDate"], message: TRIGGER_REQUIRED_MESSAGE });
  }
  if ((step.stepType ?? "message") === "message" && !step.templateSid) {
    ctx.addIssue({ code: "custom", path: ["templateSid"], message: STEP_TEMPLATE_REQUIRED });
  }
}

// POST /api/campaigns/:id/funnel. stepOrder defaults to the existing steps count + 1.
export const createFunnelStepSchema = stepFields
  .extend({
    stepType: stepFields.shape.stepType.default("message"),
    triggerType: stepFields.shape.triggerType.default("immediate"),
    stepOrder: stepFields.shape.stepOrder.optional(),
    isActive: z.boolean().default(true),
  })
  .superRefine(checkStep);
export type CreateFunnelStepInput = z.infer<typeof createFunnelStepSchema>;

// PATCH /api/campaigns/:id/funnel/:stepId: any subset; the server re-checks the merged step with checkStep.
export const updateFunnelStepSchema = stepFields.partial();
export type UpdateFunnelStepInput = z.infer<typeof updateFunnelStepSchema>;

export interface ApiFunnelStepStats {
  pending: number; // scheduled, not yet due or not yet sent
  sent: number;
  delivered: number; // delivered or read
  replied: number; // the customer wrote after this step's message
  stopped: number; // runs that ended at this step (conditional reply met, campaign deleted, opted out)
  skipped: number; // opted out or conversation in operator mode
  failed: number;
}

export interface ApiFunnelStep {
  id: string;
  campaignId: string;
  stepOrder: number;
  stepType: StepType;
  templateSid: string | null;
  triggerType: TriggerType;
  triggerValue: number | null;
  triggerUnit: TriggerUnit | null;
  triggerDate: string | null; // ISO
  isActive: boolean;
  variables: VariableBindings | null;
  stats: ApiFunnelStepStats;
}

export interface ApiCampaign {
  id: string;
  campaignId: string;
  name: string;
  campaignType: CampaignType;
  status: CampaignStatus;
  templateSid: string | null;
  targetListId: string | null;
  targetListName: string | null;
  twilioAccountId: string;
  preferredHour: number | null;
  preferredMinute: number;
  scheduledAt: string | null; // calendar campaigns: the broadcast instant, ISO
  totalRecipients: number;
  sentCount: number;
  deliveredCount: number;
  failedCount: number;
  skippedCount: number;
  stepCount: number;
  createdAt: string;
}

// GET /api/campaigns/:id/capacity: what activating the campaign will do.
export interface ApiCampaignCapacity {
  recipients: number; // leads in the target list that will get the first message
  skippedOptedOut: number;
  skippedOperator: number;
  messages: number; // total message sends if every lead goes through every message step
  messagesPerSecond: number; // the sender's limit
  firstSendAt: string; // ISO
  finishesAt: string; // ISO: when the first step's sends finish at that rate
}

export const CAMPAIGN_TEXTS = {
  title: "Campagne WhatsApp",
  back: "Dashboard",
  tabDynamic: "DINAMICA",
  tabCalendar: "CALENDAR",
  createDynamic: "Crea Dinamica",
  createCalendar: "Crea Calendario",
  loading: "Caricamento campagne...",
  emptyDynamic: "Nessuna campagna dinamica attiva",
  emptyCalendar: "Nessuna campagna calendario programmata",
  active: "Attiva",
  paused: "In Pausa",
  sent: "inviati",
  deleteConfirm: (name: string) => `Sei sicuro di voler eliminare la campagna "${name}"? Questa azione non può essere annullata.`,
  stepDeleteConfirm: "Eliminare questo step del funnel? L'azione non può essere annullata.",
  noSteps: "Nessun step configurato",
  addStep: "Aggiungi Step",
  addStepTitle: "Aggiungi Step Funnel",
  editStepTitle: "Modifica Step Funnel",
  createError: "Impossibile creare la campagna dinamica",
  updateError: "Impossibile aggiornare la campagna.",
  deleteError: "Impossibile eliminare la campagna.",
  stepAddError: "Errore nell'aggiungere step funnel",
  stepDeleteError: "Errore nell'eliminare step funnel",
  stepUpdateError: "Errore nell'aggiornare step funnel",
  created: "Campagna creata",
  updated: "Campagna aggiornata",
  deleted: "Campagna eliminata",
  stepAdded: "Step del funnel aggiunto",
  stepDeleted: "Step del funnel eliminato",
  stepUpdated: "Step del funnel aggiornato",
  immediate: "Immediato",
  notConfigured: "Non configurato",
  // Server-side errors shown to the user.
  onlyDynamicLists: "Le campagne dinamiche sono disponibili solo per liste dinamiche.",
  listNotFound: "Lista non trovata",
  templateNotApproved: "Il template deve essere approvato per essere usato in una campagna.",
  noStepsToActivate: "Aggiungi almeno uno step al funnel prima di attivare la campagna.",
  campaignNotFound: "Campagna non trovata",
  stepNotFound: "Step non trovato",
  scheduledInPast: "La data e l'ora programmate sono già passate.",
  campaignCompleted: "La campagna è già stata completata.",
  tooManySteps: `Un funnel può avere al massimo ${CAMPAIGN.maxSteps} step.`,
  stepOrderTaken: "Esiste già uno step con questo numero d'ordine.",
} as const;

const UNIT_WORDS: Record<TriggerUnit, [string, string]> = {
  minutes: ["minuto", "minuti"],
  hours: ["ora", "ore"],
  days: ["giorno", "giorni"],
};

// The spec's trigger display: 'Immediato', 'Dopo N minuti/ore/giorni', 'Il {date}', else 'Non configurato'.
// formatDate renders the absolute date (the web passes its Europe/Rome formatter).
export function triggerLabel(
  step: Pick<ApiFunnelStep, "triggerType" | "triggerValue" | "triggerUnit" | "triggerDate">,
  formatDate: (iso: string) => string,
): string {
  if (step.triggerType === "immediate") return CAMPAIGN_TEXTS.immediate;
  if (step.triggerType === "relative" && step.triggerValue && step.triggerUnit) {
    const [one, many] = UNIT_WORDS[step.triggerUnit];
    return `Dopo ${step.triggerValue} ${step.triggerValue === 1 ? one : many}`;
  }
  if (step.triggerType === "absolute" && step.triggerDate) return `Il ${formatDate(step.triggerDate)}`;
  return CAMPAIGN_TEXTS.notConfigured;
}

// Screen texts beyond the spec's own words: labels, hints and the capacity check.
export const CAMPAIGN_UI = {
  noActiveAccount: "Nessun account Twilio attivo: configuralo in Account Twilio",
  loadError: "Impossibile caricare le campagne.",
  tabsLabel: "Tipo di campagna",

  // Cards
  sentCount: (n: number) => `${n.toLocaleString("it-IT")} ${CAMPAIGN_TEXTS.sent}`,
  delivered: (n: number) => `${n.toLocaleString("it-IT")} consegnati`,
  failed: (n: number) => `${n.toLocaleString("it-IT")} falliti`,
  skipped: (n: number) => `${n.toLocaleString("it-IT")} saltati`,
  recipients: (n: number) => (n === 1 ? "1 destinatario" : `${n.toLocaleString("it-IT")} destinatari`),
  completed: "Completata",
  statusSwitch: (name: string) => `Attiva o metti in pausa la campagna ${name}`,
  template: "Template",
  list: "Lista",
  listRemoved: "Lista eliminata",
  preferredTime: (time: string) => `Follow-up oltre 24 ore alle ${time}`,
  showFunnel: "Mostra funnel",
  hideFunnel: "Nascondi funnel",
  steps: (n: number) => (n === 1 ? "1 step" : `${n} step`),
  scheduledFor: (when: string) => `Invio programmato: ${when}`,

  // Create dialogs
  createDynamicTitle: "Nuova campagna dinamica",
  createDynamicDescription: "Ogni lead che entra nella lista dinamica riceve il funnel di follow-up, a partire dal primo step.",
  createCalendarTitle: "Nuova campagna calendario",
  createCalendarDescription: "Un invio unico del template a tutti i lead della lista, alla data e all'ora scelte (ora italiana).",
  nameLabel: "Nome campagna",
  targetListLabel: "Lista di destinazione",
  selectList: "Seleziona una lista",
  dynamicListsHint: "Solo liste dinamiche: i lead che vi entrano iniziano il funnel.",
  noDynamicLists: "Nessuna lista dinamica: crea una lista di tipo Dinamica nella pagina Liste.",
  noLists: "Nessuna lista: creane una nella pagina Liste.",
  goToLists: "Vai alle Liste",
  selectTemplate: "Seleziona un template approvato",
  noApprovedTemplates: "Nessun template approvato per questo account.",
  preferredHourLabel: "Ora preferita dei follow-up",
  preferredMinuteLabel: "Minuto",
  noPreferredHour: "Nessuna",
  preferredHint: "Si applica ai follow-up con un ritardo superiore a 24 ore: l'invio viene spostato a quest'ora (ora italiana).",
  dateLabel: "Data",
  timeLabel: "Ora",
  invalidDate: "Data non valida",
  create: "Crea campagna",
  calendarCreated: "Campagna programmata",
  calendarCreateError: "Impossibile creare la campagna calendario",

  // Capacity check before activation
  capacityTitle: "Attivare la campagna?",
  capacityDescription: (name: string) => `Prima di attivare "${name}", ecco cosa succederà.`,
  capacityLoading: "Calcolo in corso...",
  capacityError: "Impossibile calcolare l'invio previsto.",
  capacityRecipients: "Destinatari",
  capacityMessages: "Messaggi totali",
  capacityMessagesHint: "Se ogni lead percorre tutti gli step di messaggio.",
  capacityRate: "Velocità di invio",
  rate: (perSecond: number) => `${perSecond.toLocaleString("it-IT")} msg/s`,
  capacitySkipped: "Esclusi",
  skippedDetail: (optedOut: number, operator: number) => `${optedOut} disiscritti · ${operator} in modalità operatore`,
  capacityFirstSend: "Primo invio",
  capacityFinishes: "Fine del primo step",
  romeTime: "ora italiana",
  capacityConfirm: "Attiva campagna",

  // Funnel
  funnelTitle: "Funnel di follow-up",
  stepNumber: (n: number) => `Step ${n}`,
  stepTypeLabels: { message: "Messaggio", conditional_reply: "Controllo risposta" } as Record<StepType, string>,
  conditionalExplain:
    "Controlla se il cliente ha risposto dall'ultimo messaggio inviato: se sì il funnel si ferma (successo), altrimenti passa allo step successivo. Non invia messaggi.",
  noTemplate: "Nessun messaggio",
  editStep: (n: number) => `Modifica step ${n}`,
  deleteStep: (n: number) => `Elimina step ${n}`,
  chartTitle: "Risultati per step",
  chartSeries: { sent: "Inviati", delivered: "Consegnati", replied: "Risposte", stopped: "Fermati" },
  chartEmpty: "Nessun invio ancora: il grafico si riempie quando partono i messaggi.",

  // Step dialog
  stepDescription: "Gli step partono in ordine; un ritardo si conta dallo step precedente.",
  stepTypeLabel: "Tipo di step",
  whenLabel: "Quando inviare",
  triggerLabels: { immediate: "Immediato", relative: "Dopo", absolute: "Il giorno" } as Record<TriggerType, string>,
  triggerValueLabel: "Numero",
  triggerUnitLabel: "Unità",
  unitLabels: { minutes: "minuti", hours: "ore", days: "giorni" } as Record<TriggerUnit, string>,
  snapHint: (time: string) => `Ritardo oltre 24 ore: l'invio viene spostato alle ${time} (ora preferita della campagna).`,
  triggerValueMin: "Inserisci un numero intero di almeno 1",
  triggerValueMax: `Il numero può essere al massimo ${CAMPAIGN.triggerValueMax}`,
  triggerDateRequired: "Scegli data e ora dell'invio",
  triggerDateHint: "Data e ora italiane.",
  saveStep: "Salva step",
} as const;
