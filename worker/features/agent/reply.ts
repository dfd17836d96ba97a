import { CONTEXT_MESSAGES, splitMessage } from "@shared/messaging";
import { CONVERSATION_TEXTS as TX } from "@shared/texts/conversations";
import type { Db } from "@worker/db/client";
import { HttpError } from "@worker/lib/http-error";
import { findAccount } from "../accounts/repo";
import * as repo from "../conversations/repo";
import { publish, publishConversation, queueReplyParts } from "../conversations/service";
import { customerPreferences, rankByOverlap, relevantPassages, searchTerms } from "./knowledge";
import { findLinkedActivePrompt, findPrompt } from "../prompts/repo";
import { checkBudget, recordUsage } from "../usage/service";
import { updatedSummary } from "./summary";
import { asksForTime, asksForWeather, timeFact, weatherFact } from "./skills";
import { type ChatMessage, type ChatResult, isOffline, ModelProviderError } from "@worker/providers/openai";
import { type AgentChatRequest, complete } from "./model";
import { REPLY_GAVE_UP, replySystemPrompt } from "./texts";
import { replyWithTools } from "./tools/run";
import { ASK_OPERATOR_MARKER } from "@shared/schemas/operator-questions";
import { askOperator } from "../operator-questions/service";
import { requestDetection } from "../lead-detection/service";
import { MediaNotReady, mediaForAgent } from "../media/agent";
import { RetryLater } from "@worker/jobs/send-message";

// How much more a cut-off answer gets on its one retry, at the least.
const CUT_OFF_EXTRA_TOKENS = 500;

