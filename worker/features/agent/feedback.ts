import { z } from "zod";
import type { Db } from "@worker/db/client";
import * as conversations from "../conversations/repo";
import { DEFAULT_FEEDBACK_MODEL } from "@shared/models";
import { findAccount } from "../accounts/repo";
import { feedbackMemoryFor } from "../memories/service";
import { recordUsage } from "../usage/service";
import { chatCompletion, isOffline } from "@worker/providers/openai";
import * as repo from "./repo";
import { FEEDBACK_INSTRUCTIONS } from "./texts";

export const FEEDBACK_CATEGORIES = ["product", "service", "price", "experience", "other"] as const;
const MIN_CONFIDENCE = 0.6;

const analysisSchema = z.object({
  sentiment: z.enum(["positive", "negative", "neutral"]),
  category: z.enum(FEEDBACK_CATEGORIES),
  confidence: z.number().min(0.1).max(1),
  item: z.string().trim().min(1).max(200),
});

// Sentiment of one customer message, written to the feedback memory linked to the conversation's
// template only when confident (> 0.6) and not neutral. Needs a model: the offline responder cannot judge.
export async function runFeedbackAnalysis(env: Env, db: Db, job: { messageId: string }) {
  if (isOffline(env)) return;
  const message = await conversations.findMessage(db, job.messageId);
  if (!message || message.sender !== "customer") return;
  const found = await conversations.findConversation(db, message.conversationId);
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
      { role: "system", content: FEEDBACK_INSTRUCTIONS },
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

  const existing = await repo.findFeedbackEntry(db, memory.id, conversation.phoneNumber);
  const item = `${parsed.category}: ${parsed.item}`;
  const positive = existing?.positiveItems ?? [];
  const negative = existing?.negativeItems ?? [];
  const target = parsed.sentiment === "positive" ? positive : negative;
  if (target.includes(item)) return;
  target.push(item);
  await repo.saveFeedbackEntry(db, memory.id, conversation.phoneNumber, { positiveItems: positive, negativeItems: negative }, new Date());
}
