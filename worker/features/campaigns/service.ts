import { z } from "zod";
import { romeInstant } from "@shared/calendar-time";
import { type ApiCampaign, type ApiCampaignCapacity, type ApiFunnelStep, type ApiFunnelStepStats, type ApiRecipientSample, CAMPAIGN, type CampaignStatus, type CampaignType, checkStep, type CreateCalendarCampaignInput, type CreateDynamicCampaignInput, type CreateFunnelStepInput, type FunnelStepFields, type StepType, type TriggerType, type TriggerUnit, type UpdateFunnelStepInput } from "@shared/schemas/campaigns";
import { CAMPAIGN_TEXTS as TX } from "@shared/texts/campaigns";
import { type Db, runBatch } from "@worker/db/client";
import { runStatementsShared } from "@worker/db/shared-round-trip";
import { badRequest, notFound } from "@worker/lib/http-error";
import type { SessionUser } from "@worker/types";
import type { AccountRow } from "../accounts/repo";
import { type ActiveAccount, requireNamedOrActive } from "../accounts/context";
import { auditStatement } from "../admin/audit";
import { type MessageRow, updateMessage } from "../conversations/repo";
import { findList, findListForUser } from "../lists/repo";
import { findProviderTemplate } from "../provider-templates/service";
import { enrollNext } from "./enroll";
import * as repo from "./repo";
import { stepDueAt } from "./schedule";
import { leadContext, requireValuesForAll, stepBindings } from "./variables";

const NO_STATS: ApiFunnelStepStats = { pending: 0, sent: 0, delivered: 0, replied: 0, stopped: 0, skipped: 0, failed: 0 };

// The sender's messages-per-second limit (Twilio's default for a WhatsApp sender is 80).
export function senderMps(env: Pick<Env, "TWILIO_SENDER_MPS">) {
  const mps = Number(env.TWILIO_SENDER_MPS);
  return Number.isFinite(mps) && mps > 0 ? mps : 80;
}

function toApiCampaign({ campaign: c, listName, stepCount, skippedCount }: repo.CampaignView): ApiCampaign {
  return {
    id: c.id,
    campaignId: c.campaignId,
    name: c.name,
    campaignType: c.campaignType as CampaignType,
    status: c.status as CampaignStatus,
    templateSid: c.templateSid,
    targetListId: c.targetListId,
    targetListName: listName,
    twilioAccountId: c.twilioAccountId,
    preferredHour: c.preferredHour,
    preferredMinute: c.preferredMinute,
    scheduledAt: c.scheduledAt?.toISOString() ?? null,
    totalRecipients: c.totalRecipients,
    sentCount: c.sentCount,
    deliveredCount: c.deliveredCount,
    failedCount: c.failedCount,
    skippedCount: Number(skippedCount),
    stepCount: Number(stepCount),
    createdAt: c.createdAt.toISOString(),
  };
}

function toApiStep(s: repo.StepRow, stats: ApiFunnelStepStats = NO_STATS): ApiFunnelStep {
  return {
    id: s.id,
    campaignId: s.campaignId,
    stepOrder: s.stepOrder,
    stepType: s.stepType as StepType,
    templateSid: s.templateSid,
    triggerType: s.triggerType as TriggerType,
    triggerValue: s.triggerValue,
    triggerUnit: s.triggerUnit as TriggerUnit | null,
    triggerDate: s.triggerDate?.toISOString() ?? null,
    isActive: s.isActive,
    variables: s.variableBindings ?? null,
    stats: Object.fromEntries(Object.entries(stats).map(([k, v]) => [k, Number(v ?? 0)])) as unknown as ApiFunnelStepStats,
  };
}

async function view(db: Db, id: string) {
  return toApiCampaign((await repo.findCampaignView(db, id))!);
}

// A campaign of an account the user belongs to; 404 otherwise, so other tenants' ids look absent.
async function campaignForUser(db: Db, user: SessionUser, id: string) {
  const found = await repo.findCampaignForUser(db, id, user);
  if (!found) throw notFound(TX.campaignNotFound);
  return found;
}

async function listOfAccount(db: Db, accountId: string, listId: string) {
  const list = await findList(db, listId);
  if (!list || list.twilioAccountId !== accountId) throw notFound(TX.listNotFound);
  return list;
}

