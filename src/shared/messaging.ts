// WhatsApp rules shared by worker and web.
import { CONVERSATION_TEXTS, TWILIO_ERROR_TEXTS } from "./texts/conversations";

export const OPT_OUT_KEYWORDS = ["STOP", "ANNULLA", "DISISCRIVIMI", "CANCELLAMI"] as const;
export const OPT_IN_KEYWORDS = ["START", "ISCRIVIMI"] as const;
export const CUSTOMER_WINDOW_MS = 24 * 60 * 60 * 1000;
export const CONTEXT_MESSAGES = 10;
// Twilio refuses a free-form body longer than this (error 21617).
export const MAX_MESSAGE_CHARS = 1600;

// An AI reply over the limit is sent as several messages, cut where a sentence ends (else at a line
// break, else at a space, else hard), so that no part is over the limit and none is blank.
export function splitMessage(text: string, max = MAX_MESSAGE_CHARS): string[] {
  const parts: string[] = [];
  let rest = text.trim();
  while (rest.length > max) {
    // One character more than fits, so a sentence ending exactly at the limit is seen to end there.
    const window = rest.slice(0, max + 1);
    const cut = lastCut(window, /[.!?…]+["»”')\]]*(?=\s)/g, max) ?? lastCut(window, /\n/g, max) ?? lastCut(window, /\s/g, max) ?? max;
    parts.push(rest.slice(0, cut).trim());
    rest = rest.slice(cut).trim();
  }
  if (rest) parts.push(rest);
  return parts;
}

// Where the last match ends within the limit, unless that would leave a part shorter than a quarter of it.
function lastCut(window: string, pattern: RegExp, max: number): number | null {
  let cut: number | null = null;
  for (const m of window.matchAll(pattern)) {
    const end = m.index + m[0].length;
    if (end <= max) cut = end;
  }
  return cut !== null && cut >= max / 4 ? cut : null;
}

export function matchKeyword<T extends string>(body: string, keywords: readonly T[]): T | null {
  const word = body.trim().toUpperCase().replace(/[.!]+$/, "");
  return (keywords as readonly string[]).includes(word) ? (word as T) : null;
}

export function twilioErrorText(code: string | number | null | undefined): string {
  if (code === null || code === undefined) return CONVERSATION_TEXTS.sendFailed;
  return TWILIO_ERROR_TEXTS[String(code)] ?? CONVERSATION_TEXTS.sendFailedCode(code);
}
