import { and, eq, gt, inArray, lt, or, sql } from "drizzle-orm";
import type { Db } from "@worker/db/client";
import { bound, compiledByShape, compileRead, listPlaceholders, listValues } from "@worker/db/compiled";
import { liveSockets, messages, sessions, users } from "@worker/db/schema";

export type LiveSocketRow = typeof liveSockets.$inferInsert;

export function insertLiveSocket(db: Db, row: LiveSocketRow) {
  return db.insert(liveSockets).values(row);
}

export function deleteLiveSockets(db: Db, ids: string[]) {
  if (ids.length === 0) return Promise.resolve();
  return db.delete(liveSockets).where(inArray(liveSockets.id, ids));
}

export function deleteLiveSocketsOpenedBefore(db: Db, before: Date) {
  return db.delete(liveSockets).where(lt(liveSockets.openedAt, before));
}

// The live objects holding a socket of any of these sessions, users or accounts.
export function liveObjectsFor(db: Db, scope: { sessionIds?: string[]; userIds?: string[]; accountIds?: string[] }) {
  const match = [
    scope.sessionIds?.length ? inArray(liveSockets.sessionId, scope.sessionIds) : undefined,
    scope.userIds?.length ? inArray(liveSockets.userId, scope.userIds) : undefined,
    scope.accountIds?.length ? inArray(liveSockets.twilioAccountId, scope.accountIds) : undefined,
  ].filter((m) => m !== undefined);
  if (match.length === 0) return Promise.resolve([]);
  return db
    .selectDistinct({ kind: liveSockets.objectKind, name: liveSockets.objectName })
    .from(liveSockets)
    .where(or(...match));
}

// Of these sessions, those still alive, with an active user who may still open this conversation
// (a super_admin any conversation, anyone else those of an account they are a member of).
export async function liveSessionsForConversation(db: Db, conversationId: string, sids: string[], now: Date) {
  const alive: { sid: string; expire: Date }[] = [];
  // D1 binds at most 100 parameters per statement.
  for (let i = 0; i < sids.length; i += 90) {
    const rows = await db
      .select({ sid: sessions.sid, expire: sessions.expire })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(
        and(
          inArray(sessions.sid, sids.slice(i, i + 90)),
          gt(sessions.expire, now),
          eq(users.isActive, true),
          sql`exists(select 1 from "conversations" c where c."id" = ${conversationId} and (${users.role} = 'super_admin'
            or exists(select 1 from "account_users" m where m."user_id" = ${users.id} and m."twilio_account_id" = c."twilio_account_id")))`,
        ),
      );
    alive.push(...rows);
  }
  return alive;
}

// Of these sessions, those still alive with an active user, and that user's role (read at each check:
// a super admin made a client loses other accounts).
export async function liveSessionRoles(db: Db, sids: string[], now: Date) {
  const roles = new Map<string, string>();
  // D1 binds at most 100 parameters per statement.
  for (let i = 0; i < sids.length; i += 90) {
    const rows = await db
      .select({ sid: sessions.sid, role: users.role })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(and(inArray(sessions.sid, sids.slice(i, i + 90)), gt(sessions.expire, now), eq(users.isActive, true)));
    for (const row of rows) roles.set(row.sid, row.role);
  }
  return roles;
}

// Which of these live objects have a socket registered (live_sockets: a row from before the upgrade
// until the socket closes). Frames for an object nobody listens to are not sent: waking a conversation's
// Durable Object for each of 10,000 campaign messages costs more than the message itself.
// The account narrows the read to its sockets (live_sockets_account_idx) when it is known.
// Compiled per shape (whether the account is known, how many names): every campaign send reads it.
const liveListenersRead = compiledByShape((db, shape: { account: boolean; names: number }) =>
  compileRead(
    db
      .selectDistinct({ name: liveSockets.objectName })
      .from(liveSockets)
      .where(
        and(
          shape.account ? eq(liveSockets.twilioAccountId, sql.placeholder("accountId")) : undefined,
          eq(liveSockets.objectKind, sql.placeholder("kind")),
          inArray(liveSockets.objectName, listPlaceholders("name", shape.names)),
        ),
      ),
  ),
);
export function liveListenersQuery(db: Db, accountId: string | null, kind: "conversation" | "account", names: string[]) {
  const list = names.length ? names : [""];
  return bound(db, liveListenersRead(db, { account: accountId !== null, names: list.length }), { accountId, kind, ...listValues("name", list) });
}

// The same for the conversation of the message with this Twilio sid (a status callback knows only the sid).
const messageListenersRead = compiledByShape((db) =>
  compileRead(
    db
      .selectDistinct({ name: liveSockets.objectName })
      .from(liveSockets)
      .where(
        and(
          eq(liveSockets.twilioAccountId, sql.placeholder("accountId")),
          eq(liveSockets.objectKind, "conversation"),
          eq(liveSockets.objectName, sql`(select ${messages.conversationId} from ${messages} where ${messages.twilioMessageId} = ${sql.placeholder("sid")})`),
        ),
      ),
  ),
);
export function messageListenersQuery(db: Db, accountId: string, sid: string) {
  return bound(db, messageListenersRead(db, null), { accountId, sid });
}
