import { env } from "cloudflare:workers";
import { asc, eq } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { CSV_TEXTS } from "@shared/texts/csv";
import { AIRTABLE_TEXTS } from "@shared/texts/airtable";
import { CsvError, parseCsv, rowToPassage } from "@shared/csv";
import { MEMORY_LIMITS } from "@shared/schemas/memories";
import { MEMORY_TEXTS as TX } from "@shared/texts/memories";
import { feedbackEntries, memories, memoryPassages } from "@worker/db/schema";
import { rankByOverlap, relevantPassages, searchTerms, toFtsQuery } from "@worker/features/agent/knowledge";
import { textPassages } from "@worker/features/memories/passages";
import { decryptSecret } from "@worker/lib/crypto";
import { fakeAirtable, type FakeTable } from "../fakes/airtable";
import { accountOwner, addMember, call, db, signedInUser, withFakeAirtable } from "./helpers";

type Handler = (request: Request) => Response | Promise<Response>;
let airtable: Handler = () => new Response("no airtable in this test", { status: 500 });
withFakeAirtable((request) => airtable(request));
afterEach(() => {
  airtable = () => new Response("no airtable in this test", { status: 500 });
});

const SID = "HXtemplate00000000000000000000001";

async function createMemory(cookie: string, body: Record<string, unknown>) {
  const res = await call("/api/memories", { cookie, body: { name: "Memoria", ...body } });
  expect(res.status, res.text).toBe(201);
  return res.json;
}

function uploadCsv(cookie: string, id: string, csv: string | Uint8Array, fileName = "listino.csv") {
  return call(`/api/memories/${id}/csv?fileName=${encodeURIComponent(fileName)}`, {
    method: "POST",
    cookie,
    rawBody: csv,
    headers: { "Content-Type": "text/csv" },
  });
}

async function passagesOf(memoryId: string) {
  const rows = await db().select().from(memoryPassages).where(eq(memoryPassages.memoryId, memoryId)).orderBy(asc(memoryPassages.ordinal));
  return rows.map((r) => r.text);
}

