import { fillTemplate, resolveVariables, type VariableBindings, type VariableContext } from "@shared/template-variables";
import { CONVERSATION_TEXTS } from "@shared/texts/conversations";
import type { ClaimOutcome } from "@worker/db/claims";
import type { Db } from "@worker/db/client";
import { HttpError } from "@worker/lib/http-error";
import type { AccountRow } from "../accounts/repo";
import * as conversations from "../conversations/repo";
import { queueOutbound, windowOpenUntil } from "../conversations/service";
import { findProviderTemplate } from "../provider-templates/service";
import { positionsOf } from "../provider-templates/variables";

export type NotifyOutcome = ClaimOutcome;

export interface Notification {
  phone: string;
  templateSid: string | null;
  // Where each {{n}} takes its value, and what the values are read from.
  bindings: VariableBindings | null;
  context: VariableContext;
  freeText: string;
  // Stored as the message's reply-to key, whose unique index keeps a retried send from queueing it twice.
  key: string;
}

// A WhatsApp notification to one of the business's own numbers (calendar reminders, lead alerts),
// through queueOutbound like every other send. With an approved template it goes out whatever the
// window; free text only reaches a number that wrote in the last 24 hours. Opted-out numbers are skipped.
export async function notifyNumber(env: Env, db: Db, account: AccountRow, n: Notification, now = new Date()): Promise<NotifyOutcome> {
  if (await conversations.isOptedOut(db, account.id, n.phone)) return { status: "skipped", reason: CONVERSATION_TEXTS.optedOut };
  const template = n.templateSid ? await findProviderTemplate(env, account, n.templateSid) : null;
  const positions = template ? positionsOf(template) : [];
  const { values, missing } = resolveVariables(positions, n.bindings, n.context);
  const usable = template && template.status === "approved" && missing.length === 0 ? template : null;
  // A template is never sent with an empty value: without one, the free text goes out if the window allows.
  if (n.templateSid && !usable) console.warn("notify: template not approved or without values, sending free text", account.id, n.templateSid, missing);
  try {
    if (usable) {
      const conversation = await conversations.ensureConversation(db, { userId: account.userId, twilioAccountId: account.id, phoneNumber: n.phone });
      const message = await queueOutbound(
        env,
        db,
        conversation,
        {
          content: fillTemplate(usable.bodyText, values),
          sender: "operator",
          templateSid: usable.sid,
          templateVariables: positions.length ? values : null,
          replyToId: n.key,
        },
        now,
      );
      return { status: "sent", messageId: message?.id ?? null };
    }
    // Free text outside the window would be refused: no empty conversation is opened for it.
    const conversation = await conversations.findConversationByPhone(db, account.id, n.phone);
    const until = conversation ? windowOpenUntil(conversation) : null;
    if (!conversation || !until || until <= now) return { status: "skipped", reason: CONVERSATION_TEXTS.outsideWindow };
    const message = await queueOutbound(env, db, conversation, { content: n.freeText, sender: "operator", replyToId: n.key }, now);
    return { status: "sent", messageId: message?.id ?? null };
  } catch (err) {
    // Opted out or outside the window after all: a retry would be refused the same way.
    if (err instanceof HttpError && err.status === 409) return { status: "skipped", reason: err.message };
    throw err;
  }
}

// A notification row that one run holds while it sends (calendar reminders, lead alerts): how to record
// how the send went, and how to give the row back.
export interface NotificationClaim {
  finish(outcome: ClaimOutcome): Promise<unknown>;
  release(): Promise<unknown>;
  // What a skipped send is logged with: the message and the record it is about.
  skipped: [message: string, id: string];
}

// Sends a claimed notification and records the outcome on its claim. A failure a retry may overcome
// gives the claim back for the next run, and is thrown on.
export async function notifyClaimed(env: Env, db: Db, account: AccountRow, n: Notification, now: Date, claim: NotificationClaim): Promise<void> {
  try {
    const outcome = await notifyNumber(env, db, account, n, now);
    if (outcome.status === "skipped") console.warn(...claim.skipped, n.phone, outcome.reason);
    await claim.finish(outcome);
  } catch (err) {
    await claim.release();
    throw err;
  }
}
