import { and, type AnyColumn, eq, type InferInsertModel, type InferSelectModel } from "drizzle-orm";
import type { SQLiteColumn, SQLiteTable } from "drizzle-orm/sqlite-core";
import type { Db } from "./client";
import { twilioAccounts } from "./schema";
import { reachableBy, type Tenant } from "./tenancy";

// The statements many repos write alike, once: a table's row by id, scoped to the user's accounts; an
// insert that answers the stored row; an update by id that answers the row as it now stands.

type WithId = SQLiteTable & { id: AnyColumn };
type OfAccount = WithId & { twilioAccountId: AnyColumn };

// The row if its account is one the user may reach: another tenant's id finds nothing (db/tenancy.ts).
export async function findForUser<T extends OfAccount>(db: Db, table: T, id: string, user: Tenant): Promise<InferSelectModel<T> | undefined> {
  const [row] = await db
    .select()
    .from(table as SQLiteTable)
    .where(and(eq(table.id, id), reachableBy(user, table.twilioAccountId)))
    .limit(1);
  return row as InferSelectModel<T> | undefined;
}

// The same row with its account, under the name the caller gives it: `{ [key]: row, account }`.
export async function findWithAccountForUser<T extends OfAccount, K extends string>(
  db: Db,
  table: T,
  key: K,
  id: string,
  user: Tenant,
): Promise<({ [P in K]: InferSelectModel<T> } & { account: typeof twilioAccounts.$inferSelect }) | undefined> {
  const [row] = await db
    .select({ [key]: table, account: twilioAccounts } as Record<string, SQLiteTable>)
    .from(table as SQLiteTable)
    .innerJoin(twilioAccounts, eq(twilioAccounts.id, table.twilioAccountId))
    .where(and(eq(table.id, id), reachableBy(user, table.twilioAccountId)))
    .limit(1);
  return row as ({ [P in K]: InferSelectModel<T> } & { account: typeof twilioAccounts.$inferSelect }) | undefined;
}

export async function insertReturning<T extends SQLiteTable>(db: Db, table: T, values: InferInsertModel<T>): Promise<InferSelectModel<T>> {
  const [row] = await db.insert(table).values(values).returning();
  return row as InferSelectModel<T>;
}

// Undefined when no row has the id.
export async function updateReturning<T extends WithId>(db: Db, table: T, id: string, values: Partial<InferInsertModel<T>>): Promise<InferSelectModel<T> | undefined> {
  const [row] = await db.update(table).set(values).where(eq(table.id, id)).returning();
  return row as InferSelectModel<T> | undefined;
}

// Inserts the row, or updates the one with the same `key` (a unique column) and its updatedAt; answers the row.
export async function upsertReturning<T extends SQLiteTable & { updatedAt: AnyColumn }, K extends keyof InferInsertModel<T> & keyof T & string>(
  db: Db,
  table: T,
  key: K,
  values: InferInsertModel<T>,
): Promise<InferSelectModel<T>> {
  const { [key]: _key, ...changes } = values;
  const [row] = await db
    .insert(table)
    .values(values)
    .onConflictDoUpdate({ target: table[key] as SQLiteColumn, set: { ...changes, updatedAt: new Date() } as never })
    .returning();
  return row as InferSelectModel<T>;
}

// Inserts the row unless a unique index already holds one like it; answers the new row, or undefined.
export async function insertIfAbsent<T extends SQLiteTable>(db: Db, table: T, values: InferInsertModel<T>): Promise<InferSelectModel<T> | undefined> {
  const [row] = await db.insert(table).values(values).onConflictDoNothing().returning();
  return row as InferSelectModel<T> | undefined;
}
