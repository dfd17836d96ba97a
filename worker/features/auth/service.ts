import {
  LOGIN_FAILURE_WINDOW_MS,
  LOGIN_LOCK_MS,
  LOGIN_MAX_FAILURES,
  SESSION_ABSOLUTE_LIFETIME_MS,
  SESSION_IDLE_TIMEOUT_MS,
} from "@shared/constants";
import type { CurrentUser } from "@shared/schemas/auth";
import { AUTH_TEXTS } from "@shared/texts/auth";
import type { Db } from "@worker/db/client";
import type { users } from "@worker/db/schema";
import { hashPassword, PBKDF2_ITERATIONS, randomToken, sha256Hex, verifyPassword } from "@worker/lib/crypto";
import { HttpError, TooManyRequests } from "@worker/lib/http-error";
import type { SessionUser } from "@worker/types";
import type { AccountWithMembership } from "../accounts/repo";
import { purgeStaleLiveSockets, revokeLive } from "../live-access/service";
import { assertAcceptablePassword } from "./password-policy";
import * as repo from "./repo";

// Refresh the sliding expiry at most once a minute to keep reads cheap.
const TOUCH_EVERY_MS = 60_000;

export function toCurrentUser(u: typeof users.$inferSelect): SessionUser {
  return {
    id: u.id,
    email: u.email,
    firstName: u.firstName,
    lastName: u.lastName,
    profileImageUrl: u.profileImageUrl,
    role: u.role,
    isActive: u.isActive,
    mustChangePassword: u.mustChangePassword,
  };
}

export function publicUser(u: SessionUser): CurrentUser {
  const { isActive: _isActive, ...rest } = u;
  return rest;
}

// Hash with a fixed cost for unknown e-mails, so timing does not reveal which e-mails exist.
let dummyHash: Promise<string> | undefined;

export async function login(
  db: Db,
  pepper: string,
  input: { email: string; password: string; ip: string; userAgent: string },
  now = new Date(),
): Promise<{ token: string; user: SessionUser }> {
  const key = `${input.email}|${input.ip}`;
  // The attempt is reserved before the password is checked: at most LOGIN_MAX_FAILURES are ever
  // evaluated per e-mail and IP in the window, however many requests arrive together.
  const reserved = await repo.reserveAttempt(db, key, now, { windowMs: LOGIN_FAILURE_WINDOW_MS, lockMs: LOGIN_LOCK_MS, max: LOGIN_MAX_FAILURES });
  if (reserved.failures > LOGIN_MAX_FAILURES) throw new TooManyRequests(AUTH_TEXTS.loginTooMany, secondsUntil(reserved.lockedUntil, now));

  const user = await repo.findUserByEmail(db, input.email);
  dummyHash ??= hashPassword("not-a-real-password", "pepper");
  const stored = user?.password ?? (await dummyHash);
  const ok = (await verifyPassword(input.password, stored, pepper)) && !!user && user.isActive;

  if (!ok) {
    if (reserved.failures >= LOGIN_MAX_FAILURES) throw new TooManyRequests(AUTH_TEXTS.loginTooMany, secondsUntil(reserved.lockedUntil, now));
    throw new HttpError(401, AUTH_TEXTS.loginError);
  }

  await repo.clearLoginAttempt(db, key);
  if (needsRehash(user.password!)) await repo.updatePasswordHash(db, user.id, await hashPassword(input.password, pepper));

  return { token: await startSession(db, user.id, input, now), user: toCurrentUser(user) };
}

// A new session for a signed-in user; answers the cookie value (only its hash is stored).
export async function startSession(db: Db, userId: string, meta: { ip: string; userAgent: string }, now = new Date()) {
  const token = randomToken(32);
  await repo.insertSession(db, {
    sid: await sha256Hex(token),
    sess: { ip: meta.ip, userAgent: meta.userAgent.slice(0, 300) },
    userId,
    createdAt: now,
    lastSeenAt: now,
    expire: sessionExpiry(now, now),
  });
  return token;
}

function secondsUntil(until: Date | null, now: Date) {
  return Math.max(1, Math.ceil(((until?.getTime() ?? now.getTime() + LOGIN_LOCK_MS) - now.getTime()) / 1000));
}

