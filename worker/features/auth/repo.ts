import { and, count, eq, isNull, lt, or, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { accountUsers, loginAttempts, sessions, twilioAccounts, users } from "../../db/schema";

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
// with the user's membership of it.
export async function findSessionWithActiveAccount(db: Db, sid: string) {
  const [row] = await db
    .select({ session: sessions, user: users, account: twilioAccounts, memberIsOwner: accountUsers.isOwner })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(twilioAccounts, eq(twilioAccounts.id, activeAccountId()))
    .leftJoin(accountUsers, and(eq(accountUsers.userId, users.id), eq(accountUsers.twilioAccountId, twilioAccounts.id)))
    .where(eq(sessions.sid, sid))
    .limit(1);
  return row;
}

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

export function findLoginAttempt(db: Db, key: string) {
  return db.query.loginAttempts.findFirst({ where: eq(loginAttempts.key, key) });
}

export function saveLoginAttempt(db: Db, values: typeof loginAttempts.$inferInsert) {
  return db
    .insert(loginAttempts)
    .values(values)
    .onConflictDoUpdate({
      target: loginAttempts.key,
      set: { failures: values.failures, firstFailureAt: values.firstFailureAt, lockedUntil: values.lockedUntil ?? null },
    });
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
