import { and, count, eq, gte, isNotNull, lt, sql } from "drizzle-orm";
import type { Db } from "@worker/db/client";
import { compiledByShape, compileRead, readRows } from "@worker/db/compiled";
import type { CampaignCounts } from "@shared/schemas/analytics";
import { accountRevenueRollup, conversations, conversationTemplateRollup, feedbackEntries, funnelExecutions, leadCampaigns, leads, memories, messages, openaiUsage } from "@worker/db/schema";

// A lead's conversation is the account's one with its number (one per number), linked or not.
const leadConversation = sql`left join ${conversations} c on c.twilio_account_id = l.twilio_account_id and c.phone_number = l.phone_number`;

const replied = sql<number>`exists(select 1 from "messages" m where m."conversation_id" = "conversations"."id" and m."sender" = 'customer')`;

// Per template the conversations were started with (templateKey '': started by the customer): how many,
// how many active, how many converted (a converted lead links to it or a lead_qualified event) and the
// deal values of their numbers' converted leads. All of it is kept by triggers in the rollup
// (migrations/0010 and 0020), so the stats read the account's few templates, not its conversations or leads.
export type TemplateCounts = {
  templateKey: string;
  templateName: string | null;
  category: string | null;
  conversations: number;
  active: number;
  converted: number;
  revenueCents: number;
};
// The key of the extra row that carries the account's whole revenue (converted leads with or without a
// conversation), so the stats stay one statement. Compiled once (a folded read: the session check
// rides in its round trip).
export const TOTAL_KEY = "*total";
const templateCountsRead = compiledByShape((db: Db) => {
  const accountId = sql.placeholder("accountId");
  return compileRead(
    db
      .select({
        templateKey: sql<string>`template_key`,
        templateName: sql<string | null>`template_name`,
        category: sql<string | null>`category`,
        conversations: sql<number>`conversations`,
        active: sql<number>`active`,
        converted: sql<number>`converted`,
        revenueCents: sql<number>`revenue_cents`,
      })
      .from(sql`(select r.template_key, r.template_name, r.template_category as category, r.conversations, r.active, r.converted, r.revenue_cents
        from ${conversationTemplateRollup} r
        where r.twilio_account_id = ${accountId}
        union all
        select ${TOTAL_KEY}, null, null, 0, 0, 0, coalesce((select t.revenue_cents from ${accountRevenueRollup} t where t.twilio_account_id = ${accountId}), 0))`),
  );
});
export function templateCounts(db: Db, accountId: string): Promise<TemplateCounts[]> {
  return readRows(db, templateCountsRead(db, null), { accountId });
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

// A campaign's figures per UTC hour of execution (Rome days are whole UTC hours, so the service
// buckets hours into days): the same definitions as the campaign card's counters (the counted bits
// that move with them) and its funnel stats, so the card, the funnel and Analytics always agree.
export type CampaignHour = CampaignCounts & { campaignId: string; name: string; hour: number };
export function campaignHoursIn(db: Db, accountId: string, from: Date, to: Date) {
  return db.all<CampaignHour>(sql`
    select e.campaign_id as campaignId, c.name as name, e.executed_at / 3600000 as hour,
      sum((e.counted & 1) != 0) as sent,
      sum((e.counted & 2) != 0) as delivered,
      sum(coalesce(m.status = 'read', 0)) as read,
      sum((e.counted & 4) != 0) as failed,
      sum(e.status = 'replied' or (m.id is not null and exists (
        select 1 from messages r where r.conversation_id = m.conversation_id and r.sender = 'customer' and r.created_at > m.created_at
      ))) as replied,
      sum(e.status in ('replied', 'opted_out')) as stopped
    from ${leadCampaigns} c join ${funnelExecutions} e on e.campaign_id = c.id left join ${messages} m on m.id = e.id
    where c.twilio_account_id = ${accountId} and e.executed_at >= ${from.getTime()} and e.executed_at < ${to.getTime()}
    group by e.campaign_id, hour`);
}

// The campaign a converted lead is credited to: the one whose message reached its conversation last.
const lastCampaign = sql`(select e.campaign_id from ${funnelExecutions} e join ${messages} m on m.id = e.id
  where m.conversation_id = c.id order by m.created_at desc limit 1)`;

// Converted leads in a period, with their deal value and the template and campaign they are credited to.
export type Conversion = { at: number; cents: number | null; templateSid: string | null; campaignId: string | null };
export function conversionsIn(db: Db, accountId: string, from: Date, to: Date) {
  return db.all<Conversion>(sql`
    select l.converted_at as at, l.deal_value_cents as cents, c.template_sid as templateSid, ${lastCampaign} as campaignId
    from ${leads} l ${leadConversation}
    where l.twilio_account_id = ${accountId} and l.status = 'converted' and l.converted_at >= ${from.getTime()} and l.converted_at < ${to.getTime()}`);
}

export function feedbackOf(db: Db, accountId: string) {
  return db
    .select({ positive: feedbackEntries.positiveItems, negative: feedbackEntries.negativeItems })
    .from(feedbackEntries)
    .innerJoin(memories, eq(memories.id, feedbackEntries.memoryId))
    .where(eq(memories.twilioAccountId, accountId));
}

