import type { JobMessage } from "@shared/jobs";
import type { ServerFrame } from "@shared/live";
import { createDb } from "./db/client";
import { findConversation, lastCustomerMessage, updateConversation } from "./features/conversations/repo";
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

interface PendingReply {
  conversationId: string;
  // The reply debounce of the messages it answers (absent in records of older versions).
  debounceMs?: number;
}

// How long after a reply is due the durable alarm stands in for the in-memory timer (which an eviction
// loses): a reply is late by at most this much when the object is evicted during a debounce window.
export const REPLY_BACKSTOP_MS = 10_000;

// One object per conversation (named by its id). It serialises the conversation's AI-reply
// scheduling and holds the consoles' live sockets (hibernation API), pushing every change to them.
//
// The reply debounce: each customer message moves the reply to debounceMs after it. That is a timer in
// memory, so a burst of messages costs no storage write per message: the pending reply and a durable
// alarm REPLY_BACKSTOP_MS after the due time are written once, at its first message. The timer sends
// the reply on time and removes the alarm; if the object is evicted before, the alarm sends it late.
export class ConversationDO extends LiveSocketObject {
  // When the alarm is set to fire (null: none), once read from storage; undefined: not read yet.
  private alarmAt: number | null | undefined;
  // When the pending reply is due, as far as this instance was told (0: nothing told).
  private replyDueAt = 0;
  private replyTimer: ReturnType<typeof setTimeout> | undefined;

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
    const sockets = this.ctx.getWebSockets();
    return sockets.length === 0 ? 0 : this.sendTexts(sockets, [JSON.stringify(frame)]);
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

  // The customer messages just stored (one or more, in arrival order): show them live and, unless
  // debounceMs is null, (re)start the debounce so that messages arriving within the window get one reply.
  // `frames` are the messages' and the conversation's ServerFrames, already JSON.
  async inbound(event: { conversationId: string; frames: string[]; debounceMs: number | null }) {
    this.sendTexts(this.ctx.getWebSockets(), event.frames);
    if (event.debounceMs === null) return;
    const debounceMs = Math.max(0, event.debounceMs);
    this.replyDueAt = Date.now() + debounceMs;
    // The alarm may be only the sockets' re-check: a reply is pending when its record is.
    if (this.alarmAt === undefined) this.alarmAt = (await this.ctx.storage.get("pending")) ? await this.ctx.storage.getAlarm() : null;
    // A pending reply has its record and alarm already; a later due time moves only the timer.
    if (this.alarmAt === null) {
      const backstop = this.replyDueAt + REPLY_BACKSTOP_MS;
      await this.ctx.storage.put<PendingReply>("pending", { conversationId: event.conversationId, debounceMs });
      await this.ctx.storage.setAlarm(backstop);
      this.alarmAt = backstop;
    }
    this.armReplyTimer();
  }

  private armReplyTimer() {
    if (this.replyTimer !== undefined) clearTimeout(this.replyTimer);
    this.replyTimer = setTimeout(
      () => {
        this.replyTimer = undefined;
        this.replyIfDue()
          .then(() => this.armRecheck())
          .catch((err) => console.error("AI reply scheduling failed", (err as Error).message));
      },
      Math.max(0, this.replyDueAt - Date.now()),
    );
  }

  async alarm() {
    this.alarmAt = null; // the alarm that fires is spent
    await this.recheckSockets();
    await this.replyAlarm();
    await this.armRecheck();
  }

  private async replyAlarm() {
    if (this.replyDueAt > Date.now()) {
      // A burst longer than the backstop: the timer still runs; keep a backstop behind it.
      const backstop = this.replyDueAt + REPLY_BACKSTOP_MS;
      await this.ctx.storage.setAlarm(backstop);
      this.alarmAt = backstop;
      return;
    }
    await this.replyIfDue();
  }

  // The timer and the alarm both come here; the first to find the pending reply sends it.
  private async replyIfDue() {
    const pending = await this.ctx.storage.get<PendingReply>("pending");
    if (!pending) return;
    await this.ctx.storage.delete("pending");
    await this.ctx.storage.deleteAlarm();
    this.alarmAt = null;
    const db = createDb(this.env.DB);
    const found = await findConversation(db, pending.conversationId);
    if (!found || found.conversation.operatorMode || found.optedOut) return;
    // An instance that forgot the due time (evicted, then woken by the alarm) reads it from the
    // conversation's last customer message; unless an inbound() during that read scheduled a reply.
    const debounceMs = pending.debounceMs ?? Number(this.env.AI_REPLY_DEBOUNCE_MS ?? 2000);
    const until = (found.conversation.lastInboundAt?.getTime() ?? 0) + debounceMs;
    if (until > Date.now()) {
      if (this.alarmAt === null) {
        this.replyDueAt = until;
        const backstop = until + REPLY_BACKSTOP_MS;
        await this.ctx.storage.put<PendingReply>("pending", pending);
        await this.ctx.storage.setAlarm(backstop);
        this.alarmAt = backstop;
        this.armReplyTimer();
      }
      return;
    }
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
