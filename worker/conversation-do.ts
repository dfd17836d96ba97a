import { DurableObject } from "cloudflare:workers";
import { clientFrameSchema, type ServerFrame } from "../src/shared/live";

// One object per conversation. It holds the consoles' live sockets (hibernation API) and
// pushes server frames to them; the conversation issue adds inbound handling and AI replies here.
export class ConversationDO extends DurableObject<Env> {
  async fetch(request: Request): Promise<Response> {
    if (request.headers.get("Upgrade") !== "websocket") return new Response("Expected a WebSocket", { status: 426 });
    const pair = new WebSocketPair();
    const userId = request.headers.get("X-User-Id") ?? "anonymous";
    this.ctx.acceptWebSocket(pair[1], [userId]);
    pair[1].serializeAttachment({ userId, connectedAt: Date.now() });
    return new Response(null, { status: 101, webSocket: pair[0] });
  }

  async webSocketMessage(ws: WebSocket, raw: string | ArrayBuffer) {
    let data: unknown;
    try {
      data = JSON.parse(typeof raw === "string" ? raw : new TextDecoder().decode(raw));
    } catch {
      data = undefined;
    }
    const frame = clientFrameSchema.safeParse(data);
    if (!frame.success) {
      ws.send(JSON.stringify({ type: "error", message: "Messaggio non valido" } satisfies ServerFrame));
      return;
    }
    if (frame.data.type === "ping") ws.send(JSON.stringify({ type: "pong", at: Date.now() } satisfies ServerFrame));
  }

  async webSocketClose(ws: WebSocket, code: number) {
    // 1005/1006 mean "no code"; they may not be sent back.
    ws.close(code === 1005 || code === 1006 ? 1000 : code, "closing");
  }

  // Sends a frame to every console that has this conversation open; returns how many got it.
  broadcast(frame: ServerFrame): number {
    const sockets = this.ctx.getWebSockets();
    const text = JSON.stringify(frame);
    for (const ws of sockets) ws.send(text);
    return sockets.length;
  }
}
