import { fromRomeLocalInput, isCalendarDayString, type RecurrenceFrequency, romeDayOf, romeLocalInput } from "@shared/calendar-time";
import { type ApiCalendarEvent, type ApiCalendarOccurrence, type ApiCalendarSettings, CALENDAR, type CalendarEventInput, calendarEventSchema, REMINDER_DEFAULT_VARIABLES } from "@shared/schemas/calendar";
import { CALENDAR_TEXTS as TX } from "@shared/texts/calendar";
import type { VariableBindings } from "@shared/template-variables";
import { T } from "@shared/strings";

export interface EventFormValues {
  title: string;
  description: string;
  location: string;
  isAllDay: boolean;
  // "yyyy-MM-ddTHH:mm" in Rome (datetime-local); only the date part counts for an all-day event.
  start: string;
  end: string;
  isRecurring: boolean;
  frequency: RecurrenceFrequency;
  interval: string;
  daysOfWeek: number[];
  until: string;
  notificationEnabled: boolean;
  notificationMinutes: string;
  notificationTemplateId: string;
  notificationPhoneNumbers: string[];
  // Where each {{n}} of the reminder template takes its value (the event's title or time, or fixed text).
  notificationVariables: VariableBindings;
}

export type EventFormErrors = Partial<Record<keyof EventFormValues, string>>;

const pad = (n: number) => String(n).padStart(2, "0");

// A new event on `day` at `hour` for an hour, with the account's reminder defaults.
export function emptyEventForm(day: string, hour: number, settings: ApiCalendarSettings | null | undefined): EventFormValues {
  return {
    title: "",
    description: "",
    location: "",
    isAllDay: false,
    start: `${day}T${pad(hour)}:00`,
    end: hour < 23 ? `${day}T${pad(hour + 1)}:00` : `${day}T23:59`,
    isRecurring: false,
    frequency: "weekly",
    interval: "1",
    daysOfWeek: [],
    until: "",
    notificationEnabled: settings?.notificationEnabled ?? false,
    notificationMinutes: String(settings?.defaultNotificationMinutes ?? CALENDAR.defaultNotificationMinutes),
    notificationTemplateId: settings?.notificationTemplateId ?? "",
    notificationPhoneNumbers: settings?.notificationPhoneNumbers ?? [],
    notificationVariables: REMINDER_DEFAULT_VARIABLES,
  };
}

// The event's time as a reminder template reads it ("{{2}}"), from the form's Rome wall-clock start.
export function reminderTime(start: string, isAllDay: boolean): string {
  const [day = "", time = ""] = start.split("T");
  const date = day.split("-").reverse().join("/");
  return TX.reminderTemplateWhen(date, isAllDay ? null : time.slice(0, 5));
}

// The form for editing an event: a recurring one is edited as a series, from the series' first dates.
export function eventFormFrom(event: ApiCalendarEvent | ApiCalendarOccurrence): EventFormValues {
  const start = "seriesStartDate" in event ? event.seriesStartDate : event.startDate;
  const end = "seriesStartDate" in event ? event.seriesEndDate : event.endDate;
  return {
    title: event.title,
    description: event.description ?? "",
    location: event.location ?? "",
    isAllDay: event.isAllDay,
    start: event.isAllDay ? `${romeDayOf(start)}T00:00` : romeLocalInput(start),
    end: end && !event.isAllDay ? romeLocalInput(end) : "",
    isRecurring: event.isRecurring,
    frequency: event.recurringPattern?.frequency ?? "weekly",
    interval: String(event.recurringPattern?.interval ?? 1),
    daysOfWeek: event.recurringPattern?.daysOfWeek ?? [],
    until: event.recurringUntil ?? "",
    notificationEnabled: event.notificationEnabled,
    notificationMinutes: String(event.notificationMinutes),
    notificationTemplateId: event.notificationTemplateId ?? "",
    notificationPhoneNumbers: event.notificationPhoneNumbers,
    notificationVariables: event.notificationVariables ?? REMINDER_DEFAULT_VARIABLES,
  };
}

