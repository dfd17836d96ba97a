import { z } from "zod";
import { CSV_TEXTS } from "../texts/csv";
import { CSV_MAX_ROWS } from "../csv";
import { linkedTemplatesSchema } from "./prompts";

export const MEMORY_TYPES = ["standard", "feedback"] as const;
// What a client may send; 'feedback' (how a feedback memory is shown) means memoryType feedback.
export const MEMORY_DATA_TYPES = ["text", "csv", "airtable", "feedback"] as const;
export const MEMORY_VISIBILITIES = ["private", "public"] as const;
export type MemoryType = (typeof MEMORY_TYPES)[number];
export type MemoryDataType = (typeof MEMORY_DATA_TYPES)[number];
export type StoredDataType = Exclude<MemoryDataType, "feedback">;
export type MemoryVisibility = (typeof MEMORY_VISIBILITIES)[number];

export const MEMORY_LIMITS = {
  nameMax: 200,
  contentMax: 200_000,
  csvMaxBytes: 5 * 1024 * 1024,
  csvMaxRows: CSV_MAX_ROWS,
  // Columns the card shows.
  cardColumns: 5,
  cardPreview: 120,
} as const;

export const MEMORY_TEXTS = {
  title: "Gestione Memories",
  subtitle: "Memories - Cervello AI",
  newMemory: "Nuova Memoria",
  editMemory: "Modifica Memoria",
  activeCount: "Memories attive",
  totalCount: "Memories totali",
  linkedTemplatesCount: "Template collegati",
  deleteError: "Impossibile eliminare la memoria",
  saveError: "Impossibile salvare la memoria",
  created: "Memoria creata con successo",
  updated: "Memoria aggiornata con successo",
  duplicated: "Memoria duplicata con successo",
  deleted: "Memoria eliminata con successo",
  visibilityPrivate: "Solo tu puoi vedere questi dati sensibili",
  visibilityPublic: "Condivisibile con tutti gli utenti",
  notFound: "Memoria non trovata",
  noActiveAccount: "Nessun account Twilio attivo: configuralo in Account Twilio",
  nameRequired: "Il nome della memoria è obbligatorio",
  nameTooLong: `Il nome della memoria può avere al massimo ${MEMORY_LIMITS.nameMax} caratteri`,
  contentInvalid: "Il contenuto deve essere un testo",
  contentTooLong: `Il contenuto può avere al massimo ${MEMORY_LIMITS.contentMax} caratteri`,
  memoryTypeInvalid: "Tipo di memoria non valido: standard o feedback",
  dataTypeInvalid: "Tipo di dati non valido: text, csv o airtable",
  visibilityInvalid: "Visibilità non valida: private o public",
  isActiveInvalid: "Lo stato attivo deve essere true o false",
  airtableRequired: "API Key, Base ID e Table ID sono obbligatori per Airtable.",
  airtableBaseInvalid: "Base ID non valido: inizia con 'app' (es. appXXXXXXXXXXXXXX)",
  airtableTableInvalid: "Table ID non valido (es. tblXXXXXXXXXXXXXX o il nome della tabella)",
  airtableViewInvalid: "View ID non valido",
  airtableKeyMissing: "Inserisci di nuovo la API Key di Airtable: quella salvata non viene mai mostrata",
  notAirtable: "Questa memoria non è collegata ad Airtable",
  notCsv: "Questa memoria non è di tipo CSV: crea una memoria con tipo dati csv",
  csvTooLarge: "File troppo grande: il CSV può essere al massimo di 5MB",
  csvMissingFile: CSV_TEXTS.missingFile,
  csvNotUploaded: "Nessun file CSV caricato per questa memoria",
  csvUploaded: (rows: number) => `CSV caricato: ${rows} righe disponibili per l'AI`,
  synced: (records: number) => `Airtable sincronizzato: ${records} record disponibili per l'AI`,
  csvInDevelopment: "in sviluppo",
  feedbackEmpty: "Nessun feedback registrato",
} as const;

const name = z
  .string({ error: MEMORY_TEXTS.nameRequired })
  .trim()
  .min(1, MEMORY_TEXTS.nameRequired)
  .max(MEMORY_LIMITS.nameMax, MEMORY_TEXTS.nameTooLong);
