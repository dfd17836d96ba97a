import type { z } from "zod";
import { MESSAGE_PAGE_SIZE } from "@shared/constants";
import type { JobMessage } from "@shared/jobs";
import type { AccountFrame, ServerFrame } from "@shared/live";
import { CUSTOMER_WINDOW_MS, matchKeyword, OPT_IN_KEYWORDS, OPT_OUT_KEYWORDS } from "@shared/messaging";
import { type Channel, toE164 } from "@shared/phone";
import { type ApiAssignee, type ApiLabel, type ApiConversation, type ApiConversationDetail, type ApiMessage, type ApiNote, type startConversationSchema } from "@shared/schemas/conversations";
import { CONVERSATION_TEXTS as TX } from "@shared/texts/conversations";
import type { VariableBindings } from "@shared/template-variables";
import { createDb, type Db, runBatch } from "@worker/db/client";
import { messages } from "@worker/db/schema";
import { badRequest, conflict, notFound } from "@worker/lib/http-error";
import { HeldByVersion } from "@worker/lib/held-by-version";
import { HeldJson } from "@worker/lib/held-json";
import { auditStatement } from "../admin/audit";
import type { SessionUser } from "@worker/types";
import type { AccountRow } from "../accounts/repo";
import { type ActiveAccount, requireAccount } from "../accounts/context";
import { liveListenersQuery } from "../live-access/repo";
import { feedbackMemoryFor } from "../memories/service";
import { findPrompt } from "../prompts/repo";
import { findProviderTemplate } from "../provider-templates/service";
import { fillForRecipient } from "../provider-templates/variables";
import { conversationChannel } from "../templates/service";
import * as repo from "./repo";
import { withEmbeddedMedia } from "../media/service";

export function toApiMessage(m: repo.ApiMessageRow): ApiMessage {
  return {
    id: m.id,
    conversationId: m.conversationId,
    content: m.content,
    isFromBot: m.isFromBot,
    sender: m.sender,
    twilioMessageId: m.twilioMessageId,
    status: m.status,
    errorCode: m.errorCode,
    errorMessage: m.errorMessage,
    templateSid: m.templateSid,
    sources: m.sources ?? null,
    createdAt: m.createdAt.toISOString(),
    location: m.location ?? null,
    button: m.button ?? null,
  };
}

export function windowOpenUntil(c: Pick<repo.ConversationRow, "lastInboundAt">): Date | null {
  return c.lastInboundAt ? new Date(c.lastInboundAt.getTime() + CUSTOMER_WINDOW_MS) : null;
}

// `labels` is the JSON array the list reads answer; without it the labels are left out (not emptied).
export function toApiConversation(c: repo.ApiConversationRow, optedOut: boolean | number, labels?: string | null): ApiConversation {
  const until = windowOpenUntil(c);
  return {
    ...(labels !== undefined ? { labelIds: labels ? (JSON.parse(labels) as string[]) : [] } : {}),
    id: c.id,
    twilioAccountId: c.twilioAccountId,
    customerName: c.customerName,
    customerCompany: c.customerCompany,
    phoneNumber: c.phoneNumber,
    lastMessage: c.lastMessage,
    lastMessageAt: c.lastMessageAt?.toISOString() ?? null,
    lastReadAt: c.lastReadAt?.toISOString() ?? null,
    createdAt: c.createdAt.toISOString(),
    status: c.status,
    operatorMode: c.operatorMode,
    optedOut: !!optedOut,
    aiStatus: c.aiStatus,
    aiError: c.aiError,
    channel: c.channel,
    windowOpenUntil: until?.toISOString() ?? null,
    unread: !!c.lastMessageAt && c.lastMessageAt.getTime() > (c.lastReadAt?.getTime() ?? 0),
    archivedAt: c.archivedAt?.toISOString() ?? null,
    assignedUserId: c.assignedUserId ?? null,
    template: c.templateSid || c.templateName ? { sid: c.templateSid, name: c.templateName, category: c.templateCategory } : null,
  };
}

