import { clientFrameSchema } from "@shared/live";
import { T } from "@shared/strings";
import { createDb, type Db } from "@worker/db/client";
import * as repo from "./repo";

// Every kind of object that holds live sockets, and how to tell one of them to re-check its sockets
// against D1 now. A new kind of live socket (an account-wide one, say) registers its sockets with
// registerLiveSocket under its own kind and adds its re-check here.
const RECHECK: Record<string, (env: Env, name: string) => Promise<unknown>> = {
  conversation: (env, name) => env.CONVERSATIONS.get(env.CONVERSATIONS.idFromName(name)).recheckSockets(),
  account: (env, name) => env.ACCOUNT_LIVE.get(env.ACCOUNT_LIVE.idFromName(name)).recheck(),
};

// How often at most an open socket goes without its session being checked again.
export const LIVE_RECHECK_MS = 60_000;

// The close code and reason a socket gets when its session, user, role or membership is gone.
export const REVOKED_CLOSE = { code: 4401, reason: T.sessionEnded } as const;

export interface LiveSocketRef {
  socketId: string;
  kind: string;
  name: string;
  sessionId: string;
  userId: string;
  accountId: string | null;
}

export function registerLiveSocket(db: Db, ref: LiveSocketRef, now = new Date()) {
  return repo.insertLiveSocket(db, {
    id: ref.socketId,
    objectKind: ref.kind,
    objectName: ref.name,
    sessionId: ref.sessionId,
    userId: ref.userId,
    twilioAccountId: ref.accountId,
    openedAt: now,
  });
}

export function forgetLiveSockets(db: Db, socketIds: string[]) {
  return repo.deleteLiveSockets(db, socketIds);
}

// Call after a session, user, membership, role or account change has been written: every object that
// holds a socket of that scope re-checks its sockets at once and closes those no longer allowed.
export async function revokeLive(env: Env, db: Db, scope: { sessionIds?: string[]; userIds?: string[]; accountIds?: string[] }) {
  const objects = await repo.liveObjectsFor(db, scope);
  await Promise.all(
    objects.map(async (o) => {
      const recheck = RECHECK[o.kind];
      if (!recheck) return;
      try {
        await recheck(env, o.name);
      } catch (err) {
        // The object's own periodic re-check still closes the socket within LIVE_RECHECK_MS.
        console.warn("live revocation failed", o.kind, o.name, (err as Error).message);
      }
    }),
  );
}

// A socket lives no longer than the longest session; rows left by sockets that vanished without a
// close event are trimmed by the cron after that.
export function purgeStaleLiveSockets(db: Db, before: Date) {
  return repo.deleteLiveSocketsOpenedBefore(db, before);
}

// A console's frame on a live socket: a ping gets a pong, anything else an error frame.
export function answerClientFrame(ws: WebSocket, raw: string | ArrayBuffer) {
  let data: unknown;
  try {
    data = JSON.parse(typeof raw === "string" ? raw : new TextDecoder().decode(raw));
  } catch {
    data = undefined;
  }
  const frame = clientFrameSchema.safeParse(data);
  ws.send(JSON.stringify(frame.success ? { type: "pong", at: Date.now() } : { type: "error", message: T.invalidFrame }));
}

// A live socket closed by its console: forget it, and close our end with its code.
export async function closeLiveSocket(env: Env, ws: WebSocket, code: number) {
  const a = ws.deserializeAttachment() as { socketId?: string } | null;
  if (a?.socketId) await forgetLiveSockets(createDb(env.DB), [a.socketId]);
  // 1005/1006 mean "no code"; they may not be sent back.
  ws.close(code === 1005 || code === 1006 ? 1000 : code, "closing");
}
