import { and, asc, eq } from "drizzle-orm";
import { type Db, runBatch, type Statement } from "@worker/db/client";
import { accountUsers, auditLog, twilioAccounts, users } from "@worker/db/schema";
import { afterCursor, newestFirst } from "@worker/db/paging";

export async function insertUserWithMembership(
  db: Db,
  user: typeof users.$inferInsert & { id: string },
  membership: { twilioAccountId: string; isOwner: boolean } | null,
  audit: Statement,
) {
  await runBatch(db, [
    db.insert(users).values(user),
    ...(membership ? [db.insert(accountUsers).values({ userId: user.id, ...membership })] : []),
    audit,
  ]);
}

export async function listUsersWithAccounts(db: Db) {
  const rows = await db
    .select({
      user: { id: users.id, email: users.email, firstName: users.firstName, lastName: users.lastName, role: users.role, isActive: users.isActive, createdAt: users.createdAt },
      membership: { id: accountUsers.id, twilioAccountId: accountUsers.twilioAccountId, isOwner: accountUsers.isOwner },
      accountName: twilioAccounts.name,
      accountPhoneNumber: twilioAccounts.phoneNumber,
    })
    .from(users)
    .leftJoin(accountUsers, eq(accountUsers.userId, users.id))
    .leftJoin(twilioAccounts, eq(twilioAccounts.id, accountUsers.twilioAccountId))
    .orderBy(asc(users.createdAt));
  const byUser = new Map<string, (typeof rows)[number]["user"] & { accounts: { id: string; twilioAccountId: string; accountName: string; accountPhoneNumber: string; isOwner: boolean }[] }>();
  for (const row of rows) {
    const entry = byUser.get(row.user.id) ?? { ...row.user, accounts: [] };
    if (row.membership) {
      entry.accounts.push({ ...row.membership, accountName: row.accountName ?? "", accountPhoneNumber: row.accountPhoneNumber ?? "" });
    }
    byUser.set(row.user.id, entry);
  }
  return [...byUser.values()];
}

export function findUser(db: Db, id: string) {
  return db.query.users.findFirst({ where: eq(users.id, id) });
}

export async function countSuperAdmins(db: Db) {
  const rows = await db.select({ id: users.id }).from(users).where(and(eq(users.role, "super_admin"), eq(users.isActive, true)));
  return rows.length;
}

export function setRoleStatement(db: Db, id: string, role: (typeof users.$inferSelect)["role"]) {
  return db.update(users).set({ role, updatedAt: new Date() }).where(eq(users.id, id));
}

export function resetPasswordStatement(db: Db, id: string, password: string) {
  return db.update(users).set({ password, mustChangePassword: true, updatedAt: new Date() }).where(eq(users.id, id));
}

export function setActiveStatement(db: Db, id: string, isActive: boolean) {
  return db.update(users).set({ isActive, updatedAt: new Date() }).where(eq(users.id, id));
}

export function assignStatement(db: Db, userId: string, twilioAccountId: string, isOwner: boolean) {
  return db
    .insert(accountUsers)
    .values({ userId, twilioAccountId, isOwner })
    .onConflictDoUpdate({ target: [accountUsers.userId, accountUsers.twilioAccountId], set: { isOwner } });
}

export function unassignStatement(db: Db, userId: string, twilioAccountId: string) {
  return db.delete(accountUsers).where(and(eq(accountUsers.userId, userId), eq(accountUsers.twilioAccountId, twilioAccountId)));
}

export async function findMembershipRow(db: Db, userId: string, twilioAccountId: string) {
  return db.query.accountUsers.findFirst({ where: and(eq(accountUsers.userId, userId), eq(accountUsers.twilioAccountId, twilioAccountId)) });
}

// The audit log: one row per change a person made.

export function auditInsertStatement(db: Db, entry: { actorId: string; actorEmail: string; action: string; targetType: string; targetId: string | null; details: Record<string, unknown> | null }) {
  return db.insert(auditLog).values(entry);
}

// Up to `limit` entries, newest first, after the entry `before` when given (rowid breaks ties of one millisecond).
export function auditPage(db: Db, limit: number, before?: string) {
  return db
    .select()
    .from(auditLog)
    .where(afterCursor(auditLog, before))
    .orderBy(...newestFirst(auditLog))
    .limit(limit);
}
