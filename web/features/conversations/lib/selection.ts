import type { ApiConversation } from "@shared/schemas/conversations";

// The conversation on screen: the one chosen while it is listed; else, side by side, the first.
export function pickSelected(conversations: readonly ApiConversation[], chosenId: string | null, wide: boolean): string | null {
  if (chosenId && conversations.some((c) => c.id === chosenId)) return chosenId;
  return wide ? (conversations[0]?.id ?? null) : null;
}
