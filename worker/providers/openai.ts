import OpenAI from "openai";
import { findModel, OFFLINE_MODEL } from "../../src/shared/models";

export interface ChatMessage {
  role: "system" | "user" | "assistant";
  content: string;
}

export interface ChatRequest {
  model: string;
  messages: ChatMessage[];
  // 0..1, as the model takes it (prompts store 0..10).
  temperature?: number;
  maxTokens: number;
  // Ask for a JSON object (the caller validates it with zod).
  json?: boolean;
  // For the offline responder only: the knowledge passage that best matches the question.
  bestPassage?: string;
}

export interface ChatResult {
  content: string;
  model: string;
  promptTokens: number;
  completionTokens: number;
  durationMs: number;
  offline: boolean;
}

export class ModelProviderError extends Error {
  constructor(
    message: string,
    readonly status: number | undefined,
  ) {
    super(message);
  }
}

const REQUEST_TIMEOUT_MS = 20_000;

export function isOffline(env: Pick<Env, "OPENAI_API_KEY">) {
  return !env.OPENAI_API_KEY;
}

// Without OPENAI_API_KEY a small local responder answers, says so, and costs nothing.
function offlineReply(req: ChatRequest, started: number): ChatResult {
  const lastUser = [...req.messages].reverse().find((m) => m.role === "user")?.content ?? "";
  const quote = req.bestPassage ? ` Dalle informazioni disponibili: «${req.bestPassage.slice(0, 400)}»` : "";
  const content = `Risposta offline di AgentBot Pro (nessuna chiave OpenAI configurata). Ho ricevuto: «${lastUser.slice(0, 200)}».${quote}`;
  const chars = req.messages.reduce((n, m) => n + m.content.length, 0);
  return {
    content,
    model: OFFLINE_MODEL,
    promptTokens: Math.ceil(chars / 4),
    completionTokens: Math.ceil(content.length / 4),
    durationMs: Date.now() - started,
    offline: true,
  };
}

export async function chatCompletion(
  env: Pick<Env, "OPENAI_API_KEY" | "OPENAI_BASE_URL">,
  req: ChatRequest,
): Promise<ChatResult> {
  const started = Date.now();
  if (isOffline(env)) return offlineReply(req, started);

  const info = findModel(req.model);
  const client = new OpenAI({
    apiKey: env.OPENAI_API_KEY,
    baseURL: env.OPENAI_BASE_URL || undefined,
    timeout: REQUEST_TIMEOUT_MS,
    maxRetries: 0, // retries go through the jobs Queue, not inside a request
    fetch: (input, init) => fetch(input, init),
  });
  try {
    const completion = await client.chat.completions.create({
      model: req.model,
      messages: req.messages,
      ...(info?.fixedTemperature || req.temperature === undefined ? {} : { temperature: req.temperature }),
      ...(info?.usesCompletionTokens ? { max_completion_tokens: req.maxTokens } : { max_tokens: req.maxTokens }),
      ...(req.json ? { response_format: { type: "json_object" as const } } : {}),
    });
    const content = completion.choices?.[0]?.message?.content;
    if (typeof content !== "string") throw new ModelProviderError("Risposta non valida dal modello", undefined);
    return {
      content,
      model: req.model, // priced by the requested model; the answer may name a dated snapshot
      promptTokens: completion.usage?.prompt_tokens ?? 0,
      completionTokens: completion.usage?.completion_tokens ?? 0,
      durationMs: Date.now() - started,
      offline: false,
    };
  } catch (err) {
    if (err instanceof ModelProviderError) throw err;
    if (err instanceof OpenAI.APIError) {
      throw new ModelProviderError(`Il provider AI ha risposto ${err.status ?? "senza stato"}: ${err.message}`, err.status);
    }
    throw new ModelProviderError(`Il provider AI non è raggiungibile: ${(err as Error).message}`, undefined);
  }
}
