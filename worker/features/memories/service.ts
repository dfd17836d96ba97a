import { z } from "zod";
import { rowToPassage } from "@shared/csv";
import { duplicateName } from "@shared/prompt-limits";
import {
  type ApiFeedbackRow,
  type ApiMemory,
  type createMemorySchema,
  isMaskedSecret,
  MEMORY_LIMITS,
  type updateMemorySchema,
} from "@shared/schemas/memories";
import { MEMORY_TEXTS as TX } from "@shared/texts/memories";
import { type Db, runBatch, type Statement } from "@worker/db/client";
import { decryptSecret, encryptSecret, maskSecret } from "@worker/lib/crypto";
import { badRequest, HttpError, notFound } from "@worker/lib/http-error";
import { type CsvUpload, parseCsvUpload } from "@worker/lib/csv-upload";
import { AirtableError, listAllRecords } from "@worker/providers/airtable";
import type { SessionUser } from "@worker/types";
import { type ActiveAccount, requireAccount } from "../accounts/context";
import { clipPassage, textPassages } from "./passages";
import * as repo from "./repo";

type CreateInput = z.output<typeof createMemorySchema>;
type UpdateInput = z.output<typeof updateMemorySchema>;

// What dataSource holds in the database for each kind of memory.
const storedCsvSource = z.object({
  kind: z.literal("csv"),
  objectKey: z.string(),
  fileName: z.string(),
  size: z.number(),
  rowCount: z.number(),
  columns: z.array(z.string()),
  separator: z.enum([",", ";"]),
  uploadedAt: z.string(),
});
const storedAirtableSource = z.object({
  kind: z.literal("airtable"),
  // AES-GCM ciphertext of the personal access token.
  apiKey: z.string(),
  apiKeyLast4: z.string(),
  baseId: z.string(),
  tableId: z.string(),
  viewId: z.string().nullable(),
  recordCount: z.number(),
});
type StoredCsvSource = z.infer<typeof storedCsvSource>;
type StoredAirtableSource = z.infer<typeof storedAirtableSource>;

const csvSourceOf = (m: repo.MemoryRow) => (m.dataType === "csv" ? (storedCsvSource.safeParse(m.dataSource).data ?? null) : null);
const airtableSourceOf = (m: repo.MemoryRow) =>
  m.dataType === "airtable" ? (storedAirtableSource.safeParse(m.dataSource).data ?? null) : null;

export function toApiMemory(m: repo.MemoryRow, userId: string): ApiMemory {
  const csv = csvSourceOf(m);
  const airtable = airtableSourceOf(m);
  return {
    id: m.id,
    twilioAccountId: m.twilioAccountId,
    name: m.name,
    content: m.content,
    memoryType: m.memoryType === "feedback" ? "feedback" : "standard",
    dataType: m.memoryType === "feedback" ? "feedback" : (m.dataType as ApiMemory["dataType"]),
    dataSource: csv
      ? {
          kind: "csv",
          fileName: csv.fileName,
          size: csv.size,
          rowCount: csv.rowCount,
          columns: csv.columns.slice(0, MEMORY_LIMITS.cardColumns),
          columnCount: csv.columns.length,
          separator: csv.separator,
          uploadedAt: csv.uploadedAt,
        }
      : airtable
        ? {
            kind: "airtable",
            apiKey: maskSecret(airtable.apiKeyLast4),
            baseId: airtable.baseId,
            tableId: airtable.tableId,
            viewId: airtable.viewId,
            recordCount: airtable.recordCount,
          }
        : null,
    visibility: m.visibility === "public" ? "public" : "private",
    linkedTemplates: m.linkedTemplates,
    allConversations: m.allConversations,
    isActive: m.isActive,
    isOwn: m.userId === userId,
    passageCount: m.passageCount,
    lastSyncAt: m.lastSyncAt?.toISOString() ?? null,
    syncError: m.syncError,
    createdAt: m.createdAt.toISOString(),
    updatedAt: m.updatedAt.toISOString(),
  };
}