describe("memories CRUD", () => {
  it("creates a text memory with the spec's defaults, indexes it, lists, updates and deletes it", async () => {
    const { cookie, account } = await accountOwner();
    const created = await call("/api/memories", { cookie, body: { name: "Orari", content: "Aperti dal lunedì al venerdì.\n\nChiusi la domenica.", linkedTemplates: [SID] } });
    expect(created.status).toBe(201);
    expect(created.json).toMatchObject({
      name: "Orari",
      twilioAccountId: account.id,
      memoryType: "standard",
      dataType: "text",
      dataSource: null,
      visibility: "private",
      linkedTemplates: [SID],
      isActive: true,
      isOwn: true,
      passageCount: 2,
    });
    const id = created.json.id;
    expect(await passagesOf(id)).toEqual(["Aperti dal lunedì al venerdì.", "Chiusi la domenica."]);
    expect((await call("/api/memories", { cookie })).json.map((m: any) => m.id)).toEqual([id]);

    const updated = await call(`/api/memories/${id}`, { method: "PUT", cookie, body: { content: "Aperti anche il sabato.", visibility: "public" } });
    expect(updated.status).toBe(200);
    expect(updated.json).toMatchObject({ name: "Orari", visibility: "public", passageCount: 1 });
    expect(await passagesOf(id)).toEqual(["Aperti anche il sabato."]);
    expect((await call(`/api/memories/${id}`, { method: "PUT", cookie, body: { isActive: false } })).json.isActive).toBe(false);

    expect((await call(`/api/memories/${id}`, { method: "DELETE", cookie })).status).toBe(200);
    expect((await call(`/api/memories/${id}`, { cookie })).status).toBe(404);
    expect(await passagesOf(id)).toEqual([]);
  });

  it("keeps a private memory to its author and shares a public one with the account's members", async () => {
    const { cookie, account } = await accountOwner();
    const secret = await createMemory(cookie, { name: "Margini", content: "Margine minimo 12%" });
    const shared = await createMemory(cookie, { name: "FAQ", content: "Spedizione gratuita", visibility: "public" });
    const member = await signedInUser();
    await addMember(member.user.id, account.id);
    const list = await call("/api/memories", { cookie: member.cookie });
    expect(list.json.map((m: any) => [m.id, m.isOwn])).toEqual([[shared.id, false]]);
    expect((await call(`/api/memories/${secret.id}`, { cookie: member.cookie })).status).toBe(404);
    expect((await call(`/api/memories/${secret.id}`, { method: "DELETE", cookie: member.cookie })).status).toBe(404);
    expect((await call(`/api/memories/${shared.id}`, { cookie: member.cookie })).status).toBe(200);
  });

  it("answers pages with X-Next-Cursor: ties included, stable under inserts, private ones and other accounts left out", async () => {
    const { user, cookie, account } = await accountOwner();
    const member = await signedInUser();
    await addMember(member.user.id, account.id);
    const tied = new Date("2026-04-01T10:00:00Z");
    // 5 public memories in one millisecond, 2 older ones, and a private one of the owner the member never sees.
    const names = ["m1", "m2", "m3", "m4", "m5", "m6", "m7"];
    for (const [i, name] of names.entries()) {
      const createdAt = i < 5 ? tied : new Date(Date.UTC(2026, 2, 10 - i));
      await db().insert(memories).values({ userId: user.id, twilioAccountId: account.id, name, visibility: "public", createdAt });
    }
    await db().insert(memories).values({ userId: user.id, twilioAccountId: account.id, name: "segreta", visibility: "private", createdAt: tied });
    const other = await accountOwner();
    await db().insert(memories).values({ userId: other.user.id, twilioAccountId: other.account.id, name: "altrui", visibility: "public", createdAt: tied });

    const first = await call("/api/memories?limit=3", { cookie: member.cookie });
    expect(first.status).toBe(200);
    expect(first.json).toHaveLength(3);
    // A newer memory and one in the tied millisecond arrive between the pages: neither shifts the next page.
    await db().insert(memories).values({ userId: user.id, twilioAccountId: account.id, name: "nuova", visibility: "public" });
    await db().insert(memories).values({ userId: user.id, twilioAccountId: account.id, name: "pari", visibility: "public", createdAt: tied });
    const seen: string[] = first.json.map((m: any) => m.name);
    let cursor = first.headers.get("X-Next-Cursor");
    for (let guard = 0; cursor && guard < 10; guard++) {
      const page = await call(`/api/memories?limit=3&before=${cursor}`, { cookie: member.cookie });
      expect(page.status).toBe(200);
      seen.push(...page.json.map((m: any) => m.name));
      cursor = page.headers.get("X-Next-Cursor");
    }
    expect(seen).toHaveLength(7);
    expect([...seen].sort()).toEqual(names);
    expect(seen.slice(5)).toEqual(["m6", "m7"]);

    // Another account's cursor positions nothing here, and bad paging is refused in Italian.
    const foreign = await call(`/api/memories?before=${first.headers.get("X-Next-Cursor")}`, { cookie: other.cookie });
    expect(foreign.json).toEqual([]);
    const bad = await call("/api/memories?limit=0", { cookie });
    expect(bad.status).toBe(400);
    expect(bad.json.error).toBe("limit deve essere un numero intero da 1 a 100");
    // Without paging parameters the first 50 come, newest first.
    const whole = await call("/api/memories", { cookie });
    expect(whole.json.map((m: any) => m.name).slice(0, 1)).toEqual(["nuova"]);
    expect(whole.json).toHaveLength(10);
    expect(whole.headers.get("X-Next-Cursor")).toBeNull();
  });

  it("shows a feedback memory as dataType 'feedback' and lists its feedback rows", async () => {
    const { cookie } = await accountOwner();
    const memory = await createMemory(cookie, { name: "Feedback clienti", dataType: "feedback", linkedTemplates: [SID] });
    expect(memory).toMatchObject({ memoryType: "feedback", dataType: "feedback", passageCount: 0 });
    const explicit = await createMemory(cookie, { name: "Altro feedback", memoryType: "feedback" });
    expect(explicit.dataType).toBe("feedback");
    await db()
      .insert(feedbackEntries)
      .values({ memoryId: memory.id, phoneNumber: "+393401234567", positiveItems: ["price: tasso basso"], negativeItems: ["service: attesa lunga"] });
    const rows = await call(`/api/memories/${memory.id}/feedback`, { cookie });
    expect(rows.status).toBe(200);
    expect(rows.json).toEqual([
      { id: expect.any(String), phoneNumber: "+393401234567", positiveItems: ["price: tasso basso"], negativeItems: ["service: attesa lunga"], lastUpdated: expect.any(String) },
    ]);
    const standard = await createMemory(cookie, { name: "Testo", content: "x" });
    expect((await call(`/api/memories/${standard.id}/feedback`, { cookie })).json).toEqual([]);
  });

  it("validates with Italian texts", async () => {
    const { cookie } = await accountOwner();
    const cases: [Record<string, unknown>, string][] = [
      [{ name: "" }, TX.nameRequired],
      [{ name: "x".repeat(201) }, TX.nameTooLong(MEMORY_LIMITS.nameMax)],
      [{ dataType: "pdf" }, TX.dataTypeInvalid],
      [{ memoryType: "altro" }, TX.memoryTypeInvalid],
      [{ visibility: "tutti" }, TX.visibilityInvalid],
      [{ content: 5 }, TX.contentInvalid],
      [{ dataType: "airtable" }, TX.airtableRequired],
      [{ dataType: "airtable", dataSource: { apiKey: "patX", baseId: "base", tableId: "tbl1" } }, TX.airtableBaseInvalid],
      [{ dataType: "airtable", dataSource: { baseId: "appABCDEFGHIJKLMN", tableId: "tbl1" } }, TX.airtableKeyMissing],
    ];
    for (const [override, message] of cases) {
      const res = await call("/api/memories", { cookie, body: { name: "Memoria", ...override } });
      expect(res.status, JSON.stringify(override)).toBe(400);
      expect(res.json.error).toBe(message);
    }
  });
});

