import { z } from "zod";
import { optionalText } from "./fields";
import { isCalendarDayString } from "../calendar-time";
import { ROME_TZ } from "../rome-time";

// The tools a prompt may give its agent (checkboxes in the prompt editor). "prenotazioni" covers
// disponibilita, prenota, sposta and annulla, which only make sense together.
export const AGENT_TOOL_KEYS = ["prenotazioni", "contatto", "qualifica", "operatore", "documenti"] as const;
export type AgentToolKey = (typeof AGENT_TOOL_KEYS)[number];

export const AGENT_TOOL_NAMES = ["disponibilita", "prenota", "sposta", "annulla", "aggiorna_contatto", "qualifica_lead", "passa_a_operatore", "invia_documento"] as const;
export type AgentToolName = (typeof AGENT_TOOL_NAMES)[number];

export const TOOLS_OF_KEY: Record<AgentToolKey, AgentToolName[]> = {
  prenotazioni: ["disponibilita", "prenota", "sposta", "annulla"],
  contatto: ["aggiorna_contatto"],
  qualifica: ["qualifica_lead"],
  operatore: ["passa_a_operatore"],
  documenti: ["invia_documento"],
};

// At most this many rounds of tool calls per reply; then the model must answer in words.
export const MAX_TOOL_ROUNDS = 3;

export const BOOKING_LIMITS = {
  slotMinutes: [15, 20, 30, 45, 60, 90, 120] as const,
  minNoticeMaxMinutes: 7 * 24 * 60,
  daysAheadMax: 180,
  reminderMaxMinutes: 7 * 24 * 60,
  rangesPerDay: 3,
  // Slots offered to the model for one day.
  slotsShown: 12,
} as const;

export const WEEKDAY_LABELS = ["Domenica", "Lunedì", "Martedì", "Mercoledì", "Giovedì", "Venerdì", "Sabato"] as const;
// The settings card lists the week from Monday, as Italians read it.
export const WEEK_ORDER = [1, 2, 3, 4, 5, 6, 0] as const;

export const AGENT_TEXTS = {
  toolsTitle: "Strumenti dell'agente",
  toolsHint: "L'agente può usare solo gli strumenti scelti; ogni azione viene controllata e mostrata nella chat.",
  toolLabels: {
    prenotazioni: "Prenota appuntamento",
    contatto: "Aggiorna contatto",
    qualifica: "Qualifica lead",
    operatore: "Passa a operatore",
    documenti: "Invia documento",
  } satisfies Record<AgentToolKey, string>,
  toolHints: {
    prenotazioni: "Cerca gli orari liberi nel Calendario, prenota, sposta o annulla l'appuntamento del cliente.",
    contatto: "Scrive nome, cognome, e-mail, azienda, esigenza e budget nel lead, senza toccare i dati inseriti da un operatore.",
    qualifica: "Segna il lead come qualificato con il motivo (una volta per conversazione).",
    operatore: "Attiva la modalità operatore con un riepilogo per chi prende in carico la chat.",
    documenti: "Invia su WhatsApp un file della Libreria documenti (Azioni), solo entro la finestra di 24 ore.",
  } satisfies Record<AgentToolKey, string>,
  toolsUnsupported: "Il modello di questo prompt non supporta gli strumenti: l'agente risponde senza. Scegli un altro modello per usarli.",
  toolsInvalid: "Strumenti non validi",

  bookingTitle: "Orari per gli appuntamenti",
  bookingHint: "L'agente propone e prenota solo slot liberi dentro questi orari (ora italiana).",
  closed: "Chiuso",
  addRange: "Aggiungi fascia",
  removeRange: "Rimuovi fascia",
  from: "Dalle",
  to: "Alle",
  slotMinutes: "Durata dello slot (minuti)",
  minNotice: "Preavviso minimo (minuti)",
  daysAhead: "Giorni prenotabili in avanti",
  reminderTemplate: "Template del promemoria al cliente",
  reminderNone: "Nessun promemoria",
  reminderMinutes: "Promemoria prima dell'appuntamento (minuti)",
  bookingSaved: "Orari salvati",
  bookingSaveError: "Errore durante il salvataggio degli orari",
  bookingLoadError: "Errore nel caricamento degli orari",
  save: "Salva orari",

  timeInvalid: "Orario non valido (usa HH:mm)",
  rangeInvalid: "Ogni fascia deve finire dopo l'inizio",
  rangesOverlap: "Le fasce dello stesso giorno non possono sovrapporsi",
  tooManyRanges: "Al massimo 3 fasce per giorno",
  slotInvalid: "Durata dello slot non valida",
  minNoticeInvalid: "Preavviso minimo non valido",
  daysAheadInvalid: "Giorni in avanti non validi (1-180)",
  reminderMinutesInvalid: "Anticipo del promemoria non valido",
  templateNotApproved: "Il template del promemoria deve essere approvato",
  hoursInvalid: "Orari di apertura non validi",

  // The chat's event lines.
  eventsTitle: "Azioni dell'agente",
  handoffTitle: "Passata all'operatore dall'agente",
  handoffWants: "Cosa vuole",
  handoffPromised: "Cosa è stato promesso",
  handoffMissing: "Cosa manca",
  refusedPrefix: "Rifiutata",
  handoffReply: "Ti metto in contatto con un collega: una persona ti risponderà qui al più presto.",
  handoffAlert: (customer: string, phone: string, summary: string) => `AgentBot Pro: ${customer} (${phone}) chiede di parlare con una persona.\n${summary}`,
} as const;

