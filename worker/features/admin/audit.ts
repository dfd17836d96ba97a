import { desc, sql } from "drizzle-orm";
import type { AuditEntry } from "../../../src/shared/schemas/admin";
import type { Db } from "../../db/client";
import { auditLog } from "../../db/schema";
import type { SessionUser } from "../../types";

export function auditStatement(db: Db, actor: SessionUser, action: string, targetType: string, targetId: string | null, details?: Record<string, unknown>) {
  return db.insert(auditLog).values({ actorId: actor.id, actorEmail: actor.email, action, targetType, targetId, details: details ?? null });
}

export async function listAudit(db: Db, limit = 200): Promise<AuditEntry[]> {
  const rows = await db.select().from(auditLog).orderBy(desc(auditLog.createdAt), desc(sql`"audit_log".rowid`)).limit(limit);
  return rows.map((r) => ({
    id: r.id,
    actorEmail: r.actorEmail,
    action: r.action,
    targetType: r.targetType,
    targetId: r.targetId,
    details: r.details ?? null,
    createdAt: r.createdAt.toISOString(),
  }));
}
