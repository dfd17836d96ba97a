// Airtable's Web API: list a table's records page by page (pageSize 100, offset cursor),
// at most 5 requests per second per base, retrying 429 with backoff.

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
  ) {
    super(message);
  }
}

export const AIRTABLE_TEXTS = {
  auth: "Airtable ha rifiutato la API Key (401): verifica che il personal access token sia corretto e non scaduto.",
  forbidden:
    "La API Key di Airtable non ha accesso a questa base o tabella (403): concedi al token lo scope data.records:read e l'accesso alla base.",
  notFound: "Base o tabella Airtable non trovata (404): verifica Base ID e Table ID.",
  invalid: (detail: string) => `Airtable ha rifiutato la richiesta: ${detail}. Verifica la vista (View ID) e la tabella.`,
  rateLimited: "Airtable ha limitato le richieste (429): riprova tra 30 secondi.",
  unavailable: (detail: string) => `Airtable non è raggiungibile: ${detail}`,
  tooManyRecords: (max: number) => `La tabella Airtable supera il limite di ${max} record: usa una vista (View ID) più ristretta.`,
} as const;

const PAGE_SIZE = 100;
const MIN_INTERVAL_MS = 200; // 5 requests per second
const MAX_RETRIES = 3;
const MAX_BACKOFF_MS = 10_000;
const REQUEST_TIMEOUT_MS = 15_000;
export const AIRTABLE_MAX_PAGES = 100;
// A listing whose offset expired is started again from the first page, this many times at most.
const MAX_RESTARTS = 2;

// Airtable's answer when a listing's offset has expired (422 LIST_RECORDS_ITERATOR_NOT_AVAILABLE).
async function offsetExpired(response: Response) {
  if (response.status !== 422) return false;
  const text = await response.clone().text().catch(() => "");
  return text.includes("LIST_RECORDS_ITERATOR_NOT_AVAILABLE");
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// Retry-After when Airtable sends it, else 1 s, 2 s, 4 s; never more than 10 s per wait.
function backoffMs(attempt: number, retryAfter: string | null): number {
  const seconds = retryAfter === null ? Number.NaN : Number(retryAfter);
  const wait = Number.isFinite(seconds) && seconds >= 0 ? seconds * 1000 : 1000 * 2 ** attempt;
  return Math.min(wait, MAX_BACKOFF_MS);
}

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
      return new AirtableError("rate_limited", AIRTABLE_TEXTS.rateLimited, 429);
    default:
      return new AirtableError("unavailable", AIRTABLE_TEXTS.unavailable(await errorDetail(response)), response.status);
  }
}

// Every record of the table (or view), in Airtable's order.
export async function listAllRecords(
  env: Pick<Env, "AIRTABLE_API_BASE">,
  config: AirtableConfig,
  maxPages = AIRTABLE_MAX_PAGES,
): Promise<AirtableRecord[]> {
  const base = (env.AIRTABLE_API_BASE || "https://api.airtable.com").replace(/\/+$/, "");
  const url = `${base}/v0/${encodeURIComponent(config.baseId)}/${encodeURIComponent(config.tableId)}`;
  let records: AirtableRecord[] = [];
  let offset: string | undefined;
  let lastRequestAt = 0;
  let restarts = 0;
  for (let page = 0; ; page++) {
    if (page >= maxPages) throw new AirtableError("invalid", AIRTABLE_TEXTS.tooManyRecords(maxPages * PAGE_SIZE), undefined);
    const params = new URLSearchParams({ pageSize: String(PAGE_SIZE) });
    if (config.viewId) params.set("view", config.viewId);
    if (offset) params.set("offset", offset);
    let response: Response | undefined;
    for (let attempt = 0; ; attempt++) {
      const wait = lastRequestAt + MIN_INTERVAL_MS - Date.now();
      if (wait > 0) await sleep(wait);
      lastRequestAt = Date.now();
      try {
        response = await fetch(`${url}?${params}`, {
          headers: { Authorization: `Bearer ${config.apiKey}` },
          signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
        });
      } catch (err) {
        throw new AirtableError("unavailable", AIRTABLE_TEXTS.unavailable((err as Error).message), undefined);
      }
      if (response.status !== 429 || attempt >= MAX_RETRIES) break;
      await response.body?.cancel();
      await sleep(backoffMs(attempt, response.headers.get("Retry-After")));
    }
    if (offset && restarts < MAX_RESTARTS && (await offsetExpired(response))) {
      // The cursor timed out mid-listing: start over rather than fail, dropping the partial pages.
      restarts++;
      records = [];
      offset = undefined;
      page = -1;
      continue;
    }
    if (!response.ok) throw await failure(response);
    let body: { records?: unknown; offset?: unknown };
    try {
      body = await response.json();
    } catch {
      throw new AirtableError("unavailable", AIRTABLE_TEXTS.unavailable("risposta non valida"), response.status);
    }
    if (!Array.isArray(body.records)) throw new AirtableError("unavailable", AIRTABLE_TEXTS.unavailable("risposta senza record"), response.status);
    for (const r of body.records as AirtableRecord[]) {
      if (r && typeof r.id === "string" && r.fields && typeof r.fields === "object") records.push(r);
    }
    if (typeof body.offset !== "string" || !body.offset) return records;
    offset = body.offset;
  }
}

