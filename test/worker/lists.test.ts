import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { toE164 } from "@shared/phone";
import { T } from "@shared/strings";
import { AIRTABLE_TEXTS } from "@shared/texts/airtable";
import { CSV_TEXTS } from "@shared/texts/csv";
import { LIST_TEXTS as TX } from "@shared/texts/lists";
import { listImports, listLeads, lists } from "@worker/db/schema";
import { fakeAirtableBase, type FakeBaseTable } from "../fakes/airtable-base";
import { call, db, sandboxOwner, signedInUser, withFakeAirtable } from "./helpers";

const waitFor = <T>(fn: () => Promise<T>, timeout = 20_000) => vi.waitFor(fn, { timeout, interval: 200 });

// Every test gets its own base, so background imports of one test never meet another's data.
const tables: Record<string, FakeBaseTable> = {};
const airtable = fakeAirtableBase(tables);
withFakeAirtable(airtable.handler);

const KEY = "patAbCdEfGh12345.0123456789abcdef0123456789abcdef";

function newBase(table: Omit<FakeBaseTable, "apiKey"> & { apiKey?: string }) {
  const baseId = `app${crypto.randomUUID().replaceAll("-", "").slice(0, 14)}`;
  const tableId = "tblContatti";
  tables[`${baseId}/${tableId}`] = { apiKey: KEY, ...table };
  return { baseId, tableId, table: tables[`${baseId}/${tableId}`]! };
}

const sandboxUser = sandboxOwner;

async function airtableList(cookie: string, baseId: string, tableId: string, extra: Record<string, unknown> = {}) {
  const res = await call("/api/lists", { cookie, body: { name: "Clienti Airtable", listType: "static", source: "airtable", config: { apiKey: KEY, baseId, tableId, ...extra } } });
  expect(res.status, res.text).toBe(201);
  return res.json as { id: string };
}

async function csvList(cookie: string, name = "Clienti CSV") {
  const res = await call("/api/lists", { cookie, body: { name, listType: "static", source: "csv" } });
  expect(res.status, res.text).toBe(201);
  return res.json as { id: string };
}

function upload(cookie: string, listId: string, csv: string | Uint8Array, fileName = "contatti.csv") {
  return call(`/api/lists/${listId}/csv?fileName=${encodeURIComponent(fileName)}`, { method: "PUT", cookie, rawBody: csv, headers: { "Content-Type": "text/csv" } });
}

async function listOf(cookie: string, id: string) {
  return (await call(`/api/lists/${id}`, { cookie })).json;
}

async function finished(cookie: string, id: string, timeout?: number) {
  let list: any;
  await waitFor(async () => {
    list = await listOf(cookie, id);
    expect(["completed", "failed"]).toContain(list.lastImport?.status);
  }, timeout);
  return list;
}

async function allLeads(cookie: string, id: string) {
  const res = await call(`/api/lists/${id}/leads?pageSize=100`, { cookie });
  return res.json.leads as any[];
}

const airtableRecords = (n: number, start = 0): { id: string; fields: Record<string, unknown> }[] =>
  Array.from({ length: n }, (_, i) => ({
    id: `rec${String(start + i).padStart(6, "0")}`,
    fields: { Nome: `Nome${start + i}`, Cognome: `Cognome${start + i}`, Telefono: `333 ${String(1_000_000 + start + i)}`, Email: `lead${start + i}@example.com` },
  }));

describe("phone numbers to E.164 with +39 as the default country", () => {
  it("normalises what spreadsheets hold and refuses what is not a number", () => {
    const numbers: [string | number, string][] = [
      ["333 123 4567", "+393331234567"], ["333-123.4567", "+393331234567"], ["(02) 1234 5678", "+390212345678"], ["+39 333 1234567", "+393331234567"], ["0039 333 1234567", "+393331234567"],
      ["393331234567", "+393331234567"], ["+44 20 7946 0958", "+442079460958"], [3331234567, "+393331234567"], ["3921234567", "+393921234567"],
    ];
    for (const [typed, e164] of numbers) expect(toE164(typed), String(typed)).toBe(e164);
    for (const bad of ["", "chiamare dopo le 18", "12345", "+39 12 34", "3,33123E+09"]) expect(toE164(bad), bad).toBeNull();
  });
});

