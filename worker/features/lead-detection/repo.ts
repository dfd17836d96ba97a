import { and, eq, gt, inArray, isNotNull, isNull, lt, lte, or, sql } from "drizzle-orm";
import type { Db } from "@worker/db/client";
import { type ClaimOutcome, finishClaim, releaseClaim } from "@worker/db/claims";
import { upsertReturning } from "@worker/db/rows";
import { analytics, conversations, leadDetections, leadNotificationSettings, leadNotificationsSent, leads } from "@worker/db/schema";
import { LEAD_QUALIFIED_EVENT } from "@shared/schemas/lead-detection";

export type LeadSettingsRow = typeof leadNotificationSettings.$inferSelect;
export type LeadDetectionRow = typeof leadDetections.$inferSelect;

export async function findSettingsOfUser(db: Db, userId: string) {
  const [row] = await db.select().from(leadNotificationSettings).where(eq(leadNotificationSettings.userId, userId)).limit(1);
  return row;
}

export const upsertSettingsOfUser = (db: Db, values: typeof leadNotificationSettings.$inferInsert & { userId: string }) => upsertReturning(db, leadNotificationSettings, "userId", values);

// Lead Detection AI is active on an account when any of its users switched it on there.
export function enabledSettingsOf(db: Db, accountId: string) {
  return db
    .select()
    .from(leadNotificationSettings)
    .where(and(eq(leadNotificationSettings.twilioAccountId, accountId), eq(leadNotificationSettings.notificationEnabled, true)));
}

export async function findDetection(db: Db, conversationId: string) {
  const [row] = await db.select().from(leadDetections).where(eq(leadDetections.conversationId, conversationId)).limit(1);
  return row;
}

// Claims the analysis of a conversation up to one customer message: one caller wins, and a claim
// older than staleMs (a worker that died) may be taken over. Nothing is claimed once the lead is qualified.
export async function claimAnalysis(db: Db, conversationId: string, accountId: string, messageId: string, now: Date, staleMs: number) {
  const [row] = await db
    .insert(leadDetections)
    .values({ conversationId, twilioAccountId: accountId, claimedMessageId: messageId, claimedAt: now })
    .onConflictDoUpdate({
      target: leadDetections.conversationId,
      set: { claimedMessageId: messageId, claimedAt: now },
      setWhere: and(
        isNull(leadDetections.qualifiedAt),
        sql`${leadDetections.analysedMessageId} is not ${messageId}`,
        or(sql`${leadDetections.claimedMessageId} is not ${messageId}`, lt(leadDetections.claimedAt, new Date(now.getTime() - staleMs))),
      ),
    })
    .returning();
  return row;
}

export function releaseAnalysis(db: Db, conversationId: string, messageId: string) {
  return db
    .update(leadDetections)
    .set({ claimedMessageId: null, claimedAt: null })
    .where(and(eq(leadDetections.conversationId, conversationId), eq(leadDetections.claimedMessageId, messageId)));
}

export function saveAnalysis(db: Db, conversationId: string, values: Partial<typeof leadDetections.$inferInsert>) {
  return db.update(leadDetections).set(values).where(eq(leadDetections.conversationId, conversationId));
}

// The conversion the dashboards count, once per conversation (its id is derived from the conversation),
// and the lead row: an existing one keeps its status and gains the conversation, a new one starts as "new".
export async function recordQualifiedLead(
  db: Db,
  c: { id: string; userId: string; twilioAccountId: string; phoneNumber: string; customerName: string | null; customerCompany: string | null },
  metadata: Record<string, unknown>,
  now: Date,
) {
  await db.batch([
    db
      .insert(analytics)
      .values({ id: `${LEAD_QUALIFIED_EVENT}:${c.id}`, userId: c.userId, twilioAccountId: c.twilioAccountId, conversationId: c.id, eventType: LEAD_QUALIFIED_EVENT, metadata, createdAt: now })
      .onConflictDoNothing(),
    db
      .insert(leads)
      .values({ userId: c.userId, twilioAccountId: c.twilioAccountId, phoneNumber: c.phoneNumber, name: c.customerName, company: c.customerCompany, status: "new", conversationId: c.id })
      .onConflictDoNothing({ target: [leads.twilioAccountId, leads.phoneNumber] }),
    db
      .update(leads)
      .set({ conversationId: c.id })
      .where(and(eq(leads.twilioAccountId, c.twilioAccountId), eq(leads.phoneNumber, c.phoneNumber), isNull(leads.conversationId))),
    db.update(leadDetections).set({ qualifiedAt: now }).where(and(eq(leadDetections.conversationId, c.id), isNull(leadDetections.qualifiedAt))),
  ]);
}

