import { twilioErrorText as twilioError } from "@shared/messaging";
import { parseTwilioAddress } from "@shared/phone";
import { MESSAGE_STATUSES } from "@shared/constants";
import type { Db } from "@worker/db/client";
import { runStatements } from "@worker/db/compiled";
import { messages } from "@worker/db/schema";
import { HttpError, notFound } from "@worker/lib/http-error";
import { validSignature } from "@worker/providers/twilio";
import { accountWithAuthToken } from "../accounts/service";
import * as repo from "../conversations/repo";
import { ingestInbound, publish } from "../conversations/service";
import { knownStatus, rememberStatus } from "../conversations/known-statuses";
import { statusCountStatements } from "../campaigns/service";
import { messageListenersQuery } from "../live-access/repo";
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

// How long a status callback whose sid no message has yet waits before each new try (in all 1.25 s, far
// longer than a send takes to write the sid Twilio answered; Twilio waits 15 s for an answer).
const EARLY_STATUS_RETRY_MS = [250, 1000];

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
  await ingestInbound(env, account, {
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
  const terminalFailure = next === "failed" || next === "undelivered";
  const moves = (current: string) => (terminalFailure ? (RANK[current] ?? 99) < RANK.delivered! : (RANK[next] ?? -1) > (RANK[current] ?? 99));
  // The database holds the status this isolate last wrote for the message, or one past it: a callback
  // that would not move that one on changes nothing (Twilio's `sent` after a send whose answer said so,
  // a callback posted again).
  const known = knownStatus(accountId, sid);
  if (known && !moves(known)) return;
  const errorCode = params.ErrorCode || null;
  // One round trip: the status applied if the message is the account's and the status moves it on, its
  // campaign's counters, and whether a console has the chat open (frames go only where one listens).
  const apply = () =>
    runStatements(db, [
      repo.statusBySidStatement(db, { sid, accountId, status: next, from: MESSAGE_STATUSES.filter(moves), error: terminalFailure ? { errorCode, errorMessage: twilioError(errorCode) } : null }),
      messageListenersQuery(db, accountId, sid),
      ...statusCountStatements(db, { sid, status: next }, next),
    ]);
  let [[moved], listeners] = await apply();
  // Twilio may post a status before the send that got the sid has written it (a send's write waits a
  // little for its batch's others): while no message has the sid, the callback is applied again later.
  for (const delay of EARLY_STATUS_RETRY_MS) {
    if (moved || (await repo.findMessageBySid(db, sid))) break;
    await new Promise((resolve) => setTimeout(resolve, delay));
    [[moved], listeners] = await apply();
  }
  if (!moved) return;
  if (!terminalFailure) rememberStatus(accountId, sid, next);
  if (listeners.length === 0) return;
  await publish(env, moved.conversationId, { type: "message-status", messageId: moved.id, status: next, errorCode: moved.errorCode, errorMessage: moved.errorMessage }, true);
}