describe("duplicating a memory", () => {
  it("POST /:id/duplicate copies it inactive, with _copy and no linked templates, knowledge included", async () => {
    const { cookie } = await accountOwner();
    const source = await createMemory(cookie, { name: "Listino", content: "Carta A4: 5 euro\nToner: 40 euro", linkedTemplates: [SID], visibility: "public" });
    const res = await call(`/api/memories/${source.id}/duplicate`, { method: "POST", cookie });
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({ name: "Listino_copy", content: source.content, linkedTemplates: [], isActive: false, visibility: "public", passageCount: 2 });
    expect(await passagesOf(res.json.id)).toEqual(["Carta A4: 5 euro", "Toner: 40 euro"]);
  });

  it("accepts the spec's client-side duplicate (name, content, dataType, dataSource, linkedTemplates, isActive)", async () => {
    const { cookie } = await accountOwner();
    const source = await createMemory(cookie, { name: "Listino", content: "Carta A4: 5 euro", linkedTemplates: [SID] });
    const body = { name: `${source.name}_copy`, content: source.content, dataType: source.dataType, dataSource: source.dataSource, linkedTemplates: [], isActive: false };
    const res = await call("/api/memories", { cookie, body });
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({ name: "Listino_copy", linkedTemplates: [], isActive: false, passageCount: 1 });
  });

  it("copies a CSV memory's file and rows", async () => {
    const { cookie } = await accountOwner();
    const memory = await createMemory(cookie, { name: "Prodotti", dataType: "csv" });
    await uploadCsv(cookie, memory.id, "prodotto,prezzo\nCarta,5\nToner,40\n");
    const copy = await call(`/api/memories/${memory.id}/duplicate`, { method: "POST", cookie });
    expect(copy.json.dataSource).toMatchObject({ kind: "csv", rowCount: 2, fileName: "listino.csv" });
    expect(await passagesOf(copy.json.id)).toEqual(["prodotto: Carta; prezzo: 5", "prodotto: Toner; prezzo: 40"]);
    // Deleting the original leaves the copy's file in place.
    await call(`/api/memories/${memory.id}`, { method: "DELETE", cookie });
    const file = await call(`/api/memories/${copy.json.id}/csv`, { cookie });
    expect(file.status).toBe(200);
    expect(file.text).toBe("prodotto,prezzo\nCarta,5\nToner,40\n");
  });
});

describe("the CSV parser", () => {
  it("reads quoted separators, doubled quotes and line breaks inside quotes", () => {
    const csv = 'nome,descrizione,prezzo\r\n"Carta, A4","Risma da 500 fogli, ""premium""",5\r\nToner,"Nero\nalta resa",40\r\n';
    expect(parseCsv(csv)).toEqual({
      separator: ",",
      columns: ["nome", "descrizione", "prezzo"],
      rows: [
        ["Carta, A4", 'Risma da 500 fogli, "premium"', "5"],
        ["Toner", "Nero\nalta resa", "40"],
      ],
    });
  });

  it("detects ';' (Italian spreadsheet exports) and strips the UTF-8 BOM", () => {
    const parsed = parseCsv("\uFEFFprodotto;prezzo;note\nCaffè;1,20;\"al banco; anche d'asporto\"\n\n");
    expect(parsed.separator).toBe(";");
    expect(parsed.columns).toEqual(["prodotto", "prezzo", "note"]);
    expect(parsed.rows).toEqual([["Caffè", "1,20", "al banco; anche d'asporto"]]);
  });

  it("names the line of a malformed row", () => {
    const error = (csv: string) => {
      try {
        parseCsv(csv);
      } catch (err) {
        expect(err).toBeInstanceOf(CsvError);
        return { line: (err as CsvError).line, message: (err as Error).message };
      }
      throw new Error("no error");
    };
    expect(error("a,b\n1,2\n3,4,5\n")).toEqual({ line: 3, message: CSV_TEXTS.fieldCount(3, 3, 2) });
    expect(error('a,b\n1,2\n"3,4\n5,6\n')).toEqual({ line: 3, message: CSV_TEXTS.unclosedQuote(3) });
    expect(error('a,b\n"x"y,2\n')).toEqual({ line: 2, message: CSV_TEXTS.textAfterQuote(2) });
    // A quoted line break moves the count on: the bad row is on line 4.
    expect(error('a,b\n"uno\ndue",2\n3\n')).toEqual({ line: 4, message: CSV_TEXTS.fieldCount(4, 1, 2) });
    expect(error("")).toMatchObject({ message: CSV_TEXTS.empty });
    expect(error("a,b\n")).toMatchObject({ message: CSV_TEXTS.noRows });
  });

  it("tolerates a trailing separator, names blank and repeated headers, and quotes rows as passages", () => {
    const parsed = parseCsv("a,,a,\n1,2,3,\n");
    expect(parsed.columns).toEqual(["a", "Colonna 2", "a (2)", "Colonna 4"]);
    const short = parseCsv("x,y\n1,2,\n");
    expect(short.rows).toEqual([["1", "2"]]);
    expect(rowToPassage(["nome", "prezzo", "note"], ["Carta", " 5 ", ""])).toBe("nome: Carta; prezzo: 5");
  });
});

