import { CONVERSATION_TEXTS as TX } from "@shared/conversation-texts";
import type { ApiConversation } from "@shared/schemas/conversations";

export type AiState = "active" | "paused" | "waiting";

// The AI answers unless operator mode is on; with it on, an unread customer message waits for a person.
export function aiState(c: Pick<ApiConversation, "operatorMode" | "unread">): AiState {
  if (!c.operatorMode) return "active";
  return c.unread ? "waiting" : "paused";
}

export const AI_STATE_TEXTS: Record<AiState, string> = {
  active: TX.aiActive,
  paused: TX.aiPaused,
  waiting: TX.aiWaitingOperator,
};
