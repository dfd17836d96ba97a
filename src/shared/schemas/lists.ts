import { z } from "zod";
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

export const LIST_TEXTS = {
  syncIntervalInvalid: `L'intervallo di sincronizzazione deve essere tra ${LIST_SYNC_MIN_MINUTES} e ${LIST_SYNC_MAX_MINUTES} minuti`,
  syncIntervalLabel: "Sincronizza ogni (minuti)",
  syncIntervalHint: "Una lista dinamica Airtable rilegge la tabella da sola: nuovi record diventano lead, quelli modificati si aggiornano, quelli spariti diventano inattivi.",
  syncNow: "Sincronizza ora",
  syncStarted: "Sincronizzazione avviata",
  syncSaved: "Intervallo di sincronizzazione salvato",
  syncSaveError: "Impossibile salvare l'intervallo di sincronizzazione.",
  syncEvery: (minutes: number) => `Sincronizzazione ogni ${minutes} min`,
  lastSync: (when: string) => `Ultima sincronizzazione: ${when}`,
  syncResult: (created: number, updated: number, deactivated: number) => `${created} nuovi, ${updated} aggiornati, ${deactivated} disattivati`,
  neverSynced: "Mai sincronizzata",
  syncDynamicOnly: "La sincronizzazione automatica è solo per le liste dinamiche Airtable",
  title: "Liste",
  back: "Dashboard",
  newList: "Nuova Lista",
  createFirst: "Crea la prima lista",
  empty: "Nessuna lista creata. Importa i tuoi contatti da Airtable o da un file CSV.",
  loadError: "Impossibile caricare le liste.",
  count: (n: number) => (n === 1 ? "1 lista" : `${n} liste`),
  active: "Attiva",
  inactive: "Inattiva",
  leadCount: (n: number) => (n === 1 ? "1 lead" : `${n.toLocaleString("it-IT")} lead`),
  sourceLabel: "Fonte",
  typeLabel: "Tipo lista",
  nameLabel: "Nome lista",
  createTitle: "Nuova Lista",
  createDescription: "Collega una tabella Airtable o carica un file CSV con i tuoi contatti.",
  apiKeyLabel: "API Key (personal access token)",
  apiKeyHint: "Un personal access token di Airtable (inizia con 'pat'), con accesso in lettura alla base.",
  baseIdLabel: "Base ID",
  baseIdHint: "Inizia con 'app' (lo trovi nell'URL della base).",
  tableIdLabel: "Table ID",
  tableIdHint: "Inizia con 'tbl' (lo trovi nell'URL della tabella).",
  viewIdLabel: "View ID (opzionale)",
  viewIdHint: "Inizia con 'viw': importa solo i record di quella vista.",
  csvFileLabel: "File CSV",
  csvFileHint: "Separatore virgola o punto e virgola, prima riga con i nomi delle colonne. Massimo 20.000 righe.",
  csvUpload: "Carica nuovo CSV",
  csvUploaded: (name: string, rows: number) => `${name}: ${rows.toLocaleString("it-IT")} righe`,
  create: "Crea lista",
  leads: "Lead",
  configure: "Configura",
  import: "Importa",
  importing: "Importazione...",
  deleteConfirm: (name: string) => `Sei sicuro di voler eliminare la lista "${name}"? Questa azione non può essere annullata.`,

  // Leads dialog
  leadsTitle: (name: string) => `Lead di ${name}`,
  leadsSearch: "Cerca per nome, telefono o email...",
  leadsEmpty: "Nessun lead in questa lista.",
  leadsNoMatch: "Nessun lead corrisponde alla ricerca.",
  leadsTotal: (n: number) => (n === 1 ? "1 lead" : `${n.toLocaleString("it-IT")} lead`),
  page: (page: number, pages: number) => `Pagina ${page} di ${pages}`,
  previous: "Precedente",
  next: "Successiva",
  addLead: "Aggiungi lead",
  addLeadTitle: "Nuovo lead",
  leadAdded: "Lead aggiunto",
  leadAddError: "Impossibile aggiungere il lead.",
  leadDeleted: "Lead eliminato",
  leadDeleteError: "Impossibile eliminare il lead.",
  leadDeleteConfirm: "Eliminare questo lead dalla lista?",

  // Configuration dialog
  configTitle: (name: string) => `Configurazione di ${name}`,
  configDescription: "Associa ogni campo del lead a una colonna della fonte. Salvando, i lead vengono importati.",
  notMapped: "— Non associato —",
  requiredMark: "obbligatorio",
  saveMapping: "Salva e importa",
  fieldsLoading: "Caricamento campi...",

  // Import progress and report
  importQueued: "Importazione in coda...",
  importRunning: (processed: number, total: number | null) =>
    total ? `Importazione: ${processed.toLocaleString("it-IT")} di ${total.toLocaleString("it-IT")} righe` : `Importazione: ${processed.toLocaleString("it-IT")} righe lette`,
  importCompleted: (at: string) => `Ultima importazione: ${at}`,
  importFailed: "Importazione non riuscita",
  importReport: (created: number, updated: number, unchanged: number, invalid: number) =>
    `${created} nuovi · ${updated} aggiornati · ${unchanged} invariati · ${invalid} non validi`,
  invalidRowsTitle: "Righe non importate",
  invalidRow: (row: number, reason: string) => `Riga ${row}: ${reason}`,
  moreInvalidRows: (n: number) => `…e altre ${n} righe non valide`,

  // Toasts and errors (spec part 2 §8)
  created: "Lista creata",
  createdDescription: (name: string) => `La lista "${name}" è stata creata.`,
  createError: "Impossibile creare la lista. Riprova più tardi.",
  deleted: "Lista eliminata",
  deleteError: "Impossibile eliminare la lista. Riprova più tardi.",
  imported: "Importazione completata",
  importedDescription: (count: number) => `Importati ${count} lead con successo.`,
  importStarted: "Importazione avviata",
  importStartedDescription: "I lead vengono importati in background: segui l'avanzamento sulla scheda della lista.",
  importErrorTitle: "Errore durante l'importazione",
  importErrorDefault: "Impossibile importare i lead.",
  leadsLoadError: "Impossibile caricare i lead della lista.",
  openConfigError: "Impossibile aprire la configurazione",
  mappingSaved: "Mappatura salvata",
  mappingSavedDescription: "I campi sono stati associati: importazione avviata.",
  mappingSaveError: "Impossibile salvare la mappatura dei campi.",
  fieldsErrorTitle: "Errore nel caricamento dei campi",
  fieldsErrorAirtable: "Impossibile recuperare i campi da Airtable. Verifica la configurazione.",
  csvUploadError: "Impossibile caricare il file CSV.",
  csvFileRequired: "Seleziona un file CSV con i contatti.",
  csvFileTooLarge: "Il file CSV supera il limite di 10 MB.",
  csvCurrent: "File attuale",
  noFieldsYet: "Nessuna colonna disponibile: carica un file CSV.",
  mappingTitle: "Associazione dei campi",
  sourceField: "Colonna della fonte",
  standardField: "Campo del lead",

  // Validation (spec part 2 §5)
  createRequired: "Nome, tipo lista e fonte sono obbligatori.",
  airtableRequired: "API Key, Base ID e Table ID sono obbligatori per Airtable.",
  baseIdInvalid: "Il Base ID inizia con 'app'",
  tableIdInvalid: "Il Table ID inizia con 'tbl'",
  viewIdInvalid: "Il View ID inizia con 'viw'",
  nomeRequired: "Nome richiesto",
  cognomeRequired: "Cognome richiesto",
  numeroRequired: "Numero telefono richiesto",
  numeroInvalid: "Numero di telefono non valido",
  emailInvalid: "Email non valida",
  tooLong: (label: string, max: number) => `${label}: massimo ${max} caratteri`,
  mappingPhoneRequired: "Associa il campo Numero telefono a una colonna: serve per importare i lead.",
  mappingUnknownColumn: (column: string) => `La colonna "${column}" non esiste nel file CSV`,
  csvMissing: "Carica prima un file CSV per questa lista.",
  csvOnlyForCsvLists: "Il caricamento di un file CSV è possibile solo per le liste di tipo CSV.",
  csvTooLarge: "Il file CSV supera il limite di 10 MB.",
  importRunningConflict: "Un'importazione è già in corso per questa lista.",
  notFound: "Lista non trovata",
  leadNotFound: "Lead non trovato",
  noActiveAccount: "Nessun account Twilio attivo: configuralo in Account Twilio",
  airtableKeyUnreadable: "La API Key di Airtable salvata non è leggibile: ricrea la lista.",
  csvFileGone: "Il file CSV della lista non è più disponibile: caricalo di nuovo.",
  importGaveUp: "L'importazione si è interrotta dopo diversi tentativi: riprova più tardi.",
  staleImport: "L'importazione precedente non risponde più ed è stata interrotta.",
  phoneMissing: "Numero telefono mancante",
  phoneInvalidValue: (raw: string) => `Numero di telefono non valido: "${raw}"`,
  duplicateInImport: (firstRow: number) => `Numero già presente alla riga ${firstRow}`,
  airtableRecord: (id: string) => `record ${id}`,
  phoneInList: "Questo numero è già presente nella lista",
} as const;

