import OpenAI from "openai";
import { findModel } from "@shared/models";

export interface ChatMessage {
  role: "system" | "user" | "assistant";
  content: string;
  // Images the customer sent with this turn, as data: URLs (our R2 objects are private).
  images?: string[];
}

export interface ChatRequest {
  model: string;
  messages: ChatMessage[];
  // 0..1, as the model takes it (prompts store 0..10).
  temperature?: number;
  maxTokens: number;
  // Ask for a JSON object (the caller validates it with zod).
  json?: boolean;
}

export interface ChatResult {
  content: string;
  // "length" when the token budget cut the answer off.
  finishReason?: string | null;
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
    // An error no retry can fix: bad request, wrong key, unknown model, no credit left.
    readonly permanent = false,
    // What the provider asked to wait (Retry-After) before the next try, in seconds.
    readonly retryAfterSeconds: number | null = null,
  ) {
    super(message);
  }
}

// Retry-After is seconds or an HTTP date; OpenAI also sends retry-after-ms.
export function retryAfterSeconds(headers: Headers | Record<string, string | null | undefined> | undefined, now = Date.now()): number | null {
  if (!headers) return null;
  const get = (name: string) => (headers instanceof Headers ? headers.get(name) : (headers[name] ?? null));
  const ms = Number(get("retry-after-ms"));
  if (get("retry-after-ms") && Number.isFinite(ms) && ms >= 0) return Math.max(1, Math.ceil(ms / 1000));
  const raw = get("retry-after");
  if (!raw) return null;
  const seconds = Number(raw);
  if (Number.isFinite(seconds) && seconds >= 0) return Math.max(1, Math.ceil(seconds));
  const at = Date.parse(raw);
  return Number.isFinite(at) ? Math.max(1, Math.ceil((at - now) / 1000)) : null;
}

// 400, 401, 403 and 404 (an unknown model) fail the same way every time; so does a 429 that is about
// the account's quota rather than its rate.
function isPermanent(status: number | undefined, code: string | null | undefined) {
  return status === 400 || status === 401 || status === 403 || status === 404 || code === "insufficient_quota";
}

export const CHAT_TIMEOUT_MS = 20_000;

export function isOffline(env: Pick<Env, "OPENAI_API_KEY">) {
  return !env.OPENAI_API_KEY;
}

// A user turn with images becomes text plus image content parts; everything else stays plain text.
function toProviderMessage(m: ChatMessage): OpenAI.Chat.Completions.ChatCompletionMessageParam {
  if (m.role !== "user" || !m.images?.length) return { role: m.role, content: m.content };
  return {
    role: "user",
    content: [{ type: "text", text: m.content }, ...m.images.map((url) => ({ type: "image_url" as const, image_url: { url } }))],
  };
}

// The one way to reach the model server: its key and base URL, a time-out, and no retries inside a
// request (they go through the jobs Queue).
export function openAiClient(env: Pick<Env, "OPENAI_API_KEY" | "OPENAI_BASE_URL">, timeout: number) {
  return new OpenAI({ apiKey: env.OPENAI_API_KEY, baseURL: env.OPENAI_BASE_URL || undefined, timeout, maxRetries: 0, fetch: (input, init) => fetch(input, init) });
}

// The fields every chat request shares: the model, its temperature unless the model fixes it, and the
// token budget under the name the model takes.
export function chatParams(req: { model: string; temperature?: number; maxTokens: number }) {
  const info = findModel(req.model);
  return {
    model: req.model,
    ...(info?.fixedTemperature || req.temperature === undefined ? {} : { temperature: req.temperature }),
    ...(info?.usesCompletionTokens ? { max_completion_tokens: req.maxTokens } : { max_tokens: req.maxTokens }),
  };
}

// What an answer cost and took: priced by the requested model (the answer may name a dated snapshot).
export function completionUsage(completion: { usage?: OpenAI.CompletionUsage | null }, model: string, started: number) {
  return {
    model,
    promptTokens: completion.usage?.prompt_tokens ?? 0,
    completionTokens: completion.usage?.completion_tokens ?? 0,
    durationMs: Date.now() - started,
    offline: false,
  };
}

