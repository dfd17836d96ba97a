import type { AuditEntry } from "@shared/schemas/admin";
import type { Db } from "@worker/db/client";
import type { SessionUser } from "@worker/types";
import * as repo from "./repo";

// The statement that records a person's change, to run in one batch with the change itself.
export function auditStatement(db: Db, actor: SessionUser, action: string, targetType: string, targetId: string | null, details?: Record<string, unknown>) {
  return repo.auditInsertStatement(db, { actorId: actor.id, actorEmail: actor.email, action, targetType, targetId, details: details ?? null });
}

// A page of the log, newest first (after the entry `before`, when given), with the cursor of the next
// page when there is one.
export async function listAudit(db: Db, { limit, before }: { limit: number; before?: string }): Promise<{ entries: AuditEntry[]; nextCursor: string | null }> {
  const rows = await repo.auditPage(db, limit + 1, before);
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
