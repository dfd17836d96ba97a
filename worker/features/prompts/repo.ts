import { and, asc, eq, type Placeholder, sql } from "drizzle-orm";
import type { Db } from "@worker/db/client";
import { promptVersions, prompts } from "@worker/db/schema";
import type { Tenant } from "@worker/db/tenancy";
import { findForUser, updateReturning } from "@worker/db/rows";
import { afterCursor, cursorPage, newestFirst } from "@worker/db/paging";
import { bound, compiledByShape, compileRead, runStatements } from "@worker/db/compiled";

export type PromptRow = typeof prompts.$inferSelect;

export function findPrompt(db: Db, accountId: string, id: string) {
  return db.query.prompts.findFirst({ where: and(eq(prompts.id, id), eq(prompts.twilioAccountId, accountId)) });
}

// By id alone: the caller checks that the user may reach the prompt's account.
export function findPromptById(db: Db, id: string) {
  return db.query.prompts.findFirst({ where: eq(prompts.id, id) });
}

// The prompt if its account is one the user may reach.
export const findPromptForUser = (db: Db, id: string, user: Tenant) => findForUser(db, prompts, id, user);

// A page of the account's prompts, newest first (after the prompt `before`, when given), the cursor of the
// next page when there is one, and the account's prompt version (prompt_versions), read first in the same
// batch (one snapshot). The rows are read only when the version differs from `known`, the version of the
// page the caller holds (-1 for none): otherwise no row.
export async function versionedPromptPage(db: Db, accountId: string, { limit, before }: { limit: number; before?: string }, known: number) {
  const values = { accountId, before, limit: limit + 1, known };
  const [[current], rows] = await runStatements(db, [bound(db, promptVersionRead(db, null), values), bound(db, promptPageRead(db, { before: !!before }), values)]);
  const { page, nextCursor } = cursorPage(rows, limit);
  return { version: current?.version ?? 0, prompts: page, nextCursor };
}

// Compiled once per shape: the prompts page is one of the console's busiest reads.
const accountSlot = sql.placeholder("accountId");
const promptVersion = sql<number>`coalesce((select ${promptVersions.version} from ${promptVersions} where ${promptVersions.twilioAccountId} = ${accountSlot}), 0)`;
const promptVersionRead = compiledByShape((db: Db) => compileRead(db.select({ version: promptVersion.mapWith(Number) }).from(sql`(select 1)`)));
const promptPageRead = compiledByShape((db: Db, { before }: { before: boolean }) =>
  compileRead(
    db
      .select()
      .from(prompts)
      .where(and(eq(prompts.twilioAccountId, accountSlot), before ? afterCursor(prompts, sql.placeholder("before"), { column: prompts.twilioAccountId, value: accountSlot }) : undefined))
      .orderBy(...newestFirst(prompts))
      // As the conversation list's: SQLite evaluates a LIMIT once, and 0 reads nothing.
      .limit(sql`(case when ${promptVersion} <> ${sql.placeholder("known")} then ${sql.placeholder("limit")} else 0 end)` as unknown as Placeholder),
  ),
);

// The first active prompt whose linked templates contain this template sid.
export function findLinkedActivePrompt(db: Db, accountId: string, templateSid: string) {
  return db.query.prompts.findFirst({
    where: and(
      eq(prompts.twilioAccountId, accountId),
      eq(prompts.isActive, true),
      sql`exists(select 1 from json_each(${prompts.linkedTemplates}) where value = ${templateSid})`,
    ),
    orderBy: [asc(prompts.createdAt)],
  });
}

export function insertPrompt(db: Db, values: typeof prompts.$inferInsert) {
  return db.insert(prompts).values(values).returning();
}

export const updatePrompt = (db: Db, id: string, values: Partial<PromptRow>) => updateReturning(db, prompts, id, values);

export function deletePrompt(db: Db, id: string) {
  return db.delete(prompts).where(eq(prompts.id, id));
}
