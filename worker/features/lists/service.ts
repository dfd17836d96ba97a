import type { z } from "zod";
import type { JobMessage } from "@shared/jobs";
import { DEFAULT_COUNTRY } from "@shared/phone";
import { type AirtableListConfig, type ApiList, type ApiListFields, type ApiListImport, type ApiListLead, type ApiListLeadsPage, type createListSchema, type CsvListConfig, type fieldMappingSchema, type listLeadSchema, type listLeadsQuerySchema, STANDARD_FIELDS, type StandardFieldKey, suggestMapping } from "@shared/schemas/lists";
import { T } from "@shared/strings";
import { LEAD_TEXTS } from "@shared/texts/leads";
import { LIST_TEXTS as TX } from "@shared/texts/lists";
import type { Db } from "@worker/db/client";
import { decryptSecret, encryptSecret, maskSecret } from "@worker/lib/crypto";
import { accountPhone } from "@worker/lib/account-phone";
import { badRequest, conflict, HttpError, notFound } from "@worker/lib/http-error";
import { type CsvUpload, parseCsvUpload } from "@worker/lib/csv-upload";
import { AirtableError, listTableFields } from "@worker/providers/airtable";
import type { SessionUser } from "@worker/types";
import { type ActiveAccount, requireAccount } from "../accounts/context";
import { findAccount } from "../accounts/repo";
import { airtableJob, csvChunkCount } from "./importer";
import * as repo from "./repo";

type CreateInput = z.output<typeof createListSchema>;
type MappingInput = z.output<typeof fieldMappingSchema>;
type LeadInput = z.output<typeof listLeadSchema>;
type LeadsQuery = z.output<typeof listLeadsQuerySchema>;

// What the lists table keeps in config: the Airtable key encrypted, or where the uploaded CSV lives.
interface StoredAirtableConfig {
  apiKey: string;
  apiKeyLast4: string;
  baseId: string;
  tableId: string;
  viewId: string | null;
}
interface StoredCsvConfig {
  fileKey: string | null;
  fileName: string | null;
  columns: string[];
  rowCount: number;
  uploadedAt: string | null;
}

const INVALID_ROWS_SHOWN = 100;
// A running import that has not reported for this long is considered dead.
const STALE_IMPORT_MS = 10 * 60_000;
const SEND_BATCH_MAX = 100;

function publicConfig(list: repo.ListRow): AirtableListConfig | CsvListConfig | null {
  const config = list.config as Partial<StoredAirtableConfig & StoredCsvConfig> | null;
  if (!config) return null;
  if (list.source === "airtable") {
    return { baseId: config.baseId ?? "", tableId: config.tableId ?? "", viewId: config.viewId ?? null, apiKey: maskSecret(config.apiKeyLast4 ?? "") };
  }
  return { fileName: config.fileName ?? null, columns: config.columns ?? [], rowCount: config.rowCount ?? 0, uploadedAt: config.uploadedAt ?? null };
}

export function toApiImport(imp: repo.ImportRow, invalidRows: repo.InvalidRow[] = []): ApiListImport {
  return {
    id: imp.id,
    source: imp.source,
    status: imp.status,
    total: imp.total,
    processed: imp.processed,
    created: imp.created,
    updated: imp.updated,
    unchanged: imp.unchanged,
    invalid: imp.invalid,
    deactivated: imp.deactivated,
    count: imp.created + imp.updated + imp.unchanged,
    error: imp.error,
    invalidRows,
    startedAt: imp.startedAt.toISOString(),
    finishedAt: imp.finishedAt?.toISOString() ?? null,
  };
}

function toApiList(list: repo.ListRow, leadCount: number, lastImport: ApiListImport | null): ApiList {
  return {
    id: list.id,
    twilioAccountId: list.twilioAccountId,
    name: list.name,
    source: list.source,
    listType: list.listType,
    config: publicConfig(list),
    fieldMapping: (list.fieldMapping ?? {}) as Partial<Record<StandardFieldKey, string>>,
    isActive: list.isActive,
    createdAt: list.createdAt.toISOString(),
    lastSyncAt: list.lastSyncAt?.toISOString() ?? null,
    syncInterval: list.syncInterval,
    nextSyncAt: list.nextSyncAt?.toISOString() ?? null,
    leadCount,
    lastImport,
  };
}