const trimmed = (max: number, label: string) =>
  z
    .string()
    .trim()
    .max(max, LIST_TEXTS.tooLong(label, max));

const syncIntervalField = z
  .number({ error: LIST_TEXTS.syncIntervalInvalid })
  .int(LIST_TEXTS.syncIntervalInvalid)
  .min(LIST_SYNC_MIN_MINUTES, LIST_TEXTS.syncIntervalInvalid)
  .max(LIST_SYNC_MAX_MINUTES, LIST_TEXTS.syncIntervalInvalid);
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
    if (!/^app[A-Za-z0-9]+$/.test(c.baseId)) ctx.addIssue({ code: "custom", path: ["config", "baseId"], message: LIST_TEXTS.baseIdInvalid });
    if (!/^tbl[A-Za-z0-9]+$/.test(c.tableId)) ctx.addIssue({ code: "custom", path: ["config", "tableId"], message: LIST_TEXTS.tableIdInvalid });
    if (c.viewId && !/^viw[A-Za-z0-9]+$/.test(c.viewId)) ctx.addIssue({ code: "custom", path: ["config", "viewId"], message: LIST_TEXTS.viewIdInvalid });
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

const email = z.string().trim().max(200).pipe(z.email(LIST_TEXTS.emailInvalid));

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
