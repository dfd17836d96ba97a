import type { ApiConversation } from "@shared/schemas/conversations";
import type { AI_STATE_TEXTS } from "@shared/texts/conversations";

export type AiState = keyof typeof AI_STATE_TEXTS;

// The AI answers unless operator mode is on; with it on, an unread customer message waits for a person.
export function aiState(c: Pick<ApiConversation, "operatorMode" | "unread">): AiState {
  if (!c.operatorMode) return "active";
  return c.unread ? "waiting" : "paused";
}
