import { twilioErrorText } from "../../src/shared/messaging";
import type { Db } from "../db/client";
import { findAccount } from "../features/accounts/repo";
import { accountAuthToken } from "../features/accounts/service";
import * as repo from "../features/conversations/repo";
import { failLaterParts, publish, queueNextPart } from "../features/conversations/service";
import { toHex } from "../lib/crypto";
import { sendMessage, TwilioError } from "../providers/twilio";
import { conversationChannel } from "../features/templates/service";
import { changeMessageStatus } from "../features/campaigns/service";

// Waits longer than this are handed back to the queue rather than slept through.
const MAX_SLEEP_MS = 10_000;

export class RetryLater extends Error {
  constructor(readonly delaySeconds: number) {
    super(`retry in ${delaySeconds}s`);
  }
}

async function publishMessage(env: Env, db: Db, id: string) {
  const m = await repo.findMessage(db, id);
  if (m) await publish(env, m.conversationId, { type: "message-status", messageId: m.id, status: m.status, errorCode: m.errorCode, errorMessage: m.errorMessage });
}

// Sends one queued outbound message. A message is claimed before the call and carries its Twilio sid
// after it, so a redelivered job finds it sent and does nothing.
export async function runSendMessage(env: Env, db: Db, job: { messageId: string }) {
  const message = await repo.claimForSending(db, job.messageId);
  if (!message) return;
  const found = await repo.findConversation(db, message.conversationId);
  const account = found && (await findAccount(db, found.conversation.twilioAccountId));
  if (!found || !account) return;

  if (found.optedOut && message.sender !== "system") {
    await changeMessageStatus(db, message.id, { status: "failed", errorCode: "opt-out", errorMessage: "Il cliente ha chiesto di non ricevere messaggi" });
    await publishMessage(env, db, message.id);
    return;
  }

  const limiter = env.SENDER_LIMITER.get(env.SENDER_LIMITER.idFromName(account.id));
  const wait = await limiter.reserve(Number(env.TWILIO_SENDER_MPS ?? 80));
  if (wait > MAX_SLEEP_MS) {
    await repo.updateMessage(db, message.id, { status: "queued" });
    throw new RetryLater(Math.ceil(wait / 1000));
  }
  if (wait > 0) await new Promise((r) => setTimeout(r, wait));

  if (account.sandbox) {
    // A sandbox sends nothing: the message gets a local sid and is delivered to the simulator.
    const sid = `SMsandbox${toHex(crypto.getRandomValues(new Uint8Array(12)))}`;
    await changeMessageStatus(db, message.id, { twilioMessageId: sid, status: "delivered", errorCode: null, errorMessage: null });
    await publishMessage(env, db, message.id);
    await sendNext(env, db, message);
    return;
  }

  try {
    const sent = await sendMessage(
      env,
      { accountSid: account.accountSid, authToken: await accountAuthToken(env, account) },
      {
        from: account.phoneNumber,
        to: found.conversation.phoneNumber,
        channel: await conversationChannel(db, account.id, message.templateSid ?? found.conversation.templateSid),
        body: message.templateSid ? undefined : message.content,
        contentSid: message.templateSid ?? undefined,
        contentVariables: message.templateVariables ?? undefined,
        statusCallback: `${env.PUBLIC_BASE_URL.replace(/\/$/, "")}/webhooks/twilio/${account.id}/status`,
      },
    );
    const status = sent.status === "sent" || sent.status === "delivered" ? sent.status : "sent";
    await changeMessageStatus(db, message.id, { twilioMessageId: sent.sid, status, errorCode: null, errorMessage: null });
    await publishMessage(env, db, message.id);
    await sendNext(env, db, message);
  } catch (err) {
    if (!(err instanceof TwilioError)) throw err;
    const errorMessage = twilioErrorText(err.code ?? err.httpStatus);
    if (err.retryable) {
      await repo.updateMessage(db, message.id, { status: "queued", errorCode: err.code, errorMessage });
      await publishMessage(env, db, message.id);
      throw err;
    }
    await changeMessageStatus(db, message.id, { status: "failed", errorCode: err.code, errorMessage });
    await publishMessage(env, db, message.id);
    await failLaterParts(env, db, message);
  }
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
