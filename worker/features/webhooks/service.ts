import { twilioErrorText as twilioError } from "@shared/messaging";
import { parseTwilioAddress } from "@shared/phone";
import type { Db } from "@worker/db/client";
import { messages } from "@worker/db/schema";
import { HttpError, notFound } from "@worker/lib/http-error";
import { validSignature } from "@worker/providers/twilio";
import { accountWithAuthToken } from "../accounts/service";
import * as repo from "../conversations/repo";
import { ingestInbound, publish } from "../conversations/service";
import { changeMessageStatus } from "../campaigns/service";
import { parseInboundExtras, recordInboundExtras } from "../media/service";

// Statuses only move forward; failed and undelivered end a message that was not yet delivered.
const RANK: Record<string, number> = { received: 0, queued: 1, sending: 2, sent: 3, delivered: 4, read: 5 };
const TWILIO_TO_OURS: Record<string, (typeof messages.$inferSelect)["status"]> = {
  accepted: "sent",
  scheduled: "queued",
  queued: "sent",
  sending: "sent",
  sent: "sent",
  delivered: "delivered",
  read: "read",
  failed: "failed",
  undelivered: "undelivered",
};

// The account the webhook names, after checking Twilio's signature over the URL it called.
export async function verifiedAccount(env: Env, db: Db, accountId: string, url: string, params: Record<string, string>, signature: string | undefined) {
  const found = await accountWithAuthToken(env, db, accountId);
  if (!found) throw notFound();
  const { account, authToken } = found;
  if (!(await validSignature(authToken, url, params, signature))) {
    throw new HttpError(403, "Firma Twilio non valida");
  }
  return account;
}

export async function handleInbound(env: Env, db: Db, accountId: string, url: string, params: Record<string, string>, signature: string | undefined) {
  const account = await verifiedAccount(env, db, accountId, url, params, signature);
  // The "whatsapp:" prefix tells the channel; an SMS From is the plain E.164 number.
  const from = parseTwilioAddress(params.From);
  if (!params.MessageSid || !from) return;
  await ingestInbound(env, db, account, {
    sid: params.MessageSid,
    from: from.phone,
    channel: from.channel,
    body: params.Body ?? "",
    profileName: params.ProfileName,
  });
  // Photos, voice notes, documents, a location or a tapped button (also on a replayed sid: idempotent).
  await recordInboundExtras(env, db, account.id, params.MessageSid, params.Body ?? "", parseInboundExtras(params));
}

export async function handleStatus(env: Env, db: Db, accountId: string, url: string, params: Record<string, string>, signature: string | undefined) {
  await verifiedAccount(env, db, accountId, url, params, signature);
  const sid = params.MessageSid;
  const next = TWILIO_TO_OURS[(params.MessageStatus ?? "").toLowerCase()];
  if (!sid || !next) return;
  const message = await repo.findMessageBySid(db, sid);
  if (!message) return;
  // The message must belong to this account's conversations.
  const found = await repo.findConversation(db, message.conversationId);
  if (!found || found.conversation.twilioAccountId !== accountId) return;

  const current = message.status ?? "queued";
  const terminalFailure = next === "failed" || next === "undelivered";
  const moves = terminalFailure ? (RANK[current] ?? 99) < RANK.delivered! : (RANK[next] ?? -1) > (RANK[current] ?? 99);
  if (!moves) return;
  const errorCode = params.ErrorCode || null;
  await changeMessageStatus(db, message.id, {
    status: next,
    ...(terminalFailure ? { errorCode, errorMessage: twilioError(errorCode) } : {}),
  });
  await publish(env, message.conversationId, {
    type: "message-status",
    messageId: message.id,
    status: next,
    errorCode: terminalFailure ? errorCode : message.errorCode,
    errorMessage: terminalFailure ? twilioError(errorCode) : message.errorMessage,
  });
}

