import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { feedbackEntries, memories } from "../../db/schema";

export interface Passage {
  memoryId: string;
  name: string;
  text: string;
}

const words = (text: string) =>
  new Set(
    text
      .toLowerCase()
      .normalize("NFD")
      .replace(/[\u0300-\u036f]/g, "")
      .split(/[^a-z0-9]+/)
      .filter((w) => w.length > 2),
  );

// Splits the active memories linked to a template into paragraphs, then keeps the passages that
// share the most words with the customer's message, within a character budget.
export async function relevantPassages(db: Db, accountId: string, templateSid: string | null, query: string, budgetChars = 4000) {
  if (!templateSid) return [];
  const rows = await db
    .select({ id: memories.id, name: memories.name, content: memories.content })
    .from(memories)
    .where(
      and(
        eq(memories.twilioAccountId, accountId),
        eq(memories.isActive, true),
        eq(memories.memoryType, "standard"),
        sql`exists(select 1 from json_each(${memories.linkedTemplates}) where value = ${templateSid})`,
      ),
    );
  const wanted = words(query);
  const scored = rows.flatMap((m) =>
    m.content
      .split(/\n\s*\n|\n/)
      .map((p) => p.trim())
      .filter(Boolean)
      .map((text) => {
        const overlap = [...words(text)].filter((w) => wanted.has(w)).length;
        return { memoryId: m.id, name: m.name, text, score: overlap };
      }),
  );
  scored.sort((a, b) => b.score - a.score);
  // Small knowledge goes in whole (best first); large knowledge only where it matches the question.
  const total = scored.reduce((n, p) => n + p.text.length, 0);
  const picked: (Passage & { score: number })[] = [];
  let used = 0;
  for (const p of scored) {
    if (p.score === 0 && total > budgetChars) break;
    if (used + p.text.length > budgetChars) continue;
    picked.push(p);
    used += p.text.length;
  }
  return picked;
}

// What the feedback memories linked to the template know of this customer.
export async function customerPreferences(db: Db, accountId: string, templateSid: string | null, phone: string) {
  if (!templateSid) return null;
  const rows = await db
    .select({ positive: feedbackEntries.positiveItems, negative: feedbackEntries.negativeItems })
    .from(feedbackEntries)
    .innerJoin(memories, eq(memories.id, feedbackEntries.memoryId))
    .where(
      and(
        eq(memories.twilioAccountId, accountId),
        eq(memories.memoryType, "feedback"),
        eq(memories.isActive, true),
        eq(feedbackEntries.phoneNumber, phone),
        sql`exists(select 1 from json_each(${memories.linkedTemplates}) where value = ${templateSid})`,
      ),
    );
  const positive = rows.flatMap((r) => r.positive);
  const negative = rows.flatMap((r) => r.negative);
  return positive.length || negative.length ? { positive, negative } : null;
}

export async function feedbackMemoryFor(db: Db, accountId: string, templateSid: string | null) {
  if (!templateSid) return undefined;
  return db.query.memories.findFirst({
    where: and(
      eq(memories.twilioAccountId, accountId),
      eq(memories.memoryType, "feedback"),
      eq(memories.isActive, true),
      sql`exists(select 1 from json_each(${memories.linkedTemplates}) where value = ${templateSid})`,
    ),
  });
}
