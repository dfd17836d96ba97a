// Imports into a list, one chunk of source rows per queue job: each row is mapped, its phone
// normalised to E.164 and checked; valid rows are upserted by external id (so a re-import never
// duplicates), invalid ones are counted and kept for the report. A chunk's rows, its marker and the
// import's counters are written in one D1 batch, so a redelivered job can neither double-count nor
// half-apply.
import { type JobMessage } from "@shared/jobs";
import { DEFAULT_COUNTRY, toE164 } from "@shared/phone";
import { findAccount } from "../accounts/repo";
import { parseCsv } from "@shared/csv";
import { AIRTABLE_PAGES_PER_JOB, CSV_IMPORT_CHUNK_ROWS, INVALID_ROWS_KEPT_PER_CHUNK, listLeadPartialSchema, STANDARD_FIELD_KEYS } from "@shared/schemas/lists";
import { AIRTABLE_TEXTS } from "@shared/texts/airtable";
import { LIST_TEXTS } from "@shared/texts/lists";
import { type Db, runBatch } from "@worker/db/client";
import { decryptSecret } from "@worker/lib/crypto";
import { AirtableError, type AirtableField, fieldsByCurrentName, followFieldRenames, listRecordsPage, tableSchemaFields } from "@worker/providers/airtable";
import * as repo from "./repo";

export interface SourceRecord {
  rowNumber: number;
  // Airtable's record id; a CSV row is keyed by its phone number.
  externalId: string | null;
  fields: Record<string, unknown>;
}

// Failures worth another delivery of the job later (Airtable busy or down).
export class ImportRetryLater extends Error {
  constructor(
    message: string,
    readonly delaySeconds: number,
  ) {
    super(message);
  }
}

// A cell as text: numbers as written, lists joined, Airtable collaborators and attachments by name.
export function cellText(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (typeof value === "string") return value.trim() || null;
  if (typeof value === "number" || typeof value === "bigint") return String(value);
  if (typeof value === "boolean") return value ? "Sì" : "No";
  if (Array.isArray(value)) {
    const parts = value.map(cellText).filter((p): p is string => !!p);
    return parts.length ? parts.join(", ") : null;
  }
  if (typeof value === "object") {
    const o = value as Record<string, unknown>;
    const named = o.name ?? o.email ?? o.text ?? o.url;
    return typeof named === "string" ? named.trim() || null : JSON.stringify(value);
  }
  return String(value);
}

type MappedLead = repo.LeadFields;

// A national number in the file belongs to the account's country (Italy unless set).
export function toListLead(
  fields: Record<string, unknown>,
  mapping: Record<string, string>,
  country: string = DEFAULT_COUNTRY,
): { ok: true; lead: MappedLead } | { ok: false; reason: string } {
  const mapped: Record<string, string | null> = {};
  for (const key of STANDARD_FIELD_KEYS) mapped[key] = mapping[key] ? cellText(fields[mapping[key]!]) : null;
  const rawPhone = mapped.numeroTelefono;
  if (!rawPhone) return { ok: false, reason: LIST_TEXTS.phoneMissing };
  const phone = toE164(rawPhone, country);
  if (!phone) return { ok: false, reason: LIST_TEXTS.phoneInvalidValue(rawPhone.slice(0, 40)) };
  const parsed = listLeadPartialSchema.safeParse({ ...mapped, numeroTelefono: phone });
  if (!parsed.success) return { ok: false, reason: parsed.error.issues[0]?.message ?? LIST_TEXTS.numeroInvalid };
  const v = parsed.data;
  return {
    ok: true,
    lead: {
      nome: v.nome || null,
      cognome: v.cognome || null,
      numeroTelefono: phone,
      email: v.email || null,
      professione: v.professione || null,
      note: v.note || null,
      originalData: fields,
    },
  };
}

function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(",")}]`;
  if (value && typeof value === "object") {
    return `{${Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${stableJson((value as Record<string, unknown>)[k])}`)
      .join(",")}}`;
  }
  return JSON.stringify(value ?? null);
}

function sameLead(a: MappedLead & { isActive: boolean }, b: MappedLead) {
  return (
    a.isActive &&
    a.nome === b.nome &&
    a.cognome === b.cognome &&
    a.numeroTelefono === b.numeroTelefono &&
    a.email === b.email &&
    a.professione === b.professione &&
    a.note === b.note &&
    stableJson(a.originalData) === stableJson(b.originalData)
  );
}

const isDuplicateChunk = (err: unknown) => /UNIQUE constraint failed: list_import_chunks/i.test(String((err as Error)?.message ?? err));

