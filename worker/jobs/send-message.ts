import { twilioErrorText } from "@shared/messaging";
import type { Db } from "../db/client";
import { runStatementsShared } from "../db/shared-round-trip";
import { accountWithAuthToken } from "../features/accounts/service";
import * as repo from "../features/conversations/repo";
import { rememberStatus } from "../features/conversations/known-statuses";
import { failLaterParts, publish, queueNextPart } from "../features/conversations/service";
import { toHex } from "../lib/crypto";
import type { JobMessage } from "@shared/jobs";
import { listSentMessages, type SendRequest, sendMessage, TwilioError } from "../providers/twilio";
import { conversationChannel } from "../features/templates/service";
import { changeMessageStatus } from "../features/campaigns/service";
import { outboundMediaUrls } from "../features/media/service";
import { liveListenersQuery } from "../features/live-access/repo";
import { reserveSendSlot } from "./sender-slots";

// Waits longer than this are handed back to the queue rather than slept through.
const MAX_SLEEP_MS = 10_000;
// A sent message's sid and status are written together with the batch's next sends' for up to this
// long: a campaign's sends leave one slot apart, so each would otherwise take a D1 round trip of its
// own. Until then the message shows "sending"; a Worker lost meanwhile leaves the attempt marked, and
// the outbox sweep adopts the message Twilio has.
const SENT_WRITE_WAIT_MS = 50;

export class RetryLater extends Error {
  constructor(readonly delaySeconds: number) {
    super(`retry in ${delaySeconds}s`);
  }
}

// `listened`: whether a console has the chat open, when known (unknown: publish reads it).
async function publishMessage(env: Env, db: Db, id: string, listened?: boolean) {
  if (listened === false) return;
  const m = await repo.findMessage(db, id);
  if (m) await publish(env, m.conversationId, { type: "message-status", messageId: m.id, status: m.status, errorCode: m.errorCode, errorMessage: m.errorMessage }, listened);
}

