import { and, asc, desc, eq, inArray, type SQL, sql } from "drizzle-orm";
import type { ApiFunnelStepStats, CampaignType } from "@shared/schemas/campaigns";
import { type Db, runBatch, type Statement } from "@worker/db/client";
import { conversations, funnelExecutions, funnelRuns, funnelSteps, leadCampaigns, listLeads, lists, messages, optOuts } from "@worker/db/schema";
import type { Tenant } from "@worker/db/tenancy";
import { findWithAccountForUser, updateReturning } from "@worker/db/rows";
import { bound, type BoundStatement, compiledByShape, compileRead, compileWrite, listPlaceholders, listValues, slot } from "@worker/db/compiled";

export type CampaignRow = typeof leadCampaigns.$inferSelect;
export type StepRow = typeof funnelSteps.$inferSelect;
export type ExecutionRow = typeof funnelExecutions.$inferSelect;

// What an execution can be:
// pending → claimed (a cron tick took it) → queued (its message went to the chat and the send queue),
// skipped (operator mode), opted_out (the run stops), failed (no approved template or no number),
// replied (a conditional_reply met: the run stops as a success), passed (not met: the run goes on),
// cancelled (its step was switched off, or its run had already ended).
export type ExecutionStatus = "pending" | "claimed" | "queued" | "skipped" | "opted_out" | "failed" | "replied" | "passed" | "cancelled";
export type RunState = "active" | "completed" | "stopped";

// Bits of funnel_executions.counted: which campaign counters the execution's message has added to.
export const COUNTED = { sent: 1, delivered: 2, failed: 4 } as const;

// A lead that can be enrolled: active, with a phone number. `lead` is the alias of list_leads in the query.
const eligible = (lead: string, listId: SQL | string) =>
  sql`${sql.raw(lead)}.list_id = ${listId} and ${sql.raw(lead)}.is_active = 1 and coalesce(${sql.raw(lead)}.numero_telefono, '') != ''`;

// ---- campaigns --------------------------------------------------------------------------------

const campaignView = {
  campaign: leadCampaigns,
  listName: lists.name,
  stepCount: sql<number>`(select count(*) from funnel_steps s where s.campaign_id = ${leadCampaigns.id})`,
  skippedCount: sql<number>`(select count(*) from funnel_executions e where e.campaign_id = ${leadCampaigns.id} and e.status in ('skipped', 'opted_out'))`,
};
export type CampaignView = { campaign: CampaignRow; listName: string | null; stepCount: number; skippedCount: number };

export function listCampaigns(db: Db, accountId: string, type: CampaignType | undefined): Promise<CampaignView[]> {
  return db
    .select(campaignView)
    .from(leadCampaigns)
    .leftJoin(lists, eq(lists.id, leadCampaigns.targetListId))
    .where(and(eq(leadCampaigns.twilioAccountId, accountId), type ? eq(leadCampaigns.campaignType, type) : inArray(leadCampaigns.campaignType, ["dynamic", "calendar"])))
    .orderBy(desc(leadCampaigns.createdAt), desc(leadCampaigns.id));
}

export async function findCampaignView(db: Db, id: string): Promise<CampaignView | undefined> {
  const [row] = await db.select(campaignView).from(leadCampaigns).leftJoin(lists, eq(lists.id, leadCampaigns.targetListId)).where(eq(leadCampaigns.id, id));
  return row;
}

export function findCampaign(db: Db, id: string) {
  return db.query.leadCampaigns.findFirst({ where: eq(leadCampaigns.id, id) });
}

// The campaign with its account, if that account is one the user may reach.
export const findCampaignForUser = (db: Db, id: string, user: Tenant) => findWithAccountForUser(db, leadCampaigns, "campaign", id, user);

export function insertCampaign(db: Db, values: typeof leadCampaigns.$inferInsert) {
  return db.insert(leadCampaigns).values(values);
}

export function setCampaignStatus(db: Db, id: string, status: string) {
  return db.update(leadCampaigns).set({ status }).where(eq(leadCampaigns.id, id));
}

// Steps, runs and executions go with it (foreign keys cascade), so nothing more is sent.
export function deleteCampaign(db: Db, id: string) {
  return db.delete(leadCampaigns).where(eq(leadCampaigns.id, id));
}

// ---- steps --------------------------------------------------------------------------------------

