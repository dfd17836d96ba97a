import { z } from "zod";
import { type AgentToolKey, agentToolsSchema } from "./agent";
import { MODEL_NAME_MAX, MODEL_NAME_PATTERN } from "../models";
import { PROMPT_DEFAULTS, PROMPT_LIMITS } from "../prompt-limits";
import { PROMPT_TEXTS } from "../texts/prompts";

const name = z
  .string({ error: PROMPT_TEXTS.nameRequired })
  .trim()
  .min(1, PROMPT_TEXTS.nameRequired)
  .max(PROMPT_LIMITS.nameMax, PROMPT_TEXTS.nameTooLong(PROMPT_LIMITS.nameMax));
const content = z
  .string({ error: PROMPT_TEXTS.contentRequired })
  .trim()
  .min(1, PROMPT_TEXTS.contentRequired)
  .max(PROMPT_LIMITS.contentMax, PROMPT_TEXTS.contentTooLong(PROMPT_LIMITS.contentMax));
const model = z.string({ error: PROMPT_TEXTS.modelInvalid }).trim().min(1, PROMPT_TEXTS.modelInvalid).max(MODEL_NAME_MAX, PROMPT_TEXTS.modelInvalid).regex(MODEL_NAME_PATTERN, PROMPT_TEXTS.modelInvalid);
const temperature = z
  .number({ error: PROMPT_TEXTS.temperatureInvalid })
  .int(PROMPT_TEXTS.temperatureInvalid)
  .min(PROMPT_LIMITS.temperatureMin, PROMPT_TEXTS.temperatureInvalid)
  .max(PROMPT_LIMITS.temperatureMax, PROMPT_TEXTS.temperatureInvalid);
const maxTokens = z
  .number({ error: PROMPT_TEXTS.maxTokensInvalid })
  .int(PROMPT_TEXTS.maxTokensInvalid)
  .min(PROMPT_LIMITS.maxTokensMin, PROMPT_TEXTS.maxTokensInvalid)
  .max(PROMPT_LIMITS.maxTokensMax, PROMPT_TEXTS.maxTokensInvalid);
// Provider template sids, deduplicated.
export const linkedTemplatesSchema = z
  .array(z.string({ error: PROMPT_TEXTS.linkedTemplatesInvalid }).trim().min(1, PROMPT_TEXTS.linkedTemplatesInvalid).max(64, PROMPT_TEXTS.linkedTemplatesInvalid), {
    error: PROMPT_TEXTS.linkedTemplatesInvalid,
  })
  .max(PROMPT_LIMITS.linkedTemplatesMax, PROMPT_TEXTS.linkedTemplatesInvalid)
  .transform((sids) => [...new Set(sids)]);
const isActive = z.boolean({ error: PROMPT_TEXTS.isActiveInvalid });

// Create (also the spec's client-side duplicate, which posts the copy without id and dates).
export const createPromptSchema = z.object({
  name,
  content,
  model: model.optional().default(PROMPT_DEFAULTS.model),
  temperature: temperature.optional().default(PROMPT_DEFAULTS.temperature),
  maxTokens: maxTokens.optional().default(PROMPT_DEFAULTS.maxTokens),
  linkedTemplates: linkedTemplatesSchema.optional().default([]),
  isActive: isActive.optional().default(PROMPT_DEFAULTS.isActive),
  // None by default: the agent only talks until someone gives it tools.
  agentTools: agentToolsSchema.optional().default([]),
});

// Update: any subset of the fields (the active switch sends only isActive).
export const updatePromptSchema = z.object({
  name: name.optional(),
  content: content.optional(),
  model: model.optional(),
  temperature: temperature.optional(),
  maxTokens: maxTokens.optional(),
  linkedTemplates: linkedTemplatesSchema.optional(),
  isActive: isActive.optional(),
  agentTools: agentToolsSchema.optional(),
});

const testMessage = z
  .string({ error: PROMPT_TEXTS.testMessageRequired })
  .trim()
  .max(PROMPT_LIMITS.testMessageMax, PROMPT_TEXTS.testMessageTooLong(PROMPT_LIMITS.testMessageMax));

// Testing a saved prompt: a blank or missing message is replaced by the generated one.
export const promptTestSchema = z.object({ testMessage: testMessage.optional() });

// Testing the editor's unsaved content.
export const promptContentTestSchema = z.object({
  content,
  testMessage: testMessage.min(1, PROMPT_TEXTS.testMessageRequired),
  model: model.optional().default(PROMPT_DEFAULTS.model),
  temperature: temperature.optional().default(PROMPT_DEFAULTS.temperature),
  maxTokens: maxTokens.optional().default(PROMPT_DEFAULTS.maxTokens),
});

export const promptIdParam = z.object({ id: z.string().min(1).max(64) });

export type PromptInput = z.input<typeof createPromptSchema>;

export interface ApiPrompt {
  id: string;
  twilioAccountId: string;
  name: string;
  content: string;
  model: string;
  // 0-10; the model receives temperature / 10.
  temperature: number;
  maxTokens: number;
  linkedTemplates: string[];
  isActive: boolean;
  agentTools: AgentToolKey[];
  // The prompt's model refused tool calls: its agent answers without them until the model changes.
  toolsUnsupported: boolean;
  createdAt: string;
  updatedAt: string;
}

export interface PromptTestResult {
  content: string;
  testMessage: string;
  model: string;
  // True when the offline responder answered (no OPENAI_API_KEY on the server).
  offline: boolean;
  promptTokens: number;
  completionTokens: number;
  totalTokens: number;
  totalCost: string;
  durationMs: number;
}