// Campaigns send approved templates only: the account's Twilio ones, its approved internal ones, or a sandbox's samples.
async function requireApprovedTemplate(env: Env, account: AccountRow, sid: string) {
  const template = await findProviderTemplate(env, account, sid);
  if (!template || template.status !== "approved") throw badRequest(TX.templateNotApproved, [{ path: "templateSid", message: TX.templateNotApproved }]);
  return template;
}

// The list's first recipient as a template's variables would read it, and the source's columns.
export async function recipientsSample(db: Db, user: SessionUser, listId: string): Promise<ApiRecipientSample> {
  const list = await findListForUser(db, listId, user);
  if (!list) throw notFound(TX.listNotFound);
  const [{ total }, page] = await Promise.all([repo.listAudience(db, list.id, list.twilioAccountId), repo.audienceFields(db, list.id, null, 50)]);
  const first = page[0];
  const customKeys = [...new Set(page.flatMap((l) => Object.keys(l.originalData ?? {})))].sort((a, b) => a.localeCompare(b, "it"));
  return {
    total,
    first: first ? { name: [first.nome, first.cognome].filter(Boolean).join(" ") || null, context: leadContext(first) } : null,
    customKeys,
  };
}

export async function listForActiveAccount(db: Db, active: ActiveAccount, type: CampaignType | undefined): Promise<ApiCampaign[]> {
  if (!active) return [];
  return (await repo.listCampaigns(db, active.account.id, type)).map(toApiCampaign);
}

export async function createDynamic(env: Env, db: Db, user: SessionUser, active: ActiveAccount, input: CreateDynamicCampaignInput) {
  const account = await requireNamedOrActive(db, user, active, input.twilioAccountId);
  const list = await listOfAccount(db, account.id, input.targetListId);
  if (list.listType !== "dynamic") throw badRequest(TX.onlyDynamicLists, [{ path: "targetListId", message: TX.onlyDynamicLists }]);
  await requireApprovedTemplate(env, account, input.templateSid);
  const id = crypto.randomUUID();
  // Created paused in effect ("pending"): it starts when it has steps and is switched on.
  await repo.insertCampaign(db, {
    id,
    userId: user.id,
    name: input.name,
    twilioAccountId: account.id,
    campaignType: "dynamic",
    targetListId: list.id,
    templateSid: input.templateSid,
    status: "pending",
    preferredHour: input.preferredHour,
    preferredMinute: input.preferredMinute,
  });
  return view(db, id);
}

// A one-off broadcast: a campaign with one immediate message step, whose runs start at the Rome date and time.
export async function createCalendar(env: Env, db: Db, user: SessionUser, active: ActiveAccount, input: CreateCalendarCampaignInput, now = new Date()) {
  const account = await requireNamedOrActive(db, user, active, input.twilioAccountId);
  const list = await listOfAccount(db, account.id, input.targetListId);
  const [hour, minute] = input.scheduledTime.split(":").map(Number) as [number, number];
  const scheduledAt = romeInstant(input.scheduledDate, hour, minute);
  if (scheduledAt <= now) throw badRequest(TX.scheduledInPast, [{ path: "scheduledDate", message: TX.scheduledInPast }]);
  const template = await requireApprovedTemplate(env, account, input.templateSid);
  const variableBindings = stepBindings(template, input.variables);
  await requireValuesForAll(db, list.id, [{ template, bindings: variableBindings }]);
  const id = crypto.randomUUID();
  await runBatch(db, [
    repo.insertCampaign(db, {
      id,
      userId: user.id,
      name: input.name,
      twilioAccountId: account.id,
      campaignType: "calendar",
      targetListId: list.id,
      templateSid: input.templateSid,
      status: "active",
      scheduledAt,
    }),
    repo.insertStep(db, { campaignId: id, stepOrder: 1, stepType: "message", templateSid: input.templateSid, triggerType: "immediate", variableBindings }),
  ]);
  await enrollNext(env, db, { campaignId: id }, now);
  return view(db, id);
}