export function listSteps(db: Db, campaignId: string) {
  return db.select().from(funnelSteps).where(eq(funnelSteps.campaignId, campaignId)).orderBy(asc(funnelSteps.stepOrder), asc(funnelSteps.createdAt));
}

export function activeSteps(db: Db, campaignId: string) {
  return db
    .select()
    .from(funnelSteps)
    .where(and(eq(funnelSteps.campaignId, campaignId), eq(funnelSteps.isActive, true)))
    .orderBy(asc(funnelSteps.stepOrder), asc(funnelSteps.createdAt));
}

export function findStep(db: Db, campaignId: string, stepId: string) {
  return db.query.funnelSteps.findFirst({ where: and(eq(funnelSteps.id, stepId), eq(funnelSteps.campaignId, campaignId)) });
}

export function insertStep(db: Db, values: typeof funnelSteps.$inferInsert) {
  return db.insert(funnelSteps).values(values).returning();
}

export const updateStep = async (db: Db, id: string, values: Partial<typeof funnelSteps.$inferInsert>) => (await updateReturning(db, funnelSteps, id, values))!;

// Runs waiting on a deleted step move on to the next step (keeping their time), or end when there is
// none. Later steps move up one place, so the orders stay 1..n and a new step's count + 1 is free.
export async function deleteStep(db: Db, step: StepRow, next: StepRow | undefined) {
  const waiting = sql`select run_id from funnel_executions where step_id = ${step.id} and status = 'pending'`;
  const moveOn: Statement[] = next
    ? [
        db.update(funnelRuns).set({ lastStepOrder: next.stepOrder }).where(sql`${funnelRuns.id} in (${waiting})`),
        db.update(funnelExecutions).set({ stepId: next.id, stepOrder: next.stepOrder }).where(and(eq(funnelExecutions.stepId, step.id), eq(funnelExecutions.status, "pending"))),
      ]
    : [db.update(funnelRuns).set({ state: "completed" }).where(sql`${funnelRuns.id} in (${waiting})`)];
  await runBatch(db, [
    ...moveOn,
    db.delete(funnelSteps).where(eq(funnelSteps.id, step.id)),
    db.update(funnelSteps).set({ stepOrder: sql`${funnelSteps.stepOrder} - 1` }).where(and(eq(funnelSteps.campaignId, step.campaignId), sql`${funnelSteps.stepOrder} > ${step.stepOrder}`)),
    db.update(funnelRuns).set({ lastStepOrder: sql`${funnelRuns.lastStepOrder} - 1` }).where(and(eq(funnelRuns.campaignId, step.campaignId), sql`${funnelRuns.lastStepOrder} > ${step.stepOrder}`)),
    // Through negative values: (campaign, lead, step order) is unique, checked row by row.
    db.update(funnelExecutions).set({ stepOrder: sql`1 - ${funnelExecutions.stepOrder}` }).where(and(eq(funnelExecutions.campaignId, step.campaignId), sql`${funnelExecutions.stepOrder} > ${step.stepOrder}`)),
    db.update(funnelExecutions).set({ stepOrder: sql`-${funnelExecutions.stepOrder}` }).where(and(eq(funnelExecutions.campaignId, step.campaignId), sql`${funnelExecutions.stepOrder} < 0`)),
  ]);
}

// Per-step results in one statement: counters from the messages' statuses, the rest from the executions.
export async function stepStats(db: Db, campaignId: string): Promise<Map<string, ApiFunnelStepStats>> {
  const rows = await db.all<{ stepId: string } & ApiFunnelStepStats>(sql`
    select e.step_id as stepId,
      sum(e.status in ('pending', 'claimed') or (e.status = 'queued' and (e.counted & 5) = 0)) as pending,
      sum((e.counted & 1) != 0) as sent,
      sum((e.counted & 2) != 0) as delivered,
      sum(e.status = 'replied' or (m.id is not null and exists (
        select 1 from messages r where r.conversation_id = m.conversation_id and r.sender = 'customer' and r.created_at > m.created_at
      ))) as replied,
      sum(e.status in ('replied', 'opted_out')) as stopped,
      sum(e.status in ('skipped', 'opted_out')) as skipped,
      sum((e.counted & 4) != 0) as failed
    from funnel_executions e left join messages m on m.id = e.id
    where e.campaign_id = ${campaignId}
    group by e.step_id`);
  return new Map(rows.map(({ stepId, ...stats }) => [stepId, stats]));
}