describe("CSV memories", () => {
  it("uploads a CSV to R2, turns its rows into passages and answers the card's summary", async () => {
    const { cookie, account } = await accountOwner();
    const memory = await createMemory(cookie, { name: "Prodotti", dataType: "csv", linkedTemplates: [SID] });
    expect(memory.passageCount).toBe(0);
    const csv = '\uFEFFprodotto;prezzo;descrizione;colore;formato;peso\n"Carta A4";5;"Risma da 500 fogli; 80 g";bianco;A4;2.5\nToner;40;"Nero, alta resa";nero;XL;0.8\n';
    const res = await uploadCsv(cookie, memory.id, csv);
    expect(res.status, res.text).toBe(200);
    expect(res.json).toMatchObject({
      dataType: "csv",
      passageCount: 2,
      syncError: null,
      dataSource: {
        kind: "csv",
        fileName: "listino.csv",
        rowCount: 2,
        columns: ["prodotto", "prezzo", "descrizione", "colore", "formato"],
        columnCount: 6,
        separator: ";",
        size: new TextEncoder().encode(csv).byteLength,
      },
    });
    expect(res.json.lastSyncAt).toBeTypeOf("string");
    expect(await passagesOf(memory.id)).toEqual([
      "prodotto: Carta A4; prezzo: 5; descrizione: Risma da 500 fogli; 80 g; colore: bianco; formato: A4; peso: 2.5",
      "prodotto: Toner; prezzo: 40; descrizione: Nero, alta resa; colore: nero; formato: XL; peso: 0.8",
    ]);
    const stored = await env.UPLOADS.get(`memories/${account.id}/${memory.id}.csv`);
    // The file is kept byte for byte, BOM included.
    expect(new Uint8Array(await stored!.arrayBuffer())).toEqual(new TextEncoder().encode(csv));
    const passages = await relevantPassages(db(), account.id, SID, "Quanto costa il toner?");
    expect(passages[0]!.text).toContain("prodotto: Toner; prezzo: 40");

    // A second upload replaces the rows.
    await uploadCsv(cookie, memory.id, "prodotto,prezzo\nPenne,3\n", "nuovo.csv");
    expect(await passagesOf(memory.id)).toEqual(["prodotto: Penne; prezzo: 3"]);
  });

  it("accepts multipart/form-data in the field 'file'", async () => {
    const { cookie } = await accountOwner();
    const memory = await createMemory(cookie, { name: "Prodotti", dataType: "csv" });
    const form = new FormData();
    form.append("file", new File(["nome,prezzo\nCarta,5\n"], "catalogo.csv", { type: "text/csv" }));
    const res = await call(`/api/memories/${memory.id}/csv`, { method: "POST", cookie, rawBody: form });
    expect(res.status, res.text).toBe(200);
    expect(res.json.dataSource).toMatchObject({ fileName: "catalogo.csv", rowCount: 1 });
  });

  it("refuses a malformed row with the line, a file over 5 MB (413) and a non-CSV memory; reads a Windows-1252 file", async () => {
    const { cookie } = await accountOwner();
    const memory = await createMemory(cookie, { name: "Prodotti", dataType: "csv" });
    const bad = await uploadCsv(cookie, memory.id, 'nome,prezzo\nCarta,5\n"Toner,40\n');
    expect(bad.status).toBe(400);
    expect(bad.json).toEqual({ error: "Riga 3: virgolette aperte e mai chiuse", details: { line: 3 } });
    const count = await uploadCsv(cookie, memory.id, "nome,prezzo\nCarta,5\nToner\n");
    expect(count.json).toEqual({ error: CSV_TEXTS.fieldCount(3, 1, 2), details: { line: 3 } });

    const big = `nome,descrizione\n${"Carta,una descrizione piuttosto lunga del prodotto\n".repeat(110_000)}`;
    const tooLarge = await uploadCsv(cookie, memory.id, big);
    // Lists and memories read uploads alike (worker/lib/csv-upload.ts): too large is 413, Windows-1252 is read.
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.json.error).toBe(TX.csvTooLarge);
    const excel = await createMemory(cookie, { name: "Da Excel", dataType: "csv" });
    const latin1 = await uploadCsv(cookie, excel.id, new Uint8Array([0x6e, 0x6f, 0x6d, 0x65, 0x0a, 0x43, 0x61, 0x66, 0x66, 0xe8, 0x0a]));
    expect(latin1.status, latin1.text).toBe(200);
    expect(await passagesOf(excel.id)).toEqual(["nome: Caffè"]);
    const empty = await uploadCsv(cookie, memory.id, "");
    expect(empty.status).toBe(400);
    expect((await call(`/api/memories/${memory.id}`, { cookie })).json.passageCount).toBe(0);

    const text = await createMemory(cookie, { name: "Testo", content: "x" });
    const wrong = await uploadCsv(cookie, text.id, "a,b\n1,2\n");
    expect(wrong.status).toBe(400);
    expect(wrong.json.error).toBe(TX.notCsv);
    expect((await call(`/api/memories/${memory.id}/csv`, { cookie })).status).toBe(404);
  });
});