export async function setStatus(env: Env, db: Db, user: SessionUser, id: string, status: "active" | "paused") {
  const { campaign, account } = await campaignForUser(db, user, id);
  if (campaign.status === "completed") throw badRequest(TX.campaignCompleted);
  if (status === "active") {
    const steps = await repo.activeSteps(db, id);
    if (steps.length === 0) throw badRequest(TX.noStepsToActivate);
    await requireStepValues(env, db, account, campaign, steps);
  }
  await repo.setCampaignStatus(db, id, status);
  // The list's leads are scheduled now (beyond the first batch, through the queue); later ones at the next cron tick.
  if (status === "active") await enrollNext(env, db, { campaignId: id });
  return view(db, id);
}

// Every lead of the list must have a value for every {{n}} of every message step before the campaign runs.
async function requireStepValues(env: Env, db: Db, account: AccountRow, campaign: repo.CampaignRow, steps: repo.StepRow[]) {
  if (!campaign.targetListId) return;
  const sends = [];
  for (const step of steps) {
    if (step.stepType !== "message" || !step.templateSid) continue;
    const template = await findProviderTemplate(env, account, step.templateSid);
    // A template no longer approved fails its executions visibly; it has no values to check.
    if (template) sends.push({ template, bindings: step.variableBindings });
  }
  await requireValuesForAll(db, campaign.targetListId, sends);
}

export async function remove(db: Db, user: SessionUser, id: string) {
  const { campaign } = await campaignForUser(db, user, id);
  await runBatch(db, [repo.deleteCampaign(db, id), auditStatement(db, user, "campaign.delete", "campaign", id, { name: campaign.name })]);
}

export async function funnel(db: Db, user: SessionUser, id: string): Promise<ApiFunnelStep[]> {
  await campaignForUser(db, user, id);
  const [steps, stats] = await Promise.all([repo.listSteps(db, id), repo.stepStats(db, id)]);
  return steps.map((s) => toApiStep(s, stats.get(s.id)));
}

// Only the fields the trigger type uses are kept, and a conditional_reply step has no template.
function normalised(step: FunnelStepFields) {
  return {
    stepOrder: step.stepOrder,
    stepType: step.stepType,
    templateSid: step.stepType === "message" ? (step.templateSid ?? null) : null,
    triggerType: step.triggerType,
    triggerValue: step.triggerType === "relative" ? (step.triggerValue ?? null) : null,
    triggerUnit: step.triggerType === "relative" ? (step.triggerUnit ?? null) : null,
    triggerDate: step.triggerType === "absolute" && step.triggerDate ? new Date(step.triggerDate) : null,
    isActive: step.isActive,
    variableBindings: step.stepType === "message" ? (step.variables ?? null) : null,
  };
}

// A step's order is its own, a template it is given must be approved, and each of its {{n}} must have a
// source. Answers the step with only its template's bindings.
async function checkTemplateAndOrder(env: Env, account: AccountRow, steps: repo.StepRow[], step: ReturnType<typeof normalised>, current?: repo.StepRow) {
  if (steps.some((s) => s.id !== current?.id && s.stepOrder === step.stepOrder)) {
    throw badRequest(TX.stepOrderTaken, [{ path: "stepOrder", message: TX.stepOrderTaken }]);
  }
  if (!step.templateSid) return step;
  const template =
    step.templateSid !== current?.templateSid ? await requireApprovedTemplate(env, account, step.templateSid) : await findProviderTemplate(env, account, step.templateSid);
  return template ? { ...step, variableBindings: stepBindings(template, step.variableBindings) } : step;
}

export async function addStep(env: Env, db: Db, user: SessionUser, id: string, input: CreateFunnelStepInput) {
  const { account } = await campaignForUser(db, user, id);
  const steps = await repo.listSteps(db, id);
  if (steps.length >= CAMPAIGN.maxSteps) throw badRequest(TX.tooManySteps(CAMPAIGN.maxSteps));
  const step = await checkTemplateAndOrder(env, account, steps, normalised({ ...input, stepOrder: input.stepOrder ?? steps.length + 1 }));
  const [row] = await repo.insertStep(db, { campaignId: id, ...step });
  return toApiStep(row!);
}

const wholeStep = z.custom<FunnelStepFields>().superRefine(checkStep);