export async function listMemories(db: Db, user: SessionUser, active: ActiveAccount, page: { limit: number; before?: string }) {
  return active ? repo.listVisibleMemories(db, active.account.id, user.id, page) : { memories: [], nextCursor: null };
}

// A memory of an account the user belongs to, and private ones only for their author; 404 otherwise.
export async function getMemoryForUser(db: Db, user: SessionUser, id: string) {
  const memory = await repo.findMemoryForUser(db, id, user);
  if (!memory) throw notFound(TX.notFound);
  return memory;
}

async function storedAirtable(env: Env, input: NonNullable<CreateInput["airtable"]>, previous: StoredAirtableSource | null) {
  const keepKey = !input.apiKey || isMaskedSecret(input.apiKey);
  if (keepKey && !previous) throw badRequest(TX.airtableKeyMissing, [{ path: "dataSource.apiKey", message: TX.airtableKeyMissing }]);
  const source: StoredAirtableSource = {
    kind: "airtable",
    apiKey: keepKey ? previous!.apiKey : await encryptSecret(input.apiKey, env.ENCRYPTION_KEY),
    apiKeyLast4: keepKey ? previous!.apiKeyLast4 : input.apiKey.slice(-4),
    baseId: input.baseId,
    tableId: input.tableId,
    viewId: input.viewId,
    recordCount: previous?.recordCount ?? 0,
  };
  const changed =
    !previous ||
    !keepKey ||
    previous.baseId !== source.baseId ||
    previous.tableId !== source.tableId ||
    previous.viewId !== source.viewId;
  return { source, changed };
}

export async function createMemory(env: Env, db: Db, user: SessionUser, active: ActiveAccount, input: CreateInput) {
  const { account } = requireAccount(active);
  const now = new Date();
  const airtable = input.airtable ? (await storedAirtable(env, input.airtable, null)).source : null;
  const memory = await repo.insertMemory(db, {
    userId: user.id,
    twilioAccountId: account.id,
    name: input.name,
    content: input.content,
    memoryType: input.memoryType,
    dataType: input.dataType,
    dataSource: airtable,
    visibility: input.visibility,
    linkedTemplates: input.linkedTemplates,
    allConversations: input.allConversations,
    isActive: input.isActive,
    createdAt: now,
    updatedAt: now,
  });
  if (memory.memoryType === "standard" && memory.dataType === "text") {
    await repo.replacePassages(db, memory.id, textPassages(memory.content), { indexedAt: now, updatedAt: now });
  }
  // The first sync runs at once; a bad key or table is stored for the card rather than refusing the save.
  if (airtable) await runSync(env, db, memory);
  return (await repo.findMemory(db, memory.id))!;
}

export async function updateMemory(env: Env, db: Db, user: SessionUser, id: string, input: UpdateInput) {
  const memory = await getMemoryForUser(db, user, id);
  const now = new Date();
  const memoryType = input.memoryType ?? memory.memoryType;
  const dataType = memoryType === "feedback" ? "text" : (input.dataType ?? memory.dataType);
  if (input.airtable && dataType !== "airtable") throw badRequest(TX.notAirtable);
  const typeChanged = memoryType !== memory.memoryType || dataType !== memory.dataType;
  const content = input.content ?? memory.content;

  const changes: Partial<repo.MemoryRow> = {
    name: input.name,
    content: input.content,
    visibility: input.visibility,
    linkedTemplates: input.linkedTemplates,
    allConversations: input.allConversations,
    isActive: input.isActive,
    memoryType,
    dataType,
    updatedAt: now,
  };
  let passages: string[] | null = null;
  let needsSync = false;
  if (memoryType === "feedback") {
    if (typeChanged) passages = [];
  } else if (dataType === "text") {
    // indexed_at moves with updated_at so the passages are never considered stale after an edit.
    changes.indexedAt = now;
    if (typeChanged || content !== memory.content) passages = textPassages(content);
  } else if (typeChanged) {
    passages = [];
  }
  if (typeChanged) {
    changes.dataSource = null;
    changes.lastSyncAt = null;
    changes.syncError = null;
  }
  if (dataType === "airtable" && input.airtable) {
    const stored = await storedAirtable(env, input.airtable, typeChanged ? null : airtableSourceOf(memory));
    changes.dataSource = stored.source;
    needsSync = stored.changed;
  } else if (dataType === "airtable" && typeChanged) {
    throw badRequest(TX.airtableRequired, [{ path: "dataSource", message: TX.airtableRequired }]);
  }

  const statements: Statement[] =
    passages === null ? [repo.updateMemoryStatement(db, id, changes)] : repo.replacePassagesStatements(db, id, passages, changes);
  await runBatch(db, statements);
  const oldCsv = csvSourceOf(memory);
  if (typeChanged && oldCsv) await env.UPLOADS.delete(oldCsv.objectKey);
  const updated = (await repo.findMemory(db, id))!;
  if (needsSync) await runSync(env, db, updated);
  return (await repo.findMemory(db, id))!;
}

