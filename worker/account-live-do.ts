import { DurableObject } from "cloudflare:workers";
import { T } from "@shared/strings";
import { and, eq, gt, inArray } from "drizzle-orm";
import { accountClientFrameSchema, type AccountFrame } from "@shared/live";
import { createDb } from "./db/client";
import { sessions, users } from "./db/schema";
import { isAccountUser } from "./features/conversations/repo";
import { forgetLiveSockets, LIVE_RECHECK_MS, REVOKED_CLOSE } from "./features/live-access/service";

// A signed-out, disabled or removed user stops receiving the account's conversations at once when the
// change is made (revokeLive re-checks this object), and within LIVE_RECHECK_MS in any case.
export const SESSION_RECHECK_MS = LIVE_RECHECK_MS;
// Close code for a socket whose session or membership ended; the console does not reconnect on it.
export const CLOSE_SESSION_ENDED = REVOKED_CLOSE.code;

interface Attachment {
  userId: string;
  sid: string;
  socketId: string;
  accountId: string;
}

// One object per provider account (named by its id). It holds the live sockets of every console
// signed in on that account (hibernation API) and pushes the account's conversation changes to them:
// the list, the unread badge and the dashboard follow these instead of polling.
export class AccountLiveDO extends DurableObject<Env> {
  async fetch(request: Request): Promise<Response> {
    if (request.headers.get("Upgrade") !== "websocket") return new Response("Expected a WebSocket", { status: 426 });
    const attachment: Attachment = {
      userId: request.headers.get("X-User-Id") ?? "",
      sid: request.headers.get("X-Session-Id") ?? "",
      socketId: request.headers.get("X-Socket-Id") ?? "",
      accountId: request.headers.get("X-Account-Id") ?? "",
    };
    const pair = new WebSocketPair();
    this.ctx.acceptWebSocket(pair[1], [attachment.userId]);
    pair[1].serializeAttachment(attachment);
    if ((await this.ctx.storage.getAlarm()) === null) await this.ctx.storage.setAlarm(Date.now() + SESSION_RECHECK_MS);
    return new Response(null, { status: 101, webSocket: pair[0] });
  }

  async webSocketMessage(ws: WebSocket, raw: string | ArrayBuffer) {
    let data: unknown;
    try {
      data = JSON.parse(typeof raw === "string" ? raw : new TextDecoder().decode(raw));
    } catch {
      data = undefined;
    }
    const frame = accountClientFrameSchema.safeParse(data);
    if (!frame.success) {
      ws.send(JSON.stringify({ type: "error", message: T.invalidFrame } satisfies AccountFrame));
      return;
    }
    ws.send(JSON.stringify({ type: "pong", at: Date.now() } satisfies AccountFrame));
  }

  async webSocketClose(ws: WebSocket, code: number) {
    ws.close(code === 1005 || code === 1006 ? 1000 : code, "closing");
    const a = ws.deserializeAttachment() as Attachment | null;
    if (a?.socketId) await forgetLiveSockets(createDb(this.env.DB), [a.socketId]);
  }

  publish(frame: AccountFrame): number {
    const sockets = this.ctx.getWebSockets();
    const text = JSON.stringify(frame);
    for (const ws of sockets) {
      try {
        ws.send(text);
      } catch {
        // a socket closing under us
      }
    }
    return sockets.length;
  }

  // Closes the sockets whose session expired or was ended, whose user was disabled, or who no longer
  // belongs to the account; answers how many stay open.
  async recheck(now = new Date()): Promise<number> {
    const sockets = this.ctx.getWebSockets();
    if (sockets.length === 0) return 0;
    const db = createDb(this.env.DB);
    const attached = sockets.map((ws) => ({ ws, a: ws.deserializeAttachment() as Attachment }));
    const sids = [...new Set(attached.map(({ a }) => a.sid))];
    // The role is read now, not when the socket opened: a super admin made a client loses other accounts.
    const live = new Map<string, string>();
    for (let i = 0; i < sids.length; i += 90) {
      const rows = await db
        .select({ sid: sessions.sid, role: users.role })
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.userId))
        .where(and(inArray(sessions.sid, sids.slice(i, i + 90)), gt(sessions.expire, now), eq(users.isActive, true)));
      for (const row of rows) live.set(row.sid, row.role);
    }
    const members = new Map<string, boolean>();
    let open = 0;
    const gone: string[] = [];
    for (const { ws, a } of attached) {
      let allowed = live.has(a.sid);
      if (allowed && live.get(a.sid) !== "super_admin") {
        if (!members.has(a.userId)) members.set(a.userId, await isAccountUser(db, a.accountId, a.userId));
        allowed = members.get(a.userId)!;
      }
      if (allowed) open += 1;
      else {
        ws.close(REVOKED_CLOSE.code, REVOKED_CLOSE.reason);
        if (a.socketId) gone.push(a.socketId);
      }
    }
    if (gone.length > 0) await forgetLiveSockets(db, gone);
    return open;
  }

  async alarm() {
    const open = await this.recheck();
    if (open > 0) await this.ctx.storage.setAlarm(Date.now() + SESSION_RECHECK_MS);
  }
}
