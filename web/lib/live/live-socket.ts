import type { QueryClient, QueryFilters } from "@tanstack/react-query";

// The console's live sockets (a conversation's, the account's): one connect loop with keep-alive
// pings and backoff, and one way to read a frame. Frames are checked by their type tag only (the
// server is ours), which keeps zod out of the shell's first load.

const PING_MS = 25_000;
const MAX_BACKOFF_MS = 30_000;
// The server closes with this code when the session or the membership ended: no reconnecting.
export const CLOSE_SESSION_ENDED = 4401;

export function reconnectDelay(attempt: number): number {
  return Math.min(MAX_BACKOFF_MS, 1000 * 2 ** attempt);
}

export function wsUrl(path: string, origin: string = window.location.origin): string {
  return `${origin.replace(/^http/, "ws")}${path}`;
}

export function parseTaggedFrame<F extends { type: string }>(raw: unknown, types: ReadonlySet<string>): F | null {
  if (typeof raw !== "string") return null;
  try {
    const data: unknown = JSON.parse(raw);
    const type = data && typeof data === "object" ? (data as { type?: unknown }).type : undefined;
    return typeof type === "string" && types.has(type) ? (data as F) : null;
  } catch {
    return null;
  }
}

// What a socket's open makes stale is read again by reads that start after it opened: a read already in
// flight may have read D1 just before a change that the socket, not yet open, did not carry. So those
// are awaited, then all read again.
export function readAgainAfterInFlight(queryClient: QueryClient, filters: QueryFilters): Promise<void> {
  return queryClient.refetchQueries({ ...filters, fetchStatus: "fetching" }, { cancelRefetch: false }).then(() => queryClient.invalidateQueries(filters));
}

export interface LiveSocketHandlers {
  onOpen: () => void;
  onMessage: (data: unknown) => void;
  // The socket closed (it reconnects unless the session ended; then `sessionEnded` is true).
  onDown: (sessionEnded: boolean) => void;
}

/** Opens the socket at `url` and keeps it open until the returned function is called. */
export function keepLiveSocket(url: string, handlers: LiveSocketHandlers): () => void {
  let socket: WebSocket | null = null;
  let disposed = false;
  let attempt = 0;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  let pingTimer: ReturnType<typeof setInterval> | undefined;
  const connect = () => {
    const ws = new WebSocket(url);
    socket = ws;
    ws.onopen = () => {
      attempt = 0;
      handlers.onOpen();
      pingTimer = setInterval(() => {
        if (ws.readyState === WebSocket.OPEN) ws.send(JSON.stringify({ type: "ping" }));
      }, PING_MS);
    };
    ws.onmessage = (event) => handlers.onMessage(event.data);
    ws.onclose = (event) => {
      clearInterval(pingTimer);
      const sessionEnded = event.code === CLOSE_SESSION_ENDED;
      if (socket === ws && !disposed) handlers.onDown(sessionEnded);
      if (!disposed && !sessionEnded) retryTimer = setTimeout(connect, reconnectDelay(attempt++));
    };
  };
  connect();
  return () => {
    disposed = true;
    clearTimeout(retryTimer);
    clearInterval(pingTimer);
    socket?.close(1000);
  };
}
