import { and, type AnyColumn, eq } from "drizzle-orm";
import type { SQLiteTable } from "drizzle-orm/sqlite-core";
import type { Db } from "./client";

// A table of notification claims (calendar reminders, lead alerts): a row that one run holds, status
// "sending", while it sends, then settles as sent or skipped.
type ClaimTable = SQLiteTable & { id: AnyColumn; status: AnyColumn };

export type ClaimOutcome = { status: "sent"; messageId: string | null } | { status: "skipped"; reason: string };

export function finishClaim(db: Db, table: ClaimTable, id: string, outcome: ClaimOutcome) {
  return db
    .update(table)
    .set(outcome as never)
    .where(eq(table.id, id));
}

// Gives a claim back after a failure that a retry may overcome.
export function releaseClaim(db: Db, table: ClaimTable, id: string) {
  return db.delete(table).where(and(eq(table.id, id), eq(table.status, "sending")));
}
