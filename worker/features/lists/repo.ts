import { and, asc, count, desc, eq, inArray, lt, or, sql, type SQL } from "drizzle-orm";
import { type Db, type Statement } from "@worker/db/client";
import { listImportChunks, listImports, listLeads, lists } from "@worker/db/schema";
import type { Tenant } from "@worker/db/tenancy";
import { findForUser, insertReturning, updateReturning } from "@worker/db/rows";

export type ListRow = typeof lists.$inferSelect;
export type ListLeadRow = typeof listLeads.$inferSelect;
export type ImportRow = typeof listImports.$inferSelect;
export type InvalidRow = { row: number; reason: string };

// D1 binds at most 100 parameters per statement; an upserted lead binds 11.
const LEAD_PARAMS = 11;
const ROWS_PER_INSERT = Math.floor(100 / LEAD_PARAMS);
const IDS_PER_SELECT = 90;

export async function listLists(db: Db, accountId: string) {
  return db
    // Column references are spelled out: without a join drizzle leaves them unqualified, and inside
    // the subquery an unqualified "id" would mean the lead's own id.
    .select({ list: lists, leadCount: sql<number>`(select count(*) from list_leads ll where ll.list_id = "lists"."id")` })
    .from(lists)
    .where(eq(lists.twilioAccountId, accountId))
    .orderBy(desc(lists.createdAt));
}

export async function countLeads(db: Db, listId: string) {
  const [row] = await db.select({ n: count() }).from(listLeads).where(eq(listLeads.listId, listId));
  return row?.n ?? 0;
}

export function findList(db: Db, id: string) {
  return db.query.lists.findFirst({ where: eq(lists.id, id) });
}

// The list if its account is one the user may reach.
export const findListForUser = (db: Db, id: string, user: Tenant) => findForUser(db, lists, id, user);

export const insertList = (db: Db, values: typeof lists.$inferInsert) => insertReturning(db, lists, values);

export const updateList = (db: Db, id: string, values: Partial<typeof lists.$inferInsert>) => updateReturning(db, lists, id, values);

export function deleteList(db: Db, id: string) {
  return db.delete(lists).where(eq(lists.id, id));
}

// The latest import of each list.
export async function latestImports(db: Db, listIds: string[]) {
  if (listIds.length === 0) return [];
  const out: ImportRow[] = [];
  for (let i = 0; i < listIds.length; i += IDS_PER_SELECT) {
    const ids = listIds.slice(i, i + IDS_PER_SELECT);
    out.push(
      ...(await db
        .select()
        .from(listImports)
        .where(
          and(
            inArray(listImports.listId, ids),
            sql`"list_imports"."started_at" = (select max(li2.started_at) from list_imports li2 where li2.list_id = "list_imports"."list_id")`,
          ),
        )),
    );
  }
  return out;
}

export async function findImport(db: Db, id: string) {
  const [row] = await db.select().from(listImports).where(eq(listImports.id, id)).limit(1);
  return row;
}

export async function runningImport(db: Db, listId: string) {
  const [row] = await db
    .select()
    .from(listImports)
    .where(and(eq(listImports.listId, listId), inArray(listImports.status, ["queued", "running"])))
    .orderBy(desc(listImports.startedAt))
    .limit(1);
  return row;
}

export const insertImport = (db: Db, values: typeof listImports.$inferInsert) => insertReturning(db, listImports, values);

export async function failImport(db: Db, id: string, error: string, now = new Date()) {
  await db
    .update(listImports)
    .set({ status: "failed", error, finishedAt: now })
    .where(and(eq(listImports.id, id), inArray(listImports.status, ["queued", "running"])));
}

// Imports whose jobs stopped reporting (a worker died between chunks) no longer block a new one.
export async function failStaleImports(db: Db, listId: string, staleBefore: Date, error: string) {
  await db
    .update(listImports)
    .set({ status: "failed", error, finishedAt: new Date() })
    .where(and(eq(listImports.listId, listId), inArray(listImports.status, ["queued", "running"]), lt(listImports.updatedAt, staleBefore)));
}

export async function findChunk(db: Db, importId: string, chunk: number) {
  const [row] = await db
    .select()
    .from(listImportChunks)
    .where(and(eq(listImportChunks.importId, importId), eq(listImportChunks.chunk, chunk)))
    .limit(1);
  return row;
}

// The invalid rows kept by an import's chunks, in file order.
export async function invalidRowsOf(db: Db, importId: string, limit: number) {
  const rows = await db
    .select({ invalidRows: listImportChunks.invalidRows })
    .from(listImportChunks)
    .where(eq(listImportChunks.importId, importId))
    .orderBy(asc(listImportChunks.chunk));
  return rows.flatMap((r) => r.invalidRows).slice(0, limit);
}

