import { z } from "zod";
import { optionalText } from "./fields";
import { isCalendarDayString } from "../calendar-time";
import { ROME_TZ } from "../rome-time";
import { AGENT_TEXTS as TX } from "../texts/agent";

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

// The settings card lists the week from Monday, as Italians read it.
export const WEEK_ORDER = [1, 2, 3, 4, 5, 6, 0] as const;

// ---- Booking settings (Configurazione) ----

const HHMM = /^([01]\d|2[0-3]):[0-5]\d$/;
const minutesOf = (t: string) => Number(t.slice(0, 2)) * 60 + Number(t.slice(3, 5));

const rangeSchema = z
  .object({
    start: z.string({ error: TX.timeInvalid }).regex(HHMM, TX.timeInvalid),
    end: z.string({ error: TX.timeInvalid }).regex(/^(([01]\d|2[0-3]):[0-5]\d|24:00)$/, TX.timeInvalid),
  })
  .refine((r) => minutesOf(r.end) > minutesOf(r.start), { message: TX.rangeInvalid, path: ["end"] });

const dayRangesSchema = z
  .array(rangeSchema, { error: TX.hoursInvalid })
  .max(BOOKING_LIMITS.rangesPerDay, TX.tooManyRanges)
  .refine(
    (ranges) => {
      const sorted = [...ranges].sort((a, b) => minutesOf(a.start) - minutesOf(b.start));
      return sorted.every((r, i) => i === 0 || minutesOf(r.start) >= minutesOf(sorted[i - 1]!.end));
    },
    { message: TX.rangesOverlap },
  )
  .transform((ranges) => [...ranges].sort((a, b) => minutesOf(a.start) - minutesOf(b.start)));

export const bookingSettingsSchema = z.object({
  openingHours: z.array(dayRangesSchema, { error: TX.hoursInvalid }).length(7, TX.hoursInvalid),
  slotMinutes: z
    .number({ error: TX.slotInvalid })
    .refine((m) => (BOOKING_LIMITS.slotMinutes as readonly number[]).includes(m), TX.slotInvalid),
  minNoticeMinutes: z
    .number({ error: TX.minNoticeInvalid })
    .int(TX.minNoticeInvalid)
    .min(0, TX.minNoticeInvalid)
    .max(BOOKING_LIMITS.minNoticeMaxMinutes, TX.minNoticeInvalid),
  daysAhead: z
    .number({ error: TX.daysAheadInvalid })
    .int(TX.daysAheadInvalid)
    .min(1, TX.daysAheadInvalid)
    .max(BOOKING_LIMITS.daysAheadMax, TX.daysAheadInvalid),
  reminderTemplateSid: z.string().trim().min(1).max(64).nullable(),
  reminderMinutes: z
    .number({ error: TX.reminderMinutesInvalid })
    .int(TX.reminderMinutesInvalid)
    .min(5, TX.reminderMinutesInvalid)
    .max(BOOKING_LIMITS.reminderMaxMinutes, TX.reminderMinutesInvalid),
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
  .array(z.enum(AGENT_TOOL_KEYS, { error: TX.toolsInvalid }), { error: TX.toolsInvalid })
  .max(AGENT_TOOL_KEYS.length, TX.toolsInvalid)
  .transform((keys) => AGENT_TOOL_KEYS.filter((k) => keys.includes(k)));

// ---- The tools' arguments, as the model sends them ----

const slotString = z
  .string({ error: TX.args.slotInvalid })
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}T([01]\d|2[0-3]):[0-5]\d$/, TX.args.slotInvalid)
  .refine((v) => isCalendarDayString(v.slice(0, 10)), TX.args.slotInvalid);
const optionalField = (max: number) => optionalText(max).transform((v) => v ?? undefined);

export const toolArgSchemas = {
  disponibilita: z.object({
    giorno: z.string({ error: TX.args.dayInvalid }).trim().refine(isCalendarDayString, TX.args.dayInvalid),
  }),
  prenota: z.object({
    slot: slotString,
    titolo: z.string({ error: TX.args.titleInvalid }).trim().min(1, TX.args.titleInvalid).max(120, TX.args.titleInvalid),
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
        .pipe(z.email(TX.args.emailInvalid).max(254, TX.args.emailInvalid).optional()),
      azienda: optionalField(120),
      esigenza: optionalField(500),
      budget: optionalField(60),
    })
    .refine((v) => Object.values(v).some((x) => x !== undefined), TX.args.contactEmpty),
  qualifica_lead: z.object({ motivo: z.string({ error: TX.args.reasonRequired }).trim().min(3, TX.args.reasonRequired).max(300) }),
  passa_a_operatore: z.object({
    richiesta: z.string({ error: TX.args.summaryRequired }).trim().min(3, TX.args.summaryRequired).max(500),
    promesso: optionalField(500),
    mancante: optionalField(500),
  }),
  invia_documento: z.object({
    documento: z.string({ error: TX.args.documentRequired }).trim().min(1, TX.args.documentRequired).max(120, TX.args.documentRequired),
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
  return TX.dayAtTime(longDay.format(at), clock.format(at));
}
export function romeLongDay(at: Date): string {
  return longDay.format(at);
}

