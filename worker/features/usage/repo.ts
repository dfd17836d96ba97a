import { and, count, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { openaiUsage } from "../../db/schema";

export function insertUsage(db: Db, values: typeof openaiUsage.$inferInsert) {
  return db.insert(openaiUsage).values(values).returning();
}

export async function usageTotals(db: Db, accountId: string) {
  const [row] = await db
    .select({ totalCost: sql<number>`coalesce(sum(cast(${openaiUsage.totalCost} as real)), 0)`, totalRequests: count() })
    .from(openaiUsage)
    .where(and(eq(openaiUsage.twilioAccountId, accountId)));
  return row ?? { totalCost: 0, totalRequests: 0 };
}