// ---- capacity -----------------------------------------------------------------------------------

export async function listAudience(db: Db, listId: string, accountId: string) {
  const optedOut = sql`exists (select 1 from opt_outs o where o.twilio_account_id = ${accountId} and o.phone_number = l.numero_telefono)`;
  const operator = sql`exists (select 1 from conversations v where v.twilio_account_id = ${accountId} and v.phone_number = l.numero_telefono and v.operator_mode = 1)`;
  const [row] = await db.all<{ total: number; optedOut: number | null; operator: number | null }>(sql`
    select count(*) as total, sum(${optedOut}) as optedOut, sum(not ${optedOut} and ${operator}) as operator
    from list_leads l where ${eligible("l", listId)}`);
  return { total: row?.total ?? 0, optedOut: row?.optedOut ?? 0, operator: row?.operator ?? 0 };
}

// The fields a template variable can read, for one page of the list's eligible leads (keyset on id).
export function audienceFields(db: Db, listId: string, afterId: string | null, limit: number) {
  return db
    .select({ id: listLeads.id, nome: listLeads.nome, cognome: listLeads.cognome, email: listLeads.email, professione: listLeads.professione, originalData: listLeads.originalData })
    .from(listLeads)
    .where(and(sql`${eligible("list_leads", listId)}`, afterId ? sql`${listLeads.id} > ${afterId}` : undefined))
    .orderBy(asc(listLeads.id))
    .limit(limit);
}

// ---- engine: enrollment ---------------------------------------------------------------------

export interface EnrollBatch {
  campaignId: string;
  listId: string;
  startedAt: Date;
  first: { step: StepRow; dueAt: Date } | null;
  batchSize: number;
}

// drizzle's batch() cannot run raw SQL that has parameters, so the set-based enrollment goes to D1 as written.
function rawBatch(db: Db, queries: SQL[]) {
  return db.$client.batch(
    queries.map((q) => {
      const { sql: text, params } = db.run(q).getQuery();
      return db.$client.prepare(text).bind(...params);
    }),
  );
}

// One transaction: up to batchSize leads of the list that have no run get one (the unique run key
// keeps it to one per lead however many jobs overlap), runs with no step yet get the first step's
// execution, and the campaign's recipient count is refreshed. Answers how many runs it started.
export async function enroll(db: Db, b: EnrollBatch): Promise<number> {
  const queries: SQL[] = [
    sql`insert into funnel_runs (id, list_lead_id, campaign_id, state, started_at, last_step_order)
      select lower(hex(randomblob(16))), l.id, ${b.campaignId}, 'active', ${b.startedAt.getTime()}, 0
      from list_leads l
      where ${eligible("l", b.listId)}
        and not exists (select 1 from funnel_runs r where r.list_lead_id = l.id and r.campaign_id = ${b.campaignId})
      limit ${b.batchSize}
      on conflict do nothing`,
  ];
  if (b.first) {
    const { step, dueAt } = b.first;
    queries.push(
      sql`insert into funnel_executions (id, campaign_id, list_lead_id, step_id, run_id, step_order, status, scheduled_at, counted)
        select lower(hex(randomblob(16))), r.campaign_id, r.list_lead_id, ${step.id}, r.id, ${step.stepOrder}, 'pending', ${dueAt.getTime()}, 0
        from funnel_runs r
        where r.campaign_id = ${b.campaignId} and r.last_step_order = 0 and r.state = 'active'
        on conflict do nothing`,
      sql`update funnel_runs set last_step_order = ${step.stepOrder} where campaign_id = ${b.campaignId} and last_step_order = 0 and state = 'active'`,
    );
  }
  queries.push(sql`update lead_campaigns set total_recipients = (select count(*) from funnel_runs r where r.campaign_id = ${b.campaignId}) where id = ${b.campaignId}`);
  const [started] = await rawBatch(db, queries);
  return started!.meta.changes;
}

export function activeCampaigns(db: Db) {
  return db
    .select({ id: leadCampaigns.id, twilioAccountId: leadCampaigns.twilioAccountId })
    .from(leadCampaigns)
    .where(and(eq(leadCampaigns.status, "active"), inArray(leadCampaigns.campaignType, ["dynamic", "calendar"])));
}

