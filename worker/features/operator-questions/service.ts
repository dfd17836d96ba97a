import type { JobMessage } from "@shared/jobs";
import { type ApiOperatorQuestion, OPERATOR_QUESTION_TTL_MS } from "@shared/schemas/operator-questions";
import { OPERATOR_QUESTION_TEXTS as TX } from "@shared/texts/operator-questions";
import { createMemorySchema, updateMemorySchema } from "@shared/schemas/memories";
import type { Db } from "@worker/db/client";
import { badRequest, HttpError, notFound } from "@worker/lib/http-error";
import type { SessionUser } from "@worker/types";
import type { AccountRow } from "../accounts/repo";
import type { ActiveAccount } from "../accounts/context";
import * as conversations from "../conversations/repo";
import { settingsOfAccount } from "../lead-detection/repo";
import { publishConversation, queueOutbound, toApiMessage } from "../conversations/service";
import { findTextMemoryByName } from "../memories/repo";
import { createMemory, getMemoryForUser, updateMemory } from "../memories/service";
import * as repo from "./repo";

// The agent does not invent: it tells the customer it will check, records the question for the
// account's operators and tells them in the console and, where WhatsApp allows it, on their phones.
export async function askOperator(
  env: Env,
  db: Db,
  account: AccountRow,
  conversation: conversations.ConversationRow,
  question: string,
  replyToId: string,
  now = new Date(),
) {
  await repo.insertQuestion(db, {
    conversationId: conversation.id,
    phoneNumber: conversation.phoneNumber,
    userId: account.userId,
    questionAsked: question,
    expiresAt: new Date(now.getTime() + OPERATOR_QUESTION_TTL_MS),
    createdAt: now,
  });
  await queueOutbound(env, db, conversation, { content: TX.holdingReply, sender: "ai", replyToId }, now);
  await notifyOperatorsOnWhatsApp(env, db, account, conversation, question, now);
}

// Operators' numbers are the account's notification numbers (the 'Azioni' settings). WhatsApp lets a
// business write free text only to a number that wrote within 24 hours, so the others are skipped.
async function notifyOperatorsOnWhatsApp(env: Env, db: Db, account: AccountRow, conversation: conversations.ConversationRow, question: string, now: Date) {
  const settings = await settingsOfAccount(db, account.id);
  const phones = new Set(settings.filter((s) => s.notificationEnabled).flatMap((s) => s.notificationPhoneNumbers));
  phones.delete(conversation.phoneNumber);
  for (const phone of phones) {
    const operator = await conversations.findConversationByPhone(db, account.id, phone);
    if (!operator) continue;
    const customer = conversation.customerName ?? conversation.phoneNumber;
    try {
      await queueOutbound(env, db, operator, { content: TX.notifyOperator(customer, question), sender: "system" }, now);
    } catch (err) {
      if (!(err instanceof HttpError)) throw err;
      console.warn("operator notification skipped", phone, err.message);
    }
  }
}

function toApi(row: Awaited<ReturnType<typeof repo.listForAccount>>[number], now: Date): ApiOperatorQuestion {
  const q = row.question;
  return {
    id: q.id,
    conversationId: q.conversationId,
    phoneNumber: q.phoneNumber,
    customerName: row.customerName,
    questionAsked: q.questionAsked,
    expiresAt: q.expiresAt.toISOString(),
    expired: q.activated || q.expiresAt <= now,
    createdAt: q.createdAt.toISOString(),
  };
}

export async function listQuestions(db: Db, active: ActiveAccount, now = new Date()) {
  if (!active) return [];
  return (await repo.listForAccount(db, active.account.id)).map((row) => toApi(row, now));
}

async function questionForUser(db: Db, user: SessionUser, id: string) {
  const row = await repo.findWithConversationForUser(db, id, user);
  if (!row) throw notFound(TX.notFound);
  return row;
}

// Relays the operator's answer to the customer and, if asked, keeps it as knowledge so the agent learns.
export async function answerQuestion(env: Env, db: Db, user: SessionUser, active: ActiveAccount, id: string, answer: string, saveToMemory: boolean | string) {
  const { question, conversation } = await questionForUser(db, user, id);
  const message = await queueOutbound(env, db, conversation, { content: answer, sender: "operator" });
  let memoryId: string | null = null;
  if (saveToMemory) {
    const memory =
      typeof saveToMemory === "string"
        ? await getMemoryForUser(db, user, saveToMemory)
        : await defaultAnswersMemory(env, db, user, active, conversation.twilioAccountId, conversation.templateSid);
    if (memory.dataType !== "text" || memory.memoryType !== "standard") throw badRequest(TX.memoryNotText);
    const knowledge = `Domanda: ${question.questionAsked}\nRisposta: ${answer}`;
    await updateMemory(env, db, user, memory.id, updateMemorySchema.parse({ content: memory.content ? `${memory.content}\n\n${knowledge}` : knowledge }));
    memoryId = memory.id;
  }
  await repo.deleteQuestion(db, id);
  return { message: message && toApiMessage(message), memoryId };
}

async function defaultAnswersMemory(env: Env, db: Db, user: SessionUser, active: ActiveAccount, accountId: string, templateSid: string | null) {
  const existing = await findTextMemoryByName(db, accountId, TX.defaultMemoryName);
  if (existing) return existing;
  if (active?.account.id !== accountId) throw badRequest(TX.activateAccountToSave);
  return createMemory(
    env,
    db,
    user,
    active,
    createMemorySchema.parse({ name: TX.defaultMemoryName, content: "", dataType: "text", visibility: "public", linkedTemplates: templateSid ? [templateSid] : [] }),
  );
}

export async function dismissQuestion(db: Db, user: SessionUser, id: string) {
  await questionForUser(db, user, id);
  await repo.deleteQuestion(db, id);
}

// Unanswered questions past their time hand their conversation to an operator.
export async function expireQuestions(env: Env, db: Db, now = new Date()) {
  const expired = await repo.expireDue(db, now);
  for (const { conversationId } of expired) {
    await conversations.updateConversation(db, conversationId, { operatorMode: true, aiStatus: "idle" });
    await publishConversation(env, db, conversationId);
  }
  return expired.length;
}

export const expireJob = (minute: string): JobMessage => ({ kind: "operator-questions.expire", idempotencyKey: `operator-questions.expire:${minute}` });
