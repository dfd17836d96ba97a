// Airtable's Web API: list a table's records page by page (pageSize 100, offset cursor) and read a
// base's schema. Every request to a base, from any import or sync, takes a slot from one pacer per
// base (the SENDER_LIMITER Durable Object keyed `airtable:<baseId>`): at most 5 requests per second,
// and after a 429 no request to that base for Airtable's 30 s penalty.

import { AIRTABLE_TEXTS } from "@shared/texts/airtable";

export interface AirtableConfig {
  apiKey: string;
  baseId: string;
  tableId: string;
  viewId?: string | null;
}

export interface AirtableRecord {
  id: string;
  createdTime?: string;
  fields: Record<string, unknown>;
}

export type AirtableErrorKind = "auth" | "forbidden" | "not_found" | "invalid" | "rate_limited" | "unavailable";

export class AirtableError extends Error {
  constructor(
    readonly kind: AirtableErrorKind,
    message: string,
    readonly status: number | undefined,
    // For rate_limited: when the base takes requests again. Queue jobs retry after it.
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
  }
}

const PAGE_SIZE = 100;
// Airtable allows 5 requests per second and counts them as they arrive: slots 10% wider leave room
// for a request that leaves a little late right before one that leaves on time.
const REQUESTS_PER_SECOND = 4.5;
// Airtable refuses every request to a base for 30 s after a 429.
export const AIRTABLE_PENALTY_MS = 30_000;
// A slot further away than this is not waited for inside a request or job: the caller retries later.
const MAX_INLINE_WAIT_MS = 2_000;
const REQUEST_TIMEOUT_MS = 15_000;
export const AIRTABLE_MAX_PAGES = 100;
// A listing whose offset expired is started again from the first page, this many times at most.
const MAX_RESTARTS = 2;

type AirtableEnv = Pick<Env, "AIRTABLE_API_BASE" | "SENDER_LIMITER">;