// ---- Booking settings (Configurazione) ----

const HHMM = /^([01]\d|2[0-3]):[0-5]\d$/;
const minutesOf = (t: string) => Number(t.slice(0, 2)) * 60 + Number(t.slice(3, 5));

const rangeSchema = z
  .object({
    start: z.string({ error: AGENT_TEXTS.timeInvalid }).regex(HHMM, AGENT_TEXTS.timeInvalid),
    end: z.string({ error: AGENT_TEXTS.timeInvalid }).regex(/^(([01]\d|2[0-3]):[0-5]\d|24:00)$/, AGENT_TEXTS.timeInvalid),
  })
  .refine((r) => minutesOf(r.end) > minutesOf(r.start), { message: AGENT_TEXTS.rangeInvalid, path: ["end"] });

const dayRangesSchema = z
  .array(rangeSchema, { error: AGENT_TEXTS.hoursInvalid })
  .max(BOOKING_LIMITS.rangesPerDay, AGENT_TEXTS.tooManyRanges)
  .refine(
    (ranges) => {
      const sorted = [...ranges].sort((a, b) => minutesOf(a.start) - minutesOf(b.start));
      return sorted.every((r, i) => i === 0 || minutesOf(r.start) >= minutesOf(sorted[i - 1]!.end));
    },
    { message: AGENT_TEXTS.rangesOverlap },
  )
  .transform((ranges) => [...ranges].sort((a, b) => minutesOf(a.start) - minutesOf(b.start)));

export const bookingSettingsSchema = z.object({
  openingHours: z.array(dayRangesSchema, { error: AGENT_TEXTS.hoursInvalid }).length(7, AGENT_TEXTS.hoursInvalid),
  slotMinutes: z
    .number({ error: AGENT_TEXTS.slotInvalid })
    .refine((m) => (BOOKING_LIMITS.slotMinutes as readonly number[]).includes(m), AGENT_TEXTS.slotInvalid),
  minNoticeMinutes: z
    .number({ error: AGENT_TEXTS.minNoticeInvalid })
    .int(AGENT_TEXTS.minNoticeInvalid)
    .min(0, AGENT_TEXTS.minNoticeInvalid)
    .max(BOOKING_LIMITS.minNoticeMaxMinutes, AGENT_TEXTS.minNoticeInvalid),
  daysAhead: z
    .number({ error: AGENT_TEXTS.daysAheadInvalid })
    .int(AGENT_TEXTS.daysAheadInvalid)
    .min(1, AGENT_TEXTS.daysAheadInvalid)
    .max(BOOKING_LIMITS.daysAheadMax, AGENT_TEXTS.daysAheadInvalid),
  reminderTemplateSid: z.string().trim().min(1).max(64).nullable(),
  reminderMinutes: z
    .number({ error: AGENT_TEXTS.reminderMinutesInvalid })
    .int(AGENT_TEXTS.reminderMinutesInvalid)
    .min(5, AGENT_TEXTS.reminderMinutesInvalid)
    .max(BOOKING_LIMITS.reminderMaxMinutes, AGENT_TEXTS.reminderMinutesInvalid),
});
export type BookingSettingsInput = z.output<typeof bookingSettingsSchema>;
export type ApiBookingSettings = BookingSettingsInput;

export const DEFAULT_BOOKING_SETTINGS: ApiBookingSettings = {
  openingHours: [[], [], [], [], [], [], []],
  slotMinutes: 30,
  minNoticeMinutes: 120,
  daysAhead: 30,
  reminderTemplateSid: null,
  reminderMinutes: 1440,
};

export const agentToolsSchema = z
  .array(z.enum(AGENT_TOOL_KEYS, { error: AGENT_TEXTS.toolsInvalid }), { error: AGENT_TEXTS.toolsInvalid })
  .max(AGENT_TOOL_KEYS.length, AGENT_TEXTS.toolsInvalid)
  .transform((keys) => AGENT_TOOL_KEYS.filter((k) => keys.includes(k)));

// ---- The tools' arguments, as the model sends them ----