// Any failure of a call to the model server as a ModelProviderError. `classified` (the plain chat) also
// tells an error no retry can fix, and the wait a 429 asks for.
export function providerError(err: unknown, classified = false): ModelProviderError {
  if (err instanceof ModelProviderError) return err;
  if (err instanceof OpenAI.APIError) {
    const message = `Il provider AI ha risposto ${err.status ?? "senza stato"}: ${err.message}`;
    if (!classified) return new ModelProviderError(message, err.status);
    const code = typeof err.code === "string" ? err.code : null;
    return new ModelProviderError(
      message,
      err.status,
      isPermanent(err.status, code),
      err.status === 429 ? retryAfterSeconds(err.headers as Headers | Record<string, string> | undefined) : null,
    );
  }
  return new ModelProviderError(`Il provider AI non è raggiungibile: ${(err as Error).message}`, undefined);
}

export async function chatCompletion(
  env: Pick<Env, "OPENAI_API_KEY" | "OPENAI_BASE_URL">,
  req: ChatRequest,
): Promise<ChatResult> {
  const started = Date.now();
  // Without a key there is no server to call: the agent's offline responder answers instead (features/agent/model.ts).
  if (isOffline(env)) throw new ModelProviderError("OPENAI_API_KEY non configurata", undefined, true);

  const client = openAiClient(env, CHAT_TIMEOUT_MS);
  try {
    const completion = await client.chat.completions.create({
      ...chatParams(req),
      messages: req.messages.map(toProviderMessage),
      ...(req.json ? { response_format: { type: "json_object" as const } } : {}),
    });
    const choice = completion.choices?.[0];
    const content = choice?.message?.content;
    // No text at all (a refusal, or a reasoning model that spent its budget) is an empty answer for the caller to judge.
    if (content !== null && content !== undefined && typeof content !== "string") throw new ModelProviderError("Risposta non valida dal modello", undefined);
    if (!choice) throw new ModelProviderError("Risposta non valida dal modello", undefined);
    return { content: content ?? "", finishReason: choice.finish_reason ?? null, ...completionUsage(completion, req.model, started) };
  } catch (err) {
    throw providerError(err, true);
  }
}

export interface TranscriptionResult {
  text: string;
  model: string;
  // Seconds of audio, as the provider counted them (billing is per minute of audio).
  seconds: number;
  durationMs: number;
}

// A voice note to text with the audio API (`audio.transcriptions.create`) at OPENAI_BASE_URL, so an
// OpenAI-compatible server works too. The file is read whole: the API takes it as one multipart part
// (WhatsApp audio is at most 16 MB).
export async function transcribeAudio(
  env: Pick<Env, "OPENAI_API_KEY" | "OPENAI_BASE_URL">,
  req: { model: string; audio: Blob; fileName: string; language: string },
): Promise<TranscriptionResult> {
  const started = Date.now();
  const client = openAiClient(env, 60_000);
  try {
    const file = new File([req.audio], req.fileName, { type: req.audio.type });
    // whisper-1 tells the audio's duration only in verbose_json; the gpt-4o models report it as usage.
    const verbose = req.model === "whisper-1";
    const result = (await client.audio.transcriptions.create({
      model: req.model,
      file,
      language: req.language,
      response_format: verbose ? "verbose_json" : "json",
    })) as { text?: string; duration?: number; usage?: { type?: string; seconds?: number } };
    if (typeof result?.text !== "string") throw new ModelProviderError("Trascrizione non valida dal provider", undefined);
    // Without a figure from the provider: a WhatsApp voice note is Opus at about 16 kbit/s.
    const seconds = result.duration ?? (result.usage?.type === "duration" ? result.usage.seconds : undefined) ?? req.audio.size / 2000;
    return { text: result.text.trim(), model: req.model, seconds, durationMs: Date.now() - started };
  } catch (err) {
    throw providerError(err);
  }
}