// Airtable's answer when a listing's offset has expired (422 LIST_RECORDS_ITERATOR_NOT_AVAILABLE).
async function offsetExpired(response: Response) {
  if (response.status !== 422) return false;
  const text = await response.clone().text().catch(() => "");
  return text.includes("LIST_RECORDS_ITERATOR_NOT_AVAILABLE");
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function errorDetail(response: Response): Promise<string> {
  const text = await response.text().catch(() => "");
  try {
    const body = JSON.parse(text) as { error?: { message?: string; type?: string } | string };
    if (typeof body.error === "string") return body.error;
    return body.error?.message ?? body.error?.type ?? `stato ${response.status}`;
  } catch {
    return text.slice(0, 200) || `stato ${response.status}`;
  }
}

async function failure(response: Response): Promise<AirtableError> {
  switch (response.status) {
    case 401:
      return new AirtableError("auth", AIRTABLE_TEXTS.auth, 401);
    case 403:
      return new AirtableError("forbidden", AIRTABLE_TEXTS.forbidden, 403);
    case 404:
      return new AirtableError("not_found", AIRTABLE_TEXTS.notFound, 404);
    case 422:
      return new AirtableError("invalid", AIRTABLE_TEXTS.invalid(await errorDetail(response)), 422);
    case 429:
      return new AirtableError("rate_limited", AIRTABLE_TEXTS.rateLimited, 429, AIRTABLE_PENALTY_MS / 1000);
    default:
      return new AirtableError("unavailable", AIRTABLE_TEXTS.unavailable(await errorDetail(response)), response.status);
  }
}

const apiBase = (env: Pick<Env, "AIRTABLE_API_BASE">) => (env.AIRTABLE_API_BASE || "https://api.airtable.com").replace(/\/+$/, "");

// The one way to call Airtable: a slot from the base's shared pacer, then the request. A 429 holds
// the whole base for the penalty and is not retried here: queue jobs come back through the retry delay.
async function airtableGet(env: AirtableEnv, config: AirtableConfig, url: string): Promise<Response> {
  const limiter = env.SENDER_LIMITER.get(env.SENDER_LIMITER.idFromName(`airtable:${config.baseId}`));
  const wait = await limiter.reserve(REQUESTS_PER_SECOND, MAX_INLINE_WAIT_MS);
  if (wait > MAX_INLINE_WAIT_MS) {
    const seconds = Math.ceil(wait / 1000);
    throw new AirtableError("rate_limited", AIRTABLE_TEXTS.rateLimitedFor(seconds), undefined, seconds);
  }
  if (wait > 0) await sleep(wait);
  let response: Response;
  try {
    response = await fetch(url, { headers: { Authorization: `Bearer ${config.apiKey}` }, signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
  } catch (err) {
    throw new AirtableError("unavailable", AIRTABLE_TEXTS.unavailable((err as Error).message), undefined);
  }
  if (response.status === 429) {
    await response.body?.cancel();
    await limiter.holdFor(AIRTABLE_PENALTY_MS);
  }
  return response;
}

async function jsonBody<T>(response: Response): Promise<T> {
  try {
    return (await response.json()) as T;
  } catch {
    throw new AirtableError("unavailable", AIRTABLE_TEXTS.unavailable("risposta non valida"), response.status);
  }
}

// One page of records. An offset Airtable says has expired starts the listing again from the first
// page (restarted: true), so callers that hand the cursor on keep going instead of failing.
// byFieldId: the records' fields come keyed by field id (returnFieldsByFieldId), which a rename
// does not change.
export async function listRecordsPage(
  env: AirtableEnv,
  config: AirtableConfig,
  offset: string | null,
  opts: { byFieldId?: boolean } = {},
): Promise<{ records: AirtableRecord[]; offset: string | null; restarted: boolean }> {
  const pageUrl = (from: string | null) => {
    const params = new URLSearchParams({ pageSize: String(PAGE_SIZE) });
    if (opts.byFieldId) params.set("returnFieldsByFieldId", "true");
    if (config.viewId) params.set("view", config.viewId);
    if (from) params.set("offset", from);
    return `${apiBase(env)}/v0/${encodeURIComponent(config.baseId)}/${encodeURIComponent(config.tableId)}?${params}`;
  };
  let restarted = false;
  let response = await airtableGet(env, config, pageUrl(offset));
  if (offset && (await offsetExpired(response))) {
    await response.body?.cancel();
    restarted = true;
    response = await airtableGet(env, config, pageUrl(null));
  }
  if (!response.ok) throw await failure(response);
  const body = await jsonBody<{ records?: unknown; offset?: unknown }>(response);
  if (!Array.isArray(body.records)) throw new AirtableError("unavailable", AIRTABLE_TEXTS.unavailable("risposta senza record"), response.status);
  const records = (body.records as AirtableRecord[]).filter((r) => r && typeof r.id === "string" && r.fields && typeof r.fields === "object");
  return { records, offset: typeof body.offset === "string" && body.offset ? body.offset : null, restarted };
}

// Every record of the table (or view), in Airtable's order.
// byFieldId as in listRecordsPage.
export async function listAllRecords(env: AirtableEnv, config: AirtableConfig, maxPages = AIRTABLE_MAX_PAGES, opts: { byFieldId?: boolean } = {}): Promise<AirtableRecord[]> {
  let records: AirtableRecord[] = [];
  let offset: string | null = null;
  let restarts = 0;
  for (let page = 0; ; page++) {
    if (page >= maxPages) throw new AirtableError("invalid", AIRTABLE_TEXTS.tooManyRecords(maxPages * PAGE_SIZE), undefined);
    const result = await listRecordsPage(env, config, offset, opts);
    if (result.restarted) {
      // The cursor timed out mid-listing: the partial pages are dropped, the first one is read again.
      if (++restarts > MAX_RESTARTS) throw new AirtableError("unavailable", AIRTABLE_TEXTS.restartedTooOften, 422);
      records = [];
      page = 0;
    }
    records.push(...result.records);
    if (!result.offset) return records;
    offset = result.offset;
  }
}

export interface AirtableField {
  id: string;
  name: string;
}

// The table's fields (id and current name) from the base schema, GET /v0/meta/bases/{baseId}/tables;
// null when the token lacks the schema.bases:read scope.
export async function tableSchemaFields(env: AirtableEnv, config: AirtableConfig): Promise<AirtableField[] | null> {
  const response = await airtableGet(env, config, `${apiBase(env)}/v0/meta/bases/${encodeURIComponent(config.baseId)}/tables`);
  if (!response.ok) {
    const err = await failure(response);
    if (err.kind === "forbidden") return null;
    throw err;
  }
  const body = await jsonBody<{ tables?: { id?: string; name?: string; fields?: { id?: string; name?: string }[] }[] }>(response);
  const table = body.tables?.find((t) => t.id === config.tableId || t.name === config.tableId);
  if (!table) throw new AirtableError("not_found", AIRTABLE_TEXTS.notFound, 404);
  return (table.fields ?? []).filter((f): f is AirtableField => typeof f.id === "string" && typeof f.name === "string" && f.name.length > 0);
}

// The one rule for mappings of keys (a lead field) to Airtable column names, used by lists and lead
// sources: each mapped column is kept by field id beside its name (fieldIds, by mapping key), so a
// column renamed in Airtable still feeds the same key and the mapping shows its new name. A mapping
// saved before ids were kept, or whose id is gone, is resolved by name here (and gets its id).
export function followFieldRenames(
  mapping: Record<string, string>,
  storedIds: Record<string, string>,
  schema: AirtableField[],
): { fieldIds: Record<string, string>; mapping: Record<string, string> } {
  const idOf = new Map(schema.map((f) => [f.name, f.id]));
  const nameOf = new Map(schema.map((f) => [f.id, f.name]));
  const fieldIds: Record<string, string> = {};
  const current: Record<string, string> = {};
  for (const [key, name] of Object.entries(mapping)) {
    const stored = storedIds[key];
    const id = stored && nameOf.has(stored) ? stored : idOf.get(name);
    if (id) fieldIds[key] = id;
    current[key] = id ? nameOf.get(id)! : name;
  }
  return { fieldIds, mapping: current };
}

// Records listed by field id (byFieldId), keyed again by the table's current column names.
export function fieldsByCurrentName(records: AirtableRecord[], schema: AirtableField[]): AirtableRecord[] {
  const nameOf = new Map(schema.map((f) => [f.id, f.name]));
  for (const r of records) r.fields = Object.fromEntries(Object.entries(r.fields).map(([id, v]) => [nameOf.get(id) ?? id, v]));
  return records;
}

// Field names from the base schema. A token without the schema scope gets the names found in the
// first page of records instead.
export async function listTableFields(env: AirtableEnv, config: AirtableConfig): Promise<string[]> {
  const fields = await tableSchemaFields(env, config);
  if (fields) return fields.map((f) => f.name);
  const { records } = await listRecordsPage(env, config, null);
  const names = new Set<string>();
  for (const r of records) for (const name of Object.keys(r.fields)) names.add(name);
  return [...names];
}
