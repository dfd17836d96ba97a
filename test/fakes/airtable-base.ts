import { type FakeTable, fakeAirtable } from "./airtable";

// Airtable for list imports: the list-records fake plus the base schema endpoint
// (GET /v0/meta/bases/{baseId}/tables), which a token without the schema scope is refused.
export interface FakeBaseTable extends FakeTable {
  name?: string;
  schemaForbidden?: boolean;
}

export function fakeAirtableBase(tables: Record<string, FakeBaseTable>) {
  const records = fakeAirtable(tables);
  const schemaCalls: string[] = [];
  const handler = (request: Request): Response => {
    const url = new URL(request.url);
    const meta = /^\/v0\/meta\/bases\/([^/]+)\/tables$/.exec(url.pathname);
    if (!meta) return records.handler(request);
    const baseId = decodeURIComponent(meta[1]!);
    schemaCalls.push(baseId);
    records.calls.push({ baseId, tableId: "meta", authorization: request.headers.get("Authorization"), pageSize: null, offset: null, view: null, at: Date.now() });
    const auth = request.headers.get("Authorization");
    const inBase = Object.entries(tables).filter(([key]) => key.startsWith(`${baseId}/`));
    if (!Object.values(tables).some((t) => `Bearer ${t.apiKey}` === auth)) {
      return Response.json({ error: { type: "AUTHENTICATION_REQUIRED", message: "Authentication required" } }, { status: 401 });
    }
    if (inBase.length === 0) return Response.json({ error: { type: "NOT_FOUND" } }, { status: 404 });
    const refused = records.throttled(baseId, inBase[0]?.[1]);
    if (refused) return refused;
    if (inBase.some(([, t]) => t.schemaForbidden || `Bearer ${t.apiKey}` !== auth)) {
      return Response.json({ error: { type: "INVALID_PERMISSIONS_OR_MODEL_NOT_FOUND", message: "Invalid permissions" } }, { status: 403 });
    }
    return Response.json({
      tables: inBase.map(([key, t]) => ({
        id: key.split("/")[1],
        name: t.name ?? "Contatti",
        primaryFieldId: "fld0",
        fields: (t.fields ?? []).map((name, i) => ({ id: `fld${i}`, name, type: "singleLineText" })),
        views: [],
      })),
    });
  };
  return { calls: records.calls, schemaCalls, handler };
}
