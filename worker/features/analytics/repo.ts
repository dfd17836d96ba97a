import { and, count, eq, gte, isNotNull, lt, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { campaignJobs, conversations, feedbackEntries, leadCampaigns, memories, openaiUsage } from "../../db/schema";

const replied = sql<number>`exists(select 1 from "messages" m where m."conversation_id" = "conversations"."id" and m."sender" = 'customer')`;
const converted = sql<number>`(exists(select 1 from "leads" l where l."conversation_id" = "conversations"."id" and l."status" = 'converted')
  or exists(select 1 from "analytics" a where a."conversation_id" = "conversations"."id" and a."event_type" = 'lead_qualified'))`;

export async function countActive(db: Db, accountId: string) {
  const [row] = await db
    .select({ n: count() })
    .from(conversations)
    .where(and(eq(conversations.twilioAccountId, accountId), eq(conversations.status, "active")));
  return row?.n ?? 0;
}

// Started conversations per template, with how many were replied to and converted.
export function perTemplate(db: Db, accountId: string) {
  return db
    .select({
      templateSid: conversations.templateSid,
      templateName: sql<string>`max(${conversations.templateName})`,
      category: sql<string | null>`max(${conversations.templateCategory})`,
      started: count(),
      replied: sql<number>`sum(${replied})`,
      converted: sql<number>`sum(${converted})`,
    })
    .from(conversations)
    .where(and(eq(conversations.twilioAccountId, accountId), isNotNull(conversations.templateSid)))
    .groupBy(conversations.templateSid);
}

// Timestamps in a range, bucketed into Rome days by the service (SQLite has no time zones).
export function startedIn(db: Db, accountId: string, from: Date, to: Date) {
  return db
    .select({ at: conversations.createdAt, replied })
    .from(conversations)
    .where(and(eq(conversations.twilioAccountId, accountId), isNotNull(conversations.templateSid), gte(conversations.createdAt, from), lt(conversations.createdAt, to)));
}

export function usageIn(db: Db, accountId: string, from: Date, to: Date) {
  return db
    .select({ at: openaiUsage.createdAt, cost: openaiUsage.totalCost })
    .from(openaiUsage)
    .where(and(eq(openaiUsage.twilioAccountId, accountId), gte(openaiUsage.createdAt, from), lt(openaiUsage.createdAt, to)));
}

export function campaignSendsIn(db: Db, accountId: string, from: Date, to: Date) {
  return db
    .select({ sentAt: campaignJobs.sentAt, deliveredAt: campaignJobs.deliveredAt })
    .from(campaignJobs)
    .innerJoin(leadCampaigns, eq(leadCampaigns.id, campaignJobs.campaignId))
    .where(and(eq(leadCampaigns.twilioAccountId, accountId), isNotNull(campaignJobs.sentAt), gte(campaignJobs.sentAt, from), lt(campaignJobs.sentAt, to)));
}

export function feedbackOf(db: Db, accountId: string) {
  return db
    .select({ positive: feedbackEntries.positiveItems, negative: feedbackEntries.negativeItems })
    .from(feedbackEntries)
    .innerJoin(memories, eq(memories.id, feedbackEntries.memoryId))
    .where(eq(memories.twilioAccountId, accountId));
}

