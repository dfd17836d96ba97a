import { createExecutionContext, createMessageBatch, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { and, eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { AIRTABLE_TEXTS } from "@shared/texts/airtable";
import { LEAD_TEXTS as TX } from "@shared/texts/leads";
import { conversations, leads, leadSources, messages } from "@worker/db/schema";
import { runLeadSourceSync } from "@worker/features/lead-sources/sync";
import worker from "@worker/index";
import { DEAD_LETTER_QUEUE } from "@worker/jobs/queue";
import { type FakeBaseTable as FakeTable, fakeAirtableBase } from "../fakes/airtable-base";
import { call, cronTick, db, sandboxOwner, signedInUser, withFakeAirtable } from "./helpers";

const waitFor = <T>(fn: () => Promise<T>) => vi.waitFor(fn, { timeout: 15_000, interval: 150 });
const KEY = "patSourceSync123.0123456789abcdef0123456789abcdef";
const tables: Record<string, FakeTable> = {};
// Records and the base schema (field ids), as for list imports.
const airtable = fakeAirtableBase(tables);
withFakeAirtable(airtable.handler);

const tick = cronTick;
const sandboxUser = sandboxOwner;

async function approvedTemplate(cookie: string) {
  const created = await call("/api/templates", { cookie, body: { name: "Benvenuto", category: "agency", whatsappContent: { text: "Ciao {{1}}, grazie per aver contattato {{2}}. Ti richiamiamo oggi?" } } });
  await call(`/api/templates/${created.json.id}/submit`, { cookie, method: "POST" });
  await tick();
  await waitFor(async () => expect((await call("/api/templates", { cookie })).json.find((t: { id: string }) => t.id === created.json.id).status).toBe("approved"));
  return created.json.id as string;
}

const rec = (n: number, fields: Record<string, unknown> = {}) => ({
  id: `rec${String(n).padStart(10, "0")}`,
  fields: { "Nome completo": `Cliente ${n}`, Cellulare: `347 ${String(3_000_000 + n)}`, "E-mail": `c${n}@example.com`, ...fields },
});

function newTable(records: { id: string; fields: Record<string, unknown> }[]) {
  const baseId = `app${crypto.randomUUID().replaceAll("-", "").slice(0, 14)}`;
  const table: FakeTable = { apiKey: KEY, records };
  tables[`${baseId}/tblLeads`] = table;
  return { baseId, table };
}

// The template's {{1}} is the lead's first name (every record has one), {{2}} fixed text.
const VARS = { "1": { source: "field", field: "nome" }, "2": "Studio Fiera" };

const airtableSource = (baseId: string, extra: Record<string, unknown> = {}) => ({
  name: "Tabella fiera",
  type: "airtable",
  config: { apiKey: KEY, baseId, tableId: "tblLeads" },
  fieldMapping: { phoneNumber: "Cellulare", name: "Nome completo", email: "E-mail" },
  autoSync: true,
  syncInterval: 15,
  ...extra,
});

const sourceLeads = async (cookie: string, id: string) => (await call(`/api/leads?leadSourceId=${id}&pageSize=100`, { cookie })).json.leads as any[];

describe("Airtable lead sources", () => {
  it("take the table as lists do, keep the key encrypted and never return it", async () => {
    const { cookie } = await sandboxUser();
    const { baseId } = newTable([]);
    const created = await call("/api/lead-sources", { cookie, body: airtableSource(baseId, { config: { apiKey: KEY, baseId, tableId: "tblLeads", viewId: "viwFiera" } }) });
    expect(created.status, created.text).toBe(201);
    expect(created.json).toMatchObject({ type: "airtable", autoSync: true, syncInterval: 15, config: { baseId, tableId: "tblLeads", viewId: "viwFiera", apiKey: `••••••••${KEY.slice(-4)}` }, fieldMapping: { phoneNumber: "Cellulare" } });
    expect(created.text).not.toContain(KEY);
    const stored = await db().query.leadSources.findFirst({ where: eq(leadSources.id, created.json.id) });
    expect(JSON.stringify(stored!.config)).not.toContain(KEY);
    // An update without a key keeps the stored one.
    const kept = await call(`/api/lead-sources/${created.json.id}`, { method: "PUT", cookie, body: airtableSource(baseId, { config: { apiKey: "", baseId, tableId: "tblLeads" } }) });
    expect(kept.status, kept.text).toBe(200);
    expect((await db().query.leadSources.findFirst({ where: eq(leadSources.id, created.json.id) }))!.config).toMatchObject({ apiKey: (stored!.config as any).apiKey });

    const bad = async (body: Record<string, unknown>, message: string) => {
      const res = await call("/api/lead-sources", { cookie, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.text).toContain(message);
    };
    await bad(airtableSource(baseId, { config: { apiKey: KEY, baseId: "base1", tableId: "tblLeads" } }), AIRTABLE_TEXTS.baseIdInvalid);
    await bad(airtableSource(baseId, { config: { apiKey: KEY, baseId, tableId: "leads" } }), AIRTABLE_TEXTS.tableIdInvalid);
    await bad(airtableSource(baseId, { config: null }), TX.airtableRequired);
    await bad(airtableSource(baseId, { config: { apiKey: "", baseId, tableId: "tblLeads" } }), TX.airtableRequired);
    await bad(airtableSource(baseId, { fieldMapping: { name: "Nome completo" } }), TX.mappingPhoneRequired);
    // Push-only sources do not offer auto-sync.
    await bad({ name: "API", type: "api", autoSync: true }, TX.autoSyncPushOnly);
  });

  it("syncs at the first cron tick after saving, then every interval; new leads get the auto-response once", async () => {
    const { cookie, account } = await sandboxUser();
    const templateId = await approvedTemplate(cookie);
    const { baseId, table } = newTable([rec(1), rec(2), rec(3, { Cellulare: "chiamare dopo" })]);
    const created = await call("/api/lead-sources", { cookie, body: airtableSource(baseId, { templateVariables: VARS, templateId }) });
    const id = created.json.id as string;
    const savedAt = Date.now();

    await tick(new Date(savedAt + 1000));
    await waitFor(async () => expect((await call("/api/lead-sources", { cookie })).json[0].lastSyncResult).toMatchObject({ ok: true, created: 2, updated: 0, invalid: 1 }));
    let shown = (await call("/api/lead-sources", { cookie })).json[0];
    expect(shown.leadCount).toBe(2);
    expect(Date.parse(shown.nextSyncAt)).toBe(savedAt + 1000 + 15 * 60_000);
    const first = await sourceLeads(cookie, id);
    expect(first.map((l) => l.phoneNumber).sort()).toEqual(["+393473000001", "+393473000002"]);
    expect(first.every((l) => l.status === "contacted" && l.conversationId && l.leadSourceId === id && l.externalId?.startsWith("rec"))).toBe(true);

    // Before the interval nothing runs; after it, a new record arrives and the old ones are not messaged again.
    const calls = airtable.calls.length;
    await tick(new Date(savedAt + 10 * 60_000));
    expect(airtable.calls.length).toBe(calls);
    table.records = [rec(1, { "Nome completo": "Cliente Uno" }), rec(2), rec(4)];
    const due = new Date(savedAt + 1000 + 15 * 60_000);
    await Promise.all([tick(due), tick(due)]);
    await waitFor(async () => expect((await call("/api/lead-sources", { cookie })).json[0].lastSyncResult).toMatchObject({ ok: true, created: 1, updated: 2 }));
    const after = await sourceLeads(cookie, id);
    expect(after).toHaveLength(3);
    expect(after.find((l) => l.phoneNumber === "+393473000001").name).toBe("Cliente Uno");
    for (const lead of after) {
      const conv = await db().query.conversations.findFirst({ where: and(eq(conversations.twilioAccountId, account.id), eq(conversations.phoneNumber, lead.phoneNumber)) });
      const sent = await db().select().from(messages).where(and(eq(messages.conversationId, conv!.id), eq(messages.sender, "operator")));
      expect(sent, lead.phoneNumber).toHaveLength(1);
    }
    shown = (await call("/api/lead-sources", { cookie })).json[0];
    expect(Date.parse(shown.nextSyncAt)).toBe(due.getTime() + 15 * 60_000);
    expect(Date.parse(shown.lastSyncAt)).toBeGreaterThanOrEqual(savedAt);
  });

  it("sends one auto-response per lead when syncs of the same source overlap", async () => {
    const { cookie, account } = await sandboxUser();
    const templateId = await approvedTemplate(cookie);
    const { baseId } = newTable([rec(11), rec(12), rec(13)]);
    const created = await call("/api/lead-sources", { cookie, body: airtableSource(baseId, { templateVariables: VARS, templateId, autoSync: false }) });
    // Three deliveries of the job at once (a redelivery and a console-triggered run, say).
    await Promise.all([1, 2, 3].map(() => runLeadSourceSync(env, db(), { sourceId: created.json.id })));
    const rows = await db().select().from(leads).where(eq(leads.leadSourceId, created.json.id));
    expect(rows).toHaveLength(3);
    for (const lead of rows) {
      const conv = await db().query.conversations.findFirst({ where: and(eq(conversations.twilioAccountId, account.id), eq(conversations.phoneNumber, lead.phoneNumber)) });
      const sent = await db().select().from(messages).where(and(eq(messages.conversationId, conv!.id), eq(messages.sender, "operator")));
      expect(sent, lead.phoneNumber).toHaveLength(1);
    }
  });

  it("follows a renamed column by field id: a mapping saved by name gets the ids, a rename keeps feeding the leads, the card shows the new name", async () => {
    const { cookie } = await sandboxUser();
    const { baseId, table } = newTable([rec(31), rec(32)]);
    table.fields = ["Nome completo", "Cellulare", "E-mail"];
    const created = await call("/api/lead-sources", { cookie, body: airtableSource(baseId, { autoSync: false }) });
    const id = created.json.id as string;
    const shown = async () => (await call("/api/lead-sources", { cookie })).json.find((s: { id: string }) => s.id === id);
    const storedIds = async () => ((await db().query.leadSources.findFirst({ where: eq(leadSources.id, id) }))!.config as { fieldIds?: unknown }).fieldIds;
    await runLeadSourceSync(env, db(), { sourceId: id });
    expect((await shown()).lastSyncResult).toMatchObject({ ok: true, created: 2, invalid: 0 });
    // Saved by names only, the mapping gets the ids from the table schema on its first sync.
    expect(await storedIds()).toEqual({ name: "fld0", phoneNumber: "fld1", email: "fld2" });

    // "Cellulare" becomes "Telefono" in Airtable, and a new record arrives.
    const rename = (from: string, to: string) => {
      table.fields = table.fields!.map((f) => (f === from ? to : f));
      for (const r of table.records) {
        r.fields[to] = r.fields[from];
        delete r.fields[from];
      }
    };
    rename("Cellulare", "Telefono");
    table.records.push({ id: rec(33).id, fields: { "Nome completo": "Cliente 33", Telefono: "347 3000033" } });
    await runLeadSourceSync(env, db(), { sourceId: id });
    expect((await shown()).lastSyncResult).toMatchObject({ ok: true, created: 1, updated: 2, invalid: 0 });
    expect((await sourceLeads(cookie, id)).map((l) => l.phoneNumber).sort()).toEqual(["+393473000031", "+393473000032", "+393473000033"]);
    expect((await shown()).fieldMapping).toEqual({ phoneNumber: "Telefono", name: "Nome completo", email: "E-mail" });

    // Saving the source as shown keeps the ids, so the next rename is followed too.
    const saved = await call(`/api/lead-sources/${id}`, { method: "PUT", cookie, body: airtableSource(baseId, { autoSync: false, config: { apiKey: "", baseId, tableId: "tblLeads" }, fieldMapping: (await shown()).fieldMapping }) });
    expect(saved.status, saved.text).toBe(200);
    expect(await storedIds()).toEqual({ name: "fld0", phoneNumber: "fld1", email: "fld2" });
    rename("Telefono", "Mobile");
    table.records.push({ id: rec(34).id, fields: { "Nome completo": "Cliente 34", Mobile: "347 3000034" } });
    await runLeadSourceSync(env, db(), { sourceId: id });
    expect((await shown()).lastSyncResult).toMatchObject({ ok: true, created: 1, updated: 3, invalid: 0 });
    expect((await shown()).fieldMapping.phoneNumber).toBe("Mobile");
  });

  it("reads a record's national number with the account's country", async () => {
    const { cookie } = await signedInUser();
    const account = await call("/api/twilio-accounts", { cookie, body: { name: "London", sandbox: true, phoneNumber: "+15005550006", phoneCountry: "GB", gptModel: "gpt-4o-mini" } });
    expect(account.status, account.text).toBe(201);
    // 07911 123456 is a British mobile; 328 123 4567 is Italian only, so without a prefix it cannot be British.
    const { baseId } = newTable([rec(41, { Cellulare: "07911 123456" }), rec(42, { Cellulare: "328 123 4567" })]);
    const created = await call("/api/lead-sources", { cookie, body: airtableSource(baseId, { autoSync: false }) });
    await runLeadSourceSync(env, db(), { sourceId: created.json.id });
    expect((await call("/api/lead-sources", { cookie })).json[0].lastSyncResult).toMatchObject({ ok: true, created: 1, invalid: 1 });
    expect((await sourceLeads(cookie, created.json.id)).map((l) => l.phoneNumber)).toEqual(["+447911123456"]);
  });

  it("reports Airtable's refusals on the source and retries when Airtable is busy", async () => {
    const { cookie } = await sandboxUser();
    const { baseId, table } = newTable([rec(21)]);
    const created = await call("/api/lead-sources", { cookie, body: airtableSource(baseId, { autoSync: false }) });
    table.apiKey = "patAltraChiave";
    tables[`${baseId}/tblOther`] = { apiKey: KEY, records: [] };
    await runLeadSourceSync(env, db(), { sourceId: created.json.id });
    expect((await call("/api/lead-sources", { cookie })).json[0].lastSyncResult).toMatchObject({ ok: false, error: expect.stringContaining("403") });
    table.apiKey = KEY;
    table.throttle = 10;
    await expect(runLeadSourceSync(env, db(), { sourceId: created.json.id })).rejects.toMatchObject({ delaySeconds: 30 });
    // Its retries used up, the dead-letter queue reports it on the card.
    const dlq = createMessageBatch(DEAD_LETTER_QUEUE, [{ id: "m1", timestamp: new Date(), attempts: 1, body: { kind: "lead-source.sync", sourceId: created.json.id, idempotencyKey: "k" } }]);
    const ctx = createExecutionContext();
    await worker.queue(dlq, env, ctx);
    await waitOnExecutionContext(ctx);
    expect((await call("/api/lead-sources", { cookie })).json[0].lastSyncResult).toMatchObject({ ok: false, error: TX.syncGaveUp });
  });
});
