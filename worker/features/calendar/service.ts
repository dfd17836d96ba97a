import type { z } from "zod";
import { formatInTimeZone } from "date-fns-tz";
import {
  type DayRange,
  dayRangeInstants,
  occurrencesBetween,
  type Occurrence,
  romeDayOf,
  romeInstant,
  type Series,
} from "@shared/calendar-time";
import { ROME_TZ } from "@shared/rome-time";
import { type ApiCalendarEvent, type ApiCalendarOccurrence, type ApiCalendarSettings, type ApiCurrentTime, type ApiRecurrence, CALENDAR, type calendarEventSchema, type calendarSettingsSchema, recurrenceSchema, REMINDER_DEFAULT_VARIABLES } from "@shared/schemas/calendar";
import { CALENDAR_TEXTS as TX } from "@shared/texts/calendar";
import type { Db } from "@worker/db/client";
import { badRequest, notFound } from "@worker/lib/http-error";
import type { SessionUser } from "@worker/types";
import type { AccountRow } from "../accounts/repo";
import { type ActiveAccount, namedOrActive, requireNamedOrActive } from "../accounts/context";
import { findProviderTemplate } from "../provider-templates/service";
import { positionsOf } from "../provider-templates/variables";
import { bindingsFor, unboundPositions, type VariableBindings } from "@shared/template-variables";
import { TEMPLATE_VARIABLE_TEXTS as VX } from "@shared/texts/template-variables";
import * as repo from "./repo";

type EventInput = z.output<typeof calendarEventSchema>;
type SettingsInput = z.output<typeof calendarSettingsSchema>;

export function recurrenceOf(row: repo.CalendarEventRow): ApiRecurrence | null {
  if (!row.isRecurring) return null;
  const parsed = recurrenceSchema.safeParse(row.recurringPattern);
  return parsed.success ? parsed.data : null;
}

export function seriesOf(row: repo.CalendarEventRow): Series {
  return {
    start: row.startDate,
    end: row.endDate,
    isAllDay: row.isAllDay,
    recurrence: recurrenceOf(row),
    until: row.recurringUntil ? romeDayOf(row.recurringUntil) : null,
  };
}

