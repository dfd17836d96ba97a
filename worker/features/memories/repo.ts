import { and, asc, desc, eq, or, sql } from "drizzle-orm";
import { type Db, runBatch, type Statement } from "@worker/db/client";
import { feedbackEntries, memories, memoryPassages } from "@worker/db/schema";
import { reachableBy, type Tenant } from "@worker/db/tenancy";
import { insertReturning } from "@worker/db/rows";
import { afterCursor, cursorPage, newestFirst } from "@worker/db/paging";

export type MemoryRow = typeof memories.$inferSelect;
export type NewMemory = typeof memories.$inferInsert;

// A memory serves a conversation when it is marked for all the account's conversations or linked to the
// template that opened it (a conversation the customer opened has no template).
const linkedTo = (templateSid: string | null) =>
  templateSid === null
    ? sql`${memories.allConversations} = 1`
    : sql`(${memories.allConversations} = 1 or exists(select 1 from json_each(${memories.linkedTemplates}) where value = ${templateSid}))`;

// A page of the account's memories this user may see (public ones and their own private ones), newest
// first after the memory `before` when given, with the cursor of the next page when there is one.
// rowid breaks ties of the same millisecond, so a page continues exactly after the last one.
export async function listVisibleMemories(db: Db, accountId: string, userId: string, { limit, before }: { limit: number; before?: string }) {
  const older = afterCursor(memories, before, { column: memories.twilioAccountId, value: accountId });
  const rows = await db
    .select()
    .from(memories)
    .where(and(eq(memories.twilioAccountId, accountId), or(eq(memories.visibility, "public"), eq(memories.userId, userId)), older))
    .orderBy(...newestFirst(memories))
    .limit(limit + 1);
  const { page, nextCursor } = cursorPage(rows, limit);
  return { memories: page, nextCursor };
}

export function findMemory(db: Db, id: string) {
  return db.query.memories.findFirst({ where: eq(memories.id, id) });
}

// The memory if its account is one the user may reach and it is public or theirs.
export async function findMemoryForUser(db: Db, id: string, user: Tenant) {
  const [row] = await db
    .select()
    .from(memories)
    .where(and(eq(memories.id, id), or(eq(memories.visibility, "public"), eq(memories.userId, user.id)), reachableBy(user, memories.twilioAccountId)))
    .limit(1);
  return row;
}

export const insertMemory = (db: Db, values: NewMemory) => insertReturning(db, memories, values);

export function insertMemoryStatement(db: Db, values: NewMemory) {
  return db.insert(memories).values(values);
}

export function updateMemoryStatement(db: Db, id: string, values: Partial<MemoryRow>) {
  return db.update(memories).set(values).where(eq(memories.id, id));
}

export function deleteMemory(db: Db, id: string) {
  return db.delete(memories).where(eq(memories.id, id));
}

export function listFeedback(db: Db, memoryId: string) {
  return db.select().from(feedbackEntries).where(eq(feedbackEntries.memoryId, memoryId)).orderBy(desc(feedbackEntries.lastUpdated));
}

// D1 binds at most 100 parameters but a string of up to 2 MB, so passages go in as JSON arrays
// of about 512 KB each: a 5 MB CSV is a handful of statements, not thousands.
const CHUNK_CHARS = 512 * 1024;

function chunkTexts(texts: string[]): string[][] {
  const chunks: string[][] = [];
  let current: string[] = [];
  let size = 0;
  for (const t of texts) {
    if (current.length > 0 && size + t.length > CHUNK_CHARS) {
      chunks.push(current);
      current = [];
      size = 0;
    }
    current.push(t);
    size += t.length + 8;
  }
  if (current.length > 0) chunks.push(current);
  return chunks;
}

// Replaces a memory's passages and records what was indexed, as statements for one atomic batch.
export function replacePassagesStatements(db: Db, memoryId: string, texts: string[], memoryChanges: Partial<MemoryRow>): Statement[] {
  const inserts: Statement[] = [];
  let ordinal = 0;
  for (const chunk of chunkTexts(texts)) {
    // Columns in table order; a null id takes the next rowid.
    inserts.push(
      db
        .insert(memoryPassages)
        .select(sql`select null, ${memoryId}, ${ordinal} + key, value from json_each(${JSON.stringify(chunk)})`),
    );
    ordinal += chunk.length;
  }
  return [
    db.delete(memoryPassages).where(eq(memoryPassages.memoryId, memoryId)),
    ...inserts,
    updateMemoryStatement(db, memoryId, {
      ...memoryChanges,
      passageCount: texts.length,
      passageChars: texts.reduce((n, t) => n + t.length, 0),
    }),
  ];
}