export async function claimNotification(db: Db, conversationId: string, phoneNumber: string, now: Date, staleMs: number) {
  const [row] = await db
    .insert(leadNotificationsSent)
    .values({ conversationId, phoneNumber, status: "sending", claimedAt: now })
    .onConflictDoUpdate({
      target: [leadNotificationsSent.conversationId, leadNotificationsSent.phoneNumber],
      set: { claimedAt: now },
      setWhere: and(eq(leadNotificationsSent.status, "sending"), lt(leadNotificationsSent.claimedAt, new Date(now.getTime() - staleMs))),
    })
    .returning();
  return row;
}

export const finishNotification = (db: Db, id: string, outcome: ClaimOutcome) => finishClaim(db, leadNotificationsSent, id, outcome);
export const releaseNotification = (db: Db, id: string) => releaseClaim(db, leadNotificationsSent, id);

export function notificationsOf(db: Db, conversationId: string) {
  return db.select().from(leadNotificationsSent).where(eq(leadNotificationsSent.conversationId, conversationId));
}

export function markNotified(db: Db, conversationId: string, now: Date) {
  return db.update(leadDetections).set({ notifiedAt: now }).where(and(eq(leadDetections.conversationId, conversationId), isNull(leadDetections.notifiedAt)));
}

// Conversations on accounts with Lead Detection AI whose newest customer message (older than settleMs,
// younger than a day) was not analysed, or whose qualified lead was not fully notified.
export function conversationsToAnalyse(db: Db, now: Date, settleMs: number, limit: number) {
  const enabledAccounts = db
    .select({ id: leadNotificationSettings.twilioAccountId })
    .from(leadNotificationSettings)
    .where(and(eq(leadNotificationSettings.notificationEnabled, true), isNotNull(leadNotificationSettings.twilioAccountId)));
  return db
    .select({ id: conversations.id, lastInboundAt: conversations.lastInboundAt })
    .from(conversations)
    .leftJoin(leadDetections, eq(leadDetections.conversationId, conversations.id))
    .where(
      and(
        inArray(conversations.twilioAccountId, enabledAccounts),
        gt(conversations.lastInboundAt, new Date(now.getTime() - 86_400_000)),
        lte(conversations.lastInboundAt, new Date(now.getTime() - settleMs)),
        or(
          and(isNull(leadDetections.qualifiedAt), or(isNull(leadDetections.analysedThrough), lt(leadDetections.analysedThrough, conversations.lastInboundAt))),
          and(isNotNull(leadDetections.qualifiedAt), isNull(leadDetections.notifiedAt)),
        ),
      ),
    )
    .limit(limit);
}

// The agent's qualifica_lead tool: the conversation's detection row says qualified, with the agent's reason.
export async function upsertAgentQualification(db: Db, conversationId: string, accountId: string, values: { interest: string; urgency: string; summary: string }) {
  await db
    .insert(leadDetections)
    .values({ conversationId, twilioAccountId: accountId, qualified: true, ...values })
    .onConflictDoUpdate({ target: leadDetections.conversationId, set: { qualified: true, ...values } });
}

// Every user's lead settings on an account: their notification numbers are the account's operators.
export function settingsOfAccount(db: Db, accountId: string) {
  return db.select().from(leadNotificationSettings).where(eq(leadNotificationSettings.twilioAccountId, accountId));
}
