import type { z } from "zod";
import { findModel, MODELS } from "@shared/models";
import { PROMPT_DEFAULTS, PROMPT_LIMITS, PROMPT_MODEL_FILTERS } from "@shared/prompt-limits";
import type { AgentToolKey } from "@shared/schemas/agent";
import { createPromptSchema, type ApiPrompt } from "@shared/schemas/prompts";
import { zodFieldErrors } from "@web/components/ui/form";

// The card formatters live apart, without the schema, for the dashboard's prompt cards.
export { modelLabel, preview, temperatureLabel } from "./prompt-format";

export interface PromptFormValues {
  name: string;
  content: string;
  model: string;
  temperature: number;
  // Kept as typed so the field can be cleared while editing; checked on save.
  maxTokens: string;
  isActive: boolean;
  linkedTemplates: string[];
  agentTools: AgentToolKey[];
}

export type PromptFormErrors = Partial<Record<keyof PromptFormValues, string>>;

export function emptyPromptForm(): PromptFormValues {
  return {
    name: "",
    content: "",
    model: PROMPT_DEFAULTS.model,
    temperature: PROMPT_DEFAULTS.temperature,
    maxTokens: String(PROMPT_DEFAULTS.maxTokens),
    isActive: PROMPT_DEFAULTS.isActive,
    linkedTemplates: [],
    agentTools: [],
  };
}

export function promptFormFrom(prompt: ApiPrompt): PromptFormValues {
  return {
    name: prompt.name,
    content: prompt.content,
    model: prompt.model,
    temperature: prompt.temperature,
    maxTokens: String(prompt.maxTokens),
    isActive: prompt.isActive,
    linkedTemplates: [...prompt.linkedTemplates],
    agentTools: [...prompt.agentTools],
  };
}

// A blank or non-numeric field becomes NaN, which the schema reports with its own text.
function tokensOf(raw: string): number {
  const trimmed = raw.trim();
  return trimmed === "" ? Number.NaN : Number(trimmed);
}

export type ValidPrompt = z.output<typeof createPromptSchema>;

// The create schema checks every field with the server's own texts; an update sends the same body.
export function validatePromptForm(values: PromptFormValues): { ok: true; data: ValidPrompt } | { ok: false; errors: PromptFormErrors } {
  const result = createPromptSchema.safeParse({
    name: values.name,
    content: values.content,
    model: values.model,
    temperature: values.temperature,
    maxTokens: tokensOf(values.maxTokens),
    linkedTemplates: values.linkedTemplates,
    isActive: values.isActive,
    agentTools: values.agentTools,
  });
  return result.success ? { ok: true, data: result.data } : { ok: false, errors: zodFieldErrors(result.error) };
}

// The spec's filter entries first, then the rest of the price table.
export const PROMPT_FILTER_MODELS: readonly string[] = [
  ...PROMPT_MODEL_FILTERS,
  ...MODELS.map((m) => m.id).filter((id) => !(PROMPT_MODEL_FILTERS as readonly string[]).includes(id)),
];

export const ALL_MODELS = "all";

export interface PromptFilter {
  search: string;
  model: string;
}

export function filterPrompts(prompts: readonly ApiPrompt[], { search, model }: PromptFilter): ApiPrompt[] {
  const needle = search.trim().toLocaleLowerCase("it");
  return prompts.filter(
    (p) =>
      (model === ALL_MODELS || p.model === model) &&
      (!needle || p.name.toLocaleLowerCase("it").includes(needle) || p.content.toLocaleLowerCase("it").includes(needle)),
  );
}

// The gpt-5 family ignores the temperature: the slider says so rather than pretending.
export function hasFixedTemperature(model: string): boolean {
  return findModel(model)?.fixedTemperature ?? false;
}

// A test's cost in dollars, 4 decimals like the usage page.
export function formatTestCost(cost: string | number): string {
  const value = Number(cost);
  return `$${(Number.isFinite(value) ? value : 0).toFixed(4)}`;
}

// What the editor's test sends: the form as it stands, with an out-of-range token field left at the default.
export function testSettingsFrom(values: PromptFormValues) {
  const tokens = tokensOf(values.maxTokens);
  const validTokens = Number.isInteger(tokens) && tokens >= PROMPT_LIMITS.maxTokensMin && tokens <= PROMPT_LIMITS.maxTokensMax;
  return {
    content: values.content,
    model: values.model,
    temperature: values.temperature,
    maxTokens: validTokens ? tokens : PROMPT_DEFAULTS.maxTokens,
  };
}
