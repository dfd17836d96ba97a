import type { z } from "zod";
import { CONVERSATION_TEXTS } from "@shared/texts/conversations";
import { OFFLINE_MODEL } from "@shared/models";
import type { JobMessage } from "@shared/jobs";
import { type ApiLeadNotificationSettings, type LeadAnalysis, leadAnalysisSchema, type LeadLevel, type leadNotificationSettingsSchema } from "@shared/schemas/lead-detection";
import { T } from "@shared/strings";
import { ACTIONS_TEXTS as TX } from "@shared/texts/actions";
import type { Db } from "@worker/db/client";
import { accountPhoneList } from "@worker/lib/account-phone";
import { badRequest } from "@worker/lib/http-error";
import { type ChatResult, chatCompletion, isOffline } from "@worker/providers/openai";
import type { SessionUser } from "@worker/types";
import { type AccountRow, findAccount } from "../accounts/repo";
import { type ActiveAccount, namedOrActive, requireNamedOrActive } from "../accounts/context";
import { type Notification, notifyClaimed } from "../calendar/notify";
import * as conversations from "../conversations/repo";
import { findProviderTemplate } from "../provider-templates/service";
import { checkBudget, recordUsage } from "../usage/service";
import * as repo from "./repo";

type SettingsInput = z.output<typeof leadNotificationSettingsSchema>;

const MINUTE_MS = 60_000;
const STALE_CLAIM_MS = 2 * MINUTE_MS;
// The cron picks up conversations the reply path did not (operator mode, failed jobs) after this pause.
const SWEEP_SETTLE_MS = 2 * MINUTE_MS;
const SWEEP_LIMIT = 100;
const CONTEXT_MESSAGES = 10;

// ---- Settings (one row per user, bound to the account it was saved for) ----

function toApiSettings(accountId: string | null, row: repo.LeadSettingsRow | undefined): ApiLeadNotificationSettings {
  const mine = row && row.twilioAccountId === accountId ? row : undefined;
  return {
    twilioAccountId: accountId,
    notificationEnabled: mine?.notificationEnabled ?? false,
    notificationTemplateId: mine?.notificationTemplateId ?? null,
    notificationPhoneNumbers: mine?.notificationPhoneNumbers ?? [],
  };
}

export async function getSettings(db: Db, user: SessionUser, active: ActiveAccount, twilioAccountId?: string) {
  const account = await namedOrActive(db, user, active, twilioAccountId);
  return toApiSettings(account?.id ?? null, account ? await repo.findSettingsOfUser(db, user.id) : undefined);
}

// The spec keeps one row per user: saving for an account moves the user's Lead Detection there.
export async function saveSettings(env: Env, db: Db, user: SessionUser, active: ActiveAccount, input: SettingsInput) {
  const account = await requireNamedOrActive(db, user, active, input.twilioAccountId);
  // Numbers typed without a prefix belong to this account's country.
  const phones = accountPhoneList(input.notificationPhoneNumbers, account, "notificationPhoneNumbers", { invalid: CONVERSATION_TEXTS.invalidNumber, duplicate: T.phoneAlreadyListed });
  const previous = await repo.findSettingsOfUser(db, user.id);
  const previousTemplate = previous?.twilioAccountId === account.id ? previous.notificationTemplateId : null;
  if (input.notificationTemplateId && input.notificationTemplateId !== previousTemplate) {
    const template = await findProviderTemplate(env, account, input.notificationTemplateId);
    if (!template || template.status !== "approved") {
      throw badRequest(CONVERSATION_TEXTS.templateNotApproved, [{ path: "notificationTemplateId", message: CONVERSATION_TEXTS.templateNotApproved }]);
    }
  }
  const row = await repo.upsertSettingsOfUser(db, {
    userId: user.id,
    twilioAccountId: account.id,
    notificationEnabled: input.notificationEnabled,
    notificationTemplateId: input.notificationTemplateId,
    notificationPhoneNumbers: phones,
  });
  return toApiSettings(account.id, row);
}

// ---- Detection ----

export function detectionJob(conversationId: string, after: string): JobMessage {
  return { kind: "lead.detect", conversationId, idempotencyKey: `lead.detect:${conversationId}:${after}` };
}

// Called after an AI reply: queues the analysis when the account has Lead Detection AI. Never fails
// the caller; the cron sweep catches a conversation this missed.
export async function requestDetection(env: Env, db: Db, conversation: { id: string; twilioAccountId: string }, afterMessageId: string) {
  try {
    if ((await repo.enabledSettingsOf(db, conversation.twilioAccountId)).length === 0) return;
    await env.JOBS.send(detectionJob(conversation.id, afterMessageId));
  } catch (err) {
    console.warn("lead detection: could not queue the analysis", conversation.id, (err as Error).message);
  }
}