export async function deleteMemory(env: Env, db: Db, user: SessionUser, id: string) {
  const memory = await getMemoryForUser(db, user, id);
  await repo.deleteMemory(db, id);
  const csv = csvSourceOf(memory);
  if (csv) await env.UPLOADS.delete(csv.objectKey);
}

// A copy, inactive, named "<name>_copy", with no linked templates (spec part 1 §4); its knowledge
// (passages, CSV file, Airtable configuration) comes along, feedback rows do not.
export async function duplicateMemory(env: Env, db: Db, user: SessionUser, id: string) {
  const source = await getMemoryForUser(db, user, id);
  const now = new Date();
  const copyId = crypto.randomUUID();
  let dataSource = source.dataSource;
  const csv = csvSourceOf(source);
  if (csv) {
    const object = await env.UPLOADS.get(csv.objectKey);
    const objectKey = csvObjectKey(source.twilioAccountId, copyId);
    if (object) await env.UPLOADS.put(objectKey, await object.arrayBuffer(), { httpMetadata: object.httpMetadata });
    dataSource = { ...csv, objectKey };
  }
  const passagesCopied = source.memoryType === "standard";
  await runBatch(db, [
    repo.insertMemoryStatement(db, {
      id: copyId,
      userId: user.id,
      twilioAccountId: source.twilioAccountId,
      name: duplicateName(source.name, MEMORY_LIMITS.nameMax),
      content: source.content,
      memoryType: source.memoryType,
      dataType: source.dataType,
      dataSource,
      visibility: source.visibility,
      linkedTemplates: [],
      isActive: false,
      indexedAt: passagesCopied ? now : null,
      passageCount: passagesCopied ? source.passageCount : 0,
      passageChars: passagesCopied ? source.passageChars : 0,
      lastSyncAt: source.lastSyncAt,
      syncError: source.syncError,
      createdAt: now,
      updatedAt: now,
    }),
    ...(passagesCopied ? [repo.copyPassagesStatement(db, source.id, copyId)] : []),
  ]);
  return (await repo.findMemory(db, copyId))!;
}

export async function feedbackRows(db: Db, user: SessionUser, id: string): Promise<ApiFeedbackRow[]> {
  const memory = await getMemoryForUser(db, user, id);
  if (memory.memoryType !== "feedback") return [];
  const rows = await repo.listFeedback(db, id);
  return rows.map((r) => ({
    id: r.id,
    phoneNumber: r.phoneNumber,
    positiveItems: r.positiveItems,
    negativeItems: r.negativeItems,
    lastUpdated: r.lastUpdated.toISOString(),
  }));
}

const csvObjectKey = (accountId: string, memoryId: string) => `memories/${accountId}/${memoryId}.csv`;