export type LeadFields = Pick<ListLeadRow, "nome" | "cognome" | "numeroTelefono" | "email" | "professione" | "note" | "originalData">;

export async function existingByExternalId(db: Db, listId: string, externalIds: string[]) {
  const found = new Map<string, LeadFields & { isActive: boolean }>();
  for (let i = 0; i < externalIds.length; i += IDS_PER_SELECT) {
    const rows = await db
      .select({
        externalId: listLeads.externalId,
        nome: listLeads.nome,
        cognome: listLeads.cognome,
        numeroTelefono: listLeads.numeroTelefono,
        email: listLeads.email,
        professione: listLeads.professione,
        note: listLeads.note,
        originalData: listLeads.originalData,
        isActive: listLeads.isActive,
      })
      .from(listLeads)
      .where(and(eq(listLeads.listId, listId), inArray(listLeads.externalId, externalIds.slice(i, i + IDS_PER_SELECT))));
    for (const { externalId, ...rest } of rows) if (externalId) found.set(externalId, rest);
  }
  return found;
}

// Insert-or-update by (list, externalId), a few rows per statement to stay under D1's parameter limit.
export function upsertLeadStatements(db: Db, listId: string, rows: (LeadFields & { externalId: string })[], now: Date): Statement[] {
  const statements: Statement[] = [];
  for (let i = 0; i < rows.length; i += ROWS_PER_INSERT) {
    const values = rows.slice(i, i + ROWS_PER_INSERT).map((r) => ({
      id: crypto.randomUUID(),
      listId,
      nome: r.nome,
      cognome: r.cognome,
      numeroTelefono: r.numeroTelefono,
      email: r.email,
      professione: r.professione,
      note: r.note,
      originalData: r.originalData,
      externalId: r.externalId,
      importedAt: now,
      funnelStatus: sql`'active'`,
      isActive: sql`1`,
    }));
    statements.push(
      db
        .insert(listLeads)
        .values(values as unknown as (typeof listLeads.$inferInsert)[])
        .onConflictDoUpdate({
          target: [listLeads.listId, listLeads.externalId],
          set: {
            nome: sql`excluded.nome`,
            cognome: sql`excluded.cognome`,
            numeroTelefono: sql`excluded.numero_telefono`,
            email: sql`excluded.email`,
            professione: sql`excluded.professione`,
            note: sql`excluded.note`,
            originalData: sql`excluded.original_data`,
            importedAt: sql`excluded.imported_at`,
            isActive: sql`1`,
          },
        }),
    );
  }
  return statements;
}

export function insertChunkStatement(db: Db, importId: string, chunk: number, nextCursor: string | null, invalidRows: InvalidRow[]) {
  return db.insert(listImportChunks).values({ importId, chunk, nextCursor, invalidRows });
}

export interface ChunkCounts {
  processed: number;
  created: number;
  updated: number;
  unchanged: number;
  invalid: number;
}

// Adds a chunk's counts; the import completes with its last chunk (a CSV knows how many it has,
// an Airtable run learns it when a page comes without a next cursor).
export function progressStatement(db: Db, importId: string, counts: ChunkCounts, last: boolean | "by-count", now: Date) {
  const done: SQL =
    last === "by-count" ? sql`${listImports.chunksDone} + 1 >= coalesce(${listImports.chunksTotal}, 0)` : last ? sql`1` : sql`0`;
  return db
    .update(listImports)
    .set({
      status: sql`case when ${listImports.status} = 'failed' then 'failed' when ${done} then 'completed' else 'running' end`,
      processed: sql`${listImports.processed} + ${counts.processed}`,
      created: sql`${listImports.created} + ${counts.created}`,
      updated: sql`${listImports.updated} + ${counts.updated}`,
      unchanged: sql`${listImports.unchanged} + ${counts.unchanged}`,
      invalid: sql`${listImports.invalid} + ${counts.invalid}`,
      chunksDone: sql`${listImports.chunksDone} + 1`,
      total: last === true ? sql`${listImports.processed} + ${counts.processed}` : sql`${listImports.total}`,
      finishedAt: sql`case when ${done} then ${now.getTime()} else ${listImports.finishedAt} end`,
      updatedAt: now,
    })
    .where(eq(listImports.id, importId));
}

// The records of a source import found in this chunk (new, changed or unchanged) are marked seen by it.
export function markSeenStatements(db: Db, listId: string, importId: string, externalIds: string[]): Statement[] {
  const statements: Statement[] = [];
  for (let i = 0; i < externalIds.length; i += IDS_PER_SELECT) {
    statements.push(
      db
        .update(listLeads)
        .set({ seenImportId: importId })
        .where(and(eq(listLeads.listId, listId), inArray(listLeads.externalId, externalIds.slice(i, i + IDS_PER_SELECT)))),
    );
  }
  return statements;
}