// A calendar broadcast is complete once its time has come, every eligible lead has a run and no
// execution waits any more.
export function completeCalendarCampaigns(db: Db, now: Date) {
  return db
    .update(leadCampaigns)
    .set({ status: "completed" })
    .where(
      and(
        eq(leadCampaigns.campaignType, "calendar"),
        eq(leadCampaigns.status, "active"),
        sql`${leadCampaigns.scheduledAt} <= ${now.getTime()}`,
        sql`not exists (select 1 from funnel_executions e where e.campaign_id = ${leadCampaigns.id} and e.status in ('pending', 'claimed'))`,
        sql`not exists (select 1 from list_leads l where ${eligible("l", sql`${leadCampaigns.targetListId}`)}
          and not exists (select 1 from funnel_runs r where r.list_lead_id = l.id and r.campaign_id = ${leadCampaigns.id}))`,
      ),
    );
}

// ---- engine: claiming -------------------------------------------------------------------------

// Executions of the account's active campaigns that are on their way to the sender: claimed under a
// live lease, or queued with a message that has not been sent (or failed) yet.
export async function countInFlight(db: Db, accountId: string, leaseStart: Date) {
  const [row] = await db.all<{ n: number }>(sql`
    select count(*) as n from funnel_executions e join lead_campaigns c on c.id = e.campaign_id
    where c.twilio_account_id = ${accountId} and c.status = 'active' and (
      (e.status = 'claimed' and e.claimed_at >= ${leaseStart.getTime()}) or
      (e.status = 'queued' and (e.counted & 5) = 0 and e.executed_at >= ${leaseStart.getTime()}))`);
  return row?.n ?? 0;
}

// Atomically takes up to `limit` due executions of the account's active campaigns, and those whose
// claim outlived its lease (the worker holding them died). Overlapping ticks never take the same one.
export async function claimDue(db: Db, accountId: string, now: Date, leaseStart: Date, tick: string, limit: number) {
  const rows = await db.all<{ id: string }>(sql`
    update funnel_executions set status = 'claimed', claimed_at = ${now.getTime()}, claimed_by = ${tick}
    where id in (
      select e.id from funnel_executions e join lead_campaigns c on c.id = e.campaign_id
      where c.twilio_account_id = ${accountId} and c.status = 'active' and (
        (e.status = 'pending' and e.scheduled_at <= ${now.getTime()}) or
        (e.status = 'claimed' and e.claimed_at < ${leaseStart.getTime()}))
      order by e.scheduled_at
      limit ${limit})
    returning id`);
  return rows.map((r) => r.id);
}

// ---- engine: executing --------------------------------------------------------------------------

// Compiled per number of ids (a job has up to 25).
const executionContextsRead = compiledByShape((db, ids: number) =>
  compileRead(
    db
      .select({
        execution: funnelExecutions,
        run: { state: funnelRuns.state, startedAt: funnelRuns.startedAt },
        campaign: leadCampaigns,
        step: funnelSteps,
        lead: {
          nome: listLeads.nome,
          cognome: listLeads.cognome,
          email: listLeads.email,
          professione: listLeads.professione,
          originalData: listLeads.originalData,
          phone: listLeads.numeroTelefono,
        },
        optedOut: sql<number>`exists (select 1 from opt_outs o where o.twilio_account_id = ${leadCampaigns.twilioAccountId} and o.phone_number = ${listLeads.numeroTelefono})`,
        operatorMode: sql<number>`exists (select 1 from conversations v where v.twilio_account_id = ${leadCampaigns.twilioAccountId} and v.phone_number = ${listLeads.numeroTelefono} and v.operator_mode = 1)`,
      })
      .from(funnelExecutions)
      .innerJoin(funnelRuns, eq(funnelRuns.id, funnelExecutions.runId))
      .innerJoin(leadCampaigns, eq(leadCampaigns.id, funnelExecutions.campaignId))
      .innerJoin(funnelSteps, eq(funnelSteps.id, funnelExecutions.stepId))
      .innerJoin(listLeads, eq(listLeads.id, funnelExecutions.listLeadId))
      .where(inArray(funnelExecutions.id, listPlaceholders("id", ids))),
  ),
);
export function executionContexts(db: Db, ids: string[]) {
  return bound(db, executionContextsRead(db, ids.length), listValues("id", ids));
}
export type ClaimedExecution = Awaited<ReturnType<typeof executionContexts>>[number];

// A paused campaign's claimed execution goes back to waiting; resuming picks it up again.
export function releaseExecution(db: Db, id: string) {
  return db.update(funnelExecutions).set({ status: "pending", claimedAt: null, claimedBy: null }).where(and(eq(funnelExecutions.id, id), eq(funnelExecutions.status, "claimed")));
}

