// A fake of Airtable's list-records endpoint (GET /v0/{baseId}/{tableId}) for https://airtable.fake:
// bearer-token auth, pageSize up to 100 with an offset cursor, an optional view, and 429s on demand.
// As the real API, a 429 carries no Retry-After and starts a 30 s penalty during which every request
// to that base answers 429 (the clock is Date.now(), so tests move it with fake timers).
export interface FakeTable {
  apiKey: string;
  records: { id: string; fields: Record<string, unknown> }[];
  // Records that belong to each view, by view id.
  views?: Record<string, string[]>;
  // How many requests to refuse with 429 (each one starts the base's 30 s penalty).
  throttle?: number;
  // How many requests carrying an offset to refuse as expired, as Airtable does when a listing's
  // iterator times out: 422 LIST_RECORDS_ITERATOR_NOT_AVAILABLE.
  expireOffsets?: number;
  // The table's field names in schema order: field i has the id `fld<i>` (returnFieldsByFieldId).
  fields?: string[];
}

export interface AirtableCall {
  baseId: string;
  tableId: string;
  authorization: string | null;
  pageSize: string | null;
  offset: string | null;
  view: string | null;
  at: number;
}

export const AIRTABLE_PENALTY_MS = 30_000;

const rateLimited = () =>
  Response.json({ errors: [{ error: "RATE_LIMIT_REACHED", message: "Rate limit exceeded. Please try again later" }] }, { status: 429 });

export function fakeAirtable(tables: Record<string, FakeTable>) {
  const calls: AirtableCall[] = [];
  // Until when each base is refusing requests after a 429.
  const penaltyUntil = new Map<string, number>();
  // A 429 while the base's penalty runs, or when the table is set to throttle (which starts one).
  const throttled = (baseId: string, table: FakeTable | undefined): Response | null => {
    if ((penaltyUntil.get(baseId) ?? 0) > Date.now()) return rateLimited();
    if (table?.throttle && table.throttle > 0) {
      table.throttle--;
      penaltyUntil.set(baseId, Date.now() + AIRTABLE_PENALTY_MS);
      return rateLimited();
    }
    return null;
  };
  const handler = (request: Request): Response => {
    const url = new URL(request.url);
    const [, version, baseId = "", tableId = ""] = url.pathname.split("/").map(decodeURIComponent);
    const call: AirtableCall = {
      baseId,
      tableId,
      authorization: request.headers.get("Authorization"),
      pageSize: url.searchParams.get("pageSize"),
      offset: url.searchParams.get("offset"),
      view: url.searchParams.get("view"),
      at: Date.now(),
    };
    calls.push(call);
    const table = tables[`${baseId}/${tableId}`];
    const knownKey = Object.values(tables).some((t) => `Bearer ${t.apiKey}` === call.authorization);
    if (!knownKey) return Response.json({ error: { type: "AUTHENTICATION_REQUIRED", message: "Authentication required" } }, { status: 401 });
    if (version !== "v0" || !table) return Response.json({ error: { type: "NOT_FOUND", message: "Could not find table" } }, { status: 404 });
    if (`Bearer ${table.apiKey}` !== call.authorization) {
      return Response.json({ error: { type: "INVALID_PERMISSIONS_OR_MODEL_NOT_FOUND", message: "Invalid permissions" } }, { status: 403 });
    }
    const refused = throttled(baseId, table);
    if (refused) return refused;
    if (call.offset && table.expireOffsets && table.expireOffsets > 0) {
      table.expireOffsets--;
      return Response.json({ error: { type: "LIST_RECORDS_ITERATOR_NOT_AVAILABLE" } }, { status: 422 });
    }
    const pageSize = Math.min(100, Number(call.pageSize ?? 100));
    let records = table.records;
    if (call.view) {
      const ids = table.views?.[call.view];
      if (!ids) return Response.json({ error: { type: "VIEW_NAME_NOT_FOUND", message: `Could not find view ${call.view}` } }, { status: 422 });
      records = records.filter((r) => ids.includes(r.id));
    }
    const start = call.offset ? Number(call.offset.replace("itr", "")) : 0;
    const page = records.slice(start, start + pageSize);
    const next = start + pageSize < records.length ? `itr${start + pageSize}` : undefined;
    // returnFieldsByFieldId=true: the fields keyed by id, as the schema endpoint numbers them.
    const byId = url.searchParams.get("returnFieldsByFieldId") === "true";
    const keyOf = (name: string) => {
      const i = table.fields?.indexOf(name) ?? -1;
      return byId && i >= 0 ? `fld${i}` : name;
    };
    return Response.json({
      records: page.map((r) => ({ id: r.id, createdTime: "2026-01-01T00:00:00.000Z", fields: Object.fromEntries(Object.entries(r.fields).map(([k, v]) => [keyOf(k), v])) })),
      ...(next ? { offset: next } : {}),
    });
  };
  return { calls, handler, throttled };
}
