import { and, eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { SANDBOX_TEMPLATES } from "@shared/sandbox-templates";
import { T } from "@shared/strings";
import { funnelRuns, listImports, listLeads } from "@worker/db/schema";
import { fakeAirtableBase, type FakeBaseTable } from "../fakes/airtable-base";
import { call, cronTick, db, sandboxOwner, signedInUser, withFakeAirtable } from "./helpers";

const waitFor = <T>(fn: () => Promise<T>) => vi.waitFor(fn, { timeout: 20_000, interval: 200 });
const KEY = "patSyncTest12345.0123456789abcdef0123456789abcdef";
const tables: Record<string, FakeBaseTable> = {};
const airtable = fakeAirtableBase(tables);
withFakeAirtable(airtable.handler);

const record = (n: number, extra: Record<string, unknown> = {}) => ({
  id: `rec${String(n).padStart(8, "0")}`,
  fields: { Nome: `Nome${n}`, Telefono: `333 ${String(2_000_000 + n)}`, ...extra },
});

const tick = (at: Date) => cronTick(at);

// A dynamic Airtable list imported once from a fresh base.
async function dynamicList(records: { id: string; fields: Record<string, unknown> }[], syncInterval?: number) {
  const { cookie } = await sandboxOwner();
  const baseId = `app${crypto.randomUUID().replaceAll("-", "").slice(0, 14)}`;
  const table = (tables[`${baseId}/tblLead`] = { apiKey: KEY, records, fields: ["Nome", "Telefono"] });
  const created = await call("/api/lists", {
    cookie,
    body: { name: "Dinamica", listType: "dynamic", source: "airtable", config: { apiKey: KEY, baseId, tableId: "tblLead" }, ...(syncInterval ? { syncInterval } : {}) },
  });
  expect(created.status, created.text).toBe(201);
  const id = created.json.id as string;
  await call(`/api/lists/${id}/mapping`, { method: "PUT", cookie, body: { fieldMapping: { nome: "Nome", numeroTelefono: "Telefono" } } });
  const imported = await finished(cookie, id, null);
  return { cookie, id, table, imported };
}

async function finished(cookie: string, id: string, after: string | null) {
  let list: any;
  await waitFor(async () => {
    list = (await call(`/api/lists/${id}`, { cookie })).json;
    expect(list.lastImport?.id).not.toBe(after ?? undefined);
    expect(list.lastImport?.status).toBe("completed");
  });
  return list;
}

const leadsOf = (listId: string) => db().select().from(listLeads).where(eq(listLeads.listId, listId));
const importsOf = async (listId: string) => (await db().select().from(listImports).where(eq(listImports.listId, listId))).length;

describe("dynamic Airtable lists follow their source", () => {
  it("re-syncs on schedule: new records become leads, changed ones update, gone ones turn inactive and stay", async () => {
    const { cookie, id, table, imported } = await dynamicList([record(1), record(2), record(3)]);
    expect(imported).toMatchObject({ leadCount: 3, syncInterval: 30, lastImport: { created: 3, deactivated: 0 } });
    const syncedAt = Date.parse(imported.lastSyncAt);

    table.records = [record(1), record(2, { Nome: "Cambiato" }), record(4)];
    // Not yet due: nothing starts.
    await tick(new Date(syncedAt + 10 * 60_000));
    expect(await importsOf(id)).toBe(1);
    // Due (30 minutes by default): two overlapping ticks start one re-sync.
    const due = new Date(syncedAt + 31 * 60_000);
    await Promise.all([tick(due), tick(due)]);
    expect(await importsOf(id)).toBe(2);
    const synced = await finished(cookie, id, imported.lastImport.id);
    expect(synced.lastImport).toMatchObject({ created: 1, updated: 1, unchanged: 1, deactivated: 1 });

    const leads = await leadsOf(id);
    expect(leads).toHaveLength(4);
    const by = (n: number) => leads.find((l) => l.externalId === record(n).id)!;
    expect(by(2)).toMatchObject({ nome: "Cambiato", isActive: true });
    expect(by(3).isActive).toBe(false);
    expect(by(4)).toMatchObject({ nome: "Nome4", isActive: true, numeroTelefono: "+393332000004" });

    // A record that comes back is active again; a lead added by hand is never deactivated.
    expect((await call(`/api/lists/${id}/leads`, { cookie, body: { nome: "Mano", cognome: "Aggiunto", numeroTelefono: "+393339999999" } })).status).toBe(201);
    table.records = [record(1), record(2, { Nome: "Cambiato" }), record(3), record(4)];
    expect((await call(`/api/lists/${id}/import`, { method: "POST", cookie })).status).toBe(202);
    const again = await finished(cookie, id, synced.lastImport.id);
    expect(again.lastImport).toMatchObject({ updated: 1, deactivated: 0 });
    const after = await leadsOf(id);
    expect(after.filter((l) => l.isActive)).toHaveLength(5);
  });

  it("takes its own interval, validated, and only on a dynamic Airtable list", async () => {
    const { cookie, id, imported } = await dynamicList([record(10)], 15);
    expect(imported.syncInterval).toBe(15);
    const syncedAt = Date.parse(imported.lastSyncAt);
    await tick(new Date(syncedAt + 16 * 60_000));
    await waitFor(async () => expect(await importsOf(id)).toBe(2));

    for (const syncInterval of [0, 4, 1441, "30"]) {
      const bad = await call(`/api/lists/${id}/sync`, { method: "PUT", cookie, body: { syncInterval } });
      expect(bad.status).toBe(400);
      expect(bad.json.error).toBe(T.syncIntervalInvalid);
    }
    const saved = await call(`/api/lists/${id}/sync`, { method: "PUT", cookie, body: { syncInterval: 60 } });
    expect(saved.status).toBe(200);
    expect(saved.json.syncInterval).toBe(60);
    const staticList = await call("/api/lists", { cookie, body: { name: "Statica", listType: "static", source: "csv" } });
    const refused = await call(`/api/lists/${staticList.json.id}/sync`, { method: "PUT", cookie, body: { syncInterval: 60 } });
    expect(refused.status).toBe(400);
    const { cookie: other } = await signedInUser();
    expect((await call(`/api/lists/${id}/sync`, { method: "PUT", cookie: other, body: { syncInterval: 60 } })).status).toBe(404);
  });

  it("lets the leads a re-sync adds join the list's active campaign at the next tick", async () => {
    const { cookie, id, table, imported } = await dynamicList([record(20)]);
    const template = SANDBOX_TEMPLATES[0]!;
    const campaign = await call("/api/campaigns/dynamic", { cookie, body: { name: "Sempre", templateSid: template.sid, targetListId: id } });
    expect((await call(`/api/campaigns/${campaign.json.id}/funnel`, { cookie, body: { templateSid: template.sid, variables: { "1": { source: "text", value: "Cliente" }, "2": { source: "text", value: "Sandbox" } } } })).status).toBe(201);
    expect((await call(`/api/campaigns/${campaign.json.id}`, { method: "PATCH", cookie, body: { status: "active" } })).status).toBe(200);
    table.records = [record(20), record(21)];
    const syncedAt = Date.parse(imported.lastSyncAt);
    await tick(new Date(syncedAt + 31 * 60_000));
    await finished(cookie, id, imported.lastImport.id);
    const added = (await leadsOf(id)).find((l) => l.externalId === record(21).id)!;
    await tick(new Date());
    await waitFor(async () => {
      const runs = await db().select().from(funnelRuns).where(and(eq(funnelRuns.campaignId, campaign.json.id), eq(funnelRuns.listLeadId, added.id)));
      expect(runs).toHaveLength(1);
    });
  });
});