// For list imports: one page at a time (a queue job reads a few, then hands the cursor on), and the
// table's field names from the schema API. The pacer carries the last request time between calls so
// one job never exceeds 5 requests per second.
export interface AirtablePacer {
  lastRequestAt: number;
}

async function pacedGet(url: string, apiKey: string, pacer: AirtablePacer): Promise<Response> {
  let response: Response;
  for (let attempt = 0; ; attempt++) {
    const wait = pacer.lastRequestAt + MIN_INTERVAL_MS - Date.now();
    if (wait > 0) await sleep(wait);
    pacer.lastRequestAt = Date.now();
    try {
      response = await fetch(url, { headers: { Authorization: `Bearer ${apiKey}` }, signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
    } catch (err) {
      throw new AirtableError("unavailable", AIRTABLE_TEXTS.unavailable((err as Error).message), undefined);
    }
    if (response.status !== 429 || attempt >= MAX_RETRIES) break;
    await response.body?.cancel();
    await sleep(backoffMs(attempt, response.headers.get("Retry-After")));
  }
  if (!response.ok) throw await failure(response);
  return response;
}

async function jsonBody<T>(response: Response): Promise<T> {
  try {
    return (await response.json()) as T;
  } catch {
    throw new AirtableError("unavailable", AIRTABLE_TEXTS.unavailable("risposta non valida"), response.status);
  }
}

const apiBase = (env: Pick<Env, "AIRTABLE_API_BASE">) => (env.AIRTABLE_API_BASE || "https://api.airtable.com").replace(/\/+$/, "");

export async function listRecordsPage(
  env: Pick<Env, "AIRTABLE_API_BASE">,
  config: AirtableConfig,
  offset: string | null,
  pacer: AirtablePacer = { lastRequestAt: 0 },
): Promise<{ records: AirtableRecord[]; offset: string | null }> {
  const params = new URLSearchParams({ pageSize: String(PAGE_SIZE) });
  if (config.viewId) params.set("view", config.viewId);
  if (offset) params.set("offset", offset);
  const url = `${apiBase(env)}/v0/${encodeURIComponent(config.baseId)}/${encodeURIComponent(config.tableId)}?${params}`;
  const body = await jsonBody<{ records?: unknown; offset?: unknown }>(await pacedGet(url, config.apiKey, pacer));
  if (!Array.isArray(body.records)) throw new AirtableError("unavailable", AIRTABLE_TEXTS.unavailable("risposta senza record"), 200);
  const records = (body.records as AirtableRecord[]).filter((r) => r && typeof r.id === "string" && r.fields && typeof r.fields === "object");
  return { records, offset: typeof body.offset === "string" && body.offset ? body.offset : null };
}

// Field names from the base schema (needs the schema.bases:read scope). A token without that scope
// gets the names found in the first page of records instead.
export async function listTableFields(env: Pick<Env, "AIRTABLE_API_BASE">, config: AirtableConfig, pacer: AirtablePacer = { lastRequestAt: 0 }): Promise<string[]> {
  try {
    const url = `${apiBase(env)}/v0/meta/bases/${encodeURIComponent(config.baseId)}/tables`;
    const body = await jsonBody<{ tables?: { id?: string; name?: string; fields?: { name?: string }[] }[] }>(await pacedGet(url, config.apiKey, pacer));
    const table = body.tables?.find((t) => t.id === config.tableId || t.name === config.tableId);
    if (!table) throw new AirtableError("not_found", AIRTABLE_TEXTS.notFound, 404);
    return (table.fields ?? []).map((f) => f.name).filter((n): n is string => typeof n === "string" && n.length > 0);
  } catch (err) {
    if (!(err instanceof AirtableError) || err.kind !== "forbidden") throw err;
  }
  const { records } = await listRecordsPage(env, config, null, pacer);
  const names = new Set<string>();
  for (const r of records) for (const name of Object.keys(r.fields)) names.add(name);
  return [...names];
}
