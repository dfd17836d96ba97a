import { desc, sql } from "drizzle-orm";
import type { AuditEntry } from "@shared/schemas/admin";
import type { Db } from "@worker/db/client";
import { auditLog } from "@worker/db/schema";
import type { SessionUser } from "@worker/types";

export function auditStatement(db: Db, actor: SessionUser, action: string, targetType: string, targetId: string | null, details?: Record<string, unknown>) {
  return db.insert(auditLog).values({ actorId: actor.id, actorEmail: actor.email, action, targetType, targetId, details: details ?? null });
}

// A page of the log, newest first (after the entry `before`, when given; rowid breaks ties of one
// millisecond), with the cursor of the next page when there is one.
export async function listAudit(db: Db, { limit, before }: { limit: number; before?: string }): Promise<{ entries: AuditEntry[]; nextCursor: string | null }> {
  const older = before ? sql`(${auditLog.createdAt}, "audit_log".rowid) < (select a."created_at", a.rowid from "audit_log" a where a."id" = ${before})` : undefined;
  const rows = await db
    .select()
    .from(auditLog)
    .where(older)
    .orderBy(desc(auditLog.createdAt), desc(sql`"audit_log".rowid`))
    .limit(limit + 1);
  const page = rows.slice(0, limit);
  const entries = page.map((r) => ({
    id: r.id,
    actorEmail: r.actorEmail,
    action: r.action,
    targetType: r.targetType,
    targetId: r.targetId,
    details: r.details ?? null,
    createdAt: r.createdAt.toISOString(),
  }));
  return { entries, nextCursor: rows.length > limit ? page[page.length - 1]!.id : null };
}
