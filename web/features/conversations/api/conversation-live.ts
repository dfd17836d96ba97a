import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import type { ServerFrame } from "@shared/live";
import { keepLiveSocket, parseTaggedFrame, readAgainAfterInFlight, wsUrl } from "@web/lib/live/live-socket";
import { queryKeys } from "@web/lib/query-keys";
import { applyFrame } from "../lib/live-cache";

const FRAME_TYPES = new Set<string>([
  "pong",
  "error",
  "message",
  "message-status",
  "conversation",
  "typing",
  "note",
] satisfies ServerFrame["type"][]);

export function liveUrl(id: string, origin?: string): string {
  return wsUrl(`/api/conversations/${encodeURIComponent(id)}/live`, origin);
}

export function parseFrame(raw: unknown): ServerFrame | null {
  return parseTaggedFrame<ServerFrame>(raw, FRAME_TYPES);
}

// The conversation's live socket: frames go straight into the query cache. `live` is true while it
// is open, and the conversation's queries stop polling for that time.
export function useConversationLive(id: string, { onCustomerMessage }: { onCustomerMessage?: () => void } = {}): { live: boolean } {
  const queryClient = useQueryClient();
  const [live, setLive] = useState(false);
  const onCustomerMessageRef = useRef(onCustomerMessage);
  onCustomerMessageRef.current = onCustomerMessage;

  useEffect(() => {
    if (typeof WebSocket === "undefined") return;
    const stop = keepLiveSocket(liveUrl(id), {
      onOpen: () => {
        setLive(true);
        // Whatever happened while the socket was down (or before it opened, the chat's first read
        // perhaps still on its way) is read once.
        void readAgainAfterInFlight(queryClient, { queryKey: queryKeys.conversation(id) });
      },
      onMessage: (data) => {
        const frame = parseFrame(data);
        if (!frame) return;
        applyFrame(queryClient, id, frame);
        if (frame.type === "message" && frame.message.sender === "customer") onCustomerMessageRef.current?.();
      },
      onDown: () => setLive(false),
    });
    return () => {
      stop();
      setLive(false);
    };
  }, [id, queryClient]);

  return { live };
}