// Whether the customer wrote since the run's last message (or since the run started, when it sent none).
export async function customerReplied(db: Db, c: { accountId: string; phone: string; runId: string; runStartedAt: Date }) {
  const [row] = await db.all<{ replied: number }>(sql`
    select exists (
      select 1 from conversations v join messages r on r.conversation_id = v.id
      where v.twilio_account_id = ${c.accountId} and v.phone_number = ${c.phone} and r.sender = 'customer'
        and r.created_at > coalesce(
          (select max(m.created_at) from funnel_executions e join messages m on m.id = e.id where e.run_id = ${c.runId}),
          ${c.runStartedAt.getTime()})
    ) as replied`);
  return !!row?.replied;
}

export interface StepOutcome {
  execution: ExecutionRow;
  status: ExecutionStatus;
  now: Date;
  // The run's next execution, or how the run ends.
  next: { step: StepRow; dueAt: Date } | { runEnds: Exclude<RunState, "active"> };
}

// Records what an execution did and moves its run on, in one transaction. Every part is idempotent,
// so a second delivery of the same job changes nothing.
// Compiled per shape: every campaign send finishes its execution with these.
const finishWrites = compiledByShape((db, shape: { next: "step" | "end" }) => {
  const executed = compileWrite(
    db.update(funnelExecutions).set({ status: slot("status"), executedAt: slot("now") }).where(and(eq(funnelExecutions.id, slot("id")), eq(funnelExecutions.status, "claimed"))),
  );
  const runIsActive = and(eq(funnelRuns.id, slot("runId")), eq(funnelRuns.state, "active"));
  if (shape.next === "end") return [executed, compileWrite(db.update(funnelRuns).set({ state: slot("runEnds") }).where(runIsActive))];
  return [
    executed,
    compileWrite(
      db
        .insert(funnelExecutions)
        .values({ id: slot("nextId"), campaignId: slot("campaignId"), listLeadId: slot("listLeadId"), stepId: slot("stepId"), runId: slot("runId"), stepOrder: slot("stepOrder"), prevExecutionId: slot("id"), status: "pending", scheduledAt: slot("dueAt") })
        .onConflictDoNothing(),
    ),
    compileWrite(db.update(funnelRuns).set({ lastStepOrder: slot("stepOrder") }).where(runIsActive)),
  ];
});
export function finishStatements(db: Db, o: StepOutcome): BoundStatement<unknown>[] {
  const e = o.execution;
  const next = o.next;
  const values = { id: e.id, status: o.status, now: o.now, runId: e.runId };
  if ("step" in next) {
    const { step, dueAt } = next;
    const following = { ...values, nextId: crypto.randomUUID(), campaignId: e.campaignId, listLeadId: e.listLeadId, stepId: step.id, stepOrder: step.stepOrder, dueAt };
    return finishWrites(db, { next: "step" }).map((w) => bound(db, w, following));
  }
  return finishWrites(db, { next: "end" }).map((w) => bound(db, w, { ...values, runEnds: next.runEnds }));
}

// ---- counters -----------------------------------------------------------------------------------

// Adds the execution's message to the campaign's sent / delivered / failed counters for each bit not
// added before, then marks the bits: however often and in whatever order statuses arrive, each
// counter goes up once per message. A message that is not a campaign's matches no execution.
// The message is given by its id, or, for a Twilio status callback in the same batch as its status
// change, as the message with this sid that now has this status (no such message: nothing counted).
// Compiled per shape: every status of every campaign message runs these.
export type CountedMessage = { id: string } | { sid: string; status: string };
const countWrites = compiledByShape((db, shape: { bits: number; bySid: boolean }) => {
  const { bits } = shape;
  const message = shape.bySid ? sql`(select m."id" from "messages" m where m."twilio_message_id" = ${sql.placeholder("sid")} and m."status" = ${sql.placeholder("status")})` : sql.placeholder("id");
  const match = sql`${funnelExecutions.id} = ${message}`;
  const notYet = (bit: number) => sql`(select count(*) from funnel_executions where ${match} and (funnel_executions.counted & ${bit}) = 0)`;
  return [
    compileWrite(
      db
        .update(leadCampaigns)
        .set({
          ...(bits & COUNTED.sent ? { sentCount: sql`${leadCampaigns.sentCount} + ${notYet(COUNTED.sent)}` } : {}),
          ...(bits & COUNTED.delivered ? { deliveredCount: sql`${leadCampaigns.deliveredCount} + ${notYet(COUNTED.delivered)}` } : {}),
          ...(bits & COUNTED.failed ? { failedCount: sql`${leadCampaigns.failedCount} + ${notYet(COUNTED.failed)}` } : {}),
          updatedAt: slot("now"),
        })
        .where(sql`${leadCampaigns.id} in (select campaign_id from funnel_executions where ${match})`),
    ),
    compileWrite(db.update(funnelExecutions).set({ counted: sql`${funnelExecutions.counted} | ${bits}` }).where(match)),
  ];
});
export function countStatements(db: Db, message: CountedMessage, bits: number): BoundStatement<unknown>[] {
  return countWrites(db, { bits, bySid: "sid" in message }).map((w) => bound(db, w, { ...message, now: new Date() }));
}

