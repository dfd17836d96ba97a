import type { ApiMessage } from "@shared/schemas/conversations";
import { throwIfResNotOk } from "@web/lib/api-client";

export const MESSAGE_PAGE_SIZE = 200;

// The page of messages before `before` (a message id), in arrival order, and whether older ones remain.
export async function fetchOlderMessages(id: string, before: string, signal?: AbortSignal): Promise<{ messages: ApiMessage[]; hasMore: boolean }> {
  const url = `/api/conversations/${encodeURIComponent(id)}/messages?limit=${MESSAGE_PAGE_SIZE}&before=${encodeURIComponent(before)}`;
  const res = await fetch(url, { credentials: "include", signal });
  await throwIfResNotOk(res);
  return { messages: (await res.json()) as ApiMessage[], hasMore: !!res.headers.get("X-Next-Cursor") };
}