const content = z.string({ error: MEMORY_TEXTS.contentInvalid }).max(MEMORY_LIMITS.contentMax, MEMORY_TEXTS.contentTooLong);
const memoryType = z.enum(MEMORY_TYPES, { error: MEMORY_TEXTS.memoryTypeInvalid });
const dataType = z.enum(MEMORY_DATA_TYPES, { error: MEMORY_TEXTS.dataTypeInvalid });
const visibility = z.enum(MEMORY_VISIBILITIES, { error: MEMORY_TEXTS.visibilityInvalid });
const isActive = z.boolean({ error: MEMORY_TEXTS.isActiveInvalid });

export const MASK_PREFIX = "••••";
export const isMaskedSecret = (value: string) => value.startsWith(MASK_PREFIX);

// The Airtable source of a memory. A blank or masked apiKey keeps the stored key on update.
export const airtableConfigSchema = z.object(
  {
    apiKey: z.string({ error: MEMORY_TEXTS.airtableRequired }).trim().max(512, MEMORY_TEXTS.airtableRequired).optional().default(""),
    baseId: z
      .string({ error: MEMORY_TEXTS.airtableRequired })
      .trim()
      .min(1, MEMORY_TEXTS.airtableRequired)
      .regex(/^app[A-Za-z0-9]{14}$/, MEMORY_TEXTS.airtableBaseInvalid),
    tableId: z
      .string({ error: MEMORY_TEXTS.airtableRequired })
      .trim()
      .min(1, MEMORY_TEXTS.airtableRequired)
      .max(100, MEMORY_TEXTS.airtableTableInvalid)
      .regex(/^[^/?#]+$/, MEMORY_TEXTS.airtableTableInvalid),
    viewId: z
      .string({ error: MEMORY_TEXTS.airtableViewInvalid })
      .trim()
      .max(100, MEMORY_TEXTS.airtableViewInvalid)
      .nullish()
      .transform((v) => v || null),
  },
  { error: MEMORY_TEXTS.airtableRequired },
);
export type AirtableConfigInput = z.output<typeof airtableConfigSchema>;

// The spec's editor puts the Airtable configuration as JSON in the content; dataSource is preferred.
function airtableSource(dataSource: unknown, content: string | undefined): unknown {
  if (dataSource !== undefined && dataSource !== null) return dataSource;
  if (!content?.trim().startsWith("{")) return dataSource;
  try {
    return JSON.parse(content);
  } catch {
    return dataSource;
  }
}

interface RawMemoryInput {
  content?: string;
  memoryType?: MemoryType;
  dataType?: MemoryDataType;
  dataSource?: unknown;
}

// Normalises type fields: dataType 'feedback' is memoryType feedback with text data, and an
// Airtable memory carries a validated configuration.
function normalise<T extends RawMemoryInput>(input: T, ctx: z.RefinementCtx, creating: boolean) {
  const feedback = input.memoryType === "feedback" || input.dataType === "feedback";
  const memoryType: MemoryType | undefined = feedback ? "feedback" : input.memoryType;
  let stored: StoredDataType | undefined = input.dataType === "feedback" ? "text" : input.dataType;
  if (feedback) stored = "text";
  let airtable: AirtableConfigInput | null = null;
  let contentOut = input.content;
  // An update that only changes the Airtable configuration may leave dataType out.
  const looksLikeAirtable = typeof input.dataSource === "object" && input.dataSource !== null && "baseId" in input.dataSource;
  const source = airtableSource(input.dataSource, input.content);
  // On update an Airtable memory without a configuration in the body keeps the stored one.
  const keepsStored = !creating && (source === undefined || source === null);
  if ((stored === "airtable" && !keepsStored) || (!creating && stored === undefined && looksLikeAirtable)) {
    const parsed = airtableConfigSchema.safeParse(source ?? {});
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        ctx.addIssue({ code: "custom", path: ["dataSource", ...issue.path.map(String)], message: issue.message });
      }
      return z.NEVER;
    }
    airtable = parsed.data;
    // The configuration (with its key) never stays in the plain content.
    if (source !== input.dataSource) contentOut = "";
  }
  const { dataSource: _ignored, ...rest } = input;
  return {
    ...rest,
    content: contentOut,
    memoryType: memoryType ?? (creating ? "standard" : undefined),
    dataType: stored ?? (creating ? "text" : undefined),
    airtable,
  };
}