// Turning on all-day clears the end date (the field is hidden); turning it off starts the day at `hour`.
export function withAllDay(values: EventFormValues, isAllDay: boolean, hour: number): EventFormValues {
  const day = values.start.slice(0, 10);
  if (isAllDay) return { ...values, isAllDay, start: `${day}T00:00`, end: "" };
  return { ...values, isAllDay, start: `${day}T${pad(hour)}:00`, end: "" };
}

export type EventFormResult = { ok: true; data: CalendarEventInput } | { ok: false; errors: EventFormErrors; message: string };

const FIELD_OF: Record<string, keyof EventFormValues> = {
  title: "title",
  description: "description",
  location: "location",
  startDate: "start",
  endDate: "end",
  notificationMinutes: "notificationMinutes",
  notificationTemplateId: "notificationTemplateId",
  notificationPhoneNumbers: "notificationPhoneNumbers",
  recurringPattern: "interval",
  recurringUntil: "until",
};

export function validateEventForm(values: EventFormValues, twilioAccountId: string): EventFormResult {
  const errors: EventFormErrors = {};
  const startDay = values.start.slice(0, 10);
  const start = values.isAllDay ? (isCalendarDayString(startDay) ? fromRomeLocalInput(`${startDay}T00:00`) : null) : fromRomeLocalInput(values.start);
  if (!values.title.trim()) errors.title = TX.requiredFields;
  if (!values.start.trim()) errors.start = TX.requiredFields;
  if (errors.title || errors.start) return { ok: false, errors, message: TX.requiredFields };
  if (!start) return { ok: false, errors: { start: T.invalidDate }, message: T.invalidDate };
  const end = !values.isAllDay && values.end.trim() ? fromRomeLocalInput(values.end) : null;
  if (!values.isAllDay && values.end.trim() && !end) return { ok: false, errors: { end: T.invalidDate }, message: T.invalidDate };
  if (values.notificationEnabled && values.notificationPhoneNumbers.length === 0) {
    return { ok: false, errors: { notificationPhoneNumbers: TX.phonesRequired }, message: TX.phonesRequired };
  }

  const input: CalendarEventInput = {
    twilioAccountId,
    title: values.title.trim(),
    description: values.description.trim() || null,
    location: values.location.trim() || null,
    startDate: start.toISOString(),
    endDate: end ? end.toISOString() : null,
    isAllDay: values.isAllDay,
    notificationEnabled: values.notificationEnabled,
    // A blank number is not zero: it is refused, unless reminders are off and the default applies.
    notificationMinutes: values.notificationMinutes.trim()
      ? Number(values.notificationMinutes)
      : values.notificationEnabled
        ? Number.NaN
        : CALENDAR.defaultNotificationMinutes,
    notificationTemplateId: values.notificationTemplateId || null,
    notificationPhoneNumbers: values.notificationPhoneNumbers,
    // Only a template has variables; the server keeps the bindings of its own positions.
    ...(values.notificationTemplateId ? { notificationVariables: values.notificationVariables } : {}),
    isRecurring: values.isRecurring,
    recurringPattern: values.isRecurring
      ? { frequency: values.frequency, interval: Number(values.interval), daysOfWeek: values.frequency === "weekly" ? values.daysOfWeek : [] }
      : null,
    recurringUntil: values.isRecurring && values.until ? values.until : null,
  };
  // The server's own schema: the form shows the same messages the API would answer.
  const parsed = calendarEventSchema.safeParse(input);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const field = FIELD_OF[String(issue.path[0] ?? "")] ?? "title";
    return { ok: false, errors: { [field]: issue.message }, message: issue.message };
  }
  if (values.isRecurring && values.until && values.until < startDay) {
    return { ok: false, errors: { until: TX.untilBeforeStart }, message: TX.untilBeforeStart };
  }
  return { ok: true, data: input };
}
