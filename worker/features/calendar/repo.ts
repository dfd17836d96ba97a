import { and, asc, eq, gt, gte, inArray, isNull, lt, lte, or, sql } from "drizzle-orm";
import type { Db } from "@worker/db/client";
import { type ClaimOutcome, finishClaim, releaseClaim } from "@worker/db/claims";
import { calendarEvents, calendarRemindersSent, calendarSettings } from "@worker/db/schema";
import type { Tenant } from "@worker/db/tenancy";
import { findWithAccountForUser, insertReturning, updateReturning, upsertReturning } from "@worker/db/rows";

export type CalendarEventRow = typeof calendarEvents.$inferSelect;
export type CalendarSettingsRow = typeof calendarSettings.$inferSelect;
type NewEvent = typeof calendarEvents.$inferInsert;

const DAY_MS = 86_400_000;

export async function findEvent(db: Db, id: string) {
  const [row] = await db.select().from(calendarEvents).where(eq(calendarEvents.id, id)).limit(1);
  return row;
}

// The event with its account, if that account is one the user may reach.
export const findEventForUser = (db: Db, id: string, user: Tenant) => findWithAccountForUser(db, calendarEvents, "event", id, user);

// The events of an account that may have an occurrence in [from, to); the service expands and filters them.
// A day of margin covers all-day events, which run to the end of their Rome day.
export function listEventsNear(db: Db, accountId: string, from: Date, to: Date) {
  const margin = from.getTime() - DAY_MS;
  return db
    .select()
    .from(calendarEvents)
    .where(
      and(
        eq(calendarEvents.twilioAccountId, accountId),
        lt(calendarEvents.startDate, to),
        or(
          and(eq(calendarEvents.isRecurring, false), gte(sql`coalesce(${calendarEvents.endDate}, ${calendarEvents.startDate})`, margin)),
          and(eq(calendarEvents.isRecurring, true), or(isNull(calendarEvents.recurringUntil), gte(calendarEvents.recurringUntil, new Date(margin)))),
        ),
      ),
    )
    .orderBy(asc(calendarEvents.startDate));
}

export const insertEvent = (db: Db, values: NewEvent) => insertReturning(db, calendarEvents, values);

export const updateEvent = (db: Db, id: string, values: Partial<NewEvent>) => updateReturning(db, calendarEvents, id, values);

export function deleteEvent(db: Db, id: string) {
  return db.delete(calendarEvents).where(eq(calendarEvents.id, id));
}

export async function findSettings(db: Db, accountId: string) {
  const [row] = await db.select().from(calendarSettings).where(eq(calendarSettings.twilioAccountId, accountId)).limit(1);
  return row;
}

export const upsertSettings = (db: Db, values: typeof calendarSettings.$inferInsert & { twilioAccountId: string }) => upsertReturning(db, calendarSettings, "twilioAccountId", values);

// Events whose reminder may be due at `now`: one-off events not yet reminded whose reminder time has
// come and that started at most `graceMs` ago, and recurring series still running.
export function reminderCandidates(db: Db, now: Date, graceMs: number) {
  const at = now.getTime();
  return db
    .select()
    .from(calendarEvents)
    .where(
      and(
        eq(calendarEvents.notificationEnabled, true),
        lte(sql`${calendarEvents.startDate} - ${calendarEvents.notificationMinutes} * 60000`, at),
        or(
          and(eq(calendarEvents.isRecurring, false), eq(calendarEvents.notificationSent, false), gt(calendarEvents.startDate, new Date(at - graceMs))),
          and(eq(calendarEvents.isRecurring, true), or(isNull(calendarEvents.recurringUntil), gt(calendarEvents.recurringUntil, new Date(at - 2 * DAY_MS)))),
        ),
      ),
    )
    .limit(1000);
}

// The numbers already claimed for occurrences starting from `since`, per event.
export async function claimedReminders(db: Db, eventIds: string[], since: Date) {
  const rows: { eventId: string; occurrenceStart: Date; phoneNumber: string }[] = [];
  // D1 binds at most 100 parameters per statement.
  for (let i = 0; i < eventIds.length; i += 90) {
    rows.push(
      ...(await db
        .select({ eventId: calendarRemindersSent.eventId, occurrenceStart: calendarRemindersSent.occurrenceStart, phoneNumber: calendarRemindersSent.phoneNumber })
        .from(calendarRemindersSent)
        .where(and(inArray(calendarRemindersSent.eventId, eventIds.slice(i, i + 90)), gte(calendarRemindersSent.occurrenceStart, since)))),
    );
  }
  return rows;
}

// Claims the reminder of one occurrence to one number; only one caller gets the row. A claim left
// "sending" longer than staleMs (a worker that died mid-send) may be taken over.
export async function claimReminder(db: Db, eventId: string, occurrenceStart: Date, phoneNumber: string, now: Date, staleMs: number) {
  const [row] = await db
    .insert(calendarRemindersSent)
    .values({ eventId, occurrenceStart, phoneNumber, status: "sending", claimedAt: now })
    .onConflictDoUpdate({
      target: [calendarRemindersSent.eventId, calendarRemindersSent.occurrenceStart, calendarRemindersSent.phoneNumber],
      set: { claimedAt: now },
      setWhere: and(eq(calendarRemindersSent.status, "sending"), lt(calendarRemindersSent.claimedAt, new Date(now.getTime() - staleMs))),
    })
    .returning();
  return row;
}

export const finishReminder = (db: Db, id: string, outcome: ClaimOutcome) => finishClaim(db, calendarRemindersSent, id, outcome);
export const releaseReminder = (db: Db, id: string) => releaseClaim(db, calendarRemindersSent, id);

export function remindersOfOccurrence(db: Db, eventId: string, occurrenceStart: Date) {
  return db
    .select()
    .from(calendarRemindersSent)
    .where(and(eq(calendarRemindersSent.eventId, eventId), eq(calendarRemindersSent.occurrenceStart, occurrenceStart)));
}

// A one-off event whose reminder went to every number (unless it was moved meanwhile).
export function markReminded(db: Db, eventId: string, startDate: Date) {
  return db
    .update(calendarEvents)
    .set({ notificationSent: true })
    .where(and(eq(calendarEvents.id, eventId), eq(calendarEvents.startDate, startDate), eq(calendarEvents.isRecurring, false)));
}