describe("Airtable memories", () => {
  const BASE_ID = "appABCDEFGHIJKLMN";
  const KEY = "patSECRETtoken.0123456789abcdef";

  function table(count: number, extra: Partial<FakeTable> = {}): FakeTable {
    return {
      apiKey: KEY,
      records: Array.from({ length: count }, (_, i) => ({
        id: `rec${String(i).padStart(5, "0")}`,
        fields: { Prodotto: `Articolo ${i}`, Prezzo: i, Tag: ["ufficio", "promo"], Foto: [{ filename: `foto${i}.png`, url: "https://x" }] },
      })),
      ...extra,
    };
  }

  it("syncs every page (pageSize 100, offset, view, bearer key) at most 5 requests a second, key encrypted and masked", async () => {
    const tables = { [`${BASE_ID}/tblProdotti`]: table(250, { views: { viwPromo: [] } }) };
    tables[`${BASE_ID}/tblProdotti`]!.views!.viwPromo = tables[`${BASE_ID}/tblProdotti`]!.records.map((r) => r.id);
    const fake = fakeAirtable(tables);
    airtable = fake.handler;
    const { cookie, account } = await accountOwner();
    const res = await call("/api/memories", {
      cookie,
      body: { name: "Catalogo", dataType: "airtable", dataSource: { apiKey: KEY, baseId: BASE_ID, tableId: "tblProdotti", viewId: "viwPromo" }, linkedTemplates: [SID] },
    });
    expect(res.status, res.text).toBe(201);
    expect(res.text).not.toContain(KEY);
    expect(res.json).toMatchObject({
      dataType: "airtable",
      passageCount: 250,
      syncError: null,
      dataSource: { kind: "airtable", apiKey: "••••••••cdef", baseId: BASE_ID, tableId: "tblProdotti", viewId: "viwPromo", recordCount: 250 },
    });
    expect(res.json.lastSyncAt).toBeTypeOf("string");
    expect(fake.calls.map((c) => [c.pageSize, c.offset, c.view, c.authorization])).toEqual([
      ["100", null, "viwPromo", `Bearer ${KEY}`],
      ["100", "itr100", "viwPromo", `Bearer ${KEY}`],
      ["100", "itr200", "viwPromo", `Bearer ${KEY}`],
    ]);
    for (let i = 1; i < fake.calls.length; i++) expect(fake.calls[i]!.at - fake.calls[i - 1]!.at).toBeGreaterThanOrEqual(190);

    const row = await db().query.memories.findFirst({ where: eq(memories.id, res.json.id) });
    const stored = row!.dataSource as { apiKey: string };
    expect(JSON.stringify(row)).not.toContain(KEY);
    expect(await decryptSecret(stored.apiKey, env.ENCRYPTION_KEY)).toBe(KEY);
    expect((await passagesOf(res.json.id))[7]).toBe("Prodotto: Articolo 7; Prezzo: 7; Tag: ufficio, promo; Foto: foto7.png");
    expect((await relevantPassages(db(), account.id, SID, "Avete l'articolo 42?"))[0]!.text).toContain("Articolo 42;");
    expect((await call("/api/memories", { cookie })).text).not.toContain(KEY);
  });

  it("re-syncs on demand keeping the stored key when the masked one comes back", async () => {
    const tables = { [`${BASE_ID}/tblA`]: table(3) };
    const fake = fakeAirtable(tables);
    airtable = fake.handler;
    const { cookie } = await accountOwner();
    const created = await createMemory(cookie, { name: "A", dataType: "airtable", dataSource: { apiKey: KEY, baseId: BASE_ID, tableId: "tblA" } });
    expect(created).toMatchObject({ passageCount: 3, syncError: null });
    expect(fake.calls).toHaveLength(1);

    tables[`${BASE_ID}/tblA`]!.records.push({ id: "recNEW", fields: { Prodotto: "Nuovo arrivo" } });
    // The card sends the masked key back with the form: the stored key is kept.
    const edited = await call(`/api/memories/${created.id}`, { method: "PUT", cookie, body: { name: "A2", dataType: "airtable", dataSource: created.dataSource } });
    expect(edited.json).toMatchObject({ name: "A2", passageCount: 3 });
    // A form that leaves the configuration out keeps it too.
    const renamed = await call(`/api/memories/${created.id}`, { method: "PUT", cookie, body: { name: "A3", dataType: "airtable", content: "" } });
    expect(renamed.json).toMatchObject({ name: "A3", dataSource: { baseId: BASE_ID, tableId: "tblA" } });
    expect(fake.calls).toHaveLength(1);
    const synced = await call(`/api/memories/${created.id}/sync`, { method: "POST", cookie });
    expect(synced.status).toBe(200);
    expect(synced.json).toMatchObject({ passageCount: 4, dataSource: { recordCount: 4 } });
    expect(fake.calls.at(-1)!.authorization).toBe(`Bearer ${KEY}`);
  });

  it("after a 429 sends nothing to that base for Airtable's 30 s penalty, then syncs again", async () => {
    // A base of its own: the penalty this test starts must not reach the others.
    const baseId = "appPENALTY0000012";
    const tables = { [`${baseId}/tblA`]: table(3, { throttle: 1 }) };
    const fake = fakeAirtable(tables);
    airtable = fake.handler;
    const { cookie } = await accountOwner();
    vi.useFakeTimers({ toFake: ["Date"] });
    try {
      const created = await createMemory(cookie, { name: "A", dataType: "airtable", dataSource: { apiKey: KEY, baseId, tableId: "tblA" } });
      expect(created).toMatchObject({ passageCount: 0, syncError: AIRTABLE_TEXTS.rateLimited });
      expect(fake.calls).toHaveLength(1);

      // Ten seconds on, the base is still held: the sync answers at once and Airtable is not called.
      vi.setSystemTime(Date.now() + 10_000);
      const held = await call(`/api/memories/${created.id}/sync`, { method: "POST", cookie });
      expect(held.status).toBe(502);
      expect(held.json.error).toBe(AIRTABLE_TEXTS.rateLimitedFor(20));
      expect(fake.calls).toHaveLength(1);

      vi.setSystemTime(Date.now() + 20_500);
      const synced = await call(`/api/memories/${created.id}/sync`, { method: "POST", cookie });
      expect(synced.status, synced.text).toBe(200);
      expect(synced.json).toMatchObject({ passageCount: 3, syncError: null });
      expect(fake.calls).toHaveLength(2);
    } finally {
      vi.useRealTimers();
    }
  });

  it("starts a listing again when Airtable says its offset expired, instead of failing the sync", async () => {
    const tables = { [`${BASE_ID}/tblA`]: table(150, { expireOffsets: 1 }) };
    const fake = fakeAirtable(tables);
    airtable = fake.handler;
    const { cookie } = await accountOwner();
    const created = await createMemory(cookie, { name: "Listino", dataType: "airtable", dataSource: { apiKey: KEY, baseId: BASE_ID, tableId: "tblA" } });
    expect(created).toMatchObject({ passageCount: 150, syncError: null, dataSource: { recordCount: 150 } });
    // First page, the expired offset (422), then the whole listing again.
    expect(fake.calls.map((c) => c.offset)).toEqual([null, "itr100", null, "itr100"]);
  });

  it("answers and stores a clear Italian error for a bad key (401), a key without access (403) and an unknown table (404)", async () => {
    const tables = { [`${BASE_ID}/tblA`]: table(2), [`${BASE_ID}/tblOther`]: { ...table(1), apiKey: "patOTHER" } };
    airtable = fakeAirtable(tables).handler;
    const { cookie } = await accountOwner();
    const created = await createMemory(cookie, { name: "A", dataType: "airtable", dataSource: { apiKey: KEY, baseId: BASE_ID, tableId: "tblA" } });
    expect(created.passageCount).toBe(2);

    const cases: [Record<string, string>, string][] = [
      [{ apiKey: "patWRONG", tableId: "tblA" }, AIRTABLE_TEXTS.auth],
      [{ apiKey: "patOTHER", tableId: "tblA" }, AIRTABLE_TEXTS.forbidden],
      [{ apiKey: KEY, tableId: "tblMissing" }, AIRTABLE_TEXTS.notFound],
    ];
    for (const [config, message] of cases) {
      // Saving a wrong configuration is allowed; the sync error shows on the card and the last good rows stay.
      const saved = await call(`/api/memories/${created.id}`, { method: "PUT", cookie, body: { dataType: "airtable", dataSource: { baseId: BASE_ID, ...config } } });
      expect(saved.status).toBe(200);
      expect(saved.json).toMatchObject({ syncError: message, passageCount: 2 });
      const sync = await call(`/api/memories/${created.id}/sync`, { method: "POST", cookie });
      expect(sync.status).toBe(400);
      expect(sync.json.error).toBe(message);
      expect((await call(`/api/memories/${created.id}`, { cookie })).json.syncError).toBe(message);
    }
    // Fixing it clears the error.
    const fixed = await call(`/api/memories/${created.id}`, { method: "PUT", cookie, body: { dataSource: { apiKey: KEY, baseId: BASE_ID, tableId: "tblA" } } });
    expect(fixed.json).toMatchObject({ syncError: null, passageCount: 2 });
  });

  it("reads the configuration from the content as the spec's editor sends it, and never keeps the key there", async () => {
    airtable = fakeAirtable({ [`${BASE_ID}/tblA`]: table(1) }).handler;
    const { cookie } = await accountOwner();
    const memory = await createMemory(cookie, { name: "A", dataType: "airtable", content: JSON.stringify({ apiKey: KEY, baseId: BASE_ID, tableId: "tblA" }) });
    expect(memory).toMatchObject({ content: "", passageCount: 1, dataSource: { baseId: BASE_ID, tableId: "tblA" } });
    const sync = await call(`/api/memories/${(await createMemory(cookie, { name: "T", content: "x" })).id}/sync`, { method: "POST", cookie });
    expect(sync.status).toBe(400);
    expect(sync.json.error).toBe(TX.notAirtable);
  });
});

