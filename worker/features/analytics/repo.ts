import { and, count, eq, gte, isNotNull, lt, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { campaignJobs, conversations, feedbackEntries, leadCampaigns, memories, openaiUsage } from "../../db/schema";

const replied = sql<number>`exists(select 1 from "messages" m where m."conversation_id" = "conversations"."id" and m."sender" = 'customer')`;

// Converted: a converted lead or a lead_qualified event for the conversation. The account's few
// converted leads and qualified events are read once per statement (leads has no conversation index).
const converted = (accountId: string) => sql<number>`(${conversations.id} in (select l."conversation_id" from "leads" l where l."twilio_account_id" = ${accountId} and l."status" = 'converted')
  or ${conversations.id} in (select a."conversation_id" from "analytics" a where a."twilio_account_id" = ${accountId} and a."event_type" = 'lead_qualified'))`;

// One pass over the account's conversations, grouped by the template they were started with (null:
// started by the customer): how many, how many active, and for template-started ones how many
// converted (and, with `withReplied`, how many the customer answered).
export function conversationsByTemplate(db: Db, accountId: string, { withReplied = false } = {}) {
  const started = sql`${conversations.templateSid} is not null`;
  return db
    .select({
      templateSid: conversations.templateSid,
      templateName: sql<string | null>`max(${conversations.templateName})`,
      category: sql<string | null>`max(${conversations.templateCategory})`,
      conversations: count(),
      active: sql<number>`sum(${conversations.status} = 'active')`,
      converted: sql<number>`sum(case when ${started} then ${converted(accountId)} else 0 end)`,
      replied: withReplied ? sql<number>`sum(case when ${started} then ${replied} else 0 end)` : sql<number>`0`,
    })
    .from(conversations)
    .where(eq(conversations.twilioAccountId, accountId))
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

