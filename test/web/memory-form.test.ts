import { describe, expect, it } from "vitest";
import { CSV_TEXTS } from "@shared/texts/csv";
import type { ApiMemory } from "@shared/schemas/memories";
import { MEMORY_TEXTS } from "@shared/texts/memories";
import { checkCsvFile, csvErrorLine, formatBytes, uploadPercent } from "@web/features/memories/lib/csv-file";
import {
  ALL_TYPES,
  emptyMemoryForm,
  filterMemories,
  memoryBodyFrom,
  memoryCounters,
  memoryFormFrom,
  memoryPreview,
  validateMemoryForm,
} from "@web/features/memories/lib/memory-form";
import { csvUploadUrl } from "@web/features/memories/api/upload-memory-csv";
import { buildMemory } from "./fixtures";

const memory = (overrides: Partial<ApiMemory> = {}) => buildMemory(overrides);

const AIRTABLE = { apiKey: "••••••••abcd", baseId: "appAAAAAAAAAAAAAA", tableId: "tblBBBBBBBBBBBBBB", viewId: null, recordCount: 12, kind: "airtable" as const };

describe("memory form", () => {
  it("starts as a private, active, standard text memory", () => {
    expect(emptyMemoryForm()).toMatchObject({ memoryType: "standard", dataType: "text", visibility: "private", isActive: true });
  });

  it("needs a name", () => {
    const result = validateMemoryForm(emptyMemoryForm(), null);
    expect(result).toEqual({ ok: false, errors: { name: MEMORY_TEXTS.nameRequired } });
  });

  it("sends a text memory as it is", () => {
    const result = validateMemoryForm({ ...emptyMemoryForm(), name: " FAQ ", content: "Orari: 9-18" }, null);
    expect(result).toEqual({
      ok: true,
      body: { name: "FAQ", content: "Orari: 9-18", memoryType: "standard", dataType: "text", visibility: "private", linkedTemplates: [], allConversations: false, isActive: true },
    });
  });

  it("checks the Airtable fields with the server's texts, and requires a key for a new connection", () => {
    const values = { ...emptyMemoryForm(), name: "Catalogo", dataType: "airtable" as const, baseId: "base1", tableId: "" };
    const result = validateMemoryForm(values, null);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors.baseId).toBe(MEMORY_TEXTS.airtableBaseInvalid);
    expect(result.errors.tableId).toBe(MEMORY_TEXTS.airtableRequired);
    expect(result.errors.apiKey).toBe(MEMORY_TEXTS.airtableRequired);
  });

  it("puts the Airtable configuration in dataSource, never in the content", () => {
    const values = {
      ...emptyMemoryForm(),
      name: "Catalogo",
      content: "resto di un testo",
      dataType: "airtable" as const,
      apiKey: " patXYZ.123 ",
      baseId: "appAAAAAAAAAAAAAA",
      tableId: "tblBBBBBBBBBBBBBB",
      viewId: "",
    };
    const result = validateMemoryForm(values, null);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.body.content).toBe("");
    expect(result.body.dataSource).toEqual({ apiKey: "patXYZ.123", baseId: "appAAAAAAAAAAAAAA", tableId: "tblBBBBBBBBBBBBBB", viewId: null });
  });

  it("keeps the stored Airtable key when editing with the field blank", () => {
    const saved = memory({ dataType: "airtable", content: "", dataSource: AIRTABLE });
    const values = memoryFormFrom(saved);
    expect(values).toMatchObject({ apiKey: "", baseId: AIRTABLE.baseId, tableId: AIRTABLE.tableId, viewId: "" });
    const result = validateMemoryForm(values, saved);
    expect(result.ok).toBe(true);
    if (result.ok) expect(result.body.dataSource?.apiKey).toBe("");
  });

  it("still needs a key when an existing text memory becomes an Airtable one", () => {
    const saved = memory();
    const values = { ...memoryFormFrom(saved), dataType: "airtable" as const, baseId: "appAAAAAAAAAAAAAA", tableId: "tblB" };
    const result = validateMemoryForm(values, saved);
    expect(result).toEqual({ ok: false, errors: { apiKey: MEMORY_TEXTS.airtableRequired } });
  });

  it("sends a feedback memory as feedback", () => {
    const body = memoryBodyFrom({ ...emptyMemoryForm(), name: "Preferenze", memoryType: "feedback", dataType: "csv" });
    expect(body).toMatchObject({ memoryType: "feedback", dataType: "feedback" });
    expect(body.dataSource).toBeUndefined();
    expect(memoryFormFrom(memory({ memoryType: "feedback", dataType: "feedback" }))).toMatchObject({ memoryType: "feedback", dataType: "text" });
  });
});

