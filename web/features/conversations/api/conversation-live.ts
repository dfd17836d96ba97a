import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { serverFrameSchema, type ServerFrame } from "@shared/live";
import { queryKeys } from "@web/lib/query-keys";
import { applyFrame } from "../lib/live-cache";

const PING_MS = 25_000;
const MAX_BACKOFF_MS = 30_000;

export function liveUrl(id: string, origin: string = window.location.origin): string {
  return `${origin.replace(/^http/, "ws")}/api/conversations/${encodeURIComponent(id)}/live`;
}

export function reconnectDelay(attempt: number): number {
  return Math.min(MAX_BACKOFF_MS, 1000 * 2 ** attempt);
}

export function parseFrame(raw: unknown): ServerFrame | null {
  if (typeof raw !== "string") return null;
  try {
    const data: unknown = JSON.parse(raw);
    return serverFrameSchema.safeParse(data).success ? (data as ServerFrame) : null;
  } catch {
    return null;
  }
}

// The conversation's live socket: frames go straight into the query cache. `live` is true while it
// is open, and the conversation's queries stop polling for that time. It reconnects with backoff.
export function useConversationLive(id: string, { onCustomerMessage }: { onCustomerMessage?: () => void } = {}): { live: boolean } {
  const queryClient = useQueryClient();
  const [live, setLive] = useState(false);
  const onCustomerMessageRef = useRef(onCustomerMessage);
  onCustomerMessageRef.current = onCustomerMessage;

  useEffect(() => {
    if (typeof WebSocket === "undefined") return;
    let socket: WebSocket | null = null;
    let disposed = false;
    let attempt = 0;
    let retryTimer: ReturnType<typeof setTimeout> | undefined;
    let pingTimer: ReturnType<typeof setInterval> | undefined;

    const connect = () => {
      const ws = new WebSocket(liveUrl(id));
      socket = ws;
      ws.onopen = () => {
        attempt = 0;
        setLive(true);
        // Whatever happened while the socket was down (or before it opened) is read once.
        if (!queryClient.isFetching({ queryKey: queryKeys.conversation(id) })) {
          void queryClient.invalidateQueries({ queryKey: queryKeys.conversation(id) });
        }
        pingTimer = setInterval(() => {
          if (ws.readyState === WebSocket.OPEN) ws.send(JSON.stringify({ type: "ping" }));
        }, PING_MS);
      };
      ws.onmessage = (event) => {
        const frame = parseFrame(event.data);
        if (!frame) return;
        applyFrame(queryClient, id, frame);
        if (frame.type === "message" && frame.message.sender === "customer") onCustomerMessageRef.current?.();
      };
      ws.onclose = () => {
        clearInterval(pingTimer);
        if (socket === ws) setLive(false);
        if (!disposed) retryTimer = setTimeout(connect, reconnectDelay(attempt++));
      };
    };

    connect();
    return () => {
      disposed = true;
      clearTimeout(retryTimer);
      clearInterval(pingTimer);
      socket?.close(1000);
      setLive(false);
    };
  }, [id, queryClient]);

  return { live };
}