export const ARG_TEXTS = {
  dayInvalid: "giorno deve essere una data AAAA-MM-GG",
  slotInvalid: "slot deve essere data e ora AAAA-MM-GGTHH:mm (ora italiana)",
  titleInvalid: "titolo è obbligatorio (al massimo 120 caratteri)",
  emailInvalid: "l'e-mail non è un indirizzo valido: chiedila di nuovo al cliente",
  contactEmpty: "nessun dato del contatto da scrivere",
  reasonRequired: "motivo è obbligatorio",
  summaryRequired: "richiesta è obbligatoria: scrivi cosa vuole il cliente",
  documentRequired: "documento è obbligatorio: il titolo di un documento della libreria",
} as const;

const slotString = z
  .string({ error: ARG_TEXTS.slotInvalid })
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}T([01]\d|2[0-3]):[0-5]\d$/, ARG_TEXTS.slotInvalid)
  .refine((v) => isCalendarDayString(v.slice(0, 10)), ARG_TEXTS.slotInvalid);
const optionalField = (max: number) => optionalText(max).transform((v) => v ?? undefined);

export const toolArgSchemas = {
  disponibilita: z.object({
    giorno: z.string({ error: ARG_TEXTS.dayInvalid }).trim().refine(isCalendarDayString, ARG_TEXTS.dayInvalid),
  }),
  prenota: z.object({
    slot: slotString,
    titolo: z.string({ error: ARG_TEXTS.titleInvalid }).trim().min(1, ARG_TEXTS.titleInvalid).max(120, ARG_TEXTS.titleInvalid),
    note: optionalField(500),
  }),
  sposta: z.object({ slot: slotString }),
  annulla: z.object({ motivo: optionalField(300) }),
  aggiorna_contatto: z
    .object({
      nome: optionalField(60),
      cognome: optionalField(60),
      email: z
        .string()
        .trim()
        .nullish()
        .transform((v) => (v ? v : undefined))
        .pipe(z.email(ARG_TEXTS.emailInvalid).max(254, ARG_TEXTS.emailInvalid).optional()),
      azienda: optionalField(120),
      esigenza: optionalField(500),
      budget: optionalField(60),
    })
    .refine((v) => Object.values(v).some((x) => x !== undefined), ARG_TEXTS.contactEmpty),
  qualifica_lead: z.object({ motivo: z.string({ error: ARG_TEXTS.reasonRequired }).trim().min(3, ARG_TEXTS.reasonRequired).max(300) }),
  passa_a_operatore: z.object({
    richiesta: z.string({ error: ARG_TEXTS.summaryRequired }).trim().min(3, ARG_TEXTS.summaryRequired).max(500),
    promesso: optionalField(500),
    mancante: optionalField(500),
  }),
  invia_documento: z.object({
    documento: z.string({ error: ARG_TEXTS.documentRequired }).trim().min(1, ARG_TEXTS.documentRequired).max(120, ARG_TEXTS.documentRequired),
  }),
} satisfies Record<AgentToolName, z.ZodType>;

// ---- What the console shows ----

export interface ApiAgentEvent {
  id: string;
  tool: AgentToolName;
  status: "ok" | "refused";
  text: string;
  createdAt: string;
}

export interface ApiHandoff {
  richiesta: string;
  promesso: string | null;
  mancante: string | null;
  createdAt: string;
}

export interface ApiAgentActivity {
  events: ApiAgentEvent[];
  // The agent's summary for the operator, while the conversation is in operator mode after a handoff.
  handoff: ApiHandoff | null;
}

// "giovedì 3 dicembre alle 10:00" in Rome time.
const longDay = new Intl.DateTimeFormat("it-IT", { timeZone: ROME_TZ, weekday: "long", day: "numeric", month: "long" });
const clock = new Intl.DateTimeFormat("it-IT", { timeZone: ROME_TZ, hour: "2-digit", minute: "2-digit", hourCycle: "h23" });
export function romeWhen(at: Date): string {
  return `${longDay.format(at)} alle ${clock.format(at)}`;
}
export function romeLongDay(at: Date): string {
  return longDay.format(at);
}

export const EVENT_LINES = {
  booked: (when: string) => `L'agente ha prenotato ${when}`,
  moved: (when: string) => `L'agente ha spostato l'appuntamento a ${when}`,
  cancelled: (when: string) => `L'agente ha annullato l'appuntamento di ${when}`,
  contact: (fields: string[]) => `L'agente ha aggiornato il contatto: ${fields.join(", ")}`,
  qualified: (reason: string) => `L'agente ha qualificato il lead: ${reason}`,
  handoff: "L'agente ha passato la conversazione a un operatore",
  document: (title: string) => `L'agente ha inviato il documento «${title}»`,
  refused: (tool: string, reason: string) => `L'agente ha provato «${tool}»: rifiutato (${reason})`,
} as const;
