import type { AccountFrame } from "@shared/live";
import { createDb } from "./db/client";
import { isAccountUser } from "./features/conversations/repo";
import { liveSessionRoles } from "./features/live-access/repo";
import { forgetLiveSockets, LIVE_RECHECK_MS, REVOKED_CLOSE } from "./features/live-access/service";
import { LiveSocketObject, sendFrame } from "./live-socket-object";

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
export class AccountLiveDO extends LiveSocketObject {
  async fetch(request: Request): Promise<Response> {
    const attachment: Attachment = {
      userId: request.headers.get("X-User-Id") ?? "",
      sid: request.headers.get("X-Session-Id") ?? "",
      socketId: request.headers.get("X-Socket-Id") ?? "",
      accountId: request.headers.get("X-Account-Id") ?? "",
    };
    const response = this.acceptSocket(request, attachment.userId, attachment);
    if (response.status === 101 && (await this.ctx.storage.getAlarm()) === null) await this.ctx.storage.setAlarm(Date.now() + SESSION_RECHECK_MS);
    return response;
  }

  publish(frame: AccountFrame): number {
    return this.publishTexts([JSON.stringify(frame)]);
  }

  // Frames already JSON (AccountFrame each), in order; answers how many sockets got them.
  publishTexts(texts: string[]): number {
    const sockets = this.ctx.getWebSockets();
    for (const ws of sockets) for (const text of texts) sendFrame(ws, text);
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
    const live = await liveSessionRoles(db, sids, now);
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
