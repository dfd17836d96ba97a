import { useCallback, useEffect, useRef, useState } from "react";
import { MESSAGE_PAGE_SIZE, POLL_MS } from "@shared/constants";
import type { ApiMessage } from "@shared/schemas/conversations";
import { errorStatus } from "@web/lib/server-error";
import { useConversationLive } from "../api/conversation-live";
import { useConversation } from "@web/lib/queries/get-conversation";
import { useMessages } from "../api/get-messages";
import { fetchOlderMessages } from "../api/get-older-messages";
import { useMarkRead } from "../api/mark-read";
import { useNotes } from "../api/notes";
import { freshestMessages } from "./live-cache";

// Older pages loaded by scrolling up, before the live newest page.
function useOlderPages(id: string, newest: ApiMessage[]) {
  const [older, setOlder] = useState<ApiMessage[]>([]);
  // Unknown until a page answers: a full newest page may have more before it.
  const [exhausted, setExhausted] = useState(false);
  const [loading, setLoading] = useState(false);
  const [failed, setFailed] = useState(false);
  const oldest = older[0]?.id ?? newest[0]?.id;
  const hasMore = !exhausted && (older.length > 0 || newest.length >= MESSAGE_PAGE_SIZE);
  const busy = useRef(false);
  const loadOlder = useCallback(async () => {
    if (!oldest || busy.current) return;
    busy.current = true;
    setLoading(true);
    setFailed(false);
    try {
      const page = await fetchOlderMessages(id, oldest);
      setOlder((current) => {
        const known = new Set(current.map((m) => m.id));
        return [...page.messages.filter((m) => !known.has(m.id)), ...current];
      });
      if (!page.hasMore) setExhausted(true);
    } catch {
      setFailed(true);
    } finally {
      busy.current = false;
      setLoading(false);
    }
  }, [id, oldest]);
  return { older, hasMore, loading, failed, loadOlder };
}

function joinPages(older: ApiMessage[], newest: ApiMessage[]) {
  const live = new Set(newest.map((m) => m.id));
  return [...older.filter((m) => !live.has(m.id)), ...newest];
}

// One mark-read at a time per conversation: the customer's messages that arrive while one is on its
// way are covered by a single one after it, not one each (each also reads the lists again).
function useCoalescedMarkRead() {
  // mutateAsync is the mutation observer's bound method: the same function on every render.
  const { mutateAsync } = useMarkRead();
  const pending = useRef(new Map<string, "on its way" | "again after it">());
  return useCallback((id: string) => {
    if (pending.current.has(id)) {
      pending.current.set(id, "again after it");
      return;
    }
    const send = () => {
      pending.current.set(id, "on its way");
      // A failure is already logged by the mutation cache; the promise settles even after an unmount.
      void mutateAsync(id)
        .catch(() => undefined)
        .then(() => {
          if (pending.current.get(id) === "again after it") send();
          else pending.current.delete(id);
        });
    };
    send();
  }, [mutateAsync]);
}

// One open conversation: its detail and messages (polled only without the live socket), marked
// read on opening and again when the customer writes while it is on screen; older pages on demand,
// and the team's internal notes.
export function useConversationThread(id: string) {
  const markRead = useCoalescedMarkRead();
  const { live } = useConversationLive(id, { onCustomerMessage: () => markRead(id) });
  const detail = useConversation(id, { queryConfig: { refetchInterval: live ? false : POLL_MS.conversation } });
  const messages = useMessages(id, { live });
  const notes = useNotes(id);

  useEffect(() => {
    markRead(id);
  }, [id, markRead]);

  const newest = freshestMessages(
    { data: detail.data, updatedAt: detail.dataUpdatedAt },
    { data: messages.data, updatedAt: messages.dataUpdatedAt },
  );
  const pages = useOlderPages(id, newest);
  const thread = pages.older.length > 0 ? joinPages(pages.older, newest) : newest;
  return {
    conversation: detail.data ?? null,
    messages: thread,
    notes: notes.data ?? [],
    hasOlder: pages.hasMore,
    loadingOlder: pages.loading,
    olderFailed: pages.failed,
    loadOlder: pages.loadOlder,
    live,
    isPending: detail.isPending,
    notFound: (detail.isError && errorStatus(detail.error) === 404) || (detail.isSuccess && !detail.data),
    isError: detail.isError,
    refetch: detail.refetch,
  };
}

export type ConversationThread = ReturnType<typeof useConversationThread>;