export function replacePassages(db: Db, memoryId: string, texts: string[], memoryChanges: Partial<MemoryRow>) {
  return runBatch(db, replacePassagesStatements(db, memoryId, texts, memoryChanges));
}

export function copyPassagesStatement(db: Db, fromId: string, toId: string) {
  return db
    .insert(memoryPassages)
    .select(sql`select null, ${toId}, ordinal, text from ${memoryPassages} where memory_id = ${fromId} order by ordinal`);
}

export interface KnowledgeMemory {
  id: string;
  name: string;
  dataType: string;
  passageChars: number;
  stale: number;
}

// The active standard memories linked to a template; stale: a text memory changed since it was indexed.
export function knowledgeMemories(db: Db, accountId: string, templateSid: string | null): Promise<KnowledgeMemory[]> {
  return db
    .select({
      id: memories.id,
      name: memories.name,
      dataType: memories.dataType,
      passageChars: memories.passageChars,
      stale: sql<number>`(${memories.dataType} = 'text' and (${memories.indexedAt} is null or ${memories.indexedAt} < ${memories.updatedAt}))`,
    })
    .from(memories)
    .where(
      and(
        eq(memories.twilioAccountId, accountId),
        eq(memories.isActive, true),
        eq(memories.memoryType, "standard"),
        linkedTo(templateSid),
      ),
    )
    .orderBy(asc(memories.createdAt));
}

export interface PassageHit {
  id: number;
  memoryId: string;
  text: string;
}

// Full-text search over the passages of the given memories, best match first (bm25).
export async function searchPassages(db: Db, memoryIds: string[], match: string, limit: number): Promise<PassageHit[]> {
  return db.all<PassageHit>(sql`select p.id as id, p.memory_id as memoryId, p.text as text
    from memory_passages_fts join ${memoryPassages} p on p.id = memory_passages_fts.rowid
    where memory_passages_fts match ${match}
      and p.memory_id in (select value from json_each(${JSON.stringify(memoryIds)}))
    order by bm25(memory_passages_fts) limit ${limit}`);
}

// The passages of the given memories in their order, for small knowledge and the fallback scan.
export function passagesOf(db: Db, memoryIds: string[], limit: number): Promise<PassageHit[]> {
  return db
    .select({ id: memoryPassages.id, memoryId: memoryPassages.memoryId, text: memoryPassages.text })
    .from(memoryPassages)
    .where(sql`${memoryPassages.memoryId} in (select value from json_each(${JSON.stringify(memoryIds)}))`)
    .orderBy(asc(memoryPassages.memoryId), asc(memoryPassages.ordinal))
    .limit(limit);
}

export function memoryContents(db: Db, ids: string[]) {
  return db
    .select({ id: memories.id, content: memories.content, updatedAt: memories.updatedAt })
    .from(memories)
    .where(sql`${memories.id} in (select value from json_each(${JSON.stringify(ids)}))`);
}

// What the feedback memories linked to a template know of one customer.
export function feedbackForCustomer(db: Db, accountId: string, templateSid: string | null, phone: string) {
  return db
    .select({ positive: feedbackEntries.positiveItems, negative: feedbackEntries.negativeItems })
    .from(feedbackEntries)
    .innerJoin(memories, eq(memories.id, feedbackEntries.memoryId))
    .where(
      and(
        eq(memories.twilioAccountId, accountId),
        eq(memories.memoryType, "feedback"),
        eq(memories.isActive, true),
        eq(feedbackEntries.phoneNumber, phone),
        linkedTo(templateSid),
      ),
    );
}

export function findFeedbackMemory(db: Db, accountId: string, templateSid: string | null) {
  return db.query.memories.findFirst({
    where: and(
      eq(memories.twilioAccountId, accountId),
      eq(memories.memoryType, "feedback"),
      eq(memories.isActive, true),
      linkedTo(templateSid),
    ),
  });
}

export function findTextMemoryByName(db: Db, accountId: string, name: string) {
  return db.query.memories.findFirst({
    where: and(eq(memories.twilioAccountId, accountId), eq(memories.name, name), eq(memories.dataType, "text")),
  });
}