function toApiListLead(l: repo.ListLeadRow): ApiListLead {
  return {
    id: l.id,
    listId: l.listId,
    nome: l.nome,
    cognome: l.cognome,
    numeroTelefono: l.numeroTelefono,
    email: l.email,
    professione: l.professione,
    note: l.note,
    externalId: l.externalId,
    funnelStatus: l.funnelStatus,
    isActive: l.isActive,
    importedAt: l.importedAt.toISOString(),
  };
}

async function importSummary(db: Db, imp: repo.ImportRow | undefined) {
  if (!imp) return null;
  return toApiImport(imp, imp.invalid > 0 ? await repo.invalidRowsOf(db, imp.id, INVALID_ROWS_SHOWN) : []);
}

// A list the user may see (its account is one of theirs), else 404.
export async function getListForUser(db: Db, user: SessionUser, id: string) {
  const list = await repo.findListForUser(db, id, user);
  if (!list) throw notFound(TX.notFound);
  return list;
}

export async function listForActiveAccount(db: Db, active: ActiveAccount): Promise<ApiList[]> {
  if (!active) return [];
  const rows = await repo.listLists(db, active.account.id);
  const imports = new Map((await repo.latestImports(db, rows.map((r) => r.list.id))).map((i) => [i.listId, i]));
  return Promise.all(rows.map(async ({ list, leadCount }) => toApiList(list, Number(leadCount), await importSummary(db, imports.get(list.id)))));
}

export async function getList(db: Db, user: SessionUser, id: string): Promise<ApiList> {
  const list = await getListForUser(db, user, id);
  const [imp] = await repo.latestImports(db, [id]);
  return toApiList(list, await repo.countLeads(db, id), await importSummary(db, imp));
}

export async function createList(env: Env, db: Db, user: SessionUser, active: ActiveAccount, input: CreateInput): Promise<ApiList> {
  const { account } = requireAccount(active);
  let config: StoredAirtableConfig | StoredCsvConfig;
  if (input.source === "airtable") {
    const c = input.config!;
    config = {
      apiKey: await encryptSecret(c.apiKey, env.ENCRYPTION_KEY),
      apiKeyLast4: c.apiKey.slice(-4),
      baseId: c.baseId,
      tableId: c.tableId,
      viewId: c.viewId || null,
    };
  } else {
    config = { fileKey: null, fileName: null, columns: [], rowCount: 0, uploadedAt: null };
  }
  const list = await repo.insertList(db, {
    userId: user.id,
    twilioAccountId: account.id,
    name: input.name,
    listType: input.listType,
    source: input.source,
    config: config as unknown as Record<string, unknown>,
    fieldMapping: {},
    isActive: input.isActive,
    syncInterval: input.syncInterval,
  });
  return toApiList(list, 0, null);
}

async function deleteFiles(env: Env, listId: string) {
  let cursor: string | undefined;
  do {
    const page = await env.UPLOADS.list({ prefix: `lists/${listId}/`, cursor });
    if (page.objects.length) await env.UPLOADS.delete(page.objects.map((o) => o.key));
    cursor = page.truncated ? page.cursor : undefined;
  } while (cursor);
}

export async function deleteList(env: Env, db: Db, user: SessionUser, id: string) {
  await getListForUser(db, user, id);
  await repo.deleteList(db, id);
  await deleteFiles(env, id);
}

export async function uploadCsv(env: Env, db: Db, user: SessionUser, id: string, upload: CsvUpload): Promise<ApiList> {
  const list = await getListForUser(db, user, id);
  if (list.source !== "csv") throw badRequest(TX.csvOnlyForCsvLists);
  const { text, fileName } = upload;
  const parsed = parseCsvUpload(text);
  const previous = list.config as Partial<StoredCsvConfig> | null;
  const running = await repo.runningImport(db, id);
  const fileKey = `lists/${id}/${crypto.randomUUID()}.csv`;
  await env.UPLOADS.put(fileKey, text, { httpMetadata: { contentType: "text/csv; charset=utf-8" } });
  const config: StoredCsvConfig = {
    fileKey,
    fileName: fileName?.trim() || "lista.csv",
    columns: parsed.columns,
    rowCount: parsed.rows.length,
    uploadedAt: new Date().toISOString(),
  };
  // Mapped columns that the new file lacks are dropped; the rest of the mapping stays.
  const mapping = Object.fromEntries(Object.entries(list.fieldMapping ?? {}).filter(([, column]) => parsed.columns.includes(column)));
  const updated = await repo.updateList(db, id, { config: config as unknown as Record<string, unknown>, fieldMapping: mapping });
  // A running import still reads the previous file; it is removed with the list.
  if (previous?.fileKey && running?.fileKey !== previous.fileKey) await env.UPLOADS.delete(previous.fileKey);
  return getList(db, user, updated!.id);
}