describe("knowledge retrieval", () => {
  const filler = (topic: string, n: number) =>
    Array.from({ length: n }, (_, i) => `Paragrafo ${i} su ${topic}: informazioni generali sul catalogo, sulle consegne e sui pagamenti numero ${i}.`).join("\n");

  it("picks the relevant passage of a large knowledge base within the budget, not everything", async () => {
    const { user, account } = await accountOwner();
    const content = `${filler("cancelleria", 80)}\nLa garanzia sulle stampanti laser dura 24 mesi dalla data di acquisto.\n${filler("spedizioni", 80)}`;
    await db().insert(memories).values({ userId: user.id, twilioAccountId: account.id, name: "Manuale", content, linkedTemplates: [SID] });
    const passages = await relevantPassages(db(), account.id, SID, "Quanto dura la garanzia della stampante?", 1500);
    expect(passages[0]).toMatchObject({ name: "Manuale", text: "La garanzia sulle stampanti laser dura 24 mesi dalla data di acquisto." });
    const used = passages.reduce((n, p) => n + p.text.length, 0);
    expect(used).toBeLessThanOrEqual(1500);
    expect(content.length).toBeGreaterThan(10_000);
    // Nothing matches: a large base contributes nothing rather than everything.
    expect(await relevantPassages(db(), account.id, SID, "zzzz qwerty", 1500)).toEqual([]);
  });

  it("uses only active standard memories linked to the template of this account, and re-indexes edited text", async () => {
    const { user, account } = await accountOwner();
    const other = await accountOwner();
    const base = { userId: user.id, twilioAccountId: account.id, linkedTemplates: [SID] };
    await db().insert(memories).values([
      { ...base, name: "Attiva", content: "Il bonifico è accettato." },
      { ...base, name: "Spenta", content: "Il bonifico istantaneo costa 1 euro.", isActive: false },
      { ...base, name: "Altro template", content: "Il bonifico arriva in un giorno.", linkedTemplates: ["HXother"] },
      { userId: other.user.id, twilioAccountId: other.account.id, name: "Altro account", content: "Il bonifico è gratuito.", linkedTemplates: [SID] },
    ]);
    const found = await relevantPassages(db(), account.id, SID, "posso pagare con bonifico?");
    expect(found.map((p) => p.name)).toEqual(["Attiva"]);
    expect(await relevantPassages(db(), account.id, null, "bonifico")).toEqual([]);

    // Edited directly in the database (no API): the next search re-indexes it.
    const [attiva] = await db().select().from(memories).where(eq(memories.name, "Attiva"));
    await db().update(memories).set({ content: "Accettiamo PayPal e carte." }).where(eq(memories.id, attiva!.id));
    expect((await relevantPassages(db(), account.id, SID, "pagate con paypal?"))[0]!.text).toBe("Accettiamo PayPal e carte.");
  });

  it("builds safe FTS queries from any text and falls back to word overlap", () => {
    expect(searchTerms("Che orari ha il negozio?")).toEqual(["orari", "negozio"]);
    expect(toFtsQuery(["orari", "negozio", "tan", "2024"])).toBe('"orar"* OR "negoz"* OR "tan" OR "2024"');
    // Operators and quotes become quoted words or drop out (too short, or stopwords).
    expect(toFtsQuery(searchTerms('"NEAR( AND OR * ^ -- ciao'))).toBe('"nea"*');
    expect(toFtsQuery(searchTerms("?? !!"))).toBeNull();
    const ranked = rankByOverlap([{ text: "Spedizioni in 24 ore" }, { text: "Orari del negozio: 9-18" }, { text: "Niente" }], ["orari", "negozio"]);
    expect(ranked.map((p) => p.text)).toEqual(["Orari del negozio: 9-18"]);
    const long = `${"Frase abbastanza lunga sul prodotto. ".repeat(60)}`;
    const pieces = textPassages(long);
    expect(pieces.length).toBeGreaterThan(1);
    expect(pieces.every((p) => p.length <= 1000)).toBe(true);
  });

  it("answers for queries full of FTS syntax", async () => {
    const { user, account } = await accountOwner();
    await db().insert(memories).values({ userId: user.id, twilioAccountId: account.id, name: "FAQ", content: "Resi gratuiti entro 30 giorni.\nAltro", linkedTemplates: [SID] });
    for (const query of ['resi" OR "', "resi*) AND NOT (", "NEAR(resi, 5)", "col:resi", "'; drop table memories; --"]) {
      const found = await relevantPassages(db(), account.id, SID, query);
      expect(found[0]?.text, query).toBe("Resi gratuiti entro 30 giorni.");
    }
  });
});

