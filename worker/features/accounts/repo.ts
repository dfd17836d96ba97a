import { and, asc, eq, ne, sql } from "drizzle-orm";
import { type Db, runBatch } from "@worker/db/client";
import { accountUsers, twilioAccounts, userSettings } from "@worker/db/schema";
import type { Tenant } from "@worker/db/tenancy";

export type AccountRow = typeof twilioAccounts.$inferSelect;
export type AccountWithMembership = { account: AccountRow; isOwner: boolean };

export async function listAllAccounts(db: Db): Promise<AccountWithMembership[]> {
  const rows = await db.select().from(twilioAccounts).orderBy(asc(twilioAccounts.createdAt));
  return rows.map((account) => ({ account, isOwner: true }));
}

// The accounts with each membership's owner flag.
function memberships(db: Db) {
  return db
    .select({ account: twilioAccounts, isOwner: accountUsers.isOwner })
    .from(accountUsers)
    .innerJoin(twilioAccounts, eq(twilioAccounts.id, accountUsers.twilioAccountId))
    .$dynamic();
}

export async function listMemberAccounts(db: Db, userId: string): Promise<AccountWithMembership[]> {
  return memberships(db).where(eq(accountUsers.userId, userId)).orderBy(asc(twilioAccounts.createdAt));
}

export function findAccount(db: Db, id: string) {
  return db.query.twilioAccounts.findFirst({ where: eq(twilioAccounts.id, id) });
}

export async function findMembership(db: Db, userId: string, accountId: string): Promise<AccountWithMembership | undefined> {
  const [row] = await memberships(db)
    .where(and(eq(accountUsers.userId, userId), eq(accountUsers.twilioAccountId, accountId)))
    .limit(1);
  return row;
}

// The account as the user may reach it: a super_admin every account (as its owner), anyone else the
// accounts they are a member of. Undefined for another tenant's id as for one that does not exist.
export async function findAccountForUser(db: Db, user: Tenant, accountId: string): Promise<AccountWithMembership | undefined> {
  if (user.role !== "super_admin") return findMembership(db, user.id, accountId);
  const account = await findAccount(db, accountId);
  return account ? { account, isOwner: true } : undefined;
}

// Whether two users are members of at least one common account.
export async function shareAnAccount(db: Db, userId: string, otherUserId: string): Promise<boolean> {
  const [row] = await db
    .select({ one: sql<number>`1` })
    .from(accountUsers)
    .where(
      and(
        eq(accountUsers.userId, userId),
        sql`exists(select 1 from "account_users" o where o."twilio_account_id" = ${accountUsers.twilioAccountId} and o."user_id" = ${otherUserId})`,
      ),
    )
    .limit(1);
  return row !== undefined;
}

export async function hasOwnAccounts(db: Db, userId: string) {
  const row = await db.query.twilioAccounts.findFirst({ where: eq(twilioAccounts.userId, userId), columns: { id: true } });
  return !!row;
}

export function getActiveAccountId(db: Db, userId: string) {
  return db.query.userSettings.findFirst({ where: eq(userSettings.userId, userId) });
}

export function setActiveAccountStatement(db: Db, userId: string, accountId: string) {
  return db
    .insert(userSettings)
    .values({ userId, activeTwilioAccountId: accountId })
    .onConflictDoUpdate({ target: userSettings.userId, set: { activeTwilioAccountId: accountId, updatedAt: new Date() } });
}

// Forgetting the stored choice, so the default account becomes the active one again.
export function clearActiveAccount(db: Db, userId: string) {
  return db.update(userSettings).set({ activeTwilioAccountId: null }).where(eq(userSettings.userId, userId));
}

// Creating an account, its owner membership, the default flag and the first activation are one batch.
export async function createAccountWithOwner(
  db: Db,
  values: typeof twilioAccounts.$inferInsert & { id: string },
  ownerId: string,
  activate: boolean,
) {
  const clearDefaults = values.isDefault
    ? [db.update(twilioAccounts).set({ isDefault: false }).where(eq(twilioAccounts.userId, values.userId))]
    : [];
  await runBatch(db, [
    ...clearDefaults,
    db.insert(twilioAccounts).values(values),
    db.insert(accountUsers).values({ userId: ownerId, twilioAccountId: values.id, isOwner: true }),
    ...(activate ? [setActiveAccountStatement(db, ownerId, values.id)] : []),
  ]);
}

export async function updateAccount(db: Db, id: string, ownerUserId: string, values: Partial<AccountRow>) {
  const clearDefaults = values.isDefault
    ? [db.update(twilioAccounts).set({ isDefault: false }).where(and(eq(twilioAccounts.userId, ownerUserId), ne(twilioAccounts.id, id)))]
    : [];
  await runBatch(db, [...clearDefaults, db.update(twilioAccounts).set(values).where(eq(twilioAccounts.id, id))]);
}

export function deleteAccount(db: Db, id: string) {
  return db.delete(twilioAccounts).where(eq(twilioAccounts.id, id));
}