export function toApiEvent(row: repo.CalendarEventRow): ApiCalendarEvent {
  const recurrence = recurrenceOf(row);
  return {
    id: row.id,
    twilioAccountId: row.twilioAccountId,
    title: row.title,
    description: row.description,
    location: row.location,
    startDate: row.startDate.toISOString(),
    endDate: row.endDate?.toISOString() ?? null,
    isAllDay: row.isAllDay,
    notificationEnabled: row.notificationEnabled,
    notificationMinutes: row.notificationMinutes,
    notificationTemplateId: row.notificationTemplateId,
    notificationPhoneNumbers: row.notificationPhoneNumbers,
    notificationVariables: row.notificationVariables ?? null,
    isRecurring: recurrence !== null,
    recurringPattern: recurrence,
    recurringUntil: recurrence && row.recurringUntil ? romeDayOf(row.recurringUntil) : null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

function toApiOccurrence(row: repo.CalendarEventRow, occurrence: Occurrence): ApiCalendarOccurrence {
  const event = toApiEvent(row);
  return {
    ...event,
    occurrenceId: `${row.id}:${occurrence.start.toISOString()}`,
    startDate: occurrence.start.toISOString(),
    endDate: occurrence.end?.toISOString() ?? null,
    seriesStartDate: event.startDate,
    seriesEndDate: event.endDate,
  };
}

async function occurrencesIn(db: Db, accountId: string, range: DayRange): Promise<ApiCalendarOccurrence[]> {
  const { from, to } = dayRangeInstants(range);
  const rows = await repo.listEventsNear(db, accountId, from, to);
  return rows
    .flatMap((row) => occurrencesBetween(seriesOf(row), from, to).map((o) => toApiOccurrence(row, o)))
    .sort((a, b) => a.startDate.localeCompare(b.startDate) || Number(b.isAllDay) - Number(a.isAllDay) || a.title.localeCompare(b.title));
}

// The account a calendar call is about: the one named (404 unless the user belongs to it), else the active one.
export async function eventsInRange(db: Db, user: SessionUser, active: ActiveAccount, q: { twilioAccountId?: string; startDate: string; endDate: string }) {
  const account = await namedOrActive(db, user, active, q.twilioAccountId);
  return account ? occurrencesIn(db, account.id, { startDate: q.startDate, endDate: q.endDate }) : [];
}

export async function eventsOfDay(db: Db, user: SessionUser, active: ActiveAccount, day: string, twilioAccountId?: string) {
  return eventsInRange(db, user, active, { twilioAccountId, startDate: day, endDate: day });
}

export async function eventsOfToday(db: Db, user: SessionUser, active: ActiveAccount, twilioAccountId?: string, now = new Date()) {
  return eventsOfDay(db, user, active, romeDayOf(now), twilioAccountId);
}

// An event of an account the user belongs to; 404 otherwise, so other tenants' ids look absent.
export async function getEventForUser(db: Db, user: SessionUser, id: string) {
  const found = await repo.findEventForUser(db, id, user);
  if (!found) throw notFound(TX.eventNotFound);
  return found;
}

async function checkTemplate(env: Env, account: AccountRow, sid: string | null) {
  if (!sid) return;
  const template = await findProviderTemplate(env, account, sid);
  if (!template || template.status !== "approved") {
    throw badRequest(TX.templateNotApproved, [{ path: "notificationTemplateId", message: TX.templateNotApproved }]);
  }
  return template;
}


// A reminder goes to the business's own numbers: its values come from the event or are fixed text,
// and every {{n}} of the template has one.
async function reminderBindings(env: Env, account: AccountRow, templateId: string | null, chosen: VariableBindings | null) {
  if (!templateId) return null;
  const template = await findProviderTemplate(env, account, templateId);
  if (!template) return chosen;
  const positions = positionsOf(template);
  const bindings = bindingsFor(positions, chosen ?? REMINDER_DEFAULT_VARIABLES);
  if (Object.values(bindings).some((b) => b.source === "field" || b.source === "custom")) {
    throw badRequest(TX.reminderVariableSource, [{ path: "notificationVariables", message: TX.reminderVariableSource }]);
  }
  const unbound = unboundPositions(positions, bindings);
  if (unbound.length > 0) throw badRequest(VX.missing(unbound), [{ path: "notificationVariables", message: VX.missing(unbound) }]);
  return bindings;
}

const toMinute = (iso: string) => new Date(Math.floor(Date.parse(iso) / 60_000) * 60_000);

// Column values from the dialog's input. Reminder fields left out take `fallback` (the account's
// settings for a new event, the event's own values on an update).
async function eventValues(
  env: Env,
  account: AccountRow,
  input: EventInput,
  fallback: { enabled: boolean; minutes: number; templateId: string | null; phones: string[]; variables: VariableBindings | null },
  previousTemplateId: string | null,
) {
  // An all-day event starts at midnight of its Rome day and has no end.
  const startDate = input.isAllDay ? romeInstant(romeDayOf(input.startDate)) : toMinute(input.startDate);
  const endDate = input.isAllDay || !input.endDate ? null : toMinute(input.endDate);
  if (input.recurringUntil && input.recurringUntil < romeDayOf(startDate)) {
    throw badRequest(TX.untilBeforeStart, [{ path: "recurringUntil", message: TX.untilBeforeStart }]);
  }
  const notificationEnabled = input.notificationEnabled ?? fallback.enabled;
  const notificationPhoneNumbers = input.notificationPhoneNumbers ?? fallback.phones;
  const notificationTemplateId = input.notificationTemplateId !== undefined ? input.notificationTemplateId : fallback.templateId;
  if (notificationEnabled && notificationPhoneNumbers.length === 0) {
    throw badRequest(TX.phonesRequired, [{ path: "notificationPhoneNumbers", message: TX.phonesRequired }]);
  }
  if (notificationEnabled && notificationTemplateId !== previousTemplateId) await checkTemplate(env, account, notificationTemplateId);
  const notificationVariables = notificationEnabled
    ? await reminderBindings(env, account, notificationTemplateId, input.notificationVariables !== undefined ? input.notificationVariables : fallback.variables)
    : (input.notificationVariables ?? fallback.variables);
  return {
    title: input.title,
    description: input.description,
    location: input.location,
    startDate,
    endDate,
    isAllDay: input.isAllDay,
    notificationEnabled,
    notificationMinutes: input.notificationMinutes ?? fallback.minutes,
    notificationTemplateId,
    notificationPhoneNumbers,
    notificationVariables,
    // Reminders already sent are remembered per occurrence and number, so a moved event is reminded again.
    notificationSent: false,
    isRecurring: input.isRecurring,
    recurringPattern: input.recurringPattern,
    recurringUntil: input.recurringUntil ? romeInstant(input.recurringUntil) : null,
  };
}

export async function createEvent(env: Env, db: Db, user: SessionUser, active: ActiveAccount, input: EventInput) {
  const account = await requireNamedOrActive(db, user, active, input.twilioAccountId);
  const settings = await repo.findSettings(db, account.id);
  const values = await eventValues(
    env,
    account,
    input,
    {
      enabled: settings?.notificationEnabled ?? false,
      minutes: settings?.defaultNotificationMinutes ?? CALENDAR.defaultNotificationMinutes,
      templateId: settings?.notificationTemplateId ?? null,
      phones: settings?.notificationPhoneNumbers ?? [],
      variables: null,
    },
    null,
  );
  return toApiEvent(await repo.insertEvent(db, { ...values, userId: user.id, twilioAccountId: account.id }));
}

export async function updateEvent(env: Env, db: Db, user: SessionUser, id: string, input: EventInput) {
  const { event, account } = await getEventForUser(db, user, id);
  const values = await eventValues(
    env,
    account,
    input,
    {
      enabled: event.notificationEnabled,
      minutes: event.notificationMinutes,
      templateId: event.notificationTemplateId,
      phones: event.notificationPhoneNumbers,
      variables: event.notificationVariables ?? null,
    },
    event.notificationTemplateId,
  );
  const row = await repo.updateEvent(db, id, values);
  if (!row) throw notFound(TX.eventNotFound);
  return toApiEvent(row);
}

export async function deleteEvent(db: Db, user: SessionUser, id: string) {
  await getEventForUser(db, user, id);
  await repo.deleteEvent(db, id);
}

function toApiSettings(accountId: string | null, row: repo.CalendarSettingsRow | undefined): ApiCalendarSettings {
  return {
    twilioAccountId: accountId,
    notificationEnabled: row?.notificationEnabled ?? false,
    defaultNotificationMinutes: row?.defaultNotificationMinutes ?? CALENDAR.defaultNotificationMinutes,
    notificationTemplateId: row?.notificationTemplateId ?? null,
    notificationPhoneNumbers: row?.notificationPhoneNumbers ?? [],
  };
}

export async function getSettings(db: Db, user: SessionUser, active: ActiveAccount, twilioAccountId?: string) {
  const account = await namedOrActive(db, user, active, twilioAccountId);
  return toApiSettings(account?.id ?? null, account ? await repo.findSettings(db, account.id) : undefined);
}

export async function saveSettings(env: Env, db: Db, user: SessionUser, active: ActiveAccount, input: SettingsInput) {
  const account = await requireNamedOrActive(db, user, active, input.twilioAccountId);
  const previous = await repo.findSettings(db, account.id);
  if (input.notificationTemplateId !== (previous?.notificationTemplateId ?? null)) await checkTemplate(env, account, input.notificationTemplateId);
  const row = await repo.upsertSettings(db, {
    userId: user.id,
    twilioAccountId: account.id,
    notificationEnabled: input.notificationEnabled,
    defaultNotificationMinutes: input.defaultNotificationMinutes,
    notificationTemplateId: input.notificationTemplateId,
    notificationPhoneNumbers: input.notificationPhoneNumbers,
  });
  return toApiSettings(account.id, row);
}

export function currentTime(now = new Date()): ApiCurrentTime {
  return {
    currentTime: now.toISOString(),
    timezone: ROME_TZ,
    romeDate: formatInTimeZone(now, ROME_TZ, "yyyy-MM-dd"),
    romeTime: formatInTimeZone(now, ROME_TZ, "HH:mm:ss"),
    utcOffset: formatInTimeZone(now, ROME_TZ, "xxx"),
  };
}
