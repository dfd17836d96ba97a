import { z } from "zod";
import { optionalText } from "./fields";
import type { VariableBindings } from "../template-variables";
import { variableBindingsSchema } from "./template-variables";
import { RECURRENCE_FREQUENCIES, type RecurrenceFrequency, type CalendarView, isCalendarDayString, isValidInstant } from "../calendar-time";
import { E164_PATTERN } from "../constants";
import { toE164 } from "../phone";
import { T } from "../strings";
import { PHONE_EXAMPLE } from "./accounts";

// Calendar constants (spec part 2 §9).
export const CALENDAR = {
  defaultNotificationMinutes: 15,
  maxNotificationMinutes: 7 * 24 * 60,
  defaultWeekStartHour: 9,
  gridHours: 18,
  monthCellMax: 2,
  defaultView: "week" as CalendarView,
  // A reminder is still sent this long after its time when the cron ran late, never after the event started.
  reminderGraceMinutes: 10,
  maxRangeDays: 366,
  maxPhones: 20,
  titleMax: 200,
  descriptionMax: 2000,
  locationMax: 200,
  intervalMax: 99,
} as const;

export const CALENDAR_STORAGE_KEYS = {
  view: "calendar.viewMode",
  date: "calendar.currentDate",
  weekStartHour: "calendar.weekStartHour",
} as const;

