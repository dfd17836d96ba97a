import { z } from "zod";
import { LIST_TEXTS } from "../texts/lists";
import { AIRTABLE_TEXTS } from "../texts/airtable";
import { T } from "../strings";
import { looksLikePhone } from "../phone";

export const LIST_SOURCES = ["airtable", "csv"] as const;
export const LIST_TYPES = ["static", "dynamic"] as const;
export type ListSource = (typeof LIST_SOURCES)[number];

export const LIST_SOURCE_LABELS: Record<string, string> = { airtable: "Airtable", csv: "File CSV" };
export const LIST_TYPE_LABELS: Record<string, string> = { static: "Statica", dynamic: "Dinamica" };

// The list lead fields a source column can be mapped to.
export const STANDARD_FIELDS = [
  { key: "nome", label: "Nome", required: false },
  { key: "cognome", label: "Cognome", required: false },
  { key: "numeroTelefono", label: "Numero telefono", required: true },
  { key: "email", label: "Email", required: false },
  { key: "professione", label: "Professione", required: false },
  { key: "note", label: "Note", required: false },
] as const;
export type StandardFieldKey = (typeof STANDARD_FIELDS)[number]["key"];
export const STANDARD_FIELD_KEYS = STANDARD_FIELDS.map((f) => f.key) as [StandardFieldKey, ...StandardFieldKey[]];

// CSV files are read in chunks of this many rows, one queue job each.
export const CSV_IMPORT_CHUNK_ROWS = 500;
export const CSV_MAX_BYTES = 10 * 1024 * 1024;
// Airtable pages (100 records each) read by one queue job before it hands over to the next.
export const AIRTABLE_PAGES_PER_JOB = 5;
// Invalid rows kept per chunk for the report; all of them are counted.
export const INVALID_ROWS_KEPT_PER_CHUNK = 50;
export const LIST_LEADS_PAGE_SIZE = 25;

export const LIST_SYNC_DEFAULT_MINUTES = 30;
export const LIST_SYNC_MIN_MINUTES = 5;
export const LIST_SYNC_MAX_MINUTES = 1440;

const trimmed = (max: number, label: string) =>
  z
    .string()
    .trim()
    .max(max, LIST_TEXTS.tooLong(label, max));

const syncIntervalField = z
  .number({ error: T.syncIntervalInvalid })
  .int(T.syncIntervalInvalid)
  .min(LIST_SYNC_MIN_MINUTES, T.syncIntervalInvalid)
  .max(LIST_SYNC_MAX_MINUTES, T.syncIntervalInvalid);
export const listSyncSchema = z.object({ syncInterval: syncIntervalField });

export const createListSchema = z
  .object({
    name: z.string({ error: LIST_TEXTS.createRequired }).trim().min(1, LIST_TEXTS.createRequired).max(100, LIST_TEXTS.tooLong("Nome lista", 100)),
    listType: z.enum(LIST_TYPES, { error: LIST_TEXTS.createRequired }),
    source: z.enum(LIST_SOURCES, { error: LIST_TEXTS.createRequired }),
    config: z
      .object({
        apiKey: z.string().trim().max(300).optional().default(""),
        baseId: z.string().trim().max(40).optional().default(""),
        tableId: z.string().trim().max(40).optional().default(""),
        viewId: z.string().trim().max(40).nullish(),
      })
      .optional(),
    isActive: z.boolean().optional().default(true),
    syncInterval: syncIntervalField.optional().default(LIST_SYNC_DEFAULT_MINUTES),
  })
  .superRefine((v, ctx) => {
    if (v.source !== "airtable") return;
    const c = v.config;
    if (!c || !c.apiKey || !c.baseId || !c.tableId) {
      ctx.addIssue({ code: "custom", path: ["config"], message: LIST_TEXTS.airtableRequired });
      return;
    }
    if (!/^app[A-Za-z0-9]+$/.test(c.baseId)) ctx.addIssue({ code: "custom", path: ["config", "baseId"], message: AIRTABLE_TEXTS.baseIdInvalid });
    if (!/^tbl[A-Za-z0-9]+$/.test(c.tableId)) ctx.addIssue({ code: "custom", path: ["config", "tableId"], message: AIRTABLE_TEXTS.tableIdInvalid });
    if (c.viewId && !/^viw[A-Za-z0-9]+$/.test(c.viewId)) ctx.addIssue({ code: "custom", path: ["config", "viewId"], message: AIRTABLE_TEXTS.viewIdInvalid });
  });
export type CreateListInput = z.input<typeof createListSchema>;

const mappingValue = z.string().trim().min(1).max(200);
export const fieldMappingSchema = z
  .object({
    fieldMapping: z.partialRecord(z.enum(STANDARD_FIELD_KEYS, { error: "Campo standard sconosciuto" }), mappingValue.nullish()),
  })
  .transform(({ fieldMapping }) => {
    const clean: Partial<Record<StandardFieldKey, string>> = {};
    for (const [key, value] of Object.entries(fieldMapping)) if (value) clean[key as StandardFieldKey] = value;
    return { fieldMapping: clean };
  })
  .refine((v) => !!v.fieldMapping.numeroTelefono, { message: LIST_TEXTS.mappingPhoneRequired, path: ["fieldMapping", "numeroTelefono"] });

const email = z.string().trim().max(200).pipe(z.email(T.emailInvalid));