// Sends one queued outbound message. A message is claimed before the call and carries its Twilio sid
// after it, so a redelivered job finds it sent and does nothing. The claim and the conversation are read
// in one round trip, the account with its decrypted token comes from the isolate's cache, and the
// sender's slot from a reservation shared with the sends that ask at the same time (./sender-slots).
export async function runSendMessage(env: Env, db: Db, job: { messageId: string; conversationId?: string }) {
  let message: repo.MessageRow | undefined;
  let found: Awaited<ReturnType<typeof repo.findConversation>>;
  // Whether a console has the conversation open (undefined: not known, as when the job names no conversation).
  let listened: boolean | undefined;
  const claimedAt = new Date();
  if (job.conversationId) {
    // Shared with the other sends of the queue batch, which all ask at once.
    const [claimed, conversation, listeners] = await runStatementsShared(db, [
      repo.claimForSendingQuery(db, job.messageId, claimedAt),
      repo.findConversationQuery(db, job.conversationId),
      liveListenersQuery(db, null, "conversation", [job.conversationId]),
    ]);
    message = claimed[0];
    found = conversation[0];
    listened = listeners.length > 0;
  } else {
    message = await repo.claimForSending(db, job.messageId, claimedAt);
  }
  if (!message) return;
  // The claim marks the attempt as possibly reaching Twilio, unless an earlier attempt's mark is there:
  // that attempt's outcome is unknown (its Worker died, or Twilio's answer was lost).
  const earlierAttemptAt = message.twilioAttemptAt && message.twilioAttemptAt.getTime() !== claimedAt.getTime() ? message.twilioAttemptAt : null;
  const noAttempt = earlierAttemptAt ? {} : { twilioAttemptAt: null };
  if (found?.conversation.id !== message.conversationId) (found = await repo.findConversation(db, message.conversationId), (listened = undefined));
  const cached = found && (await accountWithAuthToken(env, db, found.conversation.twilioAccountId));
  if (!found || !cached) return;
  const account = cached.account;

  if (found.optedOut && message.sender !== "system") {
    await changeMessageStatus(db, message.id, { status: "failed", errorCode: "opt-out", errorMessage: "Il cliente ha chiesto di non ricevere messaggi", ...noAttempt });
    await publishMessage(env, db, message.id, listened);
    return;
  }

  // The queue batch's Db stands for its invocation: its sends share their reservations.
  const wait = await reserveSendSlot(env, db, account.id, Number(env.TWILIO_SENDER_MPS ?? 80));
  if (wait > MAX_SLEEP_MS) {
    await repo.updateMessage(db, message.id, { status: "queued", ...noAttempt });
    throw new RetryLater(Math.ceil(wait / 1000));
  }
  if (wait > 0) await new Promise((r) => setTimeout(r, wait));

  if (account.sandbox) {
    // A sandbox sends nothing: the message gets a local sid and is delivered to the simulator.
    const sid = `SMsandbox${toHex(crypto.getRandomValues(new Uint8Array(12)))}`;
    await changeMessageStatus(db, message.id, { twilioMessageId: sid, status: "delivered", errorCode: null, errorMessage: null, twilioAttemptAt: null });
    await publishMessage(env, db, message.id, listened);
    await sendNext(env, db, message);
    return;
  }

  try {
    const creds = { accountSid: account.accountSid, authToken: cached.authToken };
    const request: SendRequest = {
      from: account.phoneNumber,
      to: found.conversation.phoneNumber,
      // A template goes out on its own channel; free text on the customer's.
      channel: message.templateSid ? await templateChannel(db, account.id, message.templateSid) : found.conversation.channel,
      body: message.templateSid ? undefined : message.content,
      mediaUrls: message.templateSid ? undefined : await outboundMediaUrls(env, db, message.id),
      contentSid: message.templateSid ?? undefined,
      contentVariables: message.templateVariables ?? undefined,
      statusCallback: `${env.PUBLIC_BASE_URL.replace(/\/$/, "")}/webhooks/twilio/${account.id}/status`,
    };
    // An earlier attempt whose outcome is unknown may have reached Twilio: adopt that message if Twilio
    // has it, and only otherwise send.
    const earlier = earlierAttemptAt ? await findEarlierSend(env, db, creds, request, earlierAttemptAt) : null;
    if (earlier) {
      await changeMessageStatus(db, message.id, { twilioMessageId: earlier.sid, status: adoptedStatus(earlier.status), errorCode: null, errorMessage: null, twilioAttemptAt: null });
      await publishMessage(env, db, message.id, listened);
      await sendNext(env, db, message);
      return;
    }
    const sent = await sendMessage(env, creds, request);
    const status = sent.status === "sent" || sent.status === "delivered" ? sent.status : "sent";
    await changeMessageStatus(db, message.id, { twilioMessageId: sent.sid, status, errorCode: null, errorMessage: null, twilioAttemptAt: null }, { waitMs: SENT_WRITE_WAIT_MS });
    rememberStatus(account.id, sent.sid, status);
    // What changed is known here: a chat that is open gets it without reading the message back.
    await publish(env, message.conversationId, { type: "message-status", messageId: message.id, status, errorCode: null, errorMessage: null }, listened);
    await sendNext(env, db, message);
  } catch (err) {
    if (!(err instanceof TwilioError)) throw err;
    const errorMessage = twilioErrorText(err.code ?? err.httpStatus);
    // Twilio answered with an error: the message was not taken. No answer at all (a time-out, a dropped
    // connection): it may have been, so the attempt stays marked for the next one to reconcile.
    const known = err.httpStatus !== null ? { twilioAttemptAt: null } : {};
    if (err.retryable) {
      await repo.updateMessage(db, message.id, { status: "queued", errorCode: err.code, errorMessage, ...known });
      await publishMessage(env, db, message.id, listened);
      throw err;
    }
    await changeMessageStatus(db, message.id, { status: "failed", errorCode: err.code, errorMessage, ...known });
    await publishMessage(env, db, message.id, listened);
    await failLaterParts(env, db, message);
  }
}