export const CALENDAR_TEXTS = {
  title: "Calendario Interno",
  newEvent: "Nuovo Evento",
  editEvent: "Modifica Evento",
  eventDialogDescription: "Gli orari sono quelli italiani (Europe/Rome).",
  seriesHint: "Le modifiche valgono per tutte le ripetizioni dell'evento.",
  requiredFields: "Compila i campi obbligatori",
  deleteConfirm: "Sei sicuro di voler eliminare questo evento?",
  createError: "Errore durante la creazione dell'evento",
  updateError: "Errore durante l'aggiornamento dell'evento",
  deleteError: "Errore durante l'eliminazione dell'evento",
  settingsSaveError: "Errore durante il salvataggio delle impostazioni",
  loadError: "Errore nel caricamento eventi",
  loadDayError: "Errore nel caricamento eventi del giorno",
  loadTodayError: "Errore nel caricamento eventi di oggi",
  settingsLoadError: "Errore nel caricamento delle impostazioni",
  created: "Evento creato",
  updated: "Evento aggiornato",
  deleted: "Evento eliminato",
  settingsSaved: "Impostazioni salvate",
  allDay: "Tutto il giorno",
  invalidTime: "Orario non valido",
  phoneRequired: "Inserisci un numero di telefono",
  phoneInvalid: T.phoneInvalid(PHONE_EXAMPLE),
  phoneDuplicate: "Questo numero è già presente nella lista",
  phonesRequired: "Aggiungi almeno un numero di telefono per i promemoria",
  italyClock: "Ora satellitare Italia",
  viewLabels: { day: "Oggi", week: "Settimana", month: "Mese" } satisfies Record<CalendarView, string>,
  viewSwitchLabel: "Vista del calendario",
  previous: "Precedente",
  next: "Successivo",
  goToday: "Vai a oggi",
  startHourLabel: "Inizio griglia",
  settingsButton: "Impostazioni",
  settingsTitle: "Impostazioni Calendario",
  settingsText: (minutes: number) =>
    `I promemoria WhatsApp vengono inviati ai numeri indicati prima di ogni evento: ${minutes} minuti prima, se l'evento non indica un altro anticipo. Con un template approvato arrivano sempre; senza template solo ai numeri che hanno scritto al tuo numero WhatsApp nelle ultime 24 ore.`,
  settingsEnabledLabel: "Promemoria WhatsApp per i nuovi eventi",
  defaultMinutesLabel: "Minuti di anticipo predefiniti",
  titleLabel: "Titolo",
  descriptionLabel: "Descrizione",
  locationLabel: "Luogo",
  startLabel: "Inizio",
  endLabel: "Fine",
  allDayLabel: "Tutto il giorno",
  recurringLabel: "Evento ricorrente",
  frequencyLabel: "Si ripete",
  frequencyLabels: { daily: "Ogni giorno", weekly: "Ogni settimana", monthly: "Ogni mese" } satisfies Record<RecurrenceFrequency, string>,
  intervalLabel: "Ogni quante volte",
  intervalUnits: { daily: "giorni", weekly: "settimane", monthly: "mesi" } satisfies Record<RecurrenceFrequency, string>,
  daysLabel: "Nei giorni",
  untilLabel: "Fino al (facoltativo)",
  notificationsLabel: "Promemoria WhatsApp",
  minutesLabel: "Minuti prima",
  templateLabel: "Template del promemoria",
  freeFormOption: "Messaggio libero (solo entro 24 ore dall'ultimo messaggio)",
  phonesLabel: "Numeri da avvisare",
  phonePlaceholder: PHONE_EXAMPLE,
  addPhone: "Aggiungi",
  removePhone: (phone: string) => `Rimuovi ${phone}`,
  noPhones: "Nessun numero in elenco",
  emptyDay: "Nessun evento",
  moreEvents: (n: number) => `+${n}`,
  hiddenEvents: "Fuori dalla griglia",
  newEventAt: (day: string) => `Nuovo evento il ${day}`,
  eventNotFound: "Evento non trovato",
  noActiveAccount: "Nessun account Twilio attivo: configuralo in Account Twilio",
  invalidDate: "Data non valida",
  invalidDay: "Data non valida (aaaa-mm-gg)",
  endBeforeStart: "La fine dell'evento deve essere successiva all'inizio",
  untilBeforeStart: "La fine della ripetizione non può precedere l'inizio dell'evento",
  recurrenceRequired: "Scegli come si ripete l'evento",
  intervalInvalid: `Indica un numero intero tra 1 e ${CALENDAR.intervalMax}`,
  dayOfWeekInvalid: "Giorno della settimana non valido",
  minutesInvalid: `I minuti devono essere un numero intero tra 0 e ${CALENDAR.maxNotificationMinutes}`,
  rangeInvalid: "La data di fine non può precedere la data di inizio",
  rangeTooLong: `L'intervallo può coprire al massimo ${CALENDAR.maxRangeDays} giorni`,
  templateNotApproved: "Il template selezionato non è approvato",
  reminderVariableSource: "Nei promemoria le variabili prendono il titolo o l'orario dell'evento, o un testo fisso",
  tooManyPhones: `Al massimo ${CALENDAR.maxPhones} numeri`,
  reminderFree: (title: string, when: string, location: string | null) =>
    `Promemoria: "${title}" ${when}${location ? ` presso ${location}` : ""}.`,
  reminderWhen: (date: string, time: string | null) => (time ? `il ${date} alle ${time} (ora italiana)` : `il ${date}, tutto il giorno`),
  reminderTemplateWhen: (date: string, time: string | null) => (time ? `${date} ${time}` : `${date} (tutto il giorno)`),
} as const;

// Until the user chooses otherwise a reminder's {{1}} is the event's title and {{2}} its time.
export const REMINDER_DEFAULT_VARIABLES: VariableBindings = { "1": { source: "event", field: "title" }, "2": { source: "event", field: "time" } };

// A phone as people type it ("+39 333 123 4567"), without the spaces and separators.
export function cleanPhone(input: string): string {
  return input.trim().replace(/[\s().\-/]/g, "");
}

// The settings dialog's check of one number against those already listed (spec part 2 §5).
export function calendarPhoneIssue(input: string, listed: readonly string[]): string | null {
  const phone = cleanPhone(input);
  if (!phone) return CALENDAR_TEXTS.phoneRequired;
  if (!E164_PATTERN.test(phone)) return CALENDAR_TEXTS.phoneInvalid;
  if (listed.map(cleanPhone).includes(phone)) return CALENDAR_TEXTS.phoneDuplicate;
  return null;
}

