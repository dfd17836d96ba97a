import { SUMMARY_MODEL } from "@shared/models";
import type { Db } from "@worker/db/client";
import { chatCompletion, isOffline } from "@worker/providers/openai";
import type { AccountRow } from "../accounts/repo";
import { type ConversationRow, findMessage, type MessageRow } from "../conversations/repo";
import { recordUsage } from "../usage/service";
import * as repo from "./repo";
import { SUMMARY_INSTRUCTIONS, SUMMARY_SPEAKERS, summaryRequest } from "./texts";

const MAX_SUMMARY_CHARS = 2000;
const MAX_FOLDED_MESSAGES = 200;

const speaker = (m: MessageRow) => (m.sender === "customer" ? SUMMARY_SPEAKERS.customer : m.sender === "operator" ? SUMMARY_SPEAKERS.operator : SUMMARY_SPEAKERS.other);

// A rolling summary of everything older than the messages the model sees in full, so long
// conversations keep their thread without sending it all. Answers null while there is nothing older.
export async function updatedSummary(env: Env, db: Db, conversation: ConversationRow, account: AccountRow, oldestInContext: MessageRow | undefined) {
  if (!oldestInContext) return null;
  const older = await repo.countMessagesBefore(db, conversation.id, oldestInContext.createdAt);
  if (older === 0) return null;
  const existing = await repo.findSummary(db, conversation.id);
  if (existing && existing.messageCount >= older) return existing.summary;

  const since = existing?.lastMessageId ? await findMessage(db, existing.lastMessageId) : undefined;
  const fresh = await repo.messagesBetween(db, conversation.id, oldestInContext.createdAt, since?.createdAt, MAX_FOLDED_MESSAGES);
  if (fresh.length === 0) return existing?.summary ?? null;
  const transcript = fresh.map((m) => `${speaker(m)}: ${m.content}`).join("\n");

  let summary: string;
  if (isOffline(env)) {
    // Without a model the "summary" is the tail of the transcript, which still carries the thread.
    summary = `${existing?.summary ? `${existing.summary}\n` : ""}${transcript}`.slice(-MAX_SUMMARY_CHARS);
  } else {
    try {
      const result = await chatCompletion(env, {
        model: SUMMARY_MODEL,
        temperature: 0.3,
        maxTokens: 300,
        messages: [
          { role: "system", content: SUMMARY_INSTRUCTIONS },
          { role: "user", content: summaryRequest(existing?.summary ?? null, transcript) },
        ],
      });
      await recordUsage(db, result, { userId: account.userId, twilioAccountId: account.id, operationType: "conversation_summary", conversationId: conversation.id });
      summary = result.content.slice(0, MAX_SUMMARY_CHARS);
    } catch (err) {
      console.warn("summary: model failed, keeping the previous summary", (err as Error).message);
      return existing?.summary ?? null;
    }
  }
  await repo.saveSummary(db, conversation.id, { summary, messageCount: older, lastMessageId: fresh.at(-1)!.id, updatedAt: new Date() });
  return summary;
}
