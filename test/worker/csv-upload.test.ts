import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { CSV_TEXTS } from "@shared/texts/csv";
import { CSV_MAX_BYTES } from "@shared/schemas/lists";
import { LIST_TEXTS } from "@shared/texts/lists";
import { MEMORY_LIMITS } from "@shared/schemas/memories";
import { MEMORY_TEXTS } from "@shared/texts/memories";
import { lists } from "@worker/db/schema";
import { accountOwner, call, db } from "./helpers";

// Lists and memories take a CSV file through one helper (worker/lib/csv-upload.ts). They used to
// disagree: memories refused a Windows-1252 file and answered 400 for a file over its limit, lists
// read it and answered 413. One policy now, for both endpoints: UTF-8 with or without BOM, else
// Windows-1252; over the feature's limit 413 with the feature's sentence.

// "Nome;Città\nCaffè Rossi;Forlì\n" as Excel on Windows saves it (Windows-1252): è = 0xE8, à = 0xE0, ì = 0xEC.
const WINDOWS_1252 = new Uint8Array([
  ...new TextEncoder().encode("Nome;Citt"), 0xe0, 0x0a,
  ...new TextEncoder().encode("Caff"), 0xe8, ...new TextEncoder().encode(" Rossi;Forl"), 0xec, 0x0a,
]);
const UTF8_BOM = new Uint8Array([0xef, 0xbb, 0xbf, ...new TextEncoder().encode("Nome;Città\nCaffè Rossi;Forlì\n")]);

interface Endpoint {
  name: string;
  maxBytes: number;
  tooLarge: string;
  // Creates the list or memory and returns its CSV upload path.
  create(cookie: string): Promise<string>;
  method: "PUT" | "POST";
  // The columns and first row the endpoint reports for the file it read.
  read(cookie: string, path: string): Promise<{ columns: string[]; firstRow: string }>;
}

const endpoints: Endpoint[] = [
  {
    name: "lists",
    maxBytes: CSV_MAX_BYTES,
    tooLarge: LIST_TEXTS.csvTooLarge,
    method: "PUT",
    async create(cookie) {
      const res = await call("/api/lists", { cookie, body: { name: "Da Excel", listType: "static", source: "csv" } });
      expect(res.status, res.text).toBe(201);
      return `/api/lists/${res.json.id}/csv`;
    },
    async read(cookie, path) {
      const id = path.split("/")[3]!;
      const list = (await call(`/api/lists/${id}`, { cookie })).json;
      // The stored file, as the import job will read it.
      const [row] = await db().select().from(lists).where(eq(lists.id, id));
      const file = await env.UPLOADS.get((row!.config as { fileKey: string }).fileKey);
      return { columns: list.config.columns, firstRow: (await file!.text()).split("\n")[1]! };
    },
  },
  {
    name: "memories",
    maxBytes: MEMORY_LIMITS.csvMaxBytes,
    tooLarge: MEMORY_TEXTS.csvTooLarge,
    method: "POST",
    async create(cookie) {
      const res = await call("/api/memories", { cookie, body: { name: "Da Excel", dataType: "csv" } });
      expect(res.status, res.text).toBe(201);
      return `/api/memories/${res.json.id}/csv`;
    },
    async read(cookie, path) {
      const memory = (await call(path.replace(/\/csv$/, ""), { cookie })).json;
      const file = await call(path, { cookie });
      return { columns: memory.dataSource.columns, firstRow: file.text.split("\n")[1]! };
    },
  },
];

function upload(endpoint: Endpoint, cookie: string, path: string, body: BodyInit, headers: Record<string, string> = { "Content-Type": "text/csv" }) {
  return call(`${path}?fileName=clienti.csv`, { method: endpoint.method, cookie, rawBody: body, headers });
}

describe.each(endpoints)("CSV upload to $name", (endpoint) => {
  it("reads a Windows-1252 file with its accents", async () => {
    const { cookie } = await accountOwner();
    const path = await endpoint.create(cookie);
    const res = await upload(endpoint, cookie, path, WINDOWS_1252);
    expect(res.status, res.text).toBe(200);
    const read = await endpoint.read(cookie, path);
    expect(read.columns).toEqual(["Nome", "Città"]);
    expect(read.firstRow).toBe("Caffè Rossi;Forlì");
  });

  it("reads UTF-8 with a BOM without keeping the BOM in the first column", async () => {
    const { cookie } = await accountOwner();
    const path = await endpoint.create(cookie);
    const res = await upload(endpoint, cookie, path, UTF8_BOM);
    expect(res.status, res.text).toBe(200);
    expect((await endpoint.read(cookie, path)).columns).toEqual(["Nome", "Città"]);
  });

  it("answers 413 with the feature's sentence for a file over its limit, as a body or as multipart", async () => {
    const { cookie } = await accountOwner();
    const path = await endpoint.create(cookie);
    const big = `Nome;Note\n${"Rossi;una nota piuttosto lunga sul cliente\n".repeat(Math.ceil((endpoint.maxBytes + 1) / 40))}`;
    expect(big.length).toBeGreaterThan(endpoint.maxBytes);
    const raw = await upload(endpoint, cookie, path, big);
    expect(raw.status).toBe(413);
    expect(raw.json.error).toBe(endpoint.tooLarge);
    const form = new FormData();
    form.append("file", new File([big], "clienti.csv", { type: "text/csv" }));
    const multipart = await upload(endpoint, cookie, path, form, {});
    expect(multipart.status).toBe(413);
    expect(multipart.json.error).toBe(endpoint.tooLarge);
  });

  it("takes the file from multipart/form-data, and answers 400 without the field 'file'", async () => {
    const { cookie } = await accountOwner();
    const path = await endpoint.create(cookie);
    const form = new FormData();
    form.append("file", new File([WINDOWS_1252], "excel.csv", { type: "text/csv" }));
    const res = await upload(endpoint, cookie, path, form, {});
    expect(res.status, res.text).toBe(200);
    expect((await endpoint.read(cookie, path)).columns).toEqual(["Nome", "Città"]);
    const none = new FormData();
    none.append("altro", "x");
    const missing = await upload(endpoint, cookie, path, none, {});
    expect(missing.status).toBe(400);
    expect(missing.json.error).toBe(CSV_TEXTS.missingFile);
  });
});
