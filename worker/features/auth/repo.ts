import { and, count, eq, isNull, lt, lte, ne, or, sql } from "drizzle-orm";
import type { Db } from "@worker/db/client";
import { bound, compiledByShape, compileRead, readRows, uniquelyNamed } from "@worker/db/compiled";
import { accountUsers, loginAttempts, sessions, twilioAccounts, users } from "@worker/db/schema";

export function findUserByEmail(db: Db, email: string) {
  return db.query.users.findFirst({ where: eq(users.email, email) });
}

export async function countUsers(db: Db) {
  const [row] = await db.select({ n: count() }).from(users);
  return row?.n ?? 0;
}

export function insertUserIgnoringDuplicate(db: Db, values: typeof users.$inferInsert) {
  return db.insert(users).values(values).onConflictDoNothing({ target: users.email }).returning();
}

export function findUserById(db: Db, id: string) {
  return db.query.users.findFirst({ where: eq(users.id, id) });
}

// A password the user chose: any reset's obligation to change it is met.
export function setPassword(db: Db, userId: string, password: string) {
  return db.update(users).set({ password, mustChangePassword: false, updatedAt: new Date() }).where(eq(users.id, userId));
}

// Ends every session of the user but one; answers the ids it ended.
export async function deleteOtherSessions(db: Db, userId: string, keepSid: string) {
  const rows = await db
    .delete(sessions)
    .where(and(eq(sessions.userId, userId), ne(sessions.sid, keepSid)))
    .returning({ sid: sessions.sid });
  return rows.map((r) => r.sid);
}

export function updatePasswordHash(db: Db, userId: string, password: string) {
  return db.update(users).set({ password }).where(eq(users.id, userId));
}

// The user's active provider account, as accounts/service resolveActiveAccount chooses it: the stored
// choice if the user may still reach it, else the user's own default, else any default, else the oldest.
// A super_admin reaches every account, anyone else the accounts they are a member of. Each branch is a
// lookup by index; coalesce stops at the first that answers.
function activeAccountId() {
  const storedChoice = sql`(select us."active_twilio_account_id" from "user_settings" us where us."user_id" = ${users.id})`;
  const first = (reachable: ReturnType<typeof sql>) =>
    sql`coalesce(
      (${reachable} and a."id" = ${storedChoice} limit 1),
      (${reachable} and a."is_default" = 1 and a."user_id" = ${users.id} order by a."created_at", a.rowid limit 1),
      (${reachable} and a."is_default" = 1 order by a."created_at", a.rowid limit 1),
      (${reachable} order by a."created_at", a.rowid limit 1))`;
  return sql`case when ${users.role} = 'super_admin'
    then ${first(sql`select a."id" from "twilio_accounts" a where 1`)}
    else ${first(sql`select a."id" from "account_users" m join "twilio_accounts" a on a."id" = m."twilio_account_id" where m."user_id" = ${users.id}`)}
    end`;
}

// One statement for every signed-in request: the session, its user, and the user's active account
// with the user's membership of it. Compiled once per isolate (db/compiled.ts): built by drizzle for each
// request, this statement was a fifth of the Worker's CPU of a signed-in GET /api/health (V8 profile).
// Its columns are named uniquely, so that it can also ride in a read's batch (auth/folded-session.ts).
const sessionRead = compiledByShape((db: Db) =>
  compileRead(
    db
      .select(uniquelyNamed({ session: sessions, user: users, account: twilioAccounts, memberIsOwner: accountUsers.isOwner }))
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .leftJoin(twilioAccounts, eq(twilioAccounts.id, activeAccountId()))
      .leftJoin(accountUsers, and(eq(accountUsers.userId, users.id), eq(accountUsers.twilioAccountId, twilioAccounts.id)))
      .where(eq(sessions.sid, sql.placeholder("sid")))
      .limit(1),
    { leftJoined: ["account"] },
  ),
);
export async function findSessionWithActiveAccount(db: Db, sid: string) {
  const [row] = await readRows(db, sessionRead(db, null), { sid });
  return row;
}
export type SessionRow = Awaited<ReturnType<typeof findSessionWithActiveAccount>>;

// The same read as a statement of a batch.
export const sessionWithActiveAccountStatement = (db: Db, sid: string) => bound(db, sessionRead(db, null), { sid });

export function insertSession(db: Db, values: typeof sessions.$inferInsert) {
  return db.insert(sessions).values(values);
}

export function touchSession(db: Db, sid: string, expire: Date, lastSeenAt: Date) {
  return db.update(sessions).set({ expire, lastSeenAt }).where(eq(sessions.sid, sid));
}

export function deleteSession(db: Db, sid: string) {
  return db.delete(sessions).where(eq(sessions.sid, sid));
}

export function deleteSessionsOfUser(db: Db, userId: string) {
  return db.delete(sessions).where(eq(sessions.userId, userId));
}

export function deleteExpiredSessions(db: Db, now: Date) {
  return db.delete(sessions).where(lt(sessions.expire, now));
}

// Reserves one attempt for a key in one statement (increment and read back), so a burst of
// concurrent requests cannot all read the same count: each gets its own number. The window restarts
// once it and any lock have passed; the request that reaches `max` sets the lock.
export async function reserveAttempt(db: Db, key: string, now: Date, opts: { windowMs: number; lockMs: number; max: number }) {
  const t = now.getTime();
  const stale = sql`(${loginAttempts.firstFailureAt} <= ${t - opts.windowMs} and (${loginAttempts.lockedUntil} is null or ${loginAttempts.lockedUntil} <= ${t}))`;
  const [row] = await db
    .insert(loginAttempts)
    .values({ key, failures: 1, firstFailureAt: now, lockedUntil: opts.max <= 1 ? new Date(t + opts.lockMs) : null })
    .onConflictDoUpdate({
      target: loginAttempts.key,
      set: {
        failures: sql`case when ${stale} then 1 else ${loginAttempts.failures} + 1 end`,
        firstFailureAt: sql`case when ${stale} then ${t} else ${loginAttempts.firstFailureAt} end`,
        lockedUntil: sql`case when ${stale} then null
          when ${loginAttempts.lockedUntil} is null and ${loginAttempts.failures} + 1 >= ${opts.max} then ${t + opts.lockMs}
          else ${loginAttempts.lockedUntil} end`,
      },
    })
    .returning({ failures: loginAttempts.failures, lockedUntil: loginAttempts.lockedUntil });
  return row!;
}

// Gives back a reservation that turned out not to be a failure (a known bearer token): the row goes
// when it held only this one, so a caller with a good token leaves nothing behind.
export function releaseAttempt(db: Db, key: string) {
  return db.batch([
    db.delete(loginAttempts).where(and(eq(loginAttempts.key, key), lte(loginAttempts.failures, 1), isNull(loginAttempts.lockedUntil))),
    db.update(loginAttempts).set({ failures: sql`max(${loginAttempts.failures} - 1, 0)` }).where(eq(loginAttempts.key, key)),
  ]);
}

export function clearLoginAttempt(db: Db, key: string) {
  return db.delete(loginAttempts).where(eq(loginAttempts.key, key));
}

export function deleteStaleLoginAttempts(db: Db, before: Date) {
  return db
    .delete(loginAttempts)
    .where(
      and(lt(loginAttempts.firstFailureAt, before), or(isNull(loginAttempts.lockedUntil), lt(loginAttempts.lockedUntil, before))),
    );
}

export function setProfileImage(db: Db, userId: string, url: string) {
  return db.update(users).set({ profileImageUrl: url }).where(eq(users.id, userId));
}
