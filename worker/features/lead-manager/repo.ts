import { and, desc, eq, sql } from "drizzle-orm";
import type { Db } from "@worker/db/client";
import { apiTokens, twilioAccounts, users } from "@worker/db/schema";
import { insertReturning } from "@worker/db/rows";

export type TokenRow = typeof apiTokens.$inferSelect;

// The tokens with the name of the account each acts on.
function tokensWithAccount(db: Db) {
  return db
    .select({ token: apiTokens, accountName: twilioAccounts.name })
    .from(apiTokens)
    .leftJoin(twilioAccounts, eq(twilioAccounts.id, apiTokens.twilioAccountId))
    .$dynamic();
}

export function listTokens(db: Db, userId: string) {
  return tokensWithAccount(db).where(eq(apiTokens.userId, userId)).orderBy(desc(apiTokens.createdAt));
}

export async function findTokenWithAccount(db: Db, id: string) {
  const [row] = await tokensWithAccount(db).where(eq(apiTokens.id, id)).limit(1);
  return row;
}

export function findOwnToken(db: Db, userId: string, id: string) {
  return db.query.apiTokens.findFirst({ where: and(eq(apiTokens.id, id), eq(apiTokens.userId, userId)) });
}

export function findTokenByHash(db: Db, hash: string) {
  return db.query.apiTokens.findFirst({ where: eq(apiTokens.token, hash) });
}

export function findTokenHash(db: Db, hash: string) {
  return db.query.apiTokens.findFirst({ where: eq(apiTokens.token, hash), columns: { id: true } });
}

export const insertToken = (db: Db, values: typeof apiTokens.$inferInsert) => insertReturning(db, apiTokens, values);

export async function updateToken(db: Db, id: string, values: Partial<typeof apiTokens.$inferInsert>) {
  await db.update(apiTokens).set(values).where(eq(apiTokens.id, id));
}

export function findUser(db: Db, id: string) {
  return db.query.users.findFirst({ where: eq(users.id, id) });
}

// One request against the token's fixed one-minute window, counted in a single statement so
// concurrent requests cannot both slip under the limit. Also records the use.
export async function countRequest(db: Db, tokenId: string, now: Date, windowMs: number) {
  const fresh = sql`(${apiTokens.rateWindowStart} is null or ${apiTokens.rateWindowStart} <= ${now.getTime() - windowMs})`;
  const [row] = await db
    .update(apiTokens)
    .set({
      rateWindowStart: sql`case when ${fresh} then ${now.getTime()} else ${apiTokens.rateWindowStart} end`,
      rateWindowCount: sql`case when ${fresh} then 1 else ${apiTokens.rateWindowCount} + 1 end`,
    })
    .where(eq(apiTokens.id, tokenId))
    .returning({ windowStart: apiTokens.rateWindowStart, count: apiTokens.rateWindowCount });
  return row;
}

export function touchToken(db: Db, tokenId: string, now: Date) {
  return db.update(apiTokens).set({ lastUsedAt: now }).where(eq(apiTokens.id, tokenId));
}