describe("tenancy and bad input on memories", () => {
  it("answers 404 for another tenant's memory on every route", async () => {
    const owning = await accountOwner();
    const memory = await createMemory(owning.cookie, { name: "Segreti", content: "x", visibility: "public" });
    const { cookie } = await accountOwner();
    const routes: [string, string, unknown?][] = [
      ["GET", `/api/memories/${memory.id}`],
      ["PUT", `/api/memories/${memory.id}`, { name: "Rubata" }],
      ["DELETE", `/api/memories/${memory.id}`],
      ["POST", `/api/memories/${memory.id}/duplicate`],
      ["GET", `/api/memories/${memory.id}/feedback`],
      ["POST", `/api/memories/${memory.id}/sync`],
      ["GET", `/api/memories/${memory.id}/csv`],
    ];
    for (const [method, path, body] of routes) {
      const res = await call(path, { method, cookie, body });
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(res.json.error).toBe(TX.notFound);
    }
    const upload = await uploadCsv(cookie, memory.id, "a,b\n1,2\n");
    expect(upload.status).toBe(404);
    expect((await call("/api/memories", { cookie })).json).toEqual([]);
    expect((await call(`/api/memories/${memory.id}`, { cookie: owning.cookie })).json.name).toBe("Segreti");
  });

  it("answers 400, never 500, to malformed JSON and wrong types on every memory route", async () => {
    const { cookie } = await accountOwner();
    const memory = await createMemory(cookie, { name: "M", content: "x" });
    const csvMemory = await createMemory(cookie, { name: "C", dataType: "csv" });
    const bodies: [string, string][] = [
      ["malformed JSON", '{"name": '],
      ["array", "[1,2,3]"],
      ["null", "null"],
      ["string", '"ciao"'],
      ["wrong types", JSON.stringify({ name: 12, content: false, memoryType: 4, dataType: [], dataSource: "x", visibility: 1, linkedTemplates: "HX", isActive: "si" })],
      ["bad airtable", JSON.stringify({ name: "A", dataType: "airtable", dataSource: { apiKey: 5, baseId: [], tableId: null } })],
      ["huge strings", JSON.stringify({ name: "x".repeat(200_000), content: "y".repeat(300_000) })],
    ];
    for (const [method, path] of [
      ["POST", "/api/memories"],
      ["PUT", `/api/memories/${memory.id}`],
    ] as const) {
      for (const [label, raw] of bodies) {
        const res = await call(path, { method, cookie, rawBody: raw, headers: { "Content-Type": "application/json" } });
        expect(res.status, `${method} ${path} with ${label}: ${res.text.slice(0, 200)}`).toBe(400);
        expect(res.json?.error).toBeTypeOf("string");
      }
    }
    // The CSV route reads any body as a file: JSON and binary garbage are refused as CSV, not crashes.
    for (const [label, raw] of [...bodies, ["binary", new Uint8Array([0, 255, 254, 10, 13])] as [string, Uint8Array]]) {
      const res = await uploadCsv(cookie, csvMemory.id, raw);
      expect(res.status, `csv with ${label}: ${res.text.slice(0, 200)}`).toBe(400);
      expect(res.json?.error).toBeTypeOf("string");
    }
    const multipart = await call(`/api/memories/${csvMemory.id}/csv`, { method: "POST", cookie, rawBody: "--x\r\nbroken", headers: { "Content-Type": "multipart/form-data; boundary=x" } });
    expect(multipart.status).toBe(400);
    for (const path of [`/api/memories/${"x".repeat(100)}`, `/api/memories/${"x".repeat(100)}/feedback`]) {
      expect((await call(path, { cookie })).status).toBe(400);
    }
    expect((await call(`/api/memories/${csvMemory.id}/csv?fileName=${"a/b"}`, { method: "POST", cookie, rawBody: "a\n1\n", headers: { "Content-Type": "text/csv" } })).status).toBe(400);
    expect((await call("/api/memories", { cookie })).json).toHaveLength(2);
  });
});
