import { and, count, desc, eq, gte, lt, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { openaiUsage, usageBudgets } from "../../db/schema";

export function insertUsage(db: Db, values: typeof openaiUsage.$inferInsert) {
  return db.insert(openaiUsage).values(values).returning();
}

const costSum = sql<number>`coalesce(sum(cast(${openaiUsage.totalCost} as real)), 0)`;
const tokenSum = sql<number>`coalesce(sum(${openaiUsage.totalTokens}), 0)`;

export async function usageTotals(db: Db, accountId: string) {
  const [row] = await db
    .select({ totalCost: costSum, totalRequests: count() })
    .from(openaiUsage)
    .where(and(eq(openaiUsage.twilioAccountId, accountId)));
  return row ?? { totalCost: 0, totalRequests: 0 };
}

export interface UsageFilter {
  accountId: string;
  from?: Date;
  // Exclusive.
  to?: Date;
  model?: string;
  operationType?: string;
}

function where(f: UsageFilter): SQL | undefined {
  return and(
    eq(openaiUsage.twilioAccountId, f.accountId),
    f.from ? gte(openaiUsage.createdAt, f.from) : undefined,
    f.to ? lt(openaiUsage.createdAt, f.to) : undefined,
    f.model ? eq(openaiUsage.model, f.model) : undefined,
    f.operationType ? eq(openaiUsage.operationType, f.operationType) : undefined,
  );
}

export function listUsage(db: Db, f: UsageFilter, limit: number) {
  return db
    .select()
    .from(openaiUsage)
    .where(where(f))
    .orderBy(desc(openaiUsage.createdAt), desc(sql`${openaiUsage}.rowid`))
    .limit(limit);
}

export async function filteredTotals(db: Db, f: UsageFilter) {
  const [row] = await db.select({ cost: costSum, requests: count(), tokens: tokenSum }).from(openaiUsage).where(where(f));
  return row ?? { cost: 0, requests: 0, tokens: 0 };
}

export function totalsByModel(db: Db, f: UsageFilter) {
  return db
    .select({ key: openaiUsage.model, cost: costSum, requests: count(), tokens: tokenSum })
    .from(openaiUsage)
    .where(where(f))
    .groupBy(openaiUsage.model)
    .orderBy(desc(costSum));
}

export function totalsByOperation(db: Db, f: UsageFilter) {
  return db
    .select({ key: openaiUsage.operationType, cost: costSum, requests: count(), tokens: tokenSum })
    .from(openaiUsage)
    .where(where(f))
    .groupBy(openaiUsage.operationType)
    .orderBy(desc(costSum));
}

// Cost per UTC hour: Rome's offset is a whole number of hours, so hours fold exactly into Rome days.
export function costByHour(db: Db, f: UsageFilter) {
  const hour = sql<number>`${openaiUsage.createdAt} / 3600000`;
  return db.select({ hour, cost: costSum, requests: count() }).from(openaiUsage).where(where(f)).groupBy(hour).orderBy(hour);
}

export async function spentSince(db: Db, accountId: string, from: Date) {
  const [row] = await db
    .select({ cost: costSum })
    .from(openaiUsage)
    .where(and(eq(openaiUsage.twilioAccountId, accountId), gte(openaiUsage.createdAt, from)));
  return Number(row?.cost ?? 0);
}

export function findBudget(db: Db, accountId: string) {
  return db.query.usageBudgets.findFirst({ where: eq(usageBudgets.twilioAccountId, accountId) });
}

export function saveBudget(db: Db, accountId: string, monthlyLimitUsd: number | null, userId: string) {
  return db
    .insert(usageBudgets)
    .values({ twilioAccountId: accountId, monthlyLimitUsd, updatedBy: userId })
    .onConflictDoUpdate({ target: usageBudgets.twilioAccountId, set: { monthlyLimitUsd, updatedBy: userId, updatedAt: new Date() } });
}
