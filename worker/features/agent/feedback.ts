import { and, eq } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "@worker/db/client";
import { feedbackEntries } from "@worker/db/schema";
import * as repo from "../conversations/repo";
import { DEFAULT_FEEDBACK_MODEL } from "@shared/models";
import { findAccount } from "../accounts/repo";
import { feedbackMemoryFor } from "../memories/service";
import { recordUsage } from "../usage/service";
import { chatCompletion, isOffline } from "@worker/providers/openai";

export const FEEDBACK_CATEGORIES = ["product", "service", "price", "experience", "other"] as const;
const MIN_CONFIDENCE = 0.6;

const analysisSchema = z.object({
  sentiment: z.enum(["positive", "negative", "neutral"]),
  category: z.enum(FEEDBACK_CATEGORIES),
  confidence: z.number().min(0.1).max(1),
  item: z.string().trim().min(1).max(200),
});

const INSTRUCTIONS = `Analizza il sentimento del messaggio di un cliente verso l'azienda.
Rispondi solo con un oggetto JSON: {"sentiment": "positive" | "negative" | "neutral", "category": "product" | "service" | "price" | "experience" | "other", "confidence": numero da 0.1 a 1.0, "item": breve frase in italiano su cosa apprezza o non apprezza}.`;

// Sentiment of one customer message, written to the feedback memory linked to the conversation's
// template only when confident (> 0.6) and not neutral. Needs a model: the offline responder cannot judge.
export async function runFeedbackAnalysis(env: Env, db: Db, job: { messageId: string }) {
  if (isOffline(env)) return;
  const message = await repo.findMessage(db, job.messageId);
  if (!message || message.sender !== "customer") return;
  const found = await repo.findConversation(db, message.conversationId);
  if (!found) return;
  const { conversation } = found;
  const memory = await feedbackMemoryFor(db, conversation.twilioAccountId, conversation.templateSid);
  const account = memory ? await findAccount(db, conversation.twilioAccountId) : undefined;
  if (!memory) return;

  const result = await chatCompletion(env, {
    // The account's own choice, so an OpenAI-compatible server without gpt-3.5-turbo works too.
    model: account?.feedbackModel ?? DEFAULT_FEEDBACK_MODEL,
    temperature: 0.3,
    maxTokens: 150,
    json: true,
    messages: [
      { role: "system", content: INSTRUCTIONS },
      { role: "user", content: message.content },
    ],
  });
  await recordUsage(db, result, {
    userId: memory.userId,
    twilioAccountId: conversation.twilioAccountId,
    operationType: "feedback_analysis",
    conversationId: conversation.id,
    messageId: message.id,
  });
  let parsed: z.infer<typeof analysisSchema>;
  try {
    parsed = analysisSchema.parse(JSON.parse(result.content));
  } catch {
    return; // an unusable answer is recorded as usage but writes nothing
  }
  if (parsed.sentiment === "neutral" || parsed.confidence <= MIN_CONFIDENCE) return;

  const existing = await db.query.feedbackEntries.findFirst({
    where: and(eq(feedbackEntries.memoryId, memory.id), eq(feedbackEntries.phoneNumber, conversation.phoneNumber)),
  });
  const item = `${parsed.category}: ${parsed.item}`;
  const positive = existing?.positiveItems ?? [];
  const negative = existing?.negativeItems ?? [];
  const target = parsed.sentiment === "positive" ? positive : negative;
  if (target.includes(item)) return;
  target.push(item);
  await db
    .insert(feedbackEntries)
    .values({ memoryId: memory.id, phoneNumber: conversation.phoneNumber, positiveItems: positive, negativeItems: negative, lastUpdated: new Date() })
    .onConflictDoUpdate({
      target: [feedbackEntries.memoryId, feedbackEntries.phoneNumber],
      set: { positiveItems: positive, negativeItems: negative, lastUpdated: new Date() },
    });
}