// A CSV file becomes the memory's knowledge: one passage per row, "col: value; col: value".
export async function uploadCsv(env: Env, db: Db, user: SessionUser, id: string, upload: CsvUpload) {
  const memory = await getMemoryForUser(db, user, id);
  if (memory.memoryType !== "standard" || memory.dataType !== "csv") throw badRequest(TX.notCsv);
  const parsed = parseCsvUpload(upload.text);
  const objectKey = csvObjectKey(memory.twilioAccountId, memory.id);
  await env.UPLOADS.put(objectKey, upload.original, { httpMetadata: { contentType: "text/csv; charset=utf-8" } });
  const now = new Date();
  const source: StoredCsvSource = {
    kind: "csv",
    objectKey,
    fileName: upload.fileName || "memoria.csv",
    size: upload.size,
    rowCount: parsed.rows.length,
    columns: parsed.columns,
    separator: parsed.separator,
    uploadedAt: now.toISOString(),
  };
  const texts = parsed.rows.map((row) => clipPassage(rowToPassage(parsed.columns, row))).filter(Boolean);
  await repo.replacePassages(db, memory.id, texts, { dataSource: source, lastSyncAt: now, syncError: null, indexedAt: now, updatedAt: now });
  return (await repo.findMemory(db, memory.id))!;
}

export async function downloadCsv(env: Env, db: Db, user: SessionUser, id: string) {
  const memory = await getMemoryForUser(db, user, id);
  const csv = csvSourceOf(memory);
  const object = csv ? await env.UPLOADS.get(csv.objectKey) : null;
  if (!csv || !object) throw notFound(TX.csvNotUploaded);
  return { object, fileName: csv.fileName };
}

// One Airtable record as a passage: "Field: value; Field: value", lists joined, attachments by name.
export function recordToPassage(fields: Record<string, unknown>): string {
  const show = (value: unknown): string => {
    if (value === null || value === undefined) return "";
    if (typeof value === "string") return value.replace(/\s+/g, " ").trim();
    if (typeof value === "number" || typeof value === "boolean") return String(value);
    if (Array.isArray(value)) return value.map(show).filter(Boolean).join(", ");
    if (typeof value === "object") {
      const o = value as Record<string, unknown>;
      for (const key of ["name", "filename", "email", "text", "url"]) if (typeof o[key] === "string") return show(o[key]);
      return JSON.stringify(value);
    }
    return "";
  };
  return Object.entries(fields)
    .map(([key, value]) => {
      const shown = show(value);
      return shown ? `${key}: ${shown}` : null;
    })
    .filter(Boolean)
    .join("; ");
}

const SYNC_STATUS: Record<AirtableError["kind"], 400 | 502> = {
  auth: 400,
  forbidden: 400,
  not_found: 400,
  invalid: 400,
  rate_limited: 502,
  unavailable: 502,
};

// Fetches every record and caches them as passages with the sync time. On failure the last good
// passages stay in use and the error is stored for the card.
async function runSync(env: Env, db: Db, memory: repo.MemoryRow): Promise<AirtableError | null> {
  const source = airtableSourceOf(memory);
  if (!source) throw badRequest(TX.notAirtable);
  const apiKey = await decryptSecret(source.apiKey, env.ENCRYPTION_KEY);
  let records;
  try {
    records = await listAllRecords(env, { apiKey, baseId: source.baseId, tableId: source.tableId, viewId: source.viewId });
  } catch (err) {
    if (!(err instanceof AirtableError)) throw err;
    await runBatch(db, [repo.updateMemoryStatement(db, memory.id, { syncError: err.message })]);
    return err;
  }
  const now = new Date();
  const texts = records.map((r) => clipPassage(recordToPassage(r.fields))).filter(Boolean);
  await repo.replacePassages(db, memory.id, texts, {
    dataSource: { ...source, recordCount: records.length },
    lastSyncAt: now,
    syncError: null,
    indexedAt: now,
  });
  return null;
}

export async function syncAirtable(env: Env, db: Db, user: SessionUser, id: string) {
  const memory = await getMemoryForUser(db, user, id);
  const error = await runSync(env, db, memory);
  if (error) throw new HttpError(SYNC_STATUS[error.kind], error.message, { airtableStatus: error.status ?? null });
  return (await repo.findMemory(db, id))!;
}

// The feedback memory linked to the template (or to every conversation of the account), if any.
export function feedbackMemoryFor(db: Db, accountId: string, templateSid: string | null) {
  return repo.findFeedbackMemory(db, accountId, templateSid);
}
