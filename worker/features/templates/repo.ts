import { and, asc, desc, eq, isNull, lt, or, sql } from "drizzle-orm";
import type { Db } from "@worker/db/client";
import { templates } from "@worker/db/schema";
import type { Tenant } from "@worker/db/tenancy";
import { findWithAccountForUser, insertReturning, updateReturning } from "@worker/db/rows";

export type TemplateRow = typeof templates.$inferSelect;
export type NewTemplate = typeof templates.$inferInsert;

export function listTemplates(db: Db, accountId: string) {
  return db
    .select()
    .from(templates)
    .where(eq(templates.twilioAccountId, accountId))
    .orderBy(asc(templates.order), desc(templates.createdAt));
}

export function listApprovedTemplates(db: Db, accountId: string) {
  return db
    .select()
    .from(templates)
    .where(and(eq(templates.twilioAccountId, accountId), eq(templates.status, "approved"), eq(templates.isActive, true)))
    .orderBy(asc(templates.name));
}

export function findTemplate(db: Db, id: string) {
  return db.query.templates.findFirst({ where: eq(templates.id, id) });
}

// The template with its account, if that account is one the user may reach.
export const findTemplateForUser = (db: Db, id: string, user: Tenant) => findWithAccountForUser(db, templates, "template", id, user);

export const insertTemplate = (db: Db, values: NewTemplate) => insertReturning(db, templates, values);

// Changes the template only while it is in `status`, in one statement; answers undefined when it no longer is.
async function updateWhile(db: Db, id: string, status: TemplateRow["status"], values: Partial<NewTemplate>) {
  const [row] = await db
    .update(templates)
    .set(values)
    .where(and(eq(templates.id, id), eq(templates.status, status)))
    .returning();
  return row;
}

// Only a draft may change.
export const updateDraft = (db: Db, id: string, values: Partial<NewTemplate>) => updateWhile(db, id, "draft", values);

// Moves a draft to pending, so two submits of the same draft cannot both go to Twilio.
export const claimDraftForSubmit = (db: Db, id: string, now: Date) =>
  updateWhile(db, id, "draft", { status: "pending", submittedAt: now, rejectionReason: null, externalStatus: null, lastSyncedAt: null });

export const updateTemplate = (db: Db, id: string, values: Partial<NewTemplate>) => updateReturning(db, templates, id, values);

// Only while still pending: a verdict is never overwritten by a late sync.
export const updatePending = (db: Db, id: string, values: Partial<NewTemplate>) => updateWhile(db, id, "pending", values);

export function deleteTemplate(db: Db, id: string) {
  return db.delete(templates).where(eq(templates.id, id));
}

// Pending templates not checked since `before`, least recently checked first.
export function pendingDueForSync(db: Db, before: Date, limit: number) {
  return db
    .select({ id: templates.id })
    .from(templates)
    .where(and(eq(templates.status, "pending"), or(isNull(templates.lastSyncedAt), lt(templates.lastSyncedAt, before))))
    .orderBy(asc(templates.lastSyncedAt))
    .limit(limit);
}

// The channel of the internal template a provider sid stands for (its Twilio sid, or HXint<id> on a sandbox).
export async function channelOfSid(db: Db, accountId: string, sid: string) {
  const row = await db.query.templates.findFirst({
    where: and(
      eq(templates.twilioAccountId, accountId),
      or(eq(templates.externalTemplateId, sid), sql`'HXint' || replace(${templates.id}, '-', '') = ${sid}`),
    ),
    columns: { channel: true },
  });
  return row?.channel === "sms" ? "sms" : "whatsapp";
}
