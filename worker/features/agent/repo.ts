import { and, asc, count, desc, eq, gt, inArray, isNotNull, lt, sql } from "drizzle-orm";
import type { Db } from "@worker/db/client";
import { upsertReturning } from "@worker/db/rows";
import { agentToolCalls, auditLog, bookingSettings, calendarEvents, conversationSummaries, feedbackEntries, leads, messages, prompts } from "@worker/db/schema";

export type BookingSettingsRow = typeof bookingSettings.$inferSelect;
export type ToolCallRow = typeof agentToolCalls.$inferSelect;
export type LeadRow = typeof leads.$inferSelect;

const DAY_MS = 86_400_000;

export async function findBookingSettings(db: Db, accountId: string) {
  const [row] = await db.select().from(bookingSettings).where(eq(bookingSettings.twilioAccountId, accountId)).limit(1);
  return row;
}

export const upsertBookingSettings = (db: Db, values: typeof bookingSettings.$inferInsert) => upsertReturning(db, bookingSettings, "twilioAccountId", values);

// D1 binds at most 100 parameters per statement: 14 columns, so 7 rows at a time, in one transaction.
export async function insertToolCalls(db: Db, rows: (typeof agentToolCalls.$inferInsert)[]) {
  const chunks = [];
  for (let i = 0; i < rows.length; i += 7) chunks.push(db.insert(agentToolCalls).values(rows.slice(i, i + 7)));
  if (chunks.length) await db.batch(chunks as [(typeof chunks)[number], ...(typeof chunks)[number][]]);
}

export function toolCallsOf(db: Db, conversationId: string, limit = 200) {
  return db.select().from(agentToolCalls).where(eq(agentToolCalls.conversationId, conversationId)).orderBy(desc(agentToolCalls.createdAt)).limit(limit);
}

export async function lastHandoff(db: Db, conversationId: string) {
  const [row] = await db
    .select()
    .from(agentToolCalls)
    .where(and(eq(agentToolCalls.conversationId, conversationId), eq(agentToolCalls.tool, "passa_a_operatore"), eq(agentToolCalls.status, "ok")))
    .orderBy(desc(agentToolCalls.createdAt))
    .limit(1);
  return row;
}

// The conversation's appointment that is still to come: the event its latest booking or move points at.
export async function upcomingBooking(db: Db, conversationId: string, now: Date) {
  const [row] = await db
    .select({ event: calendarEvents })
    .from(agentToolCalls)
    .innerJoin(calendarEvents, eq(calendarEvents.id, agentToolCalls.calendarEventId))
    .where(
      and(
        eq(agentToolCalls.conversationId, conversationId),
        inArray(agentToolCalls.tool, ["prenota", "sposta"]),
        isNotNull(agentToolCalls.calendarEventId),
        gt(calendarEvents.startDate, now),
      ),
    )
    .orderBy(desc(agentToolCalls.createdAt))
    .limit(1);
  return row?.event;
}

// No one-off event of the account (other than `exceptId`) overlaps [start, end). All-day events fill a day;
// events without an end are instants. Used inside the insert and the update, so the check and the write
// are one statement and two customers cannot both take the last slot.
const freeOf = (accountId: string, start: Date, end: Date, exceptId: string) => sql`not exists (
  select 1 from "calendar_events" e
  where e."twilio_account_id" = ${accountId} and e."is_recurring" = 0 and e."id" <> ${exceptId}
    and e."start_date" < ${end.getTime()}
    and (case when e."is_all_day" = 1 then e."start_date" + ${DAY_MS} when e."end_date" > e."start_date" then e."end_date" else e."start_date" + 1 end) > ${start.getTime()}
)`;

export interface NewBooking {
  id: string;
  userId: string;
  accountId: string;
  title: string;
  description: string;
  start: Date;
  end: Date;
  phone: string;
  reminderTemplateSid: string | null;
  reminderMinutes: number;
  now: Date;
}

// Inserts the event only when its time is still free; answers whether it did.
export async function insertEventIfFree(db: Db, b: NewBooking): Promise<boolean> {
  await db.run(sql`insert into "calendar_events" ("id", "user_id", "twilio_account_id", "title", "description", "start_date", "end_date", "location",
      "is_all_day", "notification_enabled", "notification_minutes", "notification_template_id", "notification_phone_numbers", "notification_sent",
      "is_recurring", "recurring_pattern", "recurring_until", "created_at", "updated_at")
    select ${b.id}, ${b.userId}, ${b.accountId}, ${b.title}, ${b.description}, ${b.start.getTime()}, ${b.end.getTime()}, null,
      0, 1, ${b.reminderMinutes}, ${b.reminderTemplateSid}, ${JSON.stringify([b.phone])}, 0, 0, null, null, ${b.now.getTime()}, ${b.now.getTime()}
    where ${freeOf(b.accountId, b.start, b.end, b.id)}`);
  const [row] = await db.select({ id: calendarEvents.id }).from(calendarEvents).where(eq(calendarEvents.id, b.id)).limit(1);
  return Boolean(row);
}

