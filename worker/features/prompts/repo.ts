import { and, asc, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { prompts } from "../../db/schema";

export type PromptRow = typeof prompts.$inferSelect;

export function findPrompt(db: Db, accountId: string, id: string) {
  return db.query.prompts.findFirst({ where: and(eq(prompts.id, id), eq(prompts.twilioAccountId, accountId)) });
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
