// How a prompt card shows a prompt. No schema here: the dashboard's prompt cards use these, and
// prompt-form.ts (which holds the create schema) would bring zod into the dashboard's first load.
import { findModel } from "@shared/models";
import { PROMPT_CARD_PREVIEW } from "@shared/prompt-limits";

// The slider holds 0-10; people read it as the model's 0-1.
export function temperatureLabel(value: number): string {
  return (value / 10).toFixed(1);
}

export function preview(text: string, max: number = PROMPT_CARD_PREVIEW): string {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length > max ? `${flat.slice(0, max).trimEnd()}…` : flat;
}

export function modelLabel(id: string): string {
  return findModel(id)?.label ?? id;
}
