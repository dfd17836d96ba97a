import type OpenAI from "openai";
import { CHAT_TIMEOUT_MS, type ChatResult, chatParams, completionUsage, ModelProviderError, openAiClient, providerError } from "./openai";

// Chat completions with function tools (the agent's actions). Kept apart from chatCompletion so the
// plain reply path stays as it is for prompts without tools.

export interface ToolCall {
  id: string;
  name: string;
  // The raw JSON text the model wrote; the caller validates it.
  arguments: string;
}

export type ToolChatMessage =
  | { role: "system" | "user"; content: string }
  | { role: "assistant"; content: string; toolCalls?: ToolCall[] }
  | { role: "tool"; toolCallId: string; content: string };

export interface ToolDefinition {
  name: string;
  description: string;
  parameters: Record<string, unknown>;
}

export interface ToolChatRequest {
  model: string;
  messages: ToolChatMessage[];
  temperature?: number;
  maxTokens: number;
  tools: ToolDefinition[];
}

export interface ToolChatResult extends ChatResult {
  toolCalls: ToolCall[];
}

function toOpenAi(m: ToolChatMessage): OpenAI.Chat.Completions.ChatCompletionMessageParam {
  if (m.role === "tool") return { role: "tool", tool_call_id: m.toolCallId, content: m.content };
  if (m.role === "assistant" && m.toolCalls?.length) {
    return {
      role: "assistant",
      content: m.content || null,
      tool_calls: m.toolCalls.map((c) => ({ id: c.id, type: "function" as const, function: { name: c.name, arguments: c.arguments } })),
    };
  }
  return { role: m.role, content: m.content };
}

export async function chatWithTools(env: Pick<Env, "OPENAI_API_KEY" | "OPENAI_BASE_URL">, req: ToolChatRequest): Promise<ToolChatResult> {
  const started = Date.now();
  const client = openAiClient(env, CHAT_TIMEOUT_MS);
  try {
    const completion = await client.chat.completions.create({
      ...chatParams(req),
      messages: req.messages.map(toOpenAi),
      ...(req.tools.length
        ? { tools: req.tools.map((t) => ({ type: "function" as const, function: { name: t.name, description: t.description, parameters: t.parameters } })) }
        : {}),
    });
    const message = completion.choices?.[0]?.message;
    if (!message) throw new ModelProviderError("Risposta non valida dal modello", undefined);
    const toolCalls: ToolCall[] = [];
    for (const c of message.tool_calls ?? []) {
      if (c.type === "function") toolCalls.push({ id: c.id, name: c.function.name, arguments: c.function.arguments ?? "" });
    }
    if (typeof message.content !== "string" && toolCalls.length === 0) throw new ModelProviderError("Risposta non valida dal modello", undefined);
    return { content: message.content ?? "", toolCalls, ...completionUsage(completion, req.model, started) };
  } catch (err) {
    throw providerError(err);
  }
}

// A model or server without function calling answers a request with `tools` with a 4xx that says so:
// OpenAI "tools is not supported with this model", Ollama "… does not support tools", vLLM "\"auto\" tool
// choice requires --enable-auto-tool-choice", llama.cpp "tools param requires --jinja flag", strict
// proxies "tools: extra inputs are not permitted". An error about a tool's schema is our bug, not this.
const TOOLS_WORD = String.raw`(\btools?\b|tool[_ ]choice|function[ _]call\w*)`;
const REFUSAL = String.raw`(not supported|unsupported|does not support|doesn't support|not permitted|not allowed|unrecognized|unknown|requires --)`;
const TOOLS_REFUSED = new RegExp(`${TOOLS_WORD}[^]*?${REFUSAL}|${REFUSAL}[^]*?${TOOLS_WORD}`, "i");

export function refusesTools(err: unknown): boolean {
  // llama.cpp answers 500 for it; rate limits and gateway errors are worth a retry instead.
  if (!(err instanceof ModelProviderError) || err.status === undefined || err.status < 400 || [429, 502, 503, 504].includes(err.status)) return false;
  return TOOLS_REFUSED.test(err.message);
}
