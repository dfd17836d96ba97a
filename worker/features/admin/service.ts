import type { z } from "zod";
import { ACCOUNT_TEXTS } from "@shared/texts/accounts";
import { ADMIN_TEXTS as TX } from "@shared/texts/admin";
import { type AdminUser, type createUserSchema } from "@shared/schemas/admin";
import type { createUserForAccountSchema } from "@shared/schemas/accounts";
import type { UserRole } from "@shared/constants";
import { type Db, runBatch } from "@worker/db/client";
import { hashPassword } from "@worker/lib/crypto";
import { conflict, notFound } from "@worker/lib/http-error";
import type { SessionUser } from "@worker/types";
import { findAccount } from "../accounts/repo";
import { getManageableAccount } from "../accounts/service";
import { AUTH_TEXTS } from "@shared/texts/auth";
import { assertAcceptablePassword } from "../auth/password-policy";
import { findUserByEmail } from "../auth/repo";
import { endAllSessions, publicUser, toCurrentUser } from "../auth/service";
import { auditStatement } from "./audit";
import { revokeLive } from "../live-access/service";
import * as repo from "./repo";
import { T } from "@shared/strings";

export async function listUsers(db: Db): Promise<AdminUser[]> {
  return (await repo.listUsersWithAccounts(db)).map((u) => ({ ...u, createdAt: u.createdAt.toISOString() }));
}

async function existingUser(db: Db, id: string) {
  const user = await repo.findUser(db, id);
  if (!user) throw notFound(TX.userNotFound);
  return user;
}

async function existingAccount(db: Db, id: string) {
  const account = await findAccount(db, id);
  if (!account) throw notFound(ACCOUNT_TEXTS.notFound);
  return account;
}

// An admin cannot change their own role, and the last active super_admin cannot be demoted.
export async function changeRole(env: Env, db: Db, actor: SessionUser, userId: string, role: UserRole) {
  const user = await existingUser(db, userId);
  if (user.id === actor.id) throw conflict(TX.ownRole);
  if (user.role === role) return;
  if (user.role === "super_admin" && role !== "super_admin" && user.isActive && (await repo.countSuperAdmins(db)) <= 1) {
    throw conflict(TX.lastSuperAdmin);
  }
  await runBatch(db, [repo.setRoleStatement(db, userId, role), auditStatement(db, actor, "user.role", "user", userId, { email: user.email, from: user.role, to: role })]);
  // A demoted super_admin keeps only the sockets their memberships still allow.
  await revokeLive(env, db, { userIds: [userId] });
}

// Disabling a user ends all their sessions at once.
export async function setActive(env: Env, db: Db, actor: SessionUser, userId: string, isActive: boolean) {
  const user = await existingUser(db, userId);
  if (user.id === actor.id) throw conflict(TX.ownAccountDisable);
  if (!isActive && user.role === "super_admin" && user.isActive && (await repo.countSuperAdmins(db)) <= 1) throw conflict(TX.lastSuperAdmin);
  await runBatch(db, [repo.setActiveStatement(db, userId, isActive), auditStatement(db, actor, "user.active", "user", userId, { email: user.email, isActive })]);
  if (!isActive) await endAllSessions(env, db, userId);
}

export async function assignAccount(db: Db, actor: SessionUser, userId: string, twilioAccountId: string, isOwner: boolean) {
  const user = await existingUser(db, userId);
  const account = await existingAccount(db, twilioAccountId);
  await runBatch(db, [
    repo.assignStatement(db, userId, twilioAccountId, isOwner),
    auditStatement(db, actor, "account.assign", "user", userId, { email: user.email, account: account.name, twilioAccountId, isOwner }),
  ]);
}

export async function unassignAccount(env: Env, db: Db, actor: SessionUser, userId: string, twilioAccountId: string) {
  const user = await existingUser(db, userId);
  if (!(await repo.findMembershipRow(db, userId, twilioAccountId))) throw notFound(TX.userNotInAccount);
  const account = await findAccount(db, twilioAccountId);
  await runBatch(db, [
    repo.unassignStatement(db, userId, twilioAccountId),
    auditStatement(db, actor, "account.unassign", "user", userId, { email: user.email, account: account?.name ?? null, twilioAccountId }),
  ]);
  await revokeLive(env, db, { userIds: [userId] });
}

async function insertUser(
  db: Db,
  pepper: string,
  actor: SessionUser,
  input: { email: string; password: string; firstName: string | null; lastName: string | null; profileImageUrl: string | null },
  membership: { twilioAccountId: string; isOwner: boolean } | null,
) {
  await assertAcceptablePassword(input.password);
  const now = new Date();
  // Hashed before the e-mail is looked up, so that the time taken does not tell whether it exists.
  const row = {
    id: crypto.randomUUID(),
    ...input,
    password: await hashPassword(input.password, pepper),
    role: "client" as const,
    isActive: true,
    mustChangePassword: false,
    createdAt: now,
    updatedAt: now,
  };
  // Only a super_admin (who sees every user anyway) learns that an e-mail is taken. Anyone else gets
  // the answer of a success and the existing user is left unchanged: nobody can probe for e-mails.
  const taken = () => {
    if (actor.role === "super_admin") throw conflict(T.emailInUse);
    return publicUser(toCurrentUser(row));
  };
  if (await findUserByEmail(db, input.email)) return taken();
  try {
    await repo.insertUserWithMembership(db, row, membership, auditStatement(db, actor, "user.create", "user", row.id, { email: row.email, ...membership }));
  } catch (err) {
    // Two concurrent creations of one e-mail: the unique index decides.
    if (String((err as Error).message).includes("UNIQUE")) return taken();
    throw err;
  }
  return publicUser(toCurrentUser(row));
}

// A super_admin sets a new password for a user, who must choose their own at next sign-in; the
// user's sessions (and live sockets) end at once.
export async function resetPassword(env: Env, db: Db, actor: SessionUser, userId: string, password: string) {
  const user = await existingUser(db, userId);
  if (user.id === actor.id) throw conflict(AUTH_TEXTS.resetOwn);
  await assertAcceptablePassword(password);
  const hash = await hashPassword(password, env.PASSWORD_PEPPER);
  await runBatch(db, [repo.resetPasswordStatement(db, userId, hash), auditStatement(db, actor, "user.password-reset", "user", userId, { email: user.email })]);
  await endAllSessions(env, db, userId);
}

// A super_admin creates a client, optionally assigned to an account.
export async function createUser(db: Db, pepper: string, actor: SessionUser, input: z.output<typeof createUserSchema>) {
  if (input.twilioAccountId) await existingAccount(db, input.twilioAccountId);
  return insertUser(
    db,
    pepper,
    actor,
    { email: input.email, password: input.password, firstName: null, lastName: null, profileImageUrl: null },
    input.twilioAccountId ? { twilioAccountId: input.twilioAccountId, isOwner: input.isOwner } : null,
  );
}

// A super_admin, or the owner of the account, adds a client user to that account.
export async function createUserForAccount(db: Db, pepper: string, actor: SessionUser, input: z.output<typeof createUserForAccountSchema>) {
  await getManageableAccount(db, actor, input.twilioAccountId);
  return insertUser(
    db,
    pepper,
    actor,
    { email: input.email, password: input.password, firstName: input.firstName, lastName: input.lastName, profileImageUrl: input.profileImageUrl || null },
    { twilioAccountId: input.twilioAccountId, isOwner: input.isOwner },
  );
}
