import { and, count, eq, isNull, lt, or } from "drizzle-orm";
import type { Db } from "../../db/client";
import { loginAttempts, sessions, users } from "../../db/schema";

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

export async function findSessionWithUser(db: Db, sid: string) {
  const [row] = await db
    .select({ session: sessions, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
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
