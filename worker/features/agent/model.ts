import { OFFLINE_MODEL } from "@shared/models";
import { type ChatRequest, type ChatResult, chatCompletion, isOffline } from "@worker/providers/openai";
import { offlineAnswer } from "./texts";

export interface AgentChatRequest extends ChatRequest {
  // For the offline responder only: the knowledge passage (or fact) that best matches the question.
  bestPassage?: string;
  // For the offline responder only: what it says instead of quoting the customer (media it cannot see).
  offlineText?: string | null;
}

// A completion for the agent (replies, prompt tests, the GPT model test). With OPENAI_API_KEY it is the
// model server's; without it a small local responder answers, says so, and costs nothing.
export async function complete(env: Pick<Env, "OPENAI_API_KEY" | "OPENAI_BASE_URL">, req: AgentChatRequest): Promise<ChatResult> {
  if (!isOffline(env)) return chatCompletion(env, req);
  const started = Date.now();
  const lastUser = [...req.messages].reverse().find((m) => m.role === "user")?.content ?? "";
  const content = offlineAnswer(lastUser, req.bestPassage, req.offlineText);
  const chars = req.messages.reduce((n, m) => n + m.content.length, 0);
  return {
    content,
    finishReason: "stop",
    model: OFFLINE_MODEL,
    promptTokens: Math.ceil(chars / 4),
    completionTokens: Math.ceil(content.length / 4),
    durationMs: Date.now() - started,
    offline: true,
  };
}
