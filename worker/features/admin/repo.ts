import { asc, eq } from "drizzle-orm";
import { type Db, runBatch } from "../../db/client";
import { accountUsers, twilioAccounts, users } from "../../db/schema";

export async function insertUserWithMembership(
  db: Db,
  user: typeof users.$inferInsert & { id: string },
  membership: { twilioAccountId: string; isOwner: boolean } | null,
) {
  await runBatch(db, [
    db.insert(users).values(user),
    ...(membership ? [db.insert(accountUsers).values({ userId: user.id, ...membership })] : []),
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