// Moves the event only when the new time is free of other events; answers whether it did.
export async function moveEventIfFree(db: Db, eventId: string, accountId: string, start: Date, end: Date, now: Date): Promise<boolean> {
  const [row] = await db
    .update(calendarEvents)
    .set({ startDate: start, endDate: end, notificationSent: false, updatedAt: now })
    .where(and(eq(calendarEvents.id, eventId), freeOf(accountId, start, end, eventId)))
    .returning({ id: calendarEvents.id });
  return Boolean(row);
}

export function deleteEvent(db: Db, eventId: string) {
  return db.delete(calendarEvents).where(eq(calendarEvents.id, eventId));
}

export async function findLead(db: Db, accountId: string, phone: string) {
  const [row] = await db.select().from(leads).where(and(eq(leads.twilioAccountId, accountId), eq(leads.phoneNumber, phone))).limit(1);
  return row;
}

export async function ensureLead(db: Db, values: { userId: string; twilioAccountId: string; phoneNumber: string; conversationId: string }) {
  await db.insert(leads).values({ ...values, status: "new" }).onConflictDoNothing({ target: [leads.twilioAccountId, leads.phoneNumber] });
  return (await findLead(db, values.twilioAccountId, values.phoneNumber))!;
}

export async function updateLead(db: Db, id: string, values: Partial<typeof leads.$inferInsert>) {
  await db.update(leads).set(values).where(eq(leads.id, id));
}

export function markToolsUnsupported(db: Db, promptId: string, now: Date) {
  return db.update(prompts).set({ toolsUnsupportedAt: now }).where(eq(prompts.id, promptId));
}

// The conversation's audit: one row per tool call, by the agent rather than a person.
export async function auditToolCalls(db: Db, rows: { conversationId: string; tool: string; status: string; details: Record<string, unknown> }[]) {
  const values = rows.map((r) => ({ actorId: null, actorEmail: AGENT_ACTOR, action: `agent.${r.tool}`, targetType: "conversation", targetId: r.conversationId, details: { status: r.status, ...r.details } }));
  const chunks = [];
  // 8 columns: 12 rows per statement stay under D1's 100 parameters.
  for (let i = 0; i < values.length; i += 12) chunks.push(db.insert(auditLog).values(values.slice(i, i + 12)));
  if (chunks.length) await db.batch(chunks as [(typeof chunks)[number], ...(typeof chunks)[number][]]);
}

export const AGENT_ACTOR = "agente-ai";

// The rolling summary of a conversation's older messages.

const olderThan = (conversationId: string, before: Date) => and(eq(messages.conversationId, conversationId), lt(messages.createdAt, before));

export async function countMessagesBefore(db: Db, conversationId: string, before: Date) {
  const [{ older } = { older: 0 }] = await db.select({ older: count() }).from(messages).where(olderThan(conversationId, before));
  return older;
}

export function findSummary(db: Db, conversationId: string) {
  return db.query.conversationSummaries.findFirst({ where: eq(conversationSummaries.conversationId, conversationId) });
}

// The conversation's messages older than `before` (and newer than `after`, when given), oldest first.
export function messagesBetween(db: Db, conversationId: string, before: Date, after: Date | undefined, limit: number) {
  return db
    .select()
    .from(messages)
    .where(after ? and(olderThan(conversationId, before), gt(messages.createdAt, after)) : olderThan(conversationId, before))
    .orderBy(asc(messages.createdAt))
    .limit(limit);
}

export async function saveSummary(db: Db, conversationId: string, values: { summary: string; messageCount: number; lastMessageId: string; updatedAt: Date }) {
  await db
    .insert(conversationSummaries)
    .values({ conversationId, ...values })
    .onConflictDoUpdate({ target: conversationSummaries.conversationId, set: values });
}

// What a feedback memory knows of one customer.

export function findFeedbackEntry(db: Db, memoryId: string, phoneNumber: string) {
  return db.query.feedbackEntries.findFirst({ where: and(eq(feedbackEntries.memoryId, memoryId), eq(feedbackEntries.phoneNumber, phoneNumber)) });
}

export async function saveFeedbackEntry(db: Db, memoryId: string, phoneNumber: string, items: { positiveItems: string[]; negativeItems: string[] }, now: Date) {
  await db
    .insert(feedbackEntries)
    .values({ memoryId, phoneNumber, ...items, lastUpdated: now })
    .onConflictDoUpdate({ target: [feedbackEntries.memoryId, feedbackEntries.phoneNumber], set: { ...items, lastUpdated: now } });
}