export async function dueDetectionJobs(db: Db, now: Date): Promise<JobMessage[]> {
  const rows = await repo.conversationsToAnalyse(db, now, SWEEP_SETTLE_MS, SWEEP_LIMIT);
  return rows.map((r) => detectionJob(r.id, String(r.lastInboundAt?.getTime() ?? 0)));
}

// Keyword signals for the offline analysis (no model key): buying intent, time pressure, refusal.
const INTEREST_WORDS = ["prezz", "preventiv", "cost", "quant", "acquist", "compr", "ordin", "interessat", "vorrei", "voglio", "disponibil", "appuntament", "rata", "rate", "prestit", "finanziament", "contratt", "offert", "scont", "catalog", "prenot", "informazion"];
const URGENCY_WORDS = ["subito", "urgent", "oggi", "domani", "stasera", "presto", "entro", "immediat"];
const REFUSALS = ["non mi interessa", "non sono interessat", "no grazie", "non ho bisogno", "non mi serve"];

export function heuristicAnalysis(customerText: string): LeadAnalysis {
  const text = customerText.toLowerCase();
  const words = text.split(/[^\p{L}\p{N}]+/u).filter(Boolean);
  const hits = (stems: string[]) => stems.filter((s) => words.some((w) => w.startsWith(s))).length;
  const interestHits = hits(INTEREST_WORDS);
  const urgencyHits = hits(URGENCY_WORDS) + (text.includes("al più presto") || text.includes("prima possibile") ? 1 : 0);
  const refused = REFUSALS.some((r) => text.includes(r));
  const level = (n: number, medium: number, high: number): LeadLevel => (n >= high ? "high" : n >= medium ? "medium" : "low");
  const qualified = !refused && (interestHits >= 2 || (interestHits >= 1 && urgencyHits >= 1));
  const last = customerText.trim().split("\n").pop() ?? "";
  return {
    qualified,
    interest: refused ? "low" : level(interestHits, 1, 3),
    urgency: level(urgencyHits, 1, 2),
    summary: last ? TX.lastCustomerMessage(last.slice(0, 150)) : "",
  };
}

const INSTRUCTIONS = `Sei Lead Detection AI: valuti se una conversazione WhatsApp di vendita contiene un lead qualificato.
Un lead è qualificato quando il cliente mostra un interesse concreto ad acquistare (chiede prezzi, preventivi, disponibilità, appuntamenti, condizioni) e non ha rifiutato.
Rispondi solo con un oggetto JSON: {"qualified": true | false, "interest": "low" | "medium" | "high", "urgency": "low" | "medium" | "high", "summary": "una frase in italiano su cosa vuole il cliente"}.`;

async function analyse(env: Env, account: AccountRow, transcript: string, customerText: string): Promise<{ analysis: LeadAnalysis; result: ChatResult; valid: boolean }> {
  if (isOffline(env)) {
    const started = Date.now();
    const analysis = heuristicAnalysis(customerText);
    const content = JSON.stringify(analysis);
    return {
      analysis,
      valid: true,
      result: { content, model: OFFLINE_MODEL, promptTokens: Math.ceil(transcript.length / 4), completionTokens: Math.ceil(content.length / 4), durationMs: Date.now() - started, offline: true },
    };
  }
  const result = await chatCompletion(env, {
    model: account.gptModel,
    temperature: 0.2,
    maxTokens: 200,
    json: true,
    messages: [
      { role: "system", content: INSTRUCTIONS },
      { role: "user", content: transcript },
    ],
  });
  try {
    return { analysis: leadAnalysisSchema.parse(JSON.parse(result.content)), result, valid: true };
  } catch {
    // An unusable answer costs what it cost, and counts as "not qualified" until the next message.
    return { analysis: { qualified: false, interest: "low", urgency: "low", summary: "" }, result, valid: false };
  }
}