// Applies one chunk. Answers false when this chunk had already been applied (a redelivery).
export async function applyChunk(
  db: Db,
  imp: repo.ImportRow,
  chunk: number,
  records: SourceRecord[],
  // syncRemovals: a dynamic list's Airtable import marks the records it sees, and at its end the ones gone.
  opts: { nextCursor: string | null; last: boolean | "by-count"; syncRemovals?: boolean },
  now = new Date(),
): Promise<boolean> {
  const invalid: repo.InvalidRow[] = [];
  const byExternalId = new Map<string, MappedLead & { externalId: string; rowNumber: number }>();
  const country = (await findAccount(db, imp.twilioAccountId))?.phoneCountry ?? DEFAULT_COUNTRY;
  for (const record of records) {
    const result = toListLead(record.fields, imp.mapping, country);
    const where = record.externalId && imp.source === "airtable" ? ` (${LIST_TEXTS.airtableRecord(record.externalId)})` : "";
    if (!result.ok) {
      invalid.push({ row: record.rowNumber, reason: result.reason + where });
      continue;
    }
    const externalId = record.externalId ?? result.lead.numeroTelefono!;
    const first = byExternalId.get(externalId);
    if (first) {
      invalid.push({ row: record.rowNumber, reason: LIST_TEXTS.duplicateInImport(first.rowNumber) + where });
      continue;
    }
    byExternalId.set(externalId, { ...result.lead, externalId, rowNumber: record.rowNumber });
  }

  const rows = [...byExternalId.values()];
  const existing = await repo.existingByExternalId(db, imp.listId, [...byExternalId.keys()]);
  let created = 0;
  let updated = 0;
  let unchanged = 0;
  const toWrite: typeof rows = [];
  for (const row of rows) {
    const before = existing.get(row.externalId);
    if (!before) created++;
    else if (sameLead(before, row)) {
      unchanged++;
      continue;
    } else updated++;
    toWrite.push(row);
  }
  invalid.sort((a, b) => a.row - b.row);
  const counts = { processed: records.length, created, updated, unchanged, invalid: invalid.length };
  try {
    await runBatch(db, [
      repo.insertChunkStatement(db, imp.id, chunk, opts.nextCursor, invalid.slice(0, INVALID_ROWS_KEPT_PER_CHUNK)),
      ...repo.upsertLeadStatements(db, imp.listId, toWrite, now),
      ...(opts.syncRemovals ? repo.markSeenStatements(db, imp.listId, imp.id, [...byExternalId.keys()]) : []),
      repo.progressStatement(db, imp.id, counts, opts.last, now),
      ...(opts.syncRemovals && opts.last === true ? repo.deactivateUnseenStatements(db, imp.listId, imp.id) : []),
      repo.markSyncedIfCompleted(db, imp.listId, imp.id, now),
    ]);
  } catch (err) {
    if (isDuplicateChunk(err)) return false;
    throw err;
  }
  return true;
}

export function csvChunkCount(rowCount: number) {
  return Math.max(1, Math.ceil(rowCount / CSV_IMPORT_CHUNK_ROWS));
}

export async function runCsvChunk(env: Env, db: Db, job: { importId: string; chunk: number }) {
  const imp = await repo.findImport(db, job.importId);
  if (!imp || imp.status === "failed" || imp.status === "completed") return;
  if (await repo.findChunk(db, imp.id, job.chunk)) return;
  const object = imp.fileKey ? await env.UPLOADS.get(imp.fileKey) : null;
  if (!object) {
    await repo.failImport(db, imp.id, LIST_TEXTS.csvFileGone);
    return;
  }
  // The file was checked when it was uploaded; it is read again here rather than kept in memory.
  const parsed = parseCsv(await object.text());
  const start = job.chunk * CSV_IMPORT_CHUNK_ROWS;
  const records: SourceRecord[] = parsed.rows.slice(start, start + CSV_IMPORT_CHUNK_ROWS).map((cells, i) => ({
    // The spreadsheet's row number: the header is row 1.
    rowNumber: start + i + 2,
    externalId: null,
    fields: Object.fromEntries(parsed.columns.map((column, j) => [column, cells[j] ?? ""])),
  }));
  await applyChunk(db, imp, job.chunk, records, { nextCursor: null, last: "by-count" });
}

export function airtableJob(importId: string, chunk: number, offset: string | null, restarts = 0): JobMessage {
  return { kind: "list.import.airtable", importId, chunk, offset, ...(restarts ? { restarts } : {}), idempotencyKey: `list.import.airtable:${importId}:${chunk}` };
}

