import { twilioErrorText as twilioError } from "../../../src/shared/messaging";
import { normalizePhone } from "../../../src/shared/schemas/conversations";
import type { Db } from "../../db/client";
import { messages } from "../../db/schema";
import { HttpError, notFound } from "../../lib/http-error";
import { validSignature } from "../../providers/twilio";
import { type AccountRow, findAccount } from "../accounts/repo";
import { accountAuthToken } from "../accounts/service";
import * as repo from "../conversations/repo";
import { ingestInbound, publish } from "../conversations/service";

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

// Webhooks arrive in bursts: keep each account and its decrypted token for a minute per isolate,
// so a webhook costs no lookup. A rotated token is picked up within that minute.
const ACCOUNT_CACHE_MS = 60_000;
const accountCache = new Map<string, { account: AccountRow; authToken: string; until: number }>();

async function accountWithToken(env: Env, db: Db, accountId: string) {
  const hit = accountCache.get(accountId);
  if (hit && hit.until > Date.now()) return hit;
  const account = await findAccount(db, accountId);
  if (!account) throw notFound();
  const entry = { account, authToken: await accountAuthToken(env, account), until: Date.now() + ACCOUNT_CACHE_MS };
  accountCache.set(accountId, entry);
  return entry;
}

// The account the webhook names, after checking Twilio's signature over the URL it called.
export async function verifiedAccount(env: Env, db: Db, accountId: string, url: string, params: Record<string, string>, signature: string | undefined) {
  const { account, authToken } = await accountWithToken(env, db, accountId);
  if (!(await validSignature(authToken, url, params, signature))) {
    throw new HttpError(403, "Firma Twilio non valida");
  }
  return account;
}

export async function handleInbound(env: Env, db: Db, accountId: string, url: string, params: Record<string, string>, signature: string | undefined) {
  const account = await verifiedAccount(env, db, accountId, url, params, signature);
  const from = normalizePhone((params.From ?? "").replace(/^whatsapp:/, ""));
  if (!params.MessageSid || !from) return;
  await ingestInbound(env, db, account, {
    sid: params.MessageSid,
    from,
    body: params.Body ?? "",
    profileName: params.ProfileName,
  });
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
  await repo.updateMessage(db, message.id, {
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