// A page of the account's conversation list, and the `cursor` of the page after it when this one is full.
// Held per isolate by account and filter at the account's list version (conversation_list_versions):
// the console reads the same pages again and again (the list, the dashboard, every agent of the account),
// and while the account's conversations do not change they are answered without reading the rows. A
// search is never held: its words also match messages, which the version does not count.
export async function conversationPage(db: Db, accountId: string, filter: repo.ListFilter): Promise<ConversationPage> {
  const read = async (known: number) => {
    const { version, rows } = await repo.listConversations(db, accountId, filter, known);
    const build = (): ConversationPage => {
      const last = rows[filter.limit - 1];
      const items = rows.map((r) => toApiConversation(r.conversation, r.optedOut, r.labels));
      return { items, nextCursor: last ? `${repo.activityOf(last.conversation)}_${last.conversation.id}` : null, body: new HeldJson(items) };
    };
    return { version, build };
  };
  return filter.search ? (await read(-1)).build() : heldPages.answer(JSON.stringify([accountId, filter]), read);
}
// `body` is the items' JSON, held with the page (lib/held-json).
type ConversationPage = { items: ApiConversation[]; nextCursor: string | null; body: HeldJson<ApiConversation[]> };
// At most 100 pages of about 30 KB each.
const heldPages = new HeldByVersion<ConversationPage>(100);

// The dashboard's active conversations: open ones the customer or the AI is still working on.
export const activeConversations = (db: Db, accountId: string, limit: number) => conversationPage(db, accountId, { status: "active", view: "open", limit });

// The conversation if it belongs to an account the user is a member of; 404 otherwise.
export async function getConversationForUser(db: Db, user: SessionUser, id: string) {
  const found = await repo.findConversationForUser(db, id, user);
  if (!found) throw notFound(TX.notFound);
  return found;
}

// A page of the thread for a user who may see it (404 otherwise): the page's batch checks the user's
// membership itself, on every read. The page is held per isolate by conversation and page at the
// conversation's thread version (conversation_message_versions): a thread is read again and again (each
// agent who opens it, each reconnect), and while its messages do not change it is answered without
// reading them.
export async function messagePageForUser(db: Db, user: SessionUser, id: string, q: { limit: number; before?: string }): Promise<ThreadPage> {
  const viewerId = user.role === "super_admin" ? null : user.id;
  return heldThreadPages.answer(JSON.stringify([id, q.limit, q.before ?? null]), async (known) => {
    const { version, messages, nextCursor } = await repo.versionedMessagePage(db, id, { ...q, viewerId, known });
    if (version === null) throw notFound(TX.notFound);
    return {
      version,
      build: () => {
        const page = withEmbeddedMedia(messages);
        return { messages: page, nextCursor, body: new HeldJson(page) };
      },
    };
  });
}
type ThreadPage = { messages: ApiMessage[]; nextCursor: string | null; body: HeldJson<ApiMessage[]> };
// At most 100 pages: 50 messages each as the console reads them (about 25 KB), up to 200.
const heldThreadPages = new HeldByVersion<ThreadPage>(100);

export function conversationStub(env: Env, conversationId: string) {
  return env.CONVERSATIONS.get(env.CONVERSATIONS.idFromName(conversationId));
}

export function accountLiveStub(env: Env, accountId: string) {
  return env.ACCOUNT_LIVE.get(env.ACCOUNT_LIVE.idFromName(accountId));
}

// Live updates are best effort: a console that misses one catches up by its next read. A frame for a
// conversation that no console has open is not sent (live_sockets tells): waking its object would cost
// more than the frame. `listened` skips that read for a caller that made it already.
export async function publish(env: Env, conversationId: string, frame: ServerFrame, listened?: boolean) {
  try {
    if (listened ?? (await isListened(env, conversationId))) await conversationStub(env, conversationId).publish(frame);
  } catch (err) {
    console.warn("publish failed", conversationId, (err as Error).message);
  }
  if (frame.type === "conversation") await publishToAccount(env, frame.conversation.twilioAccountId, frame);
}

async function isListened(env: Env, conversationId: string) {
  const [listener] = await liveListenersQuery(createDb(env.DB), null, "conversation", [conversationId]);
  return !!listener;
}

// Frames already JSON (ServerFrame each), in order, to the consoles that have the conversation open.
async function publishTexts(env: Env, conversationId: string, texts: string[]) {
  try {
    await conversationStub(env, conversationId).publishTexts(texts);
  } catch (err) {
    console.warn("publish failed", conversationId, (err as Error).message);
  }
}

