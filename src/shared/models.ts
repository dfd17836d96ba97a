// One table of the language models the product offers, with US-dollar prices per 1M tokens.
// The four models the spec prices per 1K tokens use that price for input and output alike;
// the others carry OpenAI's published list prices.
export interface ModelInfo {
  id: string;
  label: string;
  inputPerMillion: number;
  outputPerMillion: number;
  // The gpt-5 family takes max_completion_tokens and only its default temperature.
  usesCompletionTokens: boolean;
  fixedTemperature: boolean;
}

export const MODELS: readonly ModelInfo[] = [
  { id: "gpt-5", label: "GPT-5", inputPerMillion: 1.25, outputPerMillion: 10, usesCompletionTokens: true, fixedTemperature: true },
  { id: "gpt-5-mini", label: "GPT-5 mini", inputPerMillion: 0.25, outputPerMillion: 2, usesCompletionTokens: true, fixedTemperature: true },
  { id: "gpt-4.1", label: "GPT-4.1", inputPerMillion: 2, outputPerMillion: 8, usesCompletionTokens: false, fixedTemperature: false },
  { id: "gpt-4.1-mini", label: "GPT-4.1 mini", inputPerMillion: 0.4, outputPerMillion: 1.6, usesCompletionTokens: false, fixedTemperature: false },
  { id: "gpt-4o", label: "GPT-4o", inputPerMillion: 5, outputPerMillion: 5, usesCompletionTokens: false, fixedTemperature: false },
  { id: "gpt-4o-mini", label: "GPT-4o mini", inputPerMillion: 0.15, outputPerMillion: 0.6, usesCompletionTokens: false, fixedTemperature: false },
  { id: "gpt-4-turbo", label: "GPT-4 Turbo", inputPerMillion: 10, outputPerMillion: 10, usesCompletionTokens: false, fixedTemperature: false },
  { id: "gpt-4", label: "GPT-4", inputPerMillion: 30, outputPerMillion: 30, usesCompletionTokens: false, fixedTemperature: false },
  { id: "gpt-3.5-turbo", label: "GPT-3.5 Turbo", inputPerMillion: 1.5, outputPerMillion: 1.5, usesCompletionTokens: false, fixedTemperature: false },
];

export const MODEL_IDS = MODELS.map((m) => m.id) as [string, ...string[]];
export const DEFAULT_ACCOUNT_MODEL = "gpt-3.5-turbo";
// The spec's account form options, offered first.
export const ACCOUNT_MODEL_OPTIONS = ["gpt-3.5-turbo", "gpt-4", "gpt-4-turbo", "gpt-4o", "gpt-4o-mini", "gpt-4.1", "gpt-4.1-mini", "gpt-5", "gpt-5-mini"];
export const OFFLINE_MODEL = "offline";
// Feedback analysis ran on this model before it became a setting of the account.
export const DEFAULT_FEEDBACK_MODEL = "gpt-3.5-turbo";
// A new sandbox account and its seeded prompt.
export const SANDBOX_MODEL = "gpt-4o-mini";
// The rolling summary of a long conversation's older messages.
export const SUMMARY_MODEL = "gpt-4o-mini";

// A model is free text, so any OpenAI-compatible server (Ollama, vLLM, LM Studio) works: names such as
// "llama3.1:8b" or "mistralai/Mistral-7B-Instruct-v0.3". The known OpenAI models are only suggestions.
export const MODEL_NAME_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._:/@+-]*$/;
export const MODEL_NAME_MAX = 100;
export const MODEL_SUGGESTIONS: readonly string[] = [...new Set([...ACCOUNT_MODEL_OPTIONS, ...MODELS.map((m) => m.id)])];

export function findModel(id: string): ModelInfo | undefined {
  return MODELS.find((m) => m.id === id);
}

export interface TokenCost {
  promptCost: number;
  completionCost: number;
  totalCost: number;
}

export function costOf(modelId: string, promptTokens: number, completionTokens: number): TokenCost {
  const model = findModel(modelId);
  if (!model) return { promptCost: 0, completionCost: 0, totalCost: 0 };
  const promptCost = (promptTokens * model.inputPerMillion) / 1_000_000;
  const completionCost = (completionTokens * model.outputPerMillion) / 1_000_000;
  return { promptCost, completionCost, totalCost: promptCost + completionCost };
}

// Costs are stored as decimal text; 8 places keep sub-cent precision for single calls.
export function formatCost(value: number): string {
  return value.toFixed(8);
}
