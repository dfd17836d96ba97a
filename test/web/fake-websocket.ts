import type { AccountFrame, ServerFrame } from "@shared/live";

// Stands in for the browser's WebSocket: the test opens it, pushes frames and closes it.
export class FakeWebSocket {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSING = 2;
  static readonly CLOSED = 3;
  static instances: FakeWebSocket[] = [];

  readyState = FakeWebSocket.CONNECTING;
  sent: string[] = [];
  onopen: ((event: Event) => void) | null = null;
  onmessage: ((event: MessageEvent) => void) | null = null;
  onclose: ((event: CloseEvent) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;

  constructor(readonly url: string) {
    FakeWebSocket.instances.push(this);
  }

  static latest(): FakeWebSocket {
    const socket = FakeWebSocket.instances.at(-1);
    if (!socket) throw new Error("no WebSocket was opened");
    return socket;
  }

  // Every socket opened on this path, oldest first.
  static allFor(path: string): FakeWebSocket[] {
    return FakeWebSocket.instances.filter((s) => new URL(s.url).pathname === path);
  }

  // The newest socket opened on this path (the console holds the account's and a conversation's).
  static latestFor(path: string): FakeWebSocket {
    const socket = FakeWebSocket.allFor(path).at(-1);
    if (!socket) throw new Error(`no WebSocket was opened on ${path}`);
    return socket;
  }

  send(data: string) {
    this.sent.push(data);
  }

  close(code = 1000) {
    if (this.readyState === FakeWebSocket.CLOSED) return;
    this.readyState = FakeWebSocket.CLOSED;
    this.onclose?.(new CloseEvent("close", { code }));
  }

  open() {
    this.readyState = FakeWebSocket.OPEN;
    this.onopen?.(new Event("open"));
  }

  receive(frame: ServerFrame | AccountFrame) {
    this.onmessage?.(new MessageEvent("message", { data: JSON.stringify(frame) }));
  }
}