// To every console signed in on the account (the list, the unread badge, the dashboard).
export async function publishToAccount(env: Env, accountId: string, frame: AccountFrame) {
  try {
    await accountLiveStub(env, accountId).publish(frame);
  } catch (err) {
    console.warn("account publish failed", accountId, (err as Error).message);
  }
}

// The conversations one ingest flush announced, to the account's consoles in one call.
export async function publishConversationsToAccount(env: Env, accountId: string, announced: ApiConversation[]) {
  if (announced.length === 0) return;
  try {
    await accountLiveStub(env, accountId).publishTexts(announced.map((conversation) => JSON.stringify({ type: "conversation", conversation } satisfies AccountFrame)));
  } catch (err) {
    console.warn("account publish failed", accountId, (err as Error).message);
  }
}

export async function publishConversation(env: Env, db: Db, conversationId: string) {
  const found = await repo.findConversation(db, conversationId);
  if (found) await publish(env, conversationId, { type: "conversation", conversation: toApiConversation(found.conversation, found.optedOut, found.labels) });
}

export async function detail(db: Db, user: SessionUser, id: string): Promise<ApiConversationDetail> {
  const found = await getConversationForUser(db, user, id);
  // Read afresh: the thread's version would be a fourth statement.
  const page = await repo.messagePage(db, id, { limit: MESSAGE_PAGE_SIZE });
  return { ...toApiConversation(found.conversation, found.optedOut, found.labels), messages: withEmbeddedMedia(page.messages), sandbox: found.account.sandbox };
}

interface Outbound {
  // A caller-chosen id makes the insert idempotent (campaign steps choose it before sending).
  id?: string;
  content: string;
  sender: "ai" | "operator" | "system";
  templateSid?: string | null;
  templateVariables?: Record<string, string> | null;
  replyToId?: string | null;
  sources?: { memoryId: string; name: string }[] | null;
  // Records the message's attachments once it exists, before its send job is queued.
  attach?: (messageId: string) => Promise<void>;
  // What the chat list shows for a message without text.
  preview?: string;
}

const sendJob = (messageId: string, conversationId: string): JobMessage => ({ kind: "message.send", messageId, conversationId, idempotencyKey: `message.send:${messageId}` });

// WhatsApp rules checked before Twilio would refuse: opted-out numbers, and free-form text outside the 24-hour window.
async function checkSendRules(db: Db, conversation: repo.ConversationRow, out: Pick<Outbound, "sender" | "templateSid">, now: Date) {
  // System replies confirm an opt-out or opt-in, so they go out to that number regardless.
  if (out.sender !== "system" && (await repo.isOptedOut(db, conversation.twilioAccountId, conversation.phoneNumber))) {
    throw conflict(TX.optedOut);
  }
  // SMS has no customer-service window; WhatsApp free-form text needs an open one.
  if (!out.templateSid && conversation.channel === "whatsapp") {
    const until = windowOpenUntil(conversation);
    if (!until || until <= now) throw conflict(TX.outsideWindow);
  }
}

// Records an outbound message as queued and hands it to the jobs queue, once the send rules allow it.
export async function queueOutbound(env: Env, db: Db, conversation: repo.ConversationRow, out: Outbound, now = new Date()) {
  await checkSendRules(db, conversation, out, now);
  const message = await repo.insertMessageOnce(db, {
    ...(out.id ? { id: out.id } : {}),
    conversationId: conversation.id,
    content: out.content,
    isFromBot: true,
    sender: out.sender,
    status: "queued",
    templateSid: out.templateSid ?? null,
    templateVariables: out.templateVariables ?? null,
    replyToId: out.replyToId ?? null,
    sources: out.sources ?? null,
    createdAt: now,
  });
  if (!message) {
    // This reply exists already. Under a chosen id it is a retried caller, which may have stopped
    // before the send job was queued: a message never tried is queued again (the send job is idempotent).
    const existing = out.id ? await repo.findMessage(db, out.id) : undefined;
    if (existing?.status === "queued" && existing.sendAttempts === 0) await env.JOBS.send(sendJob(existing.id, conversation.id));
    return null;
  }
  await out.attach?.(message.id);
  await repo.updateConversation(db, conversation.id, { lastMessage: out.content || (out.preview ?? ""), lastMessageAt: now });
  await env.JOBS.send(sendJob(message.id, conversation.id));
  await publish(env, conversation.id, { type: "message", message: toApiMessage(message) });
  // The list's preview; only a system confirmation goes to an opted-out number.
  const preview = { ...conversation, lastMessage: out.content, lastMessageAt: now };
  await publishToAccount(env, conversation.twilioAccountId, { type: "conversation", conversation: toApiConversation(preview, out.sender === "system") });
  return message;
}

