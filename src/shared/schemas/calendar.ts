import { z } from "zod";
import { optionalText } from "./fields";
import type { VariableBindings } from "../template-variables";
import { variableBindingsSchema } from "./template-variables";
import { RECURRENCE_FREQUENCIES, type RecurrenceFrequency, type CalendarView, isCalendarDayString, isValidInstant } from "../calendar-time";
import { E164_PATTERN } from "../constants";
import { toE164 } from "../phone";
import { T } from "../strings";
import { PHONE_EXAMPLE } from "./accounts";
import { CALENDAR_TEXTS } from "../texts/calendar";

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
  if (!E164_PATTERN.test(phone)) return T.phoneInvalid(PHONE_EXAMPLE);
  if (listed.map(cleanPhone).includes(phone)) return T.phoneAlreadyListed;
  return null;
}

export const calendarPhoneListSchema = z
  .array(z.string({ error: CALENDAR_TEXTS.phoneRequired }), { error: CALENDAR_TEXTS.phoneRequired })
  .max(CALENDAR.maxPhones, CALENDAR_TEXTS.tooManyPhones(CALENDAR.maxPhones))
  .superRefine((list, ctx) => {
    list.forEach((phone, i) => {
      // The spec's international format first, then a number that exists (the one phone rule).
      const issue = calendarPhoneIssue(phone, list.slice(0, i)) ?? (toE164(cleanPhone(phone)) ? null : T.phoneInvalid(PHONE_EXAMPLE));
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
const MINUTES_INVALID = CALENDAR_TEXTS.minutesInvalid(CALENDAR.maxNotificationMinutes);
const minutes = z
  .number({ error: MINUTES_INVALID })
  .int(MINUTES_INVALID)
  .min(0, MINUTES_INVALID)
  .max(CALENDAR.maxNotificationMinutes, MINUTES_INVALID);

export const calendarDay = z.string({ error: CALENDAR_TEXTS.invalidDay }).refine(isCalendarDayString, CALENDAR_TEXTS.invalidDay);
const instant = z
  .string({ error: T.invalidDate })
  .trim()
  .refine((v) => /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(v) && isValidInstant(v), T.invalidDate);

const INTERVAL_INVALID = CALENDAR_TEXTS.intervalInvalid(CALENDAR.intervalMax);
export const recurrenceSchema = z.object({
  frequency: z.enum(RECURRENCE_FREQUENCIES, { error: CALENDAR_TEXTS.recurrenceRequired }),
  interval: z
    .number({ error: INTERVAL_INVALID })
    .int(INTERVAL_INVALID)
    .min(1, INTERVAL_INVALID)
    .max(CALENDAR.intervalMax, INTERVAL_INVALID)
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
    notificationEnabled: z.boolean({ error: CALENDAR_TEXTS.notificationEnabledInvalid }),
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
    if (v.endDate < v.startDate) ctx.addIssue({ code: "custom", path: ["endDate"], message: T.endBeforeStart });
    else if ((Date.parse(v.endDate) - Date.parse(v.startDate)) / 86_400_000 >= CALENDAR.maxRangeDays) {
      ctx.addIssue({ code: "custom", path: ["endDate"], message: CALENDAR_TEXTS.rangeTooLong(CALENDAR.maxRangeDays) });
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
