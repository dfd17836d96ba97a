import { ANALYTICS_TEXTS as UI } from "@shared/texts/analytics";
import type { ApiConversation, ApiMessage } from "@shared/schemas/conversations";

export const PREVIEW_MESSAGES = 3;

export interface PreviewMessage {
  id: string;
  content: string;
  isFromBot: boolean;
  createdAt: string | null;
}

const activity = (c: ApiConversation) => c.lastMessageAt ?? c.createdAt;

// The conversation with the latest activity, whatever order the list came in.
export function latestConversation(conversations: readonly ApiConversation[] | null | undefined): ApiConversation | null {
  let latest: ApiConversation | null = null;
  for (const c of conversations ?? []) if (!latest || activity(c) > activity(latest)) latest = c;
  return latest;
}

// The last three messages, oldest first, system notes left out.
export function lastMessages(messages: readonly ApiMessage[] | null | undefined, count = PREVIEW_MESSAGES): PreviewMessage[] {
  return (messages ?? [])
    .filter((m) => m.sender !== "system" && m.content.trim() !== "")
    .slice()
    .sort((a, b) => (a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : 0))
    .slice(-count)
    .map((m) => ({ id: m.id, content: m.content, isFromBot: m.isFromBot, createdAt: m.createdAt }));
}

export function sampleMessages(): PreviewMessage[] {
  return UI.sampleMessages.map((m, i) => ({ id: `sample-${i}`, content: m.content, isFromBot: m.isFromBot, createdAt: null }));
}