describe("lists: creation and the Airtable key", () => {
  it("validates the create form with the spec's messages", async () => {
    const { cookie } = await sandboxUser();
    const cases: [Record<string, unknown>, string][] = [
      [{ listType: "static", source: "airtable" }, TX.createRequired],
      [{ name: "X", source: "airtable" }, TX.createRequired],
      [{ name: "X", listType: "static" }, TX.createRequired],
      [{ name: "X", listType: "static", source: "airtable", config: { baseId: "appX", tableId: "tblY" } }, TX.airtableRequired],
      [{ name: "X", listType: "static", source: "airtable" }, TX.airtableRequired],
      [{ name: "X", listType: "static", source: "airtable", config: { apiKey: KEY, baseId: "base1", tableId: "tblY" } }, AIRTABLE_TEXTS.baseIdInvalid],
      [{ name: "X", listType: "static", source: "airtable", config: { apiKey: KEY, baseId: "appX", tableId: "table" } }, AIRTABLE_TEXTS.tableIdInvalid],
      [{ name: "X", listType: "static", source: "airtable", config: { apiKey: KEY, baseId: "appX", tableId: "tblY", viewId: "vista" } }, AIRTABLE_TEXTS.viewIdInvalid],
    ];
    for (const [body, message] of cases) {
      const res = await call("/api/lists", { cookie, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.json.details.map((d: { message: string }) => d.message), JSON.stringify(body)).toContain(message);
    }
  });

  it("stores the Airtable key encrypted and never returns it in full", async () => {
    const { cookie } = await sandboxUser();
    const { baseId, tableId } = newBase({ records: [] });
    const created = await airtableList(cookie, baseId, tableId, { viewId: "viwTutti" });
    const all = await call("/api/lists", { cookie });
    for (const text of [JSON.stringify(created), all.text, JSON.stringify(await listOf(cookie, created.id))]) {
      expect(text).not.toContain(KEY);
      expect(text).not.toContain(KEY.slice(0, 12));
    }
    expect(all.json[0]).toMatchObject({ name: "Clienti Airtable", source: "airtable", listType: "static", isActive: true, leadCount: 0, config: { baseId, tableId, viewId: "viwTutti", apiKey: `••••••••${KEY.slice(-4)}` } });
    const [row] = await db().select().from(lists).where(eq(lists.id, created.id));
    const stored = JSON.stringify(row!.config);
    expect(stored).not.toContain(KEY);
    expect((row!.config as { apiKey: string }).apiKey).toMatch(/^v1:/);
  });
});

describe("lists: Airtable import through the queue", () => {
  it("reads the field names from the table schema, or from the records when the token lacks the schema scope", async () => {
    const { cookie } = await sandboxUser();
    const a = newBase({ records: airtableRecords(2), fields: ["Nome", "Cognome", "Telefono", "Email", "Professione"] });
    const listA = await airtableList(cookie, a.baseId, a.tableId);
    const fields = await call(`/api/lists/${listA.id}/fields`, { cookie });
    expect(fields.status).toBe(200);
    expect(fields.json.availableFields).toEqual(["Nome", "Cognome", "Telefono", "Email", "Professione"]);
    expect(fields.json.standardFields).toEqual([
      { key: "nome", label: "Nome", required: false },
      { key: "cognome", label: "Cognome", required: false },
      { key: "numeroTelefono", label: "Numero telefono", required: true },
      { key: "email", label: "Email", required: false },
      { key: "professione", label: "Professione", required: false },
      { key: "note", label: "Note", required: false },
    ]);
    expect(fields.json.suggestedMapping).toEqual({ nome: "Nome", cognome: "Cognome", numeroTelefono: "Telefono", email: "Email", professione: "Professione" });

    const b = newBase({ records: airtableRecords(2), fields: ["ignored"], schemaForbidden: true });
    const listB = await airtableList(cookie, b.baseId, b.tableId);
    const fromRecords = await call(`/api/lists/${listB.id}/fields`, { cookie });
    expect(fromRecords.json.availableFields.sort()).toEqual(["Cognome", "Email", "Nome", "Telefono"]);

    const missing = await airtableList(cookie, "appNonEsiste", "tblNo");
    const failed = await call(`/api/lists/${missing.id}/fields`, { cookie });
    expect(failed.status).toBe(502);
    expect(failed.json.error).toBe(TX.fieldsErrorAirtable);
    expect(failed.json.details.reason).toContain("404");
  });

  it("pages through every record at 5 requests/s, normalises phones and reports invalid rows", async () => {
    const { cookie } = await sandboxUser();
    const records = airtableRecords(247);
    records[3]!.fields.Telefono = "+39 02 1234567";
    records[4]!.fields.Telefono = "0039 347 7654321";
    records[10]!.fields = { Nome: "Senza", Cognome: "Telefono" };
    records[20]!.fields.Telefono = "chiamare la sera";
    records[30]!.fields.Email = "non-una-email";
    records[40]!.fields.Telefono = records[41]!.fields.Telefono;
    records[150]!.fields.Telefono = 3331999999;
    const { baseId, tableId } = newBase({ records, fields: ["Nome", "Cognome", "Telefono", "Email"] });
    const list = await airtableList(cookie, baseId, tableId);

    const saved = await call(`/api/lists/${list.id}/mapping`, {
      method: "PUT",
      cookie,
      body: { fieldMapping: { nome: "Nome", cognome: "Cognome", numeroTelefono: "Telefono", email: "Email", professione: null } },
    });
    expect(saved.status).toBe(202);
    expect(saved.json.fieldMapping).toEqual({ nome: "Nome", cognome: "Cognome", numeroTelefono: "Telefono", email: "Email" });
    expect(saved.json.import).toMatchObject({ status: "queued", source: "airtable", count: 0 });

    const done = await finished(cookie, list.id);
    expect(done.lastImport).toMatchObject({ status: "completed", total: 247, processed: 247, created: 244, updated: 0, unchanged: 0, invalid: 3, count: 244, error: null });
    expect(done.leadCount).toBe(244);
    expect(done.lastSyncAt).toBeTypeOf("string");
    expect(done.lastImport.invalidRows).toEqual([
      { row: 11, reason: `${TX.phoneMissing} (${TX.airtableRecord("rec000010")})` },
      { row: 21, reason: `${TX.phoneInvalidValue("chiamare la sera")} (${TX.airtableRecord("rec000020")})` },
      { row: 31, reason: `${T.emailInvalid} (${TX.airtableRecord("rec000030")})` },
    ]);

    // Every page was read, in order; never faster than 5 requests per second.
    const calls = airtable.calls.filter((c) => c.baseId === baseId && c.tableId === tableId);
    expect(calls.map((c) => c.offset)).toEqual([null, "itr100", "itr200"]);
    expect(calls.every((c) => c.authorization === `Bearer ${KEY}` && c.pageSize === "100")).toBe(true);
    for (let i = 1; i < calls.length; i++) expect(calls[i]!.at - calls[i - 1]!.at).toBeGreaterThanOrEqual(195);

    const find = async (search: string) => (await call(`/api/lists/${list.id}/leads?search=${encodeURIComponent(search)}`, { cookie })).json.leads;
    expect(await find("Cognome3")).toContainEqual(expect.objectContaining({ externalId: "rec000003", numeroTelefono: "+39021234567", nome: "Nome3" }));
    expect(await find("3477654321")).toMatchObject([{ externalId: "rec000004", numeroTelefono: "+393477654321" }]);
    expect(await find("lead0@example.com")).toMatchObject([{ externalId: "rec000000", numeroTelefono: "+393331000000" }]);
    // A number field (not text) in Airtable is a phone too.
    const numeric = await call(`/api/lists/${list.id}/leads?search=3331999999`, { cookie });
    expect(numeric.json.leads).toMatchObject([{ externalId: "rec000150", numeroTelefono: "+393331999999" }]);
  });

  it("goes on from the first page when Airtable expires the listing's offset, without duplicating leads", async () => {
    const { cookie } = await sandboxUser();
    // 700 records over two jobs; Airtable refuses the first cursor as expired.
    const { baseId, tableId } = newBase({ records: airtableRecords(700), expireOffsets: 1, fields: ["Nome", "Cognome", "Telefono", "Email"] });
    const list = await airtableList(cookie, baseId, tableId);
    const saved = await call(`/api/lists/${list.id}/mapping`, { method: "PUT", cookie, body: { fieldMapping: { nome: "Nome", numeroTelefono: "Telefono" } } });
    expect(saved.status).toBe(202);
    const done = await finished(cookie, list.id, 40_000);
    expect(done.lastImport).toMatchObject({ status: "completed", error: null, invalid: 0, total: 700, created: 700 });
    expect(done.leadCount).toBe(700);
    const stored = await db().select({ externalId: listLeads.externalId }).from(listLeads).where(eq(listLeads.listId, list.id));
    expect(stored).toHaveLength(700);
    expect(new Set(stored.map((l) => l.externalId)).size).toBe(700);
    // The refused cursor, then the listing from the start, handed on to the second job as usual.
    const offsets = airtable.calls.filter((c) => c.baseId === baseId && c.tableId === tableId).map((c) => c.offset);
    expect(offsets).toEqual([null, "itr100", null, "itr100", "itr200", "itr300", "itr400", "itr500", "itr600"]);
  });

  it("re-imports without duplicating and updates only the rows that changed", async () => {
    const { cookie } = await sandboxUser();
    const records = airtableRecords(120);
    const { baseId, tableId } = newBase({ records });
    const list = await airtableList(cookie, baseId, tableId);
    await call(`/api/lists/${list.id}/mapping`, { method: "PUT", cookie, body: { fieldMapping: { nome: "Nome", cognome: "Cognome", numeroTelefono: "Telefono" } } });
    expect((await finished(cookie, list.id)).lastImport).toMatchObject({ created: 120, count: 120 });

    records[5]!.fields.Nome = "Giulia";
    records[6]!.fields.Telefono = "+39 340 0000006";
    records.push(...airtableRecords(3, 500));
    const again = await call(`/api/lists/${list.id}/import`, { method: "POST", cookie });
    expect(again.status).toBe(202);
    const done = await finished(cookie, list.id);
    expect(done.lastImport).toMatchObject({ status: "completed", processed: 123, created: 3, updated: 2, unchanged: 118, invalid: 0, count: 123 });
    expect(done.leadCount).toBe(123);
    const leads = await call(`/api/lists/${list.id}/leads?search=Giulia`, { cookie });
    expect(leads.json.leads).toHaveLength(1);
    expect(leads.json.leads[0]).toMatchObject({ externalId: "rec000005", nome: "Giulia" });
    const moved = await call(`/api/lists/${list.id}/leads?search=3400000006`, { cookie });
    expect(moved.json.leads[0]).toMatchObject({ externalId: "rec000006", numeroTelefono: "+393400000006" });
  });

  it("keeps a mapping working when a column is renamed in Airtable: mapped by field id, the new name shown", async () => {
    const { cookie } = await sandboxUser();
    const records = airtableRecords(3);
    const { baseId, tableId, table } = newBase({ records, fields: ["Nome", "Cognome", "Telefono", "Email"] });
    const list = await airtableList(cookie, baseId, tableId);
    await call(`/api/lists/${list.id}/mapping`, { method: "PUT", cookie, body: { fieldMapping: { nome: "Nome", numeroTelefono: "Telefono" } } });
    expect((await finished(cookie, list.id)).lastImport).toMatchObject({ status: "completed", created: 3 });
    // A list mapped by names only gets the ids from the table schema on its import.
    const row = await db().query.lists.findFirst({ where: eq(lists.id, list.id) });
    expect((row!.config as { fieldIds?: unknown }).fieldIds).toEqual({ nome: "fld0", numeroTelefono: "fld2" });

    // "Telefono" becomes "Cellulare" in Airtable, and one number changes.
    table.fields![2] = "Cellulare";
    for (const r of records) {
      r.fields.Cellulare = r.fields.Telefono;
      delete r.fields.Telefono;
    }
    records[1]!.fields.Cellulare = "+39 340 1112223";
    expect((await call(`/api/lists/${list.id}/import`, { method: "POST", cookie })).status).toBe(202);
    const done = await finished(cookie, list.id);
    // Every lead is updated: its stored Airtable data now names the column "Cellulare".
    expect(done.lastImport).toMatchObject({ status: "completed", created: 0, updated: 3, invalid: 0 });
    expect(done.leadCount).toBe(3);
    const moved = await call(`/api/lists/${list.id}/leads?search=3401112223`, { cookie });
    expect(moved.json.leads[0]).toMatchObject({ externalId: "rec000001", numeroTelefono: "+393401112223", nome: "Nome1" });
    // The mapping shows the column's new name.
    expect((await call(`/api/lists/${list.id}/mapping`, { cookie })).json.fieldMapping).toEqual({ nome: "Nome", numeroTelefono: "Cellulare" });
  });

  it("fails the import with Airtable's reason when the key is refused", async () => {
    const { cookie } = await sandboxUser();
    const { baseId, tableId } = newBase({ records: airtableRecords(3), apiKey: "patAltroToken.0000" });
    const list = await airtableList(cookie, baseId, tableId);
    await call(`/api/lists/${list.id}/mapping`, { method: "PUT", cookie, body: { fieldMapping: { numeroTelefono: "Telefono" } } });
    const done = await finished(cookie, list.id);
    expect(done.lastImport.status).toBe("failed");
    expect(done.lastImport.error).toContain("403");
    expect(done.leadCount).toBe(0);
  });

  it("refuses a mapping without the phone, and a second import while one runs", async () => {
    const { cookie } = await sandboxUser();
    const { baseId, tableId } = newBase({ records: [] });
    const list = await airtableList(cookie, baseId, tableId);
    const res = await call(`/api/lists/${list.id}/mapping`, { method: "PUT", cookie, body: { fieldMapping: { nome: "Nome" } } });
    expect(res.status).toBe(400);
    expect(res.json.error).toBe(TX.mappingPhoneRequired);
    expect((await call(`/api/lists/${list.id}/import`, { method: "POST", cookie })).json.error).toBe(TX.mappingPhoneRequired);
    const unknown = await call(`/api/lists/${list.id}/mapping`, { method: "PUT", cookie, body: { fieldMapping: { numeroTelefono: "Tel", colore: "Rosso" } } });
    expect(unknown.status).toBe(400);

    const [row] = await db().select().from(lists).where(eq(lists.id, list.id));
    await db().update(lists).set({ fieldMapping: { numeroTelefono: "Telefono" } }).where(eq(lists.id, list.id));
    await db().insert(listImports).values({ listId: list.id, twilioAccountId: row!.twilioAccountId, source: "airtable", status: "running", mapping: {} });
    const busy = await call(`/api/lists/${list.id}/import`, { method: "POST", cookie });
    expect(busy.status).toBe(409);
    expect(busy.json.error).toBe(TX.importRunningConflict);
    // An import that stopped reporting long ago no longer blocks.
    await db().update(listImports).set({ updatedAt: new Date(Date.now() - 3_600_000) }).where(eq(listImports.listId, list.id));
    expect((await call(`/api/lists/${list.id}/import`, { method: "POST", cookie })).status).toBe(202);
  });
});

describe("lists: CSV import", () => {
  it("reads Italian spreadsheet exports: BOM, semicolons, quotes, line breaks, CRLF, duplicates and bad rows", async () => {
    const { cookie } = await sandboxUser();
    const list = await csvList(cookie);
    const csv =
      "\uFEFFNome;Cognome;Cellulare;E-mail;Note\r\n" +
      'Mario;Rossi;333 111 2222;mario@example.com;"Cliente storico; preferisce WhatsApp"\r\n' +
      '"Anna Maria";"D\'Angelo";+39 02 1234567;;"Due righe\r\ndi note"\r\n' +
      "\r\n" +
      'Luca;"Bianchi ""il Grande""";0039 347 5551234;luca@example;\r\n' +
      "Sara;Verdi;;sara@example.com;\r\n" +
      "Paolo;Neri;333 111 2222;paolo@example.com;stesso numero di Mario\r\n" +
      "Elena;Gallo;3331112223;elena@example.com;\r\n";
    const up = await upload(cookie, list.id, csv);
    expect(up.status, up.text).toBe(200);
    expect(up.json.config).toMatchObject({ fileName: "contatti.csv", columns: ["Nome", "Cognome", "Cellulare", "E-mail", "Note"], rowCount: 6 });

    const fields = await call(`/api/lists/${list.id}/fields`, { cookie });
    expect(fields.json.availableFields).toEqual(["Nome", "Cognome", "Cellulare", "E-mail", "Note"]);
    expect(fields.json.suggestedMapping).toEqual({ nome: "Nome", cognome: "Cognome", numeroTelefono: "Cellulare", email: "E-mail", note: "Note" });

    const saved = await call(`/api/lists/${list.id}/mapping`, { method: "PUT", cookie, body: { fieldMapping: fields.json.suggestedMapping } });
    expect(saved.status).toBe(202);
    expect(saved.json.import).toMatchObject({ status: "queued", source: "csv", total: 6 });
    const done = await finished(cookie, list.id);
    expect(done.lastImport).toMatchObject({ status: "completed", processed: 6, created: 3, invalid: 3, count: 3 });
    // Spreadsheet row numbers: the header is row 1, the blank line is skipped by the reader.
    expect(done.lastImport.invalidRows).toEqual([
      { row: 4, reason: T.emailInvalid },
      { row: 5, reason: TX.phoneMissing },
      { row: 6, reason: TX.duplicateInImport(2) },
    ]);
    const leads = await allLeads(cookie, list.id);
    expect(leads.map((l) => [l.nome, l.cognome, l.numeroTelefono, l.email, l.note, l.externalId]).sort()).toEqual(
      [
        ["Anna Maria", "D'Angelo", "+39021234567", null, "Due righe\r\ndi note", "+39021234567"],
        ["Elena", "Gallo", "+393331112223", "elena@example.com", null, "+393331112223"],
        ["Mario", "Rossi", "+393331112222", "mario@example.com", "Cliente storico; preferisce WhatsApp", "+393331112222"],
      ].sort(),
    );
  });

  it("reads national numbers with the account's country", async () => {
    const { cookie } = await signedInUser();
    const created = await call("/api/twilio-accounts", { cookie, body: { name: "London", sandbox: true, phoneNumber: "+442079460958", phoneCountry: "GB", gptModel: "gpt-4o-mini" } });
    expect(created.status).toBe(201);
    const list = await csvList(cookie, "Clienti UK");
    const csv = "Nome;Cognome;Cellulare\nJohn;Smith;07911 123456\nAnna;Rossi;+39 333 111 2222\nBad;Number;12345\n";
    expect((await upload(cookie, list.id, csv)).status).toBe(200);
    const fields = await call(`/api/lists/${list.id}/fields`, { cookie });
    expect((await call(`/api/lists/${list.id}/mapping`, { method: "PUT", cookie, body: { fieldMapping: fields.json.suggestedMapping } })).status).toBe(202);
    const done = await finished(cookie, list.id);
    expect(done.lastImport).toMatchObject({ status: "completed", created: 2, invalid: 1 });
    expect((await allLeads(cookie, list.id)).map((l) => l.numeroTelefono).sort()).toEqual(["+393331112222", "+447911123456"]);
  });

  it("decodes a Windows-1252 export and refuses broken files with the reader's message", async () => {
    const { cookie } = await sandboxUser();
    const list = await csvList(cookie);
    const latin = new Uint8Array([...new TextEncoder().encode("Nome,Telefono\nNicol"), 0xf2, ...new TextEncoder().encode(",3331234567\n")]);
    const up = await upload(cookie, list.id, latin);
    expect(up.status).toBe(200);
    await call(`/api/lists/${list.id}/mapping`, { method: "PUT", cookie, body: { fieldMapping: { nome: "Nome", numeroTelefono: "Telefono" } } });
    await finished(cookie, list.id);
    expect((await allLeads(cookie, list.id))[0].nome).toBe("Nicolò");

    const broken = await upload(cookie, list.id, 'Nome,Telefono\n"Mario,333\n');
    expect(broken.status).toBe(400);
    expect(broken.json.error).toBe(CSV_TEXTS.unclosedQuote(2));
    const headerOnly = await upload(cookie, list.id, "Nome,Telefono\n");
    expect(headerOnly.json.error).toBe(CSV_TEXTS.noRows);
    const ragged = await upload(cookie, list.id, "Nome,Telefono\nMario,333,extra\n");
    expect(ragged.json.error).toBe(CSV_TEXTS.fieldCount(2, 3, 2));
    const empty = await upload(cookie, list.id, "");
    expect(empty.status).toBe(400);
    // The previous good file is kept.
    expect((await listOf(cookie, list.id)).config.columns).toEqual(["Nome", "Telefono"]);

    const bad = await call(`/api/lists/${list.id}/mapping`, { method: "PUT", cookie, body: { fieldMapping: { numeroTelefono: "Cellulare" } } });
    expect(bad.status).toBe(400);
    expect(bad.json.error).toBe(TX.mappingUnknownColumn("Cellulare"));

    const fresh = await csvList(cookie, "Vuota");
    expect((await call(`/api/lists/${fresh.id}/mapping`, { method: "PUT", cookie, body: { fieldMapping: { numeroTelefono: "Telefono" } } })).json.error).toBe(TX.csvMissing);
    const { baseId, tableId } = newBase({ records: [] });
    const airtableOne = await airtableList(cookie, baseId, tableId);
    expect((await upload(cookie, airtableOne.id, "a,b\n1,2\n")).json.error).toBe(TX.csvOnlyForCsvLists);
  });

  it("imports 10,000 rows through the queue in chunks, and a re-import changes nothing", async () => {
    const { cookie } = await sandboxUser();
    const list = await csvList(cookie, "Diecimila");
    const lines = ["nome,cognome,telefono,email,professione"];
    for (let i = 0; i < 10_000; i++) lines.push(`Nome${i},Cognome${i},3${String(400_000_000 + i)},p${i}@example.com,Impiegato`);
    const up = await upload(cookie, list.id, lines.join("\n"));
    expect(up.json.config.rowCount).toBe(10_000);
    const started = Date.now();
    const saved = await call(`/api/lists/${list.id}/mapping`, {
      method: "PUT",
      cookie,
      body: { fieldMapping: { nome: "nome", cognome: "cognome", numeroTelefono: "telefono", email: "email", professione: "professione" } },
    });
    expect(saved.status).toBe(202);
    // The request only queues the work: it answers long before the rows are in.
    expect(Date.now() - started).toBeLessThan(5_000);

    const seen: number[] = [];
    await waitFor(async () => {
      const list2 = await listOf(cookie, list.id);
      seen.push(list2.lastImport.processed);
      expect(list2.lastImport.status).toBe("completed");
    }, 110_000);
    const done = await listOf(cookie, list.id);
    expect(done.lastImport).toMatchObject({ total: 10_000, processed: 10_000, created: 10_000, invalid: 0, count: 10_000 });
    expect(done.leadCount).toBe(10_000);
    const [imp] = await db().select().from(listImports).where(eq(listImports.id, done.lastImport.id));
    expect(imp).toMatchObject({ chunksTotal: 20, chunksDone: 20 });
    const page = await call(`/api/lists/${list.id}/leads?page=400&pageSize=25`, { cookie });
    expect(page.json).toMatchObject({ total: 10_000, page: 400, pageSize: 25 });
    expect(page.json.leads).toHaveLength(25);

    expect((await call(`/api/lists/${list.id}/import`, { method: "POST", cookie })).status).toBe(202);
    await waitFor(async () => expect((await listOf(cookie, list.id)).lastImport.status).toBe("completed"), 110_000);
    expect((await listOf(cookie, list.id)).lastImport).toMatchObject({ processed: 10_000, created: 0, updated: 0, unchanged: 10_000 });
    expect((await listOf(cookie, list.id)).leadCount).toBe(10_000);
  }, 240_000);
});

describe("the lists overview", () => {
  it("counts each list's leads and shows each list's own latest import", async () => {
    const { cookie } = await sandboxUser();
    const a = await csvList(cookie, "Prima");
    const b = await csvList(cookie, "Seconda");
    await upload(cookie, a.id, "Nome,Telefono\nA,3330000001\nB,3330000002\nC,3330000003\n");
    await upload(cookie, b.id, "Nome,Telefono\nD,3330000004\n");
    await call(`/api/lists/${a.id}/mapping`, { method: "PUT", cookie, body: { fieldMapping: { nome: "Nome", numeroTelefono: "Telefono" } } });
    await finished(cookie, a.id);
    await call(`/api/lists/${b.id}/mapping`, { method: "PUT", cookie, body: { fieldMapping: { nome: "Nome", numeroTelefono: "Telefono" } } });
    await finished(cookie, b.id);
    await call(`/api/lists/${b.id}/import`, { method: "POST", cookie });
    await waitFor(async () => expect((await listOf(cookie, b.id)).lastImport).toMatchObject({ status: "completed", unchanged: 1 }));
    const all = (await call("/api/lists", { cookie })).json as any[];
    const byName = new Map(all.map((l) => [l.name, l]));
    expect(byName.get("Prima")).toMatchObject({ leadCount: 3, lastImport: { created: 3, status: "completed" } });
    expect(byName.get("Seconda")).toMatchObject({ leadCount: 1, lastImport: { created: 0, unchanged: 1, status: "completed" } });
  });
});

describe("list leads", () => {
  it("searches and pages, adds a lead with the form's rules, and deletes it", async () => {
    const { cookie } = await sandboxUser();
    const list = await csvList(cookie);
    const invalid: [Record<string, unknown>, string][] = [
      [{ cognome: "Rossi", numeroTelefono: "3331234567" }, TX.nomeRequired],
      [{ nome: "Mario", numeroTelefono: "3331234567" }, TX.cognomeRequired],
      [{ nome: "Mario", cognome: "Rossi" }, TX.numeroRequired],
      [{ nome: "Mario", cognome: "Rossi", numeroTelefono: "abc" }, TX.numeroInvalid],
      [{ nome: "Mario", cognome: "Rossi", numeroTelefono: "3331234567", email: "mario@" }, T.emailInvalid],
      [{ nome: "x".repeat(101), cognome: "Rossi", numeroTelefono: "3331234567" }, TX.tooLong("Nome", 100)],
      [{ nome: "Mario", cognome: "Rossi", numeroTelefono: "3331234567", note: "n".repeat(1001) }, TX.tooLong("Note", 1000)],
    ];
    for (const [body, message] of invalid) {
      const res = await call(`/api/lists/${list.id}/leads`, { cookie, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.json.error).toBe(message);
    }
    const added = await call(`/api/lists/${list.id}/leads`, { cookie, body: { nome: "Mario", cognome: "Rossi", numeroTelefono: "333 123 4567", email: "", professione: "Idraulico" } });
    expect(added.status).toBe(201);
    expect(added.json).toMatchObject({ nome: "Mario", cognome: "Rossi", numeroTelefono: "+393331234567", email: null, professione: "Idraulico" });
    const twice = await call(`/api/lists/${list.id}/leads`, { cookie, body: { nome: "Mario", cognome: "Bis", numeroTelefono: "+393331234567" } });
    expect(twice.status).toBe(409);
    expect(twice.json.error).toBe(T.phoneAlreadyListed);
    await call(`/api/lists/${list.id}/leads`, { cookie, body: { nome: "Anna", cognome: "Verdi", numeroTelefono: "3337654321", email: "anna@verdi.it" } });

    expect((await call(`/api/lists/${list.id}/leads?search=verdi`, { cookie })).json).toMatchObject({ total: 1, leads: [{ nome: "Anna" }] });
    expect((await call(`/api/lists/${list.id}/leads?search=Mario%20Rossi`, { cookie })).json.total).toBe(1);
    expect((await call(`/api/lists/${list.id}/leads?search=%25`, { cookie })).json.total).toBe(0);
    const first = await call(`/api/lists/${list.id}/leads?pageSize=1&page=1`, { cookie });
    const second = await call(`/api/lists/${list.id}/leads?pageSize=1&page=2`, { cookie });
    expect(first.json.total).toBe(2);
    expect(first.json.leads[0].id).not.toBe(second.json.leads[0].id);
    expect((await call(`/api/lists/${list.id}/leads?page=0`, { cookie })).status).toBe(400);
    expect((await call(`/api/lists/${list.id}/leads?pageSize=abc`, { cookie })).status).toBe(400);

    expect((await call(`/api/lists/${list.id}/leads/${added.json.id}`, { method: "DELETE", cookie })).status).toBe(200);
    expect((await call(`/api/lists/${list.id}/leads/${added.json.id}`, { method: "DELETE", cookie })).status).toBe(404);
    expect((await listOf(cookie, list.id)).leadCount).toBe(1);
  });
});

describe("list tenancy, deletion and bad input", () => {
  it("answers 404 for another account's list on every route", async () => {
    const owner = await sandboxUser();
    const list = await csvList(owner.cookie);
    await upload(owner.cookie, list.id, "Nome,Telefono\nMario,3331234567\n");
    const lead = await call(`/api/lists/${list.id}/leads`, { cookie: owner.cookie, body: { nome: "A", cognome: "B", numeroTelefono: "3330000001" } });
    const stranger = await sandboxUser();
    const c = stranger.cookie;
    const routes: [string, string, unknown?][] = [
      ["GET", `/api/lists/${list.id}`],
      ["DELETE", `/api/lists/${list.id}`],
      ["GET", `/api/lists/${list.id}/fields`],
      ["GET", `/api/lists/${list.id}/mapping`],
      ["PUT", `/api/lists/${list.id}/mapping`, { fieldMapping: { numeroTelefono: "Telefono" } }],
      ["POST", `/api/lists/${list.id}/import`],
      ["GET", `/api/lists/${list.id}/leads`],
      ["POST", `/api/lists/${list.id}/leads`, { nome: "A", cognome: "B", numeroTelefono: "3330000002" }],
      ["DELETE", `/api/lists/${list.id}/leads/${lead.json.id}`],
    ];
    for (const [method, path, body] of routes) {
      const res = await call(path, { method, cookie: c, body });
      expect(res.status, `${method} ${path}`).toBe(404);
    }
    expect((await upload(c, list.id, "a,b\n1,2\n")).status).toBe(404);
    expect((await call("/api/lists", { cookie: c })).json).toEqual([]);
    expect((await listOf(owner.cookie, list.id)).leadCount).toBe(1);
  });

  it("deletes a list with its leads and its uploaded file", async () => {
    const { cookie } = await sandboxUser();
    const list = await csvList(cookie);
    await upload(cookie, list.id, "Nome,Telefono\nMario,3331234567\n");
    expect((await env.UPLOADS.list({ prefix: `lists/${list.id}/` })).objects).toHaveLength(1);
    expect((await call(`/api/lists/${list.id}`, { method: "DELETE", cookie })).status).toBe(200);
    expect((await call(`/api/lists/${list.id}`, { cookie })).status).toBe(404);
    expect((await env.UPLOADS.list({ prefix: `lists/${list.id}/` })).objects).toHaveLength(0);
  });

  it("answers 400, never 500, for malformed JSON and wrong types", async () => {
    const { cookie } = await sandboxUser();
    const list = await csvList(cookie);
    const bodies = ["{\"name\": ", "[]", "null", "\"x\"", JSON.stringify({ name: 5, listType: [], source: {}, config: "x", fieldMapping: [1], nome: 3, numeroTelefono: false })];
    for (const [method, path] of [
      ["POST", "/api/lists"],
      ["PUT", `/api/lists/${list.id}/mapping`],
      ["POST", `/api/lists/${list.id}/leads`],
    ] as const) {
      for (const raw of bodies) {
        const res = await call(path, { method, cookie, rawBody: raw, headers: { "Content-Type": "application/json" } });
        expect(res.status, `${method} ${path} ${raw}`).toBe(400);
        expect(res.json.error).toBeTypeOf("string");
      }
    }
    expect((await call(`/api/lists/${"x".repeat(100)}/leads`, { cookie })).status).toBe(400);
    expect((await call("/api/lists", { cookie, body: { name: "X", listType: "static", source: "airtable", config: { apiKey: "k".repeat(5000), baseId: "appX", tableId: "tblY" } } })).status).toBe(400);
  });
});
