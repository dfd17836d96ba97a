import { and, asc, desc, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { prompts } from "../../db/schema";

export type PromptRow = typeof prompts.$inferSelect;

export function findPrompt(db: Db, accountId: string, id: string) {
  return db.query.prompts.findFirst({ where: and(eq(prompts.id, id), eq(prompts.twilioAccountId, accountId)) });
}

// By id alone: the caller checks that the user may reach the prompt's account.
export function findPromptById(db: Db, id: string) {
  return db.query.prompts.findFirst({ where: eq(prompts.id, id) });
}

export function listPrompts(db: Db, accountId: string) {
  return db.select().from(prompts).where(eq(prompts.twilioAccountId, accountId)).orderBy(desc(prompts.createdAt));
}

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

export async function updatePrompt(db: Db, id: string, values: Partial<PromptRow>) {
  const [row] = await db.update(prompts).set(values).where(eq(prompts.id, id)).returning();
  return row;
}

export function deletePrompt(db: Db, id: string) {
  return db.delete(prompts).where(eq(prompts.id, id));
}