// Analyses a conversation up to its newest customer message, once per message. A qualified lead is
// recorded (analytics conversion, lead row) and notified once; later messages are not analysed again.
export async function runDetection(env: Env, db: Db, conversationId: string, now = new Date()) {
  const found = await conversations.findConversation(db, conversationId);
  if (!found) return;
  const conversation = found.conversation;
  const settings = await repo.enabledSettingsOf(db, conversation.twilioAccountId);
  if (settings.length === 0) return;
  // The business's own numbers receive the alerts; their chats are not leads.
  if (settings.some((s) => s.notificationPhoneNumbers.includes(conversation.phoneNumber))) return;
  const account = await findAccount(db, conversation.twilioAccountId);
  if (!account) return;

  const detection = await repo.findDetection(db, conversationId);
  if (detection?.qualifiedAt) {
    if (!detection.notifiedAt) await notifyLead(env, db, account, conversation, detection, settings, now);
    return;
  }
  const latest = await conversations.lastCustomerMessage(db, conversationId);
  if (!latest || detection?.analysedMessageId === latest.id) return;
  const budget = await checkBudget(db, account.id, now);
  if (!budget.allowed) {
    console.warn("lead detection: monthly AI budget reached, not analysed", conversationId);
    return;
  }
  if (!(await repo.claimAnalysis(db, conversationId, account.id, latest.id, now, STALE_CLAIM_MS))) return;

  let outcome;
  try {
    const context = (await conversations.lastMessages(db, conversationId, CONTEXT_MESSAGES)).filter((m) => m.sender !== "system");
    const transcript = context.map((m) => `${m.sender === "customer" ? "Cliente" : "Azienda"}: ${m.content}`).join("\n");
    const customerText = context.filter((m) => m.sender === "customer").map((m) => m.content).join("\n");
    outcome = await analyse(env, account, transcript, customerText);
  } catch (err) {
    await repo.releaseAnalysis(db, conversationId, latest.id);
    throw err;
  }
  const { analysis } = outcome;
  await recordUsage(db, outcome.result, {
    userId: account.userId,
    twilioAccountId: account.id,
    operationType: "conversation_analysis",
    conversationId,
    messageId: latest.id,
    metadata: { qualified: analysis.qualified, interest: analysis.interest, urgency: analysis.urgency, valid: outcome.valid },
  });
  await repo.saveAnalysis(db, conversationId, {
    analysedMessageId: latest.id,
    analysedThrough: latest.createdAt,
    claimedMessageId: null,
    claimedAt: null,
    qualified: analysis.qualified,
    interest: analysis.interest,
    urgency: analysis.urgency,
    summary: analysis.summary || null,
  });
  if (!analysis.qualified) return;

  await repo.recordQualifiedLead(db, conversation, { interest: analysis.interest, urgency: analysis.urgency, summary: analysis.summary }, now);
  const saved = await repo.findDetection(db, conversationId);
  if (saved) await notifyLead(env, db, account, conversation, saved, settings, now);
}

// One WhatsApp alert per qualified lead and number; each number is claimed before its message is queued.
async function notifyLead(
  env: Env,
  db: Db,
  account: AccountRow,
  conversation: conversations.ConversationRow,
  detection: repo.LeadDetectionRow,
  settings: repo.LeadSettingsRow[],
  now: Date,
) {
  const interest = (detection.interest ?? "medium") as LeadLevel;
  const urgency = (detection.urgency ?? "low") as LeadLevel;
  const customer = conversation.customerName ?? conversation.phoneNumber;
  const targets = new Map<string, string | null>();
  for (const s of settings) for (const phone of s.notificationPhoneNumbers) if (!targets.has(phone)) targets.set(phone, s.notificationTemplateId);

  for (const [phone, templateSid] of targets) {
    const claim = await repo.claimNotification(db, conversation.id, phone, now, STALE_CLAIM_MS);
    if (!claim) continue;
    const alert = {
      phone,
      templateSid,
      // The alert's {{1}} is the customer, {{2}} the verdict; both always have a value.
      bindings: { "1": { source: "text", value: customer }, "2": { source: "text", value: TX.notificationTemplateDetail(interest, urgency) } },
      context: {},
      freeText: TX.notification(customer, conversation.phoneNumber, interest, urgency, detection.summary ?? ""),
      key: `lead:${conversation.id}`,
    } satisfies Notification;
    await notifyClaimed(env, db, account, alert, now, {
      finish: (values) => repo.finishNotification(db, claim.id, values),
      release: () => repo.releaseNotification(db, claim.id),
      skipped: ["lead detection: notification skipped", conversation.id],
    });
  }
  const settled = new Set((await repo.notificationsOf(db, conversation.id)).filter((n) => n.status !== "sending").map((n) => n.phoneNumber));
  if ([...targets.keys()].every((p) => settled.has(p))) await repo.markNotified(db, conversation.id, now);
}

// The agent's own judgement (its qualifica_lead tool): the same conversion and operators' alert as the
// analysis, once per conversation. Answers false when the conversation was qualified already.
export async function qualifyFromAgent(env: Env, db: Db, account: AccountRow, conversation: conversations.ConversationRow, reason: string, now = new Date()) {
  const existing = await repo.findDetection(db, conversation.id);
  if (existing?.qualifiedAt) return false;
  const levels = { interest: existing?.interest ?? "high", urgency: existing?.urgency ?? "medium" };
  await repo.upsertAgentQualification(db, conversation.id, account.id, { ...levels, summary: reason });
  await repo.recordQualifiedLead(db, conversation, { ...levels, summary: reason, by: "agent" }, now);
  const settings = await repo.enabledSettingsOf(db, account.id);
  if (settings.length === 0 || settings.some((s) => s.notificationPhoneNumbers.includes(conversation.phoneNumber))) return true;
  const saved = await repo.findDetection(db, conversation.id);
  if (saved) await notifyLead(env, db, account, conversation, saved, settings, now);
  return true;
}