export const calendarPhoneListSchema = z
  .array(z.string({ error: CALENDAR_TEXTS.phoneRequired }), { error: CALENDAR_TEXTS.phoneRequired })
  .max(CALENDAR.maxPhones, CALENDAR_TEXTS.tooManyPhones)
  .superRefine((list, ctx) => {
    list.forEach((phone, i) => {
      // The spec's international format first, then a number that exists (the one phone rule).
      const issue = calendarPhoneIssue(phone, list.slice(0, i)) ?? (toE164(cleanPhone(phone)) ? null : CALENDAR_TEXTS.phoneInvalid);
      if (issue) ctx.addIssue({ code: "custom", path: [i], message: issue });
    });
  })
  .transform((list) => list.map((phone) => toE164(cleanPhone(phone))!));

const accountId = z.string().trim().min(1).max(64);
const templateSid = z
  .string()
  .trim()
  .max(64)
  .nullish()
  .transform((v) => (v ? v : null));
const minutes = z
  .number({ error: CALENDAR_TEXTS.minutesInvalid })
  .int(CALENDAR_TEXTS.minutesInvalid)
  .min(0, CALENDAR_TEXTS.minutesInvalid)
  .max(CALENDAR.maxNotificationMinutes, CALENDAR_TEXTS.minutesInvalid);

export const calendarDay = z.string({ error: CALENDAR_TEXTS.invalidDay }).refine(isCalendarDayString, CALENDAR_TEXTS.invalidDay);
const instant = z
  .string({ error: CALENDAR_TEXTS.invalidDate })
  .trim()
  .refine((v) => /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(v) && isValidInstant(v), CALENDAR_TEXTS.invalidDate);

export const recurrenceSchema = z.object({
  frequency: z.enum(RECURRENCE_FREQUENCIES, { error: CALENDAR_TEXTS.recurrenceRequired }),
  interval: z
    .number({ error: CALENDAR_TEXTS.intervalInvalid })
    .int(CALENDAR_TEXTS.intervalInvalid)
    .min(1, CALENDAR_TEXTS.intervalInvalid)
    .max(CALENDAR.intervalMax, CALENDAR_TEXTS.intervalInvalid)
    .default(1),
  daysOfWeek: z
    .array(z.number({ error: CALENDAR_TEXTS.dayOfWeekInvalid }).int(CALENDAR_TEXTS.dayOfWeekInvalid).min(0, CALENDAR_TEXTS.dayOfWeekInvalid).max(6, CALENDAR_TEXTS.dayOfWeekInvalid))
    .max(7)
    .default([])
    .transform((days) => [...new Set(days)].sort((a, b) => ((a + 6) % 7) - ((b + 6) % 7))),
});
export type RecurrenceInput = z.input<typeof recurrenceSchema>;

// An event as the dialog sends it. Omitted reminder fields take the account's calendar settings.
export const calendarEventSchema = z
  .object({
    twilioAccountId: accountId.optional(),
    title: z.string({ error: CALENDAR_TEXTS.requiredFields }).trim().min(1, CALENDAR_TEXTS.requiredFields).max(CALENDAR.titleMax),
    description: optionalText(CALENDAR.descriptionMax, T.invalidInput),
    location: optionalText(CALENDAR.locationMax, T.invalidInput),
    startDate: z.string({ error: CALENDAR_TEXTS.requiredFields }).trim().min(1, CALENDAR_TEXTS.requiredFields).pipe(instant),
    endDate: z
      .union([z.literal(""), instant])
      .nullish()
      .transform((v) => (v ? v : null)),
    isAllDay: z.boolean().default(false),
    notificationEnabled: z.boolean().optional(),
    notificationMinutes: minutes.optional(),
    notificationTemplateId: templateSid.optional(),
    notificationPhoneNumbers: calendarPhoneListSchema.optional(),
    // Where each {{n}} of the reminder template takes its value: the event's title or time, or fixed text.
    notificationVariables: variableBindingsSchema.nullish(),
    isRecurring: z.boolean().default(false),
    recurringPattern: recurrenceSchema.nullish().transform((v) => v ?? null),
    recurringUntil: z
      .union([z.literal(""), calendarDay])
      .nullish()
      .transform((v) => (v ? v : null)),
  })
  .superRefine((v, ctx) => {
    if (!v.isAllDay && v.endDate && Date.parse(v.endDate) < Date.parse(v.startDate)) {
      ctx.addIssue({ code: "custom", path: ["endDate"], message: CALENDAR_TEXTS.endBeforeStart });
    }
    if (v.isRecurring && !v.recurringPattern) ctx.addIssue({ code: "custom", path: ["recurringPattern"], message: CALENDAR_TEXTS.recurrenceRequired });
  })
  // All-day events have no end (the dialog hides it); one-off events have no recurrence.
  .transform((v) => ({
    ...v,
    endDate: v.isAllDay ? null : v.endDate,
    recurringPattern: v.isRecurring ? v.recurringPattern : null,
    recurringUntil: v.isRecurring ? v.recurringUntil : null,
  }));