const memoryFields = {
  name,
  content: content.optional(),
  memoryType: memoryType.optional(),
  dataType: dataType.optional(),
  dataSource: z.unknown().optional(),
  visibility: visibility.optional(),
  linkedTemplates: linkedTemplatesSchema.optional(),
  // Used by every conversation of the account, also those the customer opened.
  allConversations: z.boolean({ error: MEMORY_TEXTS.isActiveInvalid }).optional(),
  isActive: isActive.optional(),
};

// Create, and the spec's client-side duplicate (name, content, dataType, dataSource, linkedTemplates, isActive).
export const createMemorySchema = z
  .object(memoryFields)
  .transform((input, ctx) => {
    const out = normalise(input, ctx, true);
    return {
      ...out,
      content: out.content ?? "",
      memoryType: out.memoryType ?? "standard",
      dataType: out.dataType ?? "text",
      visibility: input.visibility ?? "private",
      linkedTemplates: input.linkedTemplates ?? [],
      allConversations: input.allConversations ?? false,
      isActive: input.isActive ?? true,
    };
  });

// Update: any subset of the fields.
export const updateMemorySchema = z.object({ ...memoryFields, name: name.optional() }).transform((input, ctx) => normalise(input, ctx, false));

export const memoryIdParam = z.object({ id: z.string().min(1).max(64) });

// GET /api/memories answers a page (newest first); X-Next-Cursor, when present, is the `before` of the next.
// A memory may hold 200,000 characters, so pages are small.
export const MEMORY_PAGE_SIZE = 50;
export const MEMORY_PAGE_MAX = 100;
const pageLimitInvalid = `limit deve essere un numero intero da 1 a ${MEMORY_PAGE_MAX}`;
export const memoryPageQuery = z.object({
  limit: z.coerce
    .number({ error: pageLimitInvalid })
    .int({ error: pageLimitInvalid })
    .min(1, { error: pageLimitInvalid })
    .max(MEMORY_PAGE_MAX, { error: pageLimitInvalid })
    .optional()
    .default(MEMORY_PAGE_SIZE),
  before: z.string({ error: "before non valido" }).min(1, { error: "before non valido" }).max(64, { error: "before non valido" }).optional(),
});

// A raw text/csv upload names its file in the query; multipart uploads carry the name themselves.
export const csvUploadQuery = z.object({
  fileName: z
    .string()
    .trim()
    .max(200, "Nome del file troppo lungo")
    .regex(/^[^/\\\u0000-\u001f]*$/, "Nome del file non valido")
    .optional(),
});

export interface ApiCsvSource {
  kind: "csv";
  fileName: string;
  size: number;
  rowCount: number;
  // The first columns (for the card) and how many there are.
  columns: string[];
  columnCount: number;
  separator: "," | ";";
  uploadedAt: string;
}

export interface ApiAirtableSource {
  kind: "airtable";
  // Masked: never the key itself.
  apiKey: string;
  baseId: string;
  tableId: string;
  viewId: string | null;
  recordCount: number;
}

export interface ApiMemory {
  id: string;
  twilioAccountId: string;
  name: string;
  content: string;
  memoryType: MemoryType;
  // 'feedback' for a feedback memory, as the spec shows it.
  dataType: MemoryDataType;
  dataSource: ApiCsvSource | ApiAirtableSource | null;
  visibility: MemoryVisibility;
  linkedTemplates: string[];
  allConversations: boolean;
  isActive: boolean;
  // Created by the signed-in user (only they see it while private).
  isOwn: boolean;
  // Passages the AI can draw on, the last CSV upload or Airtable sync, and its last error.
  passageCount: number;
  lastSyncAt: string | null;
  syncError: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface ApiFeedbackRow {
  id: string;
  phoneNumber: string;
  positiveItems: string[];
  negativeItems: string[];
  lastUpdated: string;
}
