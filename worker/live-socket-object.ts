import { DurableObject } from "cloudflare:workers";
import { answerClientFrame, closeLiveSocket } from "./features/live-access/service";

// What the two live Durable Objects (one per account, one per conversation) share: a WebSocket upgrade
// accepted through the hibernation API with what the socket carries, the answer to a console's frame,
// the bookkeeping when a socket closes, and a send that a closing socket cannot break.
export abstract class LiveSocketObject extends DurableObject<Env> {
  // 426 to anything but a WebSocket upgrade; else the accepted socket, tagged by its user.
  protected acceptSocket(request: Request, userId: string, attachment: unknown): Response {
    if (request.headers.get("Upgrade") !== "websocket") return new Response("Expected a WebSocket", { status: 426 });
    const pair = new WebSocketPair();
    this.ctx.acceptWebSocket(pair[1], [userId]);
    pair[1].serializeAttachment(attachment);
    return new Response(null, { status: 101, webSocket: pair[0] });
  }

  async webSocketMessage(ws: WebSocket, raw: string | ArrayBuffer) {
    answerClientFrame(ws, raw);
  }

  async webSocketClose(ws: WebSocket, code: number) {
    await closeLiveSocket(this.env, ws, code);
  }
}

// Whether the text went out: false for a socket closing under us (its close handler cleans it up).
export function sendFrame(ws: WebSocket, text: string): boolean {
  try {
    ws.send(text);
    return true;
  } catch {
    return false;
  }
}