describe("memory list", () => {
  const memories = [
    memory({ id: "1", name: "Listino", content: "Prezzi toner", dataType: "text", linkedTemplates: ["HX1", "HX2"] }),
    memory({ id: "2", name: "Clienti", content: "", dataType: "csv", isActive: false, linkedTemplates: ["HX2"] }),
    memory({ id: "3", name: "Catalogo", content: "", dataType: "airtable" }),
    memory({ id: "4", name: "Preferenze", content: "toner preferito", memoryType: "feedback", dataType: "feedback" }),
  ];

  it("searches name or content and filters by data type", () => {
    expect(filterMemories(memories, { search: "TONER", dataType: ALL_TYPES }).map((m) => m.id)).toEqual(["1", "4"]);
    expect(filterMemories(memories, { search: "", dataType: "csv" }).map((m) => m.id)).toEqual(["2"]);
    expect(filterMemories(memories, { search: "toner", dataType: "text" }).map((m) => m.id)).toEqual(["1"]);
    expect(filterMemories(memories, { search: "", dataType: "airtable" }).map((m) => m.id)).toEqual(["3"]);
  });

  it("counts active, total and distinct linked templates", () => {
    expect(memoryCounters(memories)).toEqual({ active: 3, total: 4, linkedTemplates: 2 });
    expect(memoryCounters([])).toEqual({ active: 0, total: 0, linkedTemplates: 0 });
  });

  it("previews 120 characters", () => {
    expect(memoryPreview("x".repeat(121))).toBe(`${"x".repeat(120)}…`);
    expect(memoryPreview("x".repeat(120))).toBe("x".repeat(120));
  });
});

describe("CSV upload", () => {
  it("accepts a .csv of at most 5MB", () => {
    expect(checkCsvFile({ name: "clienti.csv", size: 1200, type: "text/csv" })).toBeNull();
    expect(checkCsvFile({ name: "CLIENTI.CSV", size: 1200, type: "application/vnd.ms-excel" })).toBeNull();
    expect(checkCsvFile({ name: "clienti.xlsx", size: 1200, type: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet" })).toBe(
      MEMORY_TEXTS.csvNotCsv,
    );
    expect(checkCsvFile({ name: "foto.csv", size: 10, type: "image/png" })).toBe(MEMORY_TEXTS.csvNotCsv);
    expect(checkCsvFile({ name: "grande.csv", size: 5 * 1024 * 1024 + 1, type: "text/csv" })).toBe(MEMORY_TEXTS.csvTooLarge);
    expect(checkCsvFile({ name: "vuoto.csv", size: 0, type: "text/csv" })).toBe(CSV_TEXTS.missingFile);
  });

  it("reports progress as a whole percentage", () => {
    expect(uploadPercent(0, 0)).toBe(0);
    expect(uploadPercent(512, 1024)).toBe(50);
    expect(uploadPercent(1023, 1024)).toBe(100);
    expect(uploadPercent(2048, 1024)).toBe(100);
  });

  it("reads the line of a parse error", () => {
    expect(csvErrorLine({ line: 3 })).toBe(3);
    expect(csvErrorLine({ line: "3" })).toBeNull();
    expect(csvErrorLine(undefined)).toBeNull();
  });

  it("names the file in the query and formats sizes in Italian", () => {
    expect(csvUploadUrl("m 1", "listino prezzi.csv")).toBe("/api/memories/m%201/csv?fileName=listino%20prezzi.csv");
    expect(formatBytes(900)).toBe("900 B");
    expect(formatBytes(1536)).toBe("1,5 KB");
    expect(formatBytes(5 * 1024 * 1024)).toBe("5 MB");
  });
});
