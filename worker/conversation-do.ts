import { DurableObject } from "cloudflare:workers";
import type { JobMessage } from "../src/shared/jobs";
import { clientFrameSchema, type ServerFrame } from "../src/shared/live";
import type { ApiConversation, ApiMessage } from "../src/shared/schemas/conversations";
import { createDb } from "./db/client";
import { findConversation, lastCustomerMessage, updateConversation } from "./features/conversations/repo";

interface PendingReply {
  conversationId: string;
}

// One object per conversation (named by its id). It serialises the conversation's AI-reply
// scheduling and holds the consoles' live sockets (hibernation API), pushing every change to them.
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
  publish(frame: ServerFrame): number {
    const sockets = this.ctx.getWebSockets();
    const text = JSON.stringify(frame);
    for (const ws of sockets) {
      try {
        ws.send(text);
      } catch {
        // a socket closing under us; the close handler cleans it up
      }
    }
    return sockets.length;
  }

  // A customer message was stored: show it live and, unless debounceMs is null, (re)start the
  // debounce so that messages arriving within the window get one reply.
  async inbound(event: { message: ApiMessage; conversation: ApiConversation; debounceMs: number | null }) {
    this.publish({ type: "message", message: event.message });
    this.publish({ type: "conversation", conversation: event.conversation });
    if (event.debounceMs === null) return;
    await this.ctx.storage.put<PendingReply>("pending", { conversationId: event.conversation.id });
    await this.ctx.storage.setAlarm(Date.now() + Math.max(0, event.debounceMs));
  }

  async alarm() {
    const pending = await this.ctx.storage.get<PendingReply>("pending");
    if (!pending) return;
    await this.ctx.storage.delete("pending");
    const db = createDb(this.env.DB);
    const found = await findConversation(db, pending.conversationId);
    if (!found || found.conversation.operatorMode || found.optedOut) return;
    const last = await lastCustomerMessage(db, pending.conversationId);
    if (!last) return;
    await updateConversation(db, pending.conversationId, { aiStatus: "pending", aiError: null });
    const job: JobMessage = {
      kind: "ai.reply",
      conversationId: pending.conversationId,
      replyToId: last.id,
      idempotencyKey: `ai.reply:${last.id}`,
    };
    await this.env.JOBS.send(job);
    this.publish({ type: "typing", active: true });
  }
}