// Answers the customer's latest message(s) with the prompt linked to the conversation's template (the
// account's default prompt when the customer opened it), the relevant knowledge, the customer's known
// preferences and the last 10 messages. With no prompt there is no reply: the message waits for an operator.
export async function runAiReply(env: Env, db: Db, job: { conversationId: string; replyToId: string }, now = new Date()) {
  const found = await repo.findConversation(db, job.conversationId);
  if (!found) return;
  const { conversation } = found;
  if (conversation.operatorMode || found.optedOut) {
    await repo.updateConversation(db, conversation.id, { aiStatus: "idle" });
    return;
  }
  // A newer customer message has its own job; the reply to it covers this one too.
  const latest = await repo.lastCustomerMessage(db, conversation.id);
  if (!latest || latest.id !== job.replyToId) return;
  const account = await findAccount(db, conversation.twilioAccountId);
  if (!account) return;
  // At the monthly cost cap the AI stops and a person takes over; the chat says why.
  const budget = await checkBudget(db, account.id);
  if (!budget.allowed) {
    await repo.updateConversation(db, conversation.id, { operatorMode: true, aiStatus: "failed", aiError: budget.reason ?? null });
    await publish(env, conversation.id, { type: "typing", active: false });
    await publishConversation(env, db, conversation.id);
    return;
  }

  const prompt =
    (conversation.promptId ? await findPrompt(db, account.id, conversation.promptId) : undefined) ??
    (conversation.templateSid
      ? await findLinkedActivePrompt(db, account.id, conversation.templateSid)
      : account.defaultPromptId
        ? await findPrompt(db, account.id, account.defaultPromptId)
        : undefined);
  if (!prompt) {
    await finishReply(env, db, conversation.id, TX.noPromptWaiting);
    return;
  }
  const context = await repo.lastMessages(db, conversation.id, CONTEXT_MESSAGES);
  const model = prompt.model ?? account.gptModel;
  let media;
  try {
    media = await mediaForAgent(env, db, account.id, context, model, isOffline(env), now);
  } catch (err) {
    if (err instanceof MediaNotReady) throw new RetryLater(4);
    throw err;
  }
  const summary = await updatedSummary(env, db, conversation, account, context[0]);
  const question = context.filter((m) => m.sender === "customer").slice(-3).map(media.text).join("\n");
  const passages = await relevantPassages(db, account.id, conversation.templateSid, question);
  // Small knowledge comes whole; these are the passages that share words with the question.
  const matching = rankByOverlap(passages, searchTerms(question));
  // The offline responder quotes a fact when the customer asked for one, else the best matching passage.
  const weather = asksForWeather(question) ? await weatherFact(db, account.id, now) : null;
  const offlineFact = weather ?? (asksForTime(question) ? timeFact(now) : matching[0]?.text);
  const preferences = await customerPreferences(db, account.id, conversation.templateSid, conversation.phoneNumber);

  const system = replySystemPrompt({
    prompt: prompt.content,
    timeFact: timeFact(now),
    weatherFact: weather,
    customerName: conversation.customerName,
    summary,
    passages,
    preferences,
  });
  const messages: ChatMessage[] = [
    { role: "system", content: system },
    ...context
      .filter((m) => m.sender !== "system")
      .map((m): ChatMessage => ({ role: m.sender === "customer" ? "user" : "assistant", content: media.text(m), images: media.images(m) })),
  ];

  // Offline there is no model to judge: a question that the linked knowledge does not touch goes to a person.
  if (isOffline(env) && passages.length > 0 && matching.length === 0 && question.includes("?") && !asksForTime(question) && !weather) {
    await askOperator(env, db, account, conversation, question, job.replyToId, now);
    await finishReply(env, db, conversation.id, null);
    return;
  }

  const request: AgentChatRequest = {
    model,
    messages,
    temperature: (prompt.temperature ?? 7) / 10,
    maxTokens: prompt.maxTokens ?? 500,
    bestPassage: offlineFact,
    offlineText: media.offlineAck,
  };
  const usage = {
    userId: account.userId,
    twilioAccountId: account.id,
    operationType: media.usedVision ? ("vision" as const) : ("chat_response" as const),
    conversationId: conversation.id,
    messageId: job.replyToId,
    promptId: prompt.id,
  };
  let result: ChatResult;
  try {
    // With the tools the prompt allows (booking, lead, hand-over); a prompt without tools gets the plain completion.
    result = await replyWithTools(env, db, { account, conversation, prompt, replyToId: job.replyToId, now }, request);
    await recordUsage(db, result, usage);
    // Cut off by the token budget: one more try with a larger one, without tools so no action runs twice;
    // a cut-off answer is never sent.
    if (result.finishReason === "length") {
      result = await complete(env, { ...request, maxTokens: Math.max(request.maxTokens * 2, request.maxTokens + CUT_OFF_EXTRA_TOKENS) });
      await recordUsage(db, result, usage);
    }
  } catch (err) {
    const provider = err instanceof ModelProviderError ? err : null;
    const reason = provider ? provider.message : (err as Error).message;
    // Wrong key, unknown model, no credit: no retry can help, so the chat says so at once and a person answers.
    if (provider?.permanent) return stopForOperator(env, db, conversation.id, TX.aiProviderRefused(reason));
    // The customer's message is kept; the chat shows the failure and the queue retries the job.
    await repo.updateConversation(db, conversation.id, { aiStatus: "failed", aiError: `${TX.aiFailed} (${reason})` });
    await publish(env, conversation.id, { type: "typing", active: false });
    await publishConversation(env, db, conversation.id);
    // A rate limit says when to come back: the queue waits that long.
    if (provider?.retryAfterSeconds) throw new RetryLater(provider.retryAfterSeconds);
    throw err;
  }
  const content = result.content.trim();
  if (!content || result.finishReason === "length") return stopForOperator(env, db, conversation.id, TX.aiNoAnswer);

  // A reply may only go out while the customer-service window is open; the composer offers templates after it.
  let aiError: string | null = null;
  try {
    if (content.includes(ASK_OPERATOR_MARKER)) await askOperator(env, db, account, conversation, question, job.replyToId, now);
    // Over Twilio's 1,600 characters the reply goes out as parts, cut where sentences end.
    else await queueReplyParts(env, db, conversation, { parts: splitMessage(content), replyToId: job.replyToId, sources: dedupeSources(passages) }, now);
  } catch (err) {
    // Opted out or outside the 24-hour window: retrying would not help.
    if (!(err instanceof HttpError)) throw err;
    aiError = err.message;
  }
  // Media the agent could not look at (Voice/Vision AI off, offline, a model without vision) needs a person.
  if (media.needsOperator) await repo.updateConversation(db, conversation.id, { operatorMode: true });
  await finishReply(env, db, conversation.id, aiError);
  await requestDetection(env, db, conversation, job.replyToId);
}

// The AI gives up on this message: nothing is sent, the chat says why, and operator mode waits for a person.
async function stopForOperator(env: Env, db: Db, conversationId: string, aiError: string) {
  await repo.updateConversation(db, conversationId, { operatorMode: true, aiStatus: "failed", aiError });
  await publish(env, conversationId, { type: "typing", active: false });
  await publishConversation(env, db, conversationId);
}

async function finishReply(env: Env, db: Db, conversationId: string, aiError: string | null) {
  await repo.updateConversation(db, conversationId, { aiStatus: aiError ? "failed" : "idle", aiError });
  await publish(env, conversationId, { type: "typing", active: false });
  await publishConversation(env, db, conversationId);
}

function dedupeSources(passages: { memoryId: string; name: string }[]) {
  const seen = new Map<string, { memoryId: string; name: string }>();
  for (const p of passages) seen.set(p.memoryId, { memoryId: p.memoryId, name: p.name });
  return [...seen.values()];
}

// The reply job used up its retries: the chat says so, and a person answers.
export async function giveUpAiReply(env: Env, db: Db, job: { conversationId: string }) {
  await repo.updateConversation(db, job.conversationId, { aiStatus: "failed", aiError: REPLY_GAVE_UP });
  await publishConversation(env, db, job.conversationId);
}