// A template's channel (WhatsApp or SMS) is part of what the template is: the isolate remembers it
// for a minute instead of reading it for each of a campaign's sends.
const CHANNEL_TTL_MS = 60_000;
const channels = new Map<string, { channel: Awaited<ReturnType<typeof conversationChannel>>; until: number }>();
async function templateChannel(db: Db, accountId: string, templateSid: string) {
  const key = `${accountId}:${templateSid}`;
  const hit = channels.get(key);
  if (hit && hit.until > Date.now()) return hit.channel;
  const channel = await conversationChannel(db, accountId, templateSid);
  if (channels.size > 1000) channels.clear();
  channels.set(key, { channel, until: Date.now() + CHANNEL_TTL_MS });
  return channel;
}

// Clocks differ: a Twilio message created this long before our attempt began may still be it.
const CLOCK_SKEW_MS = 60_000;

// The message an uncertain attempt left on Twilio: outbound, from our number to the customer, created
// after the attempt began, with this body (a template's body is Twilio's rendering, so any body), and
// carried by no other message of ours.
async function findEarlierSend(env: Env, db: Db, creds: { accountSid: string; authToken: string }, request: SendRequest, attemptAt: Date) {
  const listed = await listSentMessages(env, creds, { from: request.from, to: request.to, channel: request.channel, since: attemptAt });
  const candidates = listed.filter(
    (m) =>
      m.direction.startsWith("outbound") &&
      m.dateCreated.getTime() >= attemptAt.getTime() - CLOCK_SKEW_MS &&
      (request.body === undefined || m.body === request.body),
  );
  const taken = await repo.knownTwilioSids(db, candidates.map((m) => m.sid));
  // Oldest first: the first untaken one is the earliest attempt's.
  return candidates.filter((m) => !taken.has(m.sid)).sort((a, b) => a.dateCreated.getTime() - b.dateCreated.getTime())[0] ?? null;
}

function adoptedStatus(twilioStatus: string): "sent" | "delivered" | "read" | "failed" | "undelivered" {
  return (["delivered", "read", "failed", "undelivered"] as const).find((s) => s === twilioStatus) ?? "sent";
}

// The cron's outbox sweep: sends whose consumer died (claimed, or queued with their job lost) are
// re-queued after the lease; the send job reconciles with Twilio before sending again. A message
// stuck for a day is not sent that late: it is marked failed.
const SWEEP_BATCH = 200;
const TOO_LATE_MS = 24 * 60 * 60_000;
export async function sweepOutbox(env: Env, db: Db, now = new Date()): Promise<number> {
  const stuck = await repo.abandonedOutbound(db, now, SWEEP_BATCH);
  const jobs: MessageSendRequest<JobMessage>[] = [];
  for (const m of stuck) {
    if (now.getTime() - m.createdAt.getTime() > TOO_LATE_MS) {
      await changeMessageStatus(db, m.id, { status: "failed", errorMessage: "Invio non riuscito: troppo tardi per inviarlo" });
      await publishMessage(env, db, m.id);
      continue;
    }
    const minute = now.toISOString().slice(0, 16);
    jobs.push({ body: { kind: "message.send", messageId: m.id, conversationId: m.conversationId, idempotencyKey: `message.send:${m.id}:sweep:${minute}` } });
  }
  for (let i = 0; i < jobs.length; i += 100) await env.JOBS.sendBatch(jobs.slice(i, i + 100));
  return jobs.length;
}

// The next part of a long AI reply leaves only after this one has.
async function sendNext(env: Env, db: Db, message: { sender: string; replyToId: string | null; conversationId: string }) {
  if (message.sender === "ai" && message.replyToId) await queueNextPart(env, db, message.conversationId, message.replyToId);
}

// After its retries a send is given up: the chat shows it failed.
export async function failSendMessage(env: Env, db: Db, job: { messageId: string }) {
  const message = await repo.findMessage(db, job.messageId);
  if (!message || message.twilioMessageId) return;
  // The last error said another try was coming; now none is.
  const reason = (message.errorMessage ?? "Invio non riuscito").replace(/: nuovo tentativo a breve$/, "");
  await changeMessageStatus(db, message.id, { status: "failed", errorMessage: `${reason}: abbandonato dopo i tentativi` });
  await publishMessage(env, db, message.id);
  await failLaterParts(env, db, message);
}