export async function updateStep(env: Env, db: Db, user: SessionUser, id: string, stepId: string, input: UpdateFunnelStepInput) {
  const { account } = await campaignForUser(db, user, id);
  const current = await repo.findStep(db, id, stepId);
  if (!current) throw notFound(TX.stepNotFound);
  const { stepOrder, stepType, templateSid, triggerType, triggerValue, triggerUnit, triggerDate, isActive, variables } = toApiStep(current);
  const merged = {
    ...{ stepOrder, stepType, templateSid, triggerType, triggerValue, triggerUnit, triggerDate, isActive, variables },
    ...Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined)),
  } as FunnelStepFields;
  const checked = wholeStep.safeParse(merged);
  if (!checked.success) {
    const issues = checked.error.issues.map((i) => ({ path: i.path.join("."), message: i.message }));
    throw badRequest(issues[0]!.message, issues);
  }
  const step = await checkTemplateAndOrder(env, account, await repo.listSteps(db, id), normalised(merged), current);
  // Executions already scheduled keep their time; the change applies to those scheduled from now on.
  return toApiStep(await repo.updateStep(db, stepId, step), (await repo.stepStats(db, id)).get(stepId));
}

export async function deleteStep(db: Db, user: SessionUser, id: string, stepId: string) {
  await campaignForUser(db, user, id);
  const steps = await repo.listSteps(db, id);
  const step = steps.find((s) => s.id === stepId);
  if (!step) throw notFound(TX.stepNotFound);
  const next = steps.find((s) => s.isActive && s.id !== step.id && s.stepOrder > step.stepOrder);
  await repo.deleteStep(db, step, next);
}

// What switching the campaign on will do: who gets the first message, at the sender's rate, and when
// that first step's sends finish. Leads that are opted out or in operator mode are skipped.
export async function capacity(env: Env, db: Db, user: SessionUser, id: string, now = new Date()): Promise<ApiCampaignCapacity> {
  const { campaign } = await campaignForUser(db, user, id);
  const [audience, steps] = await Promise.all([
    campaign.targetListId ? repo.listAudience(db, campaign.targetListId, campaign.twilioAccountId) : { total: 0, optedOut: 0, operator: 0 },
    repo.activeSteps(db, id),
  ]);
  const recipients = audience.total - audience.optedOut - audience.operator;
  const mps = senderMps(env);
  const start = campaign.scheduledAt && campaign.scheduledAt > now ? campaign.scheduledAt : now;
  const due = steps[0] ? stepDueAt(steps[0], start, campaign) : start;
  const firstSendAt = due > now ? due : now;
  return {
    recipients,
    skippedOptedOut: audience.optedOut,
    skippedOperator: audience.operator,
    messages: recipients * steps.filter((s) => s.stepType === "message").length,
    messagesPerSecond: mps,
    firstSendAt: firstSendAt.toISOString(),
    finishesAt: new Date(firstSendAt.getTime() + Math.ceil(recipients / mps) * 1000).toISOString(),
  };
}

// The one place campaign counters move: every status change of a message (the send job, the sandbox,
// Twilio's status callbacks, the dead-letter queue) is written through here, in one transaction with
// the counters it moves, so a crash can neither lose nor repeat a count. Reaching sent or later counts
// as sent, delivered or read as delivered, failed or undelivered as failed: each once per message. A
// campaign message has its execution's id; any other message moves no counter.
const STATUS_BITS: Record<string, number> = {
  sent: repo.COUNTED.sent,
  delivered: repo.COUNTED.sent | repo.COUNTED.delivered,
  read: repo.COUNTED.sent | repo.COUNTED.delivered,
  failed: repo.COUNTED.failed,
  undelivered: repo.COUNTED.failed,
};

// In a round trip shared with the other sends of a queue batch (db/shared-round-trip.ts), which may
// wait `waitMs` for them.
export async function changeMessageStatus(db: Db, messageId: string, values: Partial<MessageRow> & Pick<MessageRow, "status">, { waitMs = 0 } = {}) {
  await runStatementsShared(db, [updateMessage(db, messageId, values), ...statusCountStatements(db, { id: messageId }, values.status)], { waitMs });
}

// What a message's new status adds to its campaign's counters (nothing for a message of no campaign).
export function statusCountStatements(db: Db, message: repo.CountedMessage, status: MessageRow["status"]) {
  const bits = status ? STATUS_BITS[status] : undefined;
  return bits ? repo.countStatements(db, message, bits) : [];
}