export async function getFields(env: Env, db: Db, user: SessionUser, id: string): Promise<ApiListFields> {
  const list = await getListForUser(db, user, id);
  let availableFields: string[];
  if (list.source === "airtable") {
    const config = list.config as unknown as StoredAirtableConfig;
    let apiKey: string;
    try {
      apiKey = await decryptSecret(config.apiKey, env.ENCRYPTION_KEY);
    } catch {
      throw new HttpError(502, TX.fieldsErrorAirtable, { reason: TX.airtableKeyUnreadable });
    }
    try {
      availableFields = await listTableFields(env, { apiKey, baseId: config.baseId, tableId: config.tableId, viewId: config.viewId });
    } catch (err) {
      if (err instanceof AirtableError) throw new HttpError(502, TX.fieldsErrorAirtable, { reason: err.message });
      throw err;
    }
  } else {
    availableFields = (list.config as Partial<StoredCsvConfig> | null)?.columns ?? [];
  }
  return {
    availableFields,
    standardFields: STANDARD_FIELDS.map((f) => ({ key: f.key, label: f.label, required: f.required })),
    suggestedMapping: suggestMapping(availableFields),
  };
}

export async function getMapping(db: Db, user: SessionUser, id: string) {
  const list = await getListForUser(db, user, id);
  return { fieldMapping: list.fieldMapping ?? {} };
}

async function ensureNoRunningImport(db: Db, listId: string) {
  await repo.failStaleImports(db, listId, new Date(Date.now() - STALE_IMPORT_MS), TX.staleImport);
  if (await repo.runningImport(db, listId)) throw conflict(TX.importRunningConflict);
}

function checkCsvReady(list: repo.ListRow, mapping: Record<string, string>) {
  if (list.source !== "csv") return;
  const config = list.config as Partial<StoredCsvConfig> | null;
  if (!config?.fileKey) throw badRequest(TX.csvMissing);
  for (const column of Object.values(mapping)) {
    if (!config.columns?.includes(column)) throw badRequest(TX.mappingUnknownColumn(column), [{ path: "fieldMapping", message: TX.mappingUnknownColumn(column) }]);
  }
}

// Saving the mapping starts an import with it (spec part 2 §4).
export async function saveMapping(env: Env, db: Db, user: SessionUser, id: string, input: MappingInput) {
  const list = await getListForUser(db, user, id);
  checkCsvReady(list, input.fieldMapping);
  await ensureNoRunningImport(db, id);
  // A new mapping drops the field ids kept for the old one; the import resolves them again.
  const config = list.source === "airtable" && list.config ? { ...list.config, fieldIds: {} } : list.config;
  const updated = await repo.updateList(db, id, { fieldMapping: input.fieldMapping, config });
  const started = await enqueueImport(env, db, updated!, user);
  return { fieldMapping: input.fieldMapping, import: started };
}

export async function startImport(env: Env, db: Db, user: SessionUser, id: string) {
  const list = await getListForUser(db, user, id);
  const mapping = list.fieldMapping ?? {};
  if (!mapping.numeroTelefono) throw badRequest(TX.mappingPhoneRequired, [{ path: "fieldMapping.numeroTelefono", message: TX.mappingPhoneRequired }]);
  checkCsvReady(list, mapping);
  await ensureNoRunningImport(db, id);
  return enqueueImport(env, db, list, user);
}

