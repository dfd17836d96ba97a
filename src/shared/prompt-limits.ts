// The prompt limits and defaults, shared by the Worker and the console. No zod here: the dashboard's
// prompt cards use them, and importing schemas/prompts.ts would bring zod into its first load.
import { PROMPT_TEXTS } from "./texts/prompts";

export const PROMPT_LIMITS = {
  nameMax: 200,
  contentMax: 20_000,
  testMessageMax: 2_000,
  temperatureMin: 0,
  temperatureMax: 10,
  maxTokensMin: 50,
  maxTokensMax: 2000,
  linkedTemplatesMax: 200,
} as const;

// The prompt form's defaults (spec part 1 §9): the API uses them for a new prompt.
export const PROMPT_DEFAULTS = { model: "gpt-4", temperature: 7, maxTokens: 500, isActive: true } as const;
export const PROMPT_MODEL_FILTERS = ["gpt-5", "gpt-4", "gpt-3.5-turbo"] as const;
export const DUPLICATE_SUFFIX = "_copy";
export const PROMPT_CARD_PREVIEW = 80;
export const PROMPT_DASHBOARD_PREVIEW = 100;

// The message a prompt test uses when none is given (spec part 1 §9): it follows the prompt's subject.
export function generatedTestMessage(promptContent: string): string {
  const text = promptContent.toLowerCase();
  if (text.includes("prestiti")) return PROMPT_TEXTS.generatedTestMessages.loans;
  if (text.includes("ufficio")) return PROMPT_TEXTS.generatedTestMessages.office;
  return PROMPT_TEXTS.generatedTestMessages.generic;
}

// The name of a copy: "<name>_copy", shortened so it stays within the limit.
export function duplicateName(name: string, max: number = PROMPT_LIMITS.nameMax): string {
  return `${name.slice(0, max - DUPLICATE_SUFFIX.length)}${DUPLICATE_SUFFIX}`;
}