const partKey = (replyToId: string, index: number) => (index === 0 ? replyToId : `${replyToId}#${index + 1}`);

// An AI reply longer than Twilio's limit goes out as several messages (split at sentence boundaries by
// the caller). All parts are stored in one transaction, keyed by the customer message they answer, so a
// retried job stores none twice; only the first is queued, and each part's send queues the next, so they
// leave in order.
export async function queueReplyParts(
  env: Env,
  db: Db,
  conversation: repo.ConversationRow,
  reply: { parts: string[]; replyToId: string; sources?: Outbound["sources"] },
  now = new Date(),
) {
  await checkSendRules(db, conversation, { sender: "ai" }, now);
  const statements = reply.parts.map((content, i) =>
    db
      .insert(messages)
      .values({
        conversationId: conversation.id,
        content,
        isFromBot: true,
        sender: "ai",
        status: "queued",
        replyToId: partKey(reply.replyToId, i),
        sources: reply.sources ?? null,
        createdAt: new Date(now.getTime() + i),
      })
      .onConflictDoNothing()
      .returning(),
  );
  const rows = (await db.batch(statements as [(typeof statements)[number], ...typeof statements])).flat();
  // A redelivered job that stored nothing new leaves the sending to the first delivery's chain.
  if (rows.length === 0) return;
  await repo.updateConversation(db, conversation.id, { lastMessage: reply.parts[reply.parts.length - 1]!, lastMessageAt: now });
  for (const row of rows) await publish(env, conversation.id, { type: "message", message: toApiMessage(row) });
  await queueNextPart(env, db, conversation.id, reply.replyToId);
}