// Creates the import and queues its jobs: every CSV chunk at once (their rows are known), or the
// first Airtable chunk, which passes the cursor on.
async function enqueueImport(env: Env, db: Db, list: repo.ListRow, user: Pick<SessionUser, "id">): Promise<ApiListImport> {
  const csv = list.source === "csv" ? (list.config as unknown as StoredCsvConfig) : null;
  const chunks = csv ? csvChunkCount(csv.rowCount) : null;
  const imp = await repo.insertImport(db, {
    listId: list.id,
    twilioAccountId: list.twilioAccountId,
    userId: user.id,
    source: list.source,
    status: "queued",
    mapping: (list.fieldMapping ?? {}) as Record<string, string>,
    fileKey: csv?.fileKey ?? null,
    total: csv ? csv.rowCount : null,
    chunksTotal: chunks,
  });
  try {
    if (chunks !== null) {
      const jobs: JobMessage[] = Array.from({ length: chunks }, (_, chunk) => ({
        kind: "list.import.csv",
        importId: imp.id,
        chunk,
        idempotencyKey: `list.import.csv:${imp.id}:${chunk}`,
      }));
      for (let i = 0; i < jobs.length; i += SEND_BATCH_MAX) await env.JOBS.sendBatch(jobs.slice(i, i + SEND_BATCH_MAX).map((body) => ({ body })));
    } else {
      await env.JOBS.send(airtableJob(imp.id, 0, null));
    }
  } catch (err) {
    await repo.failImport(db, imp.id, TX.importErrorDefault);
    throw err;
  }
  return toApiImport(imp);
}

export async function setSyncInterval(db: Db, user: SessionUser, id: string, syncInterval: number): Promise<ApiList> {
  const list = await getListForUser(db, user, id);
  if (list.listType !== "dynamic" || list.source !== "airtable") throw badRequest(TX.syncDynamicOnly);
  // The next sync follows the new interval from the last one.
  const nextSyncAt = list.lastSyncAt ? new Date(list.lastSyncAt.getTime() + syncInterval * 60_000) : null;
  await repo.updateList(db, id, { syncInterval, nextSyncAt });
  return getList(db, user, id);
}

const SYNCS_PER_TICK = 20;

// Each cron tick re-imports the dynamic Airtable lists that are due, through the same queued import
// as the console's (same limits and retries). A list with an import still running waits for the next.
export async function startDueListSyncs(env: Env, db: Db, now: Date) {
  for (const list of await repo.dueSyncLists(db, now, SYNCS_PER_TICK)) {
    if (!(await repo.claimSync(db, list, now))) continue;
    await repo.failStaleImports(db, list.id, new Date(now.getTime() - STALE_IMPORT_MS), TX.staleImport);
    if (await repo.runningImport(db, list.id)) continue;
    await enqueueImport(env, db, list, { id: list.userId }).catch((err) => console.error("lists: scheduled sync could not start", list.id, err));
  }
}

export async function getImport(db: Db, user: SessionUser, listId: string, importId: string) {
  await getListForUser(db, user, listId);
  const imp = await repo.findImport(db, importId);
  if (!imp || imp.listId !== listId) throw notFound(TX.notFound);
  return (await importSummary(db, imp))!;
}

export async function leadsPage(db: Db, user: SessionUser, id: string, query: LeadsQuery): Promise<ApiListLeadsPage> {
  await getListForUser(db, user, id);
  const { rows, total } = await repo.listLeadsPage(db, id, query.search || undefined, query.page, query.pageSize);
  return { leads: rows.map(toApiListLead), total, page: query.page, pageSize: query.pageSize };
}

export async function addLead(db: Db, user: SessionUser, id: string, input: LeadInput): Promise<ApiListLead> {
  const list = await getListForUser(db, user, id);
  const account = await findAccount(db, list.twilioAccountId);
  const phone = accountPhone(input.numeroTelefono, account ?? { phoneCountry: DEFAULT_COUNTRY }, "numeroTelefono", TX.numeroInvalid);
  if (await repo.findListLeadByPhone(db, id, phone)) throw conflict(T.phoneAlreadyListed);
  const row = await repo.insertListLead(db, {
    listId: id,
    nome: input.nome,
    cognome: input.cognome,
    numeroTelefono: phone,
    email: input.email || null,
    professione: input.professione || null,
    note: input.note || null,
    externalId: phone,
    originalData: { nome: input.nome, cognome: input.cognome, numeroTelefono: phone },
  });
  return toApiListLead(row);
}

export async function deleteLead(db: Db, user: SessionUser, id: string, leadId: string) {
  await getListForUser(db, user, id);
  const lead = await repo.findListLead(db, id, leadId);
  if (!lead) throw notFound(LEAD_TEXTS.leadNotFound);
  await repo.deleteListLead(db, leadId);
}