// An import whose listing Airtable expires more often than this fails instead of reading forever.
const MAX_LISTING_RESTARTS = 2;

export async function runAirtableChunk(env: Env, db: Db, job: { importId: string; chunk: number; offset: string | null; restarts?: number }) {
  const imp = await repo.findImport(db, job.importId);
  if (!imp || imp.status === "failed" || imp.status === "completed") return;
  const done = await repo.findChunk(db, imp.id, job.chunk);
  if (done) {
    // Applied before, but the hand-over to the next chunk may have been lost.
    if (done.nextCursor && !(await repo.findChunk(db, imp.id, job.chunk + 1))) await env.JOBS.send(airtableJob(imp.id, job.chunk + 1, done.nextCursor, job.restarts));
    return;
  }
  const list = await repo.findList(db, imp.listId);
  const config = list?.config as { apiKey?: string; baseId?: string; tableId?: string; viewId?: string | null } | null;
  if (!list || !config?.apiKey || !config.baseId || !config.tableId) {
    await repo.failImport(db, imp.id, LIST_TEXTS.airtableKeyUnreadable);
    return;
  }
  let apiKey: string;
  try {
    apiKey = await decryptSecret(config.apiKey, env.ENCRYPTION_KEY);
  } catch {
    await repo.failImport(db, imp.id, LIST_TEXTS.airtableKeyUnreadable);
    return;
  }

  const records: SourceRecord[] = [];
  let offset = job.offset;
  let restarts = job.restarts ?? 0;
  let mapping = imp.mapping;
  const firstRow = job.chunk * AIRTABLE_PAGES_PER_JOB * 100;
  const source = { apiKey, baseId: config.baseId, tableId: config.tableId, viewId: config.viewId };
  try {
    const schema = await tableSchemaFields(env, source);
    if (schema) mapping = await followRenames(db, list, imp.mapping, schema);
    for (let page = 0; page < AIRTABLE_PAGES_PER_JOB; page++) {
      const result = await listRecordsPage(env, source, offset, { byFieldId: schema !== null });
      // Fields come by id and are named with the table's current names.
      if (schema) fieldsByCurrentName(result.records, schema);
      // The offset expired: the listing goes on from the first page again. Leads are keyed by record
      // id, so the rows read twice are updated in place, never duplicated.
      if (result.restarted) {
        if (++restarts > MAX_LISTING_RESTARTS) throw new AirtableError("invalid", AIRTABLE_TEXTS.restartedTooOften, 422);
        // This job's earlier pages come round again: drop them rather than read them twice in one chunk.
        records.length = 0;
      }
      for (const r of result.records) records.push({ rowNumber: firstRow + records.length + 1, externalId: r.id, fields: r.fields });
      offset = result.offset;
      if (!offset) break;
    }
  } catch (err) {
    if (err instanceof AirtableError && (err.kind === "rate_limited" || err.kind === "unavailable")) throw new ImportRetryLater(err.message, err.retryAfterSeconds ?? 30);
    if (err instanceof AirtableError) {
      await repo.failImport(db, imp.id, err.message);
      return;
    }
    throw err;
  }
  const applied = await applyChunk(db, { ...imp, mapping }, job.chunk, records, { nextCursor: offset, last: offset === null, syncRemovals: list.listType === "dynamic" });
  if (applied && offset) await env.JOBS.send(airtableJob(imp.id, job.chunk + 1, offset, restarts));
}

// A list's mapped Airtable columns are kept by field id in config.fieldIds (followFieldRenames, the
// rule lead sources share). Lists mapped before ids were kept get them here, on their next import.
async function followRenames(db: Db, list: repo.ListRow, mapping: Record<string, string>, schema: AirtableField[]) {
  const stored = (list.config as { fieldIds?: Record<string, string> } | null)?.fieldIds ?? {};
  const { fieldIds, mapping: current } = followFieldRenames(mapping, stored, schema);
  const fieldMapping = { ...(list.fieldMapping ?? {}), ...current };
  if (stableJson(fieldIds) !== stableJson(stored) || stableJson(fieldMapping) !== stableJson(list.fieldMapping ?? {})) {
    await repo.updateList(db, list.id, { config: { ...(list.config ?? {}), fieldIds }, fieldMapping });
  }
  return current;
}

// After its retries a chunk is given up: the import reports the failure instead of running forever.
export async function giveUpImport(db: Db, job: { importId: string }, reason: string = LIST_TEXTS.importGaveUp) {
  await repo.failImport(db, job.importId, reason);
}
