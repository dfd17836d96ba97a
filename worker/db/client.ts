import type { BatchItem } from "drizzle-orm/batch";
import { drizzle } from "drizzle-orm/d1";
import * as schema from "./schema";

export function createDb(d1: D1Database) {
  return drizzle(d1, { schema });
}
export type Db = ReturnType<typeof createDb>;

// db.batch() is D1's only transaction; this accepts a plain list of drizzle statements.
export type Statement = BatchItem<"sqlite">;
export async function runBatch(db: Db, statements: Statement[]) {
  if (statements.length === 0) return;
  await db.batch(statements as [Statement, ...Statement[]]);
}