function needsRehash(stored: string) {
  return Number(stored.split("$")[2]) < PBKDF2_ITERATIONS;
}

function sessionExpiry(createdAt: Date, now: Date) {
  return new Date(Math.min(now.getTime() + SESSION_IDLE_TIMEOUT_MS, createdAt.getTime() + SESSION_ABSOLUTE_LIFETIME_MS));
}

// Resolves a cookie value to its user, ending expired sessions and those of disabled users. The same
// statement reads the user's active account, so a read needs no further lookup for it.
export async function resolveSession(db: Db, token: string, now = new Date()) {
  return resolveSessionId(db, await sha256Hex(token), now);
}
// The same by the session's id, the hash of its token.
export async function resolveSessionId(db: Db, sid: string, now = new Date()) {
  return settleSession(db, sid, await repo.findSessionWithActiveAccount(db, sid), now);
}
export type ResolvedSession = NonNullable<Awaited<ReturnType<typeof settleSession>>>;

// What the session's row (read alone, or in a read's batch) means now.
export async function settleSession(db: Db, sid: string, row: repo.SessionRow, now = new Date()) {
  if (!row) return null;
  if (row.session.expire <= now || !row.user.isActive) {
    await repo.deleteSession(db, sid);
    return null;
  }
  let expire = row.session.expire;
  if (now.getTime() - row.session.lastSeenAt.getTime() > TOUCH_EVERY_MS) {
    expire = sessionExpiry(row.session.createdAt, now);
    await repo.touchSession(db, sid, expire, now);
  }
  const user = toCurrentUser(row.user);
  const activeAccount: AccountWithMembership | null = row.account
    ? { account: row.account, isOwner: user.role === "super_admin" || !!row.memberIsOwner }
    : null;
  return { sid, expire, user, activeAccount };
}

// Changing one's own password: the current one is required (and its guesses are limited like sign-in's),
// the new one must pass the policy, and every other session of the user ends, with its live sockets.
export async function changePassword(
  env: Env,
  db: Db,
  user: SessionUser,
  sid: string,
  input: { currentPassword: string; newPassword: string },
  now = new Date(),
) {
  const key = `password|${user.id}`;
  const reserved = await repo.reserveAttempt(db, key, now, { windowMs: LOGIN_FAILURE_WINDOW_MS, lockMs: LOGIN_LOCK_MS, max: LOGIN_MAX_FAILURES });
  if (reserved.failures > LOGIN_MAX_FAILURES) throw new TooManyRequests(AUTH_TEXTS.loginTooMany, secondsUntil(reserved.lockedUntil, now));
  const row = await repo.findUserById(db, user.id);
  if (!row?.password || !(await verifyPassword(input.currentPassword, row.password, env.PASSWORD_PEPPER))) {
    if (reserved.failures >= LOGIN_MAX_FAILURES) throw new TooManyRequests(AUTH_TEXTS.loginTooMany, secondsUntil(reserved.lockedUntil, now));
    throw new HttpError(400, AUTH_TEXTS.currentWrong);
  }
  await repo.clearLoginAttempt(db, key);
  if (input.newPassword === input.currentPassword) throw new HttpError(400, AUTH_TEXTS.sameAsCurrent);
  await assertAcceptablePassword(input.newPassword);
  await repo.setPassword(db, user.id, await hashPassword(input.newPassword, env.PASSWORD_PEPPER));
  const others = await repo.deleteOtherSessions(db, user.id, sid);
  await revokeLive(env, db, { sessionIds: others });
}

// Ending a session closes its live sockets at once.
export async function logout(env: Env, db: Db, sid: string) {
  await repo.deleteSession(db, sid);
  await revokeLive(env, db, { sessionIds: [sid] });
}

export async function endAllSessions(env: Env, db: Db, userId: string) {
  await repo.deleteSessionsOfUser(db, userId);
  await revokeLive(env, db, { userIds: [userId] });
}

export async function purgeExpired(db: Db, now = new Date()) {
  await repo.deleteExpiredSessions(db, now);
  await repo.deleteStaleLoginAttempts(db, new Date(now.getTime() - LOGIN_FAILURE_WINDOW_MS));
  await purgeStaleLiveSockets(db, new Date(now.getTime() - SESSION_ABSOLUTE_LIFETIME_MS));
}
