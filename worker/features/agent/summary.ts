import { and, asc, count, eq, gt, lt } from "drizzle-orm";
import type { Db } from "@worker/db/client";
import { conversationSummaries, messages } from "@worker/db/schema";
import type { AccountRow } from "../accounts/repo";
import type { ConversationRow, MessageRow } from "../conversations/repo";
import { recordUsage } from "../usage/service";
import { chatCompletion, isOffline } from "@worker/providers/openai";

const MAX_SUMMARY_CHARS = 2000;
const MAX_FOLDED_MESSAGES = 200;

const speaker = (m: MessageRow) => (m.sender === "customer" ? "Cliente" : m.sender === "operator" ? "Operatore" : "Assistente");

// A rolling summary of everything older than the messages the model sees in full, so long
// conversations keep their thread without sending it all. Answers null while there is nothing older.
export async function updatedSummary(env: Env, db: Db, conversation: ConversationRow, account: AccountRow, oldestInContext: MessageRow | undefined) {
  if (!oldestInContext) return null;
  const olderThanContext = and(eq(messages.conversationId, conversation.id), lt(messages.createdAt, oldestInContext.createdAt));
  const [{ older } = { older: 0 }] = await db.select({ older: count() }).from(messages).where(olderThanContext);
  if (older === 0) return null;
  const existing = await db.query.conversationSummaries.findFirst({ where: eq(conversationSummaries.conversationId, conversation.id) });
  if (existing && existing.messageCount >= older) return existing.summary;

  const since = existing?.lastMessageId ? await db.query.messages.findFirst({ where: eq(messages.id, existing.lastMessageId) }) : undefined;
  const fresh = await db
    .select()
    .from(messages)
    .where(since ? and(olderThanContext, gt(messages.createdAt, since.createdAt)) : olderThanContext)
    .orderBy(asc(messages.createdAt))
    .limit(MAX_FOLDED_MESSAGES);
  if (fresh.length === 0) return existing?.summary ?? null;
  const transcript = fresh.map((m) => `${speaker(m)}: ${m.content}`).join("\n");

  let summary: string;
  if (isOffline(env)) {
    // Without a model the "summary" is the tail of the transcript, which still carries the thread.
    summary = `${existing?.summary ? `${existing.summary}\n` : ""}${transcript}`.slice(-MAX_SUMMARY_CHARS);
  } else {
    try {
      const result = await chatCompletion(env, {
        model: "gpt-4o-mini",
        temperature: 0.3,
        maxTokens: 300,
        messages: [
          {
            role: "system",
            content:
              "Aggiorna il riassunto di una conversazione WhatsApp di vendita. Conserva fatti, richieste, preferenze, prezzi e impegni presi. Rispondi solo con il riassunto in italiano, al massimo 10 righe.",
          },
          { role: "user", content: `Riassunto finora:\n${existing?.summary ?? "(nessuno)"}\n\nNuovi messaggi:\n${transcript}` },
        ],
      });
      await recordUsage(db, result, { userId: account.userId, twilioAccountId: account.id, operationType: "conversation_summary", conversationId: conversation.id });
      summary = result.content.slice(0, MAX_SUMMARY_CHARS);
    } catch (err) {
      console.warn("summary: model failed, keeping the previous summary", (err as Error).message);
      return existing?.summary ?? null;
    }
  }
  const values = { summary, messageCount: older, lastMessageId: fresh.at(-1)!.id, updatedAt: new Date() };
  await db
    .insert(conversationSummaries)
    .values({ conversationId: conversation.id, ...values })
    .onConflictDoUpdate({ target: conversationSummaries.conversationId, set: values });
  return summary;
}
