import type { ServerFrame } from "@shared/live";
import { createDb } from "./db/client";
import { startAiReply } from "./features/conversations/service";
import { liveSessionsForConversation } from "./features/live-access/repo";
import { forgetLiveSockets, LIVE_RECHECK_MS, REVOKED_CLOSE } from "./features/live-access/service";
import { LiveSocketObject, sendFrame } from "./live-socket-object";

// What each socket carries through hibernation: whose session opened it, and until when that session
// was last known to be alive.
interface SocketAttachment {
  userId: string;
  conversationId?: string;
  sid?: string;
  socketId?: string;
  expire?: number;
  connectedAt: number;
}

// One object per conversation (named by its id). It holds the consoles' live sockets (hibernation API)
// and pushes every change to them; nothing wakes it while no console has the conversation open.
export class ConversationDO extends LiveSocketObject {

  async fetch(request: Request): Promise<Response> {
    const userId = request.headers.get("X-User-Id") ?? "anonymous";
    const response = this.acceptSocket(request, userId, {
      userId,
      conversationId: request.headers.get("X-Conversation-Id") ?? undefined,
      sid: request.headers.get("X-Session-Id") ?? undefined,
      socketId: request.headers.get("X-Socket-Id") ?? undefined,
      expire: Number(request.headers.get("X-Session-Expire") ?? 0),
      connectedAt: Date.now(),
    } satisfies SocketAttachment);
    if (response.status === 101) await this.armRecheck();
    return response;
  }

  // Checks every open socket's session against D1 (alive, user active, still allowed on this
  // conversation) and closes the others. Called when a session, user, membership or account is
  // revoked, and by the alarm at least every LIVE_RECHECK_MS.
  async recheckSockets(): Promise<number> {
    const sockets = this.ctx.getWebSockets();
    if (sockets.length === 0) return 0;
    const now = new Date();
    const attached = sockets.map((ws) => ({ ws, a: ws.deserializeAttachment() as SocketAttachment | null }));
    const sids = [...new Set(attached.flatMap(({ a }) => (a?.sid ? [a.sid] : [])))];
    const conversationId = attached.find(({ a }) => a?.conversationId)?.a?.conversationId;
    const rows = conversationId ? await liveSessionsForConversation(createDb(this.env.DB), conversationId, sids, now) : [];
    const alive = new Map(rows.map((r) => [r.sid, r.expire.getTime()]));
    const gone: string[] = [];
    for (const { ws, a } of attached) {
      const expire = a?.sid ? alive.get(a.sid) : undefined;
      if (a && expire !== undefined) {
        ws.serializeAttachment({ ...a, expire } satisfies SocketAttachment);
        continue;
      }
      this.revoke(ws);
      if (a?.socketId) gone.push(a.socketId);
    }
    if (gone.length > 0) await forgetLiveSockets(createDb(this.env.DB), gone);
    return sockets.length - gone.length;
  }

  private revoke(ws: WebSocket) {
    // Emptied first, so that nothing more is sent to it while it closes.
    ws.serializeAttachment(null);
    try {
      ws.close(REVOKED_CLOSE.code, REVOKED_CLOSE.reason);
    } catch {
      // already closing
    }
  }

  // Keeps an alarm at most LIVE_RECHECK_MS away while sockets are open (the reply backstop may be sooner).
  private async armRecheck() {
    if (this.ctx.getWebSockets().length === 0) return;
    const at = Date.now() + LIVE_RECHECK_MS;
    const current = await this.ctx.storage.getAlarm();
    if (current === null || current > at) await this.ctx.storage.setAlarm(at);
  }

  // Sends a frame to every console that has this conversation open; returns how many got it.
  publish(frame: ServerFrame): number {
    return this.publishTexts([JSON.stringify(frame)]);
  }

  // Frames already JSON (ServerFrame each), in order, to these sockets.
  private sendTexts(sockets: WebSocket[], texts: string[]): number {
    const now = Date.now();
    let sent = 0;
    for (const ws of sockets) {
      // A revoked socket (or one from before sessions were attached) gets no frame; nor does one whose
      // session has expired since its last check.
      const a = ws.deserializeAttachment() as SocketAttachment | null;
      if (!a?.sid || (a.expire ?? 0) <= now) {
        this.revoke(ws);
        continue;
      }
      let delivered = true;
      for (const text of texts) delivered = sendFrame(ws, text) && delivered;
      if (delivered) sent += 1;
    }
    return sent;
  }

  // Frames already JSON (ServerFrame each), in order, to every console that has this conversation open.
  publishTexts(texts: string[]): number {
    const sockets = this.ctx.getWebSockets();
    return sockets.length === 0 ? 0 : this.sendTexts(sockets, texts);
  }

  async alarm() {
    await this.recheckSockets();
    await this.legacyReply();
    await this.armRecheck();
  }

  // Before the reply debounce moved to the account's InboundIngest object, this object kept it: a reply
  // such an object still holds when its alarm fires is sent now (its backstop is past its due time).
  private async legacyReply() {
    const pending = await this.ctx.storage.get<{ conversationId: string; debounceMs?: number }>("pending");
    if (!pending) return;
    await this.ctx.storage.delete("pending");
    await startAiReply(this.env, pending.conversationId, 0);
  }
}