// Once a re-sync has completed, the list's Airtable records (ids "rec…"; leads added by hand are left
// alone) it did not see are gone from the source: counted on the import, then marked inactive. Kept,
// not deleted, so their runs and chats stay; seen again later, they become active again.
export function deactivateUnseenStatements(db: Db, listId: string, importId: string): Statement[] {
  const unseen = sql`list_leads.list_id = ${listId} and list_leads.is_active = 1 and list_leads.external_id like 'rec%' and coalesce(list_leads.seen_import_id, '') != ${importId}`;
  const completed = sql`exists (select 1 from list_imports i where i.id = ${importId} and i.status = 'completed')`;
  return [
    db
      .update(listImports)
      .set({ deactivated: sql`(select count(*) from list_leads where ${unseen})` })
      .where(and(eq(listImports.id, importId), eq(listImports.status, "completed"))),
    db.update(listLeads).set({ isActive: false }).where(sql`${unseen} and ${completed}`),
  ];
}

// Dynamic Airtable lists whose re-sync is due; the claim moves nextSyncAt on, so a list is taken by
// one cron tick however many overlap.
export function dueSyncLists(db: Db, now: Date, limit: number) {
  return db
    .select()
    .from(lists)
    .where(
      and(
        eq(lists.listType, "dynamic"),
        eq(lists.source, "airtable"),
        eq(lists.isActive, true),
        sql`json_extract(${lists.fieldMapping}, '$.numeroTelefono') is not null`,
        or(sql`${lists.nextSyncAt} is null`, sql`${lists.nextSyncAt} <= ${now.getTime()}`),
      ),
    )
    .limit(limit);
}

export async function claimSync(db: Db, list: ListRow, now: Date) {
  const rows = await db
    .update(lists)
    .set({ nextSyncAt: new Date(now.getTime() + list.syncInterval * 60_000) })
    .where(and(eq(lists.id, list.id), or(sql`${lists.nextSyncAt} is null`, sql`${lists.nextSyncAt} <= ${now.getTime()}`)))
    .returning({ id: lists.id });
  return rows.length === 1;
}

export function markSyncedIfCompleted(db: Db, listId: string, importId: string, now: Date) {
  return db
    .update(lists)
    // The next scheduled re-sync counts from this one, however it was started.
    .set({ lastSyncAt: now, nextSyncAt: sql`${now.getTime()} + ${lists.syncInterval} * 60000` })
    .where(and(eq(lists.id, listId), sql`exists (select 1 from list_imports where id = ${importId} and status = 'completed')`));
}

export async function listLeadsPage(db: Db, listId: string, search: string | undefined, page: number, pageSize: number) {
  const filters: SQL[] = [eq(listLeads.listId, listId)];
  if (search) {
    const pattern = `%${search.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
    filters.push(
      or(
        sql`${listLeads.nome} like ${pattern} escape '\\'`,
        sql`${listLeads.cognome} like ${pattern} escape '\\'`,
        sql`${listLeads.numeroTelefono} like ${pattern} escape '\\'`,
        sql`${listLeads.email} like ${pattern} escape '\\'`,
        sql`(coalesce(${listLeads.nome}, '') || ' ' || coalesce(${listLeads.cognome}, '')) like ${pattern} escape '\\'`,
      )!,
    );
  }
  const where = and(...filters);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(listLeads)
      .where(where)
      .orderBy(asc(listLeads.cognome), asc(listLeads.nome), asc(listLeads.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ n: count() }).from(listLeads).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export function findListLead(db: Db, listId: string, leadId: string) {
  return db.query.listLeads.findFirst({ where: and(eq(listLeads.listId, listId), eq(listLeads.id, leadId)) });
}

export function findListLeadByPhone(db: Db, listId: string, phone: string) {
  return db.query.listLeads.findFirst({ where: and(eq(listLeads.listId, listId), eq(listLeads.numeroTelefono, phone)) });
}

export const insertListLead = (db: Db, values: typeof listLeads.$inferInsert) => insertReturning(db, listLeads, values);

export function deleteListLead(db: Db, id: string) {
  return db.delete(listLeads).where(eq(listLeads.id, id));
}

// One lead from an outside system, keyed by its external id in the list (Lead Manager API).
export async function upsertOneLead(db: Db, listId: string, row: LeadFields & { externalId: string }, now: Date) {
  const [statement] = upsertLeadStatements(db, listId, [row], now);
  await db.batch([statement!]);
  return db.query.listLeads.findFirst({ where: and(eq(listLeads.listId, listId), eq(listLeads.externalId, row.externalId)) });
}