// Queues the first part of a reply not yet sent, once every part before it has left; the send job's
// claim keeps a part queued twice from going out twice.
export async function queueNextPart(env: Env, db: Db, conversationId: string, replyToId: string) {
  const base = replyToId.replace(/#\d+$/, "");
  const parts = await repo.replyParts(db, conversationId, base);
  const next = parts.find((p) => !p.twilioMessageId);
  if (next?.status === "queued" && next.sendAttempts === 0) await env.JOBS.send(sendJob(next.id, conversationId));
}

// A part that failed for good: the parts after it are not sent, and the chat says why.
export async function failLaterParts(env: Env, db: Db, message: repo.MessageRow) {
  if (message.sender !== "ai" || !message.replyToId) return;
  const base = message.replyToId.replace(/#\d+$/, "");
  const parts = await repo.replyParts(db, message.conversationId, base);
  const later = parts.slice(parts.findIndex((p) => p.id === message.id) + 1).filter((p) => !p.twilioMessageId && p.status === "queued");
  for (const p of later) {
    await repo.updateMessage(db, p.id, { status: "failed", errorMessage: TX.earlierPartFailed });
    await publish(env, message.conversationId, { type: "message-status", messageId: p.id, status: "failed", errorCode: null, errorMessage: TX.earlierPartFailed });
  }
}

export interface InboundMessage {
  sid: string;
  from: string; // E.164
  body: string;
  profileName?: string;
  channel: Channel;
}

// The account's InboundIngest object: one per provider account.
export const ingestObject = (env: Env, accountId: string) => env.INBOUND_INGEST.get(env.INBOUND_INGEST.idFromName(accountId));

// An inbound customer message (webhook or simulator). The account's InboundIngest object stores it
// once per MessageSid, in a group commit with the other webhooks of the moment, and announces it
// (announceInbound) before answering. A replayed sid answers null, unless the first delivery stored the
// message and stopped before announcing it: then the replay announces it. Answers the ids stored.
export async function ingestInbound(env: Env, account: AccountRow, inbound: InboundMessage, now = new Date()) {
  return ingestObject(env, account.id).store({
    account: { id: account.id, userId: account.userId },
    inbound,
    now,
  });
}

export interface AnnouncedInbound {
  message: repo.MessageRow;
  now: Date;
  // Whether the conversation's template has an active feedback memory, when the caller knows it.
  feedbackMemory?: boolean;
}

// Where an announcement goes besides D1: whether a console has the conversation open (its object then
// gets the frames), and the account's reply debounce (ReplyDebounce).
export interface AnnounceTo {
  listened: boolean;
  replies: { schedule(conversationId: string, debounceMs: number): Promise<unknown> };
}

// What follows the storage of one conversation's new customer messages, in arrival order: opt-out and
// opt-in keywords, the frames to the consoles that have the conversation open, the reply debounce
// (restarted once for them all), the keyword confirmations, and the feedback-analysis jobs.
// `optedOut` is the number's flag before these messages. Answers the conversation as announced, which the
// caller publishes to the account's consoles (InboundIngest: once for all the conversations of a flush).
export async function announceInbound(env: Env, db: Db, conversation: repo.ConversationRow, optedOut: boolean, items: AnnouncedInbound[], to: AnnounceTo): Promise<ApiConversation> {
  const confirmations: { content: string; now: Date }[] = [];
  const feedback: repo.MessageRow[] = [];
  let replies = false;
  for (const { message, now, feedbackMemory } of items) {
    const optOut = matchKeyword(message.content, OPT_OUT_KEYWORDS);
    const optIn = optedOut ? matchKeyword(message.content, OPT_IN_KEYWORDS) : null;
    let confirmation: string | null = null;
    if (optOut) {
      await repo.addOptOut(db, conversation.twilioAccountId, conversation.phoneNumber, optOut);
      optedOut = true;
      confirmation = TX.optOutConfirmation;
    } else if (optIn) {
      await repo.removeOptOut(db, conversation.twilioAccountId, conversation.phoneNumber);
      optedOut = false;
      confirmation = TX.optInConfirmation;
    }
    if (confirmation) confirmations.push({ content: confirmation, now });
    // A customer message never turns operator mode off by itself; opted-out numbers get no AI reply.
    if (!conversation.operatorMode && !optedOut && !confirmation) replies = true;
    if (!optOut && (feedbackMemory ?? !!(await feedbackMemoryFor(db, conversation.twilioAccountId, conversation.templateSid)))) {
      feedback.push(message);
    }
  }
  const announced = toApiConversation(conversation, optedOut);
  if (to.listened) {
    const frames: ServerFrame[] = [...items.map((i): ServerFrame => ({ type: "message", message: toApiMessage(i.message) })), { type: "conversation", conversation: announced }];
    await publishTexts(env, conversation.id, frames.map((f) => JSON.stringify(f)));
  }
  if (replies) await to.replies.schedule(conversation.id, Number(env.AI_REPLY_DEBOUNCE_MS ?? 2000));
  for (const { content, now } of confirmations) await queueOutbound(env, db, conversation, { content, sender: "system" }, now);
  for (const message of feedback) {
    const job: JobMessage = { kind: "feedback.analyse", messageId: message.id, idempotencyKey: `feedback.analyse:${message.id}` };
    await env.JOBS.send(job);
  }
  return announced;
}

// The debounce is over: the conversation's AI reply goes to the queue, to its last customer message,
// unless the conversation no longer wants one (operator mode, opt-out). Answers when the reply is due
// instead if its customer wrote again less than debounceMs ago (a debounce that forgot that message).
export async function startAiReply(env: Env, conversationId: string, debounceMs: number): Promise<number | null> {
  const db = createDb(env.DB);
  const found = await repo.findConversation(db, conversationId);
  if (!found || found.conversation.operatorMode || found.optedOut) return null;
  const until = (found.conversation.lastInboundAt?.getTime() ?? 0) + debounceMs;
  if (until > Date.now()) return until;
  const last = await repo.lastCustomerMessage(db, conversationId);
  if (!last) return null;
  await repo.updateConversation(db, conversationId, { aiStatus: "pending", aiError: null });
  const job: JobMessage = { kind: "ai.reply", conversationId, replyToId: last.id, idempotencyKey: `ai.reply:${last.id}` };
  await env.JOBS.send(job);
  await publish(env, conversationId, { type: "typing", active: true });
  return null;
}

type StartInput = z.output<typeof startConversationSchema>;

export async function startWithPrompt(env: Env, db: Db, user: SessionUser, active: ActiveAccount, input: StartInput) {
  const { account } = requireAccount(active);
  // Read with the account's country; a number that cannot exist is refused before anything is stored or sent.
  const phone = toE164(input.phoneNumber, account.phoneCountry);
  if (!phone) throw badRequest(TX.invalidNumber, { title: TX.invalidNumberTitle });
  const template = await findProviderTemplate(env, account, input.templateSid);
  if (!template || template.status !== "approved") throw badRequest(TX.templateNotApproved);
  const prompt = await findPrompt(db, account.id, input.promptId);
  if (!prompt || !prompt.linkedTemplates.includes(template.sid)) throw badRequest(TX.missingPrompt);

  // The values are checked before a conversation is opened: a refused start leaves nothing behind.
  const known = await repo.findConversationByPhone(db, account.id, phone);
  const customerName = input.customerName ?? known?.customerName ?? null;
  const customerCompany = input.customerCompany ?? known?.customerCompany ?? null;
  const filled = fillForRecipient(template, input.variables, { contact: { nome: customerName, company: customerCompany } });

  const conversation = await repo.ensureConversation(db, {
    userId: user.id,
    twilioAccountId: account.id,
    phoneNumber: phone,
  });
  const details = {
    customerName,
    customerCompany,
    templateSid: template.sid,
    templateName: template.friendlyName,
    templateCategory: template.category,
    promptId: prompt.id,
    status: "active",
    channel: await conversationChannel(db, account.id, template.sid),
  };
  await repo.updateConversation(db, conversation.id, details);
  const message = await queueOutbound(env, db, { ...conversation, ...details }, {
    content: filled.content,
    sender: "operator",
    templateSid: template.sid,
    templateVariables: filled.variables,
  });
  const found = await repo.findConversation(db, conversation.id);
  return { conversation: toApiConversation(found!.conversation, found!.optedOut), message: message && toApiMessage(message) };
}

export async function sendManual(env: Env, db: Db, user: SessionUser, id: string, content: string) {
  const { conversation } = await getConversationForUser(db, user, id);
  const message = await queueOutbound(env, db, conversation, { content, sender: "operator" });
  return toApiMessage(message!);
}

export async function sendTemplate(env: Env, db: Db, user: SessionUser, id: string, templateSid: string, variables: VariableBindings) {
  const { conversation, account } = await getConversationForUser(db, user, id);
  const template = await findProviderTemplate(env, account, templateSid);
  if (!template || template.status !== "approved") throw badRequest(TX.templateNotApproved);
  const filled = fillForRecipient(template, variables, { contact: { nome: conversation.customerName, company: conversation.customerCompany } });
  const message = await queueOutbound(env, db, conversation, {
    content: filled.content,
    sender: "operator",
    templateSid: template.sid,
    templateVariables: filled.variables,
  });
  return toApiMessage(message!);
}

export async function setOperatorMode(env: Env, db: Db, user: SessionUser, id: string, enabled: boolean) {
  await getConversationForUser(db, user, id);
  await repo.updateConversation(db, id, { operatorMode: enabled, ...(enabled ? { aiStatus: "idle" as const } : {}) });
  await publishConversation(env, db, id);
  const found = await repo.findConversation(db, id);
  return toApiConversation(found!.conversation, found!.optedOut, found!.labels);
}

export async function markRead(env: Env, db: Db, user: SessionUser, id: string) {
  const { conversation, optedOut } = await getConversationForUser(db, user, id);
  const lastReadAt = new Date();
  await repo.updateConversation(db, id, { lastReadAt });
  // Other consoles' unread badges follow; an already read conversation changes nothing for them.
  if (conversation.lastMessageAt && conversation.lastMessageAt.getTime() > (conversation.lastReadAt?.getTime() ?? 0)) {
    await publishToAccount(env, conversation.twilioAccountId, { type: "conversation", conversation: toApiConversation({ ...conversation, lastReadAt }, optedOut) });
  }
}

export async function remove(env: Env, db: Db, user: SessionUser, id: string) {
  const { conversation } = await getConversationForUser(db, user, id);
  await repo.deleteConversation(db, id);
  await publishToAccount(env, conversation.twilioAccountId, { type: "conversation-removed", id });
}

// Archived conversations leave the default list; the customer's next message brings them back.
export async function setArchived(env: Env, db: Db, user: SessionUser, id: string, archived: boolean) {
  const { conversation } = await getConversationForUser(db, user, id);
  if (archived !== !!conversation.archivedAt) await repo.updateConversation(db, id, { archivedAt: archived ? new Date() : null });
  await publishConversation(env, db, id);
  const found = await repo.findConversation(db, id);
  return toApiConversation(found!.conversation, found!.optedOut, found!.labels);
}

export function displayName(u: { email: string; firstName: string | null; lastName: string | null }) {
  return [u.firstName, u.lastName].filter(Boolean).join(" ").trim() || u.email.split("@")[0] || u.email;
}

export async function assignees(db: Db, active: ActiveAccount): Promise<ApiAssignee[]> {
  if (!active) return [];
  const rows = await repo.listAccountUsers(db, active.account.id);
  return rows.map((u) => ({ id: u.id, email: u.email, name: displayName(u) }));
}

// Assigns the conversation to a user of its account (null: nobody); recorded in the audit log.
export async function assign(env: Env, db: Db, user: SessionUser, id: string, assigneeId: string | null) {
  const { conversation } = await getConversationForUser(db, user, id);
  if (assigneeId !== null && !(await repo.isAccountUser(db, conversation.twilioAccountId, assigneeId))) throw badRequest(TX.assigneeNotMember);
  if (assigneeId !== conversation.assignedUserId) {
    await runBatch(db, [
      repo.updateConversation(db, id, { assignedUserId: assigneeId }),
      auditStatement(db, user, "conversation.assign", "conversation", id, {
        accountId: conversation.twilioAccountId,
        from: conversation.assignedUserId,
        to: assigneeId,
      }),
    ]);
  }
  await publishConversation(env, db, id);
  const found = await repo.findConversation(db, id);
  return toApiConversation(found!.conversation, found!.optedOut, found!.labels);
}

export function toApiLabel(l: repo.LabelRow): ApiLabel {
  return { id: l.id, name: l.name, color: l.color as ApiLabel["color"] };
}

export async function labels(db: Db, active: ActiveAccount) {
  return active ? (await repo.listLabels(db, active.account.id)).map(toApiLabel) : [];
}

export async function createLabel(db: Db, active: ActiveAccount, input: { name: string; color: string }) {
  const { account } = requireAccount(active);
  const row = await repo.insertLabel(db, { twilioAccountId: account.id, ...input });
  if (!row) throw conflict(TX.labelExists);
  return toApiLabel(row);
}

export async function deleteLabel(db: Db, active: ActiveAccount, labelId: string) {
  const { account } = requireAccount(active);
  if (!(await repo.deleteLabel(db, account.id, labelId))) throw notFound(TX.labelNotFound);
}

// Sets the conversation's labels; every one must be a label of the conversation's account.
export async function setLabels(env: Env, db: Db, user: SessionUser, id: string, labelIds: string[]) {
  const { conversation } = await getConversationForUser(db, user, id);
  const unique = [...new Set(labelIds)];
  if ((await repo.countAccountLabels(db, conversation.twilioAccountId, unique)) !== unique.length) throw badRequest(TX.labelNotFound);
  await repo.setLabels(db, id, unique);
  await publishConversation(env, db, id);
  const found = await repo.findConversation(db, id);
  return toApiConversation(found!.conversation, found!.optedOut, found!.labels);
}

export function toApiNote(n: repo.NoteRow): ApiNote {
  return {
    id: n.id,
    conversationId: n.conversationId,
    authorId: n.authorId,
    authorName: n.authorName,
    content: n.content,
    createdAt: n.createdAt.toISOString(),
  };
}

export async function listNotes(db: Db, user: SessionUser, id: string) {
  await getConversationForUser(db, user, id);
  return (await repo.listNotes(db, id)).map(toApiNote);
}

// An internal note: stored beside the thread, never queued for sending and never in the model's context.
export async function addNote(env: Env, db: Db, user: SessionUser, id: string, content: string) {
  await getConversationForUser(db, user, id);
  const note = toApiNote(await repo.insertNote(db, { conversationId: id, authorId: user.id, authorName: displayName(user), content }));
  await publish(env, id, { type: "note", note });
  return note;
}