// The campaign outbox's statements, batched by worker/jobs/campaign-outbox.ts.

// A lead's conversation, created or restarted by the campaign's template. Compiled: each send runs these.
const upsertConversationWrite = compiledByShape((db) =>
  compileWrite(
    db
      .insert(conversations)
      .values({
        id: slot("id"),
        userId: slot("userId"),
        twilioAccountId: slot("accountId"),
        phoneNumber: slot("phone"),
        customerName: slot("customerName"),
        templateSid: slot("templateSid"),
        templateName: slot("templateName"),
        templateCategory: slot("templateCategory"),
        promptId: null,
        status: "active",
        createdAt: slot("now"),
        updatedAt: slot("now"),
      })
      .onConflictDoUpdate({
        target: [conversations.twilioAccountId, conversations.phoneNumber],
        set: {
          templateSid: slot("templateSid"),
          templateName: slot("templateName"),
          templateCategory: slot("templateCategory"),
          promptId: null,
          status: "active",
          customerName: sql`coalesce(${conversations.customerName}, excluded.customer_name)`,
          updatedAt: slot("now"),
        },
      })
      .returning(),
  ),
);
export function upsertCampaignConversation(
  db: Db,
  c: { userId: string; accountId: string; phone: string; customerName: string | null; template: { sid: string; friendlyName: string; category: string | null } },
) {
  return bound(db, upsertConversationWrite(db, null), {
    id: crypto.randomUUID(),
    userId: c.userId,
    accountId: c.accountId,
    phone: c.phone,
    customerName: c.customerName,
    templateSid: c.template.sid,
    templateName: c.template.friendlyName,
    templateCategory: c.template.category,
    now: new Date(),
  });
}

const optedOutRead = compiledByShape((db, phones: number) =>
  compileRead(
    db
      .select({ phone: optOuts.phoneNumber })
      .from(optOuts)
      .where(and(eq(optOuts.twilioAccountId, sql.placeholder("accountId")), inArray(optOuts.phoneNumber, listPlaceholders("phone", phones)))),
  ),
);
export function optedOutAmong(db: Db, accountId: string, phones: string[]) {
  return bound(db, optedOutRead(db, phones.length), { accountId, ...listValues("phone", phones) });
}

// The step's message, under its execution's id: a redelivered job inserts none twice.
const campaignMessageWrite = compiledByShape((db) =>
  compileWrite(
    db
      .insert(messages)
      .values({
        id: slot("id"),
        conversationId: slot("conversationId"),
        content: slot("content"),
        isFromBot: true,
        sender: "operator",
        status: "queued",
        templateSid: slot("templateSid"),
        templateVariables: slot("variables"),
        replyToId: null,
        sources: null,
        createdAt: slot("now"),
      })
      .onConflictDoNothing()
      .returning(),
  ),
);
export function insertCampaignMessage(
  db: Db,
  m: { id: string; conversationId: string; filled: { content: string; variables: Record<string, string> | null }; templateSid: string; now: Date },
) {
  return bound(db, campaignMessageWrite(db, null), { id: m.id, conversationId: m.conversationId, content: m.filled.content, templateSid: m.templateSid, variables: m.filled.variables, now: m.now });
}

export function messageSendStates(db: Db, ids: string[]) {
  return db.select({ id: messages.id, status: messages.status, sendAttempts: messages.sendAttempts }).from(messages).where(inArray(messages.id, ids));
}
