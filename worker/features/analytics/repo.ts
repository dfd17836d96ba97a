import { and, count, eq, gte, isNotNull, lt, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { analytics, campaignJobs, conversations, conversationTemplateRollup, feedbackEntries, leadCampaigns, leads, memories, openaiUsage } from "../../db/schema";

const replied = sql<number>`exists(select 1 from "messages" m where m."conversation_id" = "conversations"."id" and m."sender" = 'customer')`;

// Per template the conversations were started with (templateKey '': started by the customer): how many,
// how many active, and for template-started ones how many converted (a converted lead or a
// lead_qualified event). The counts come from the rollup, the converted ones from the account's few
// converted leads and qualified events, each looked up by id (CROSS JOIN keeps that order in SQLite),
// so nothing reads the account's conversations.
export type TemplateCounts = {
  templateKey: string;
  templateName: string | null;
  category: string | null;
  conversations: number;
  active: number;
  converted: number;
};
export function templateCounts(db: Db, accountId: string) {
  return db.all<TemplateCounts>(sql`select r.template_key as templateKey, r.template_name as templateName, r.template_category as category,
      r.conversations as conversations, r.active as active, coalesce(k.converted, 0) as converted
    from ${conversationTemplateRollup} r
    left join (
      select c.template_sid as sid, count(*) as converted
      from (select l.conversation_id as id from ${leads} l where l.twilio_account_id = ${accountId} and l.status = 'converted'
            union select a.conversation_id from ${analytics} a where a.twilio_account_id = ${accountId} and a.event_type = 'lead_qualified') q
      cross join ${conversations} c on c.id = q.id
      where c.twilio_account_id = ${accountId} and c.template_sid is not null
      group by c.template_sid
    ) k on k.sid = r.template_key
    where r.twilio_account_id = ${accountId}`);
}

// One pass over the account's conversations, grouped by the template they were started with (null:
// started by the customer): how many, how many active, and for template-started ones how many the
// customer answered.
export function repliedByTemplate(db: Db, accountId: string) {
  const started = sql`${conversations.templateSid} is not null`;
  return db
    .select({
      templateSid: conversations.templateSid,
      conversations: count(),
      active: sql<number>`sum(${conversations.status} = 'active')`,
      replied: sql<number>`sum(case when ${started} then ${replied} else 0 end)`,
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

