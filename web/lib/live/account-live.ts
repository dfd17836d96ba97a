import { useQueryClient, type QueryClient } from "@tanstack/react-query";
import { useEffect, useSyncExternalStore } from "react";
import type { AccountFrame } from "@shared/live";
import { CUSTOMER_WINDOW_MS } from "@shared/messaging";
import type { ApiConversation } from "@shared/schemas/conversations";
import { cachedConversation, putInLists, removeFromLists } from "../queries/conversation-lists";
import { CONVERSATION_LISTS } from "../queries/refresh-conversations";
import { queryKeys } from "../query-keys";
import { keepLiveSocket, parseTaggedFrame, readAgainAfterInFlight, wsUrl } from "./live-socket";

// Whether the account's live socket is open: while it is, the list, the unread badge and the
// dashboard's active conversations are not polled.
let connected = false;
const listeners = new Set<() => void>();
function setConnected(value: boolean) {
  if (connected === value) return;
  connected = value;
  for (const listener of listeners) listener();
}
function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useAccountLiveConnected(): boolean {
  return useSyncExternalStore(subscribe, () => connected, () => false);
}

export function accountLiveUrl(origin?: string): string {
  return wsUrl("/api/conversations/live", origin);
}

const FRAME_TYPES = new Set<string>(["pong", "error", "conversation", "conversation-removed"] satisfies AccountFrame["type"][]);

export function parseAccountFrame(raw: unknown): AccountFrame | null {
  return parseTaggedFrame<AccountFrame>(raw, FRAME_TYPES);
}

export interface AccountFrameEvents {
  // A customer's new message arrived in this conversation (its preview moved and it is unread).
  onCustomerMessage?: (conversation: ApiConversation) => void;
}

// Merges one account frame into the cache: lists, dashboard, open conversation and unread count.
export function applyAccountFrame(queryClient: QueryClient, frame: AccountFrame, meId: string | null, events: AccountFrameEvents = {}) {
  if (frame.type === "conversation") {
    const next = frame.conversation;
    const before = cachedConversation(queryClient, next.id);
    putInLists(queryClient, next, meId);
    queryClient.setQueryData<ApiConversation | null>(queryKeys.conversation(next.id), (detail) => (detail ? { ...detail, ...next } : detail));
    if (!before || before.unread !== next.unread || (next.unread && before.lastMessageAt !== next.lastMessageAt)) {
      void queryClient.invalidateQueries({ queryKey: queryKeys.unreadCount, exact: true });
    }
    if (customerJustWrote(before, next)) events.onCustomerMessage?.(next);
  } else if (frame.type === "conversation-removed") {
    removeFromLists(queryClient, frame.id);
    void queryClient.invalidateQueries({ queryKey: queryKeys.unreadCount, exact: true });
  }
}

// A customer message moves the 24-hour window's end; the team's own messages do not.
export function customerJustWrote(before: ApiConversation | undefined, next: ApiConversation, now = Date.now()): boolean {
  if (!next.windowOpenUntil) return false;
  if (before) return before.windowOpenUntil !== next.windowOpenUntil;
  return new Date(next.windowOpenUntil).getTime() - CUSTOMER_WINDOW_MS > now - 60_000;
}

// Whatever changed while the socket was down (or before it first opened) is read once: the unread
// count and the lists (the dashboard's active conversations among them), which are not polled while
// it is open; a list read already on its way is awaited first.
function readAgainOnOpen(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: queryKeys.unreadCount, exact: true }),
    readAgainAfterInFlight(queryClient, CONVERSATION_LISTS),
  ]);
}

// One socket per signed-in console on its active account; reopened with backoff, and on an account switch.
export function useAccountLive(meId: string | null, accountId: string | null, events: AccountFrameEvents = {}) {
  const queryClient = useQueryClient();
  const onCustomerMessage = events.onCustomerMessage;
  useEffect(() => {
    if (typeof WebSocket === "undefined" || !meId || !accountId) return;
    const stop = keepLiveSocket(accountLiveUrl(), {
      onOpen: () => {
        setConnected(true);
        void readAgainOnOpen(queryClient);
      },
      onMessage: (data) => {
        const frame = parseAccountFrame(data);
        if (frame) applyAccountFrame(queryClient, frame, meId, { onCustomerMessage });
      },
      onDown: (sessionEnded) => {
        setConnected(false);
        if (sessionEnded) void queryClient.invalidateQueries({ queryKey: queryKeys.me });
      },
    });
    return () => {
      stop();
      setConnected(false);
    };
  }, [meId, accountId, queryClient, onCustomerMessage]);
}