// The list lead form (spec part 2 §5).
export const listLeadSchema = z.object({
  nome: z.string({ error: LIST_TEXTS.nomeRequired }).trim().min(1, LIST_TEXTS.nomeRequired).max(100, LIST_TEXTS.tooLong("Nome", 100)),
  cognome: z.string({ error: LIST_TEXTS.cognomeRequired }).trim().min(1, LIST_TEXTS.cognomeRequired).max(100, LIST_TEXTS.tooLong("Cognome", 100)),
  numeroTelefono: z
    .string({ error: LIST_TEXTS.numeroRequired })
    .trim()
    .min(1, LIST_TEXTS.numeroRequired)
    .max(40, LIST_TEXTS.numeroInvalid)
    // The server reads it with the list's account country (a national number is not always Italian).
    .refine(looksLikePhone, LIST_TEXTS.numeroInvalid),
  email: z.union([z.literal(""), email]).nullish(),
  professione: trimmed(200, "Professione").nullish(),
  note: trimmed(1000, "Note").nullish(),
});
export type ListLeadInput = z.input<typeof listLeadSchema>;

// The all-optional variant: what an imported row must satisfy (the phone is checked on its own).
export const listLeadPartialSchema = z.object({
  nome: trimmed(100, "Nome").nullish(),
  cognome: trimmed(100, "Cognome").nullish(),
  numeroTelefono: z.string().trim().max(40, LIST_TEXTS.numeroInvalid).nullish(),
  email: z.union([z.literal(""), email]).nullish(),
  professione: trimmed(200, "Professione").nullish(),
  note: trimmed(1000, "Note").nullish(),
});

export const listIdParam = z.object({ id: z.string().min(1).max(64) });
export const listLeadIdParam = z.object({ id: z.string().min(1).max(64), leadId: z.string().min(1).max(64) });

export const listLeadsQuerySchema = z.object({
  search: z.string().trim().max(200).optional(),
  page: z.coerce.number({ error: "page deve essere un numero" }).int().min(1).max(100_000).optional().default(1),
  pageSize: z.coerce.number({ error: "pageSize deve essere un numero" }).int().min(1).max(100).optional().default(LIST_LEADS_PAGE_SIZE),
});

// Header names that usually hold each standard field, for a first mapping suggestion.
const FIELD_HINTS: Record<StandardFieldKey, RegExp> = {
  nome: /^(nome|first ?name|name|nominativo|given ?name)$/i,
  cognome: /^(cognome|last ?name|surname|family ?name)$/i,
  numeroTelefono: /^(numero ?telefono|numero|telefono|tel\.?|cellulare|cell\.?|mobile|phone( ?number)?|whatsapp)$/i,
  email: /^(e ?mail|mail|indirizzo e ?mail|posta elettronica)$/i,
  professione: /^(professione|lavoro|occupazione|job( ?title)?|profession|ruolo|mestiere)$/i,
  note: /^(note|notes|commenti|commento|descrizione)$/i,
};

export function suggestMapping(columns: readonly string[]): Partial<Record<StandardFieldKey, string>> {
  const out: Partial<Record<StandardFieldKey, string>> = {};
  for (const field of STANDARD_FIELD_KEYS) {
    const hit = columns.find((c) => FIELD_HINTS[field].test(c.trim().replace(/[_-]+/g, " ")));
    if (hit) out[field] = hit;
  }
  return out;
}

export interface AirtableListConfig {
  baseId: string;
  tableId: string;
  viewId: string | null;
  // Masked: only the last four characters are ever sent back.
  apiKey: string;
}

export interface CsvListConfig {
  fileName: string | null;
  columns: string[];
  rowCount: number;
  uploadedAt: string | null;
}

export interface ApiInvalidRow {
  row: number;
  reason: string;
}

export interface ApiListImport {
  id: string;
  source: string;
  status: "queued" | "running" | "completed" | "failed";
  total: number | null;
  processed: number;
  created: number;
  updated: number;
  unchanged: number;
  invalid: number;
  // Records gone from the source, marked inactive (dynamic Airtable lists).
  deactivated: number;
  // Rows stored in the list by this import (new, changed and unchanged).
  count: number;
  error: string | null;
  invalidRows: ApiInvalidRow[];
  startedAt: string;
  finishedAt: string | null;
}

export interface ApiList {
  id: string;
  twilioAccountId: string;
  name: string;
  source: string;
  listType: string;
  config: AirtableListConfig | CsvListConfig | null;
  fieldMapping: Partial<Record<StandardFieldKey, string>>;
  isActive: boolean;
  createdAt: string;
  lastSyncAt: string | null;
  syncInterval: number;
  nextSyncAt: string | null;
  leadCount: number;
  lastImport: ApiListImport | null;
}

export interface ApiListLead {
  id: string;
  listId: string;
  nome: string | null;
  cognome: string | null;
  numeroTelefono: string | null;
  email: string | null;
  professione: string | null;
  note: string | null;
  externalId: string | null;
  funnelStatus: string;
  isActive: boolean;
  importedAt: string;
}

export interface ApiListLeadsPage {
  leads: ApiListLead[];
  total: number;
  page: number;
  pageSize: number;
}

export interface ApiListFields {
  availableFields: string[];
  standardFields: { key: string; label: string; required: boolean }[];
  suggestedMapping: Partial<Record<StandardFieldKey, string>>;
}