export type CalendarEventInput = z.input<typeof calendarEventSchema>;

export const calendarSettingsSchema = z
  .object({
    twilioAccountId: accountId.optional(),
    notificationEnabled: z.boolean({ error: "notificationEnabled deve essere true o false" }),
    defaultNotificationMinutes: minutes.default(CALENDAR.defaultNotificationMinutes),
    notificationTemplateId: templateSid,
    notificationPhoneNumbers: calendarPhoneListSchema.default([]),
  })
  .superRefine((v, ctx) => {
    if (v.notificationEnabled && v.notificationPhoneNumbers.length === 0) {
      ctx.addIssue({ code: "custom", path: ["notificationPhoneNumbers"], message: CALENDAR_TEXTS.phonesRequired });
    }
  });
export type CalendarSettingsInput = z.input<typeof calendarSettingsSchema>;

export const calendarAccountQuery = z.object({ twilioAccountId: accountId.optional() });

export const calendarRangeQuery = z
  .object({ twilioAccountId: accountId.optional(), startDate: calendarDay, endDate: calendarDay })
  .superRefine((v, ctx) => {
    if (v.endDate < v.startDate) ctx.addIssue({ code: "custom", path: ["endDate"], message: CALENDAR_TEXTS.rangeInvalid });
    else if ((Date.parse(v.endDate) - Date.parse(v.startDate)) / 86_400_000 >= CALENDAR.maxRangeDays) {
      ctx.addIssue({ code: "custom", path: ["endDate"], message: CALENDAR_TEXTS.rangeTooLong });
    }
  });

export const calendarDayParam = z.object({ date: calendarDay });
export const calendarEventIdParam = z.object({ id: z.string().min(1).max(64) });

export interface ApiRecurrence {
  frequency: RecurrenceFrequency;
  interval: number;
  daysOfWeek: number[];
}

// A stored event (the series, for a recurring one).
export interface ApiCalendarEvent {
  id: string;
  twilioAccountId: string;
  title: string;
  description: string | null;
  location: string | null;
  startDate: string;
  endDate: string | null;
  isAllDay: boolean;
  notificationEnabled: boolean;
  notificationMinutes: number;
  notificationTemplateId: string | null;
  notificationPhoneNumbers: string[];
  notificationVariables: VariableBindings | null;
  isRecurring: boolean;
  recurringPattern: ApiRecurrence | null;
  recurringUntil: string | null;
  createdAt: string;
  updatedAt: string;
}

// One occurrence in a range: startDate/endDate are the occurrence's own; the series' are kept beside them.
export interface ApiCalendarOccurrence extends ApiCalendarEvent {
  occurrenceId: string;
  seriesStartDate: string;
  seriesEndDate: string | null;
}

export interface ApiCalendarSettings {
  twilioAccountId: string | null;
  notificationEnabled: boolean;
  defaultNotificationMinutes: number;
  notificationTemplateId: string | null;
  notificationPhoneNumbers: string[];
}

export interface ApiCurrentTime {
  currentTime: string;
  timezone: "Europe/Rome";
  romeDate: string;
  romeTime: string;
  utcOffset: string;
}
