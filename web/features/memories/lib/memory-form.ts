import {
  createMemorySchema,
  MEMORY_LIMITS,
  updateMemorySchema,
  type ApiMemory,
  type MemoryType,
  type MemoryVisibility,
  type StoredDataType,
} from "@shared/schemas/memories";
import { MEMORY_TEXTS as TX } from "@shared/texts/memories";

export interface MemoryFormValues {
  name: string;
  content: string;
  memoryType: MemoryType;
  // What a standard memory holds; a feedback memory is always shown as 'feedback'.
  dataType: StoredDataType;
  visibility: MemoryVisibility;
  isActive: boolean;
  linkedTemplates: string[];
  allConversations: boolean;
  apiKey: string;
  baseId: string;
  tableId: string;
  viewId: string;
}

export type MemoryFormField = keyof MemoryFormValues;
export type MemoryFormErrors = Partial<Record<MemoryFormField, string>>;

export function emptyMemoryForm(): MemoryFormValues {
  return {
    name: "",
    content: "",
    memoryType: "standard",
    dataType: "text",
    visibility: "private",
    isActive: true,
    linkedTemplates: [],
    allConversations: false,
    apiKey: "",
    baseId: "",
    tableId: "",
    viewId: "",
  };
}

// The stored Airtable key never comes back: editing starts with the field blank, which keeps it.
export function memoryFormFrom(memory: ApiMemory): MemoryFormValues {
  const airtable = memory.dataSource?.kind === "airtable" ? memory.dataSource : null;
  return {
    name: memory.name,
    content: memory.content,
    memoryType: memory.memoryType,
    dataType: memory.dataType === "feedback" ? "text" : memory.dataType,
    visibility: memory.visibility,
    isActive: memory.isActive,
    linkedTemplates: [...memory.linkedTemplates],
    allConversations: memory.allConversations,
    apiKey: "",
    baseId: airtable?.baseId ?? "",
    tableId: airtable?.tableId ?? "",
    viewId: airtable?.viewId ?? "",
  };
}

export interface MemoryBody {
  name: string;
  content: string;
  memoryType: MemoryType;
  dataType: StoredDataType | "feedback";
  dataSource?: { apiKey: string; baseId: string; tableId: string; viewId: string | null };
  visibility: MemoryVisibility;
  linkedTemplates: string[];
  allConversations: boolean;
  isActive: boolean;
}

export function memoryBodyFrom(values: MemoryFormValues): MemoryBody {
  const feedback = values.memoryType === "feedback";
  const airtable = !feedback && values.dataType === "airtable";
  return {
    name: values.name.trim(),
    content: airtable ? "" : values.content,
    memoryType: values.memoryType,
    dataType: feedback ? "feedback" : values.dataType,
    ...(airtable
      ? {
          dataSource: {
            apiKey: values.apiKey.trim(),
            baseId: values.baseId.trim(),
            tableId: values.tableId.trim(),
            viewId: values.viewId.trim() || null,
          },
        }
      : {}),
    visibility: values.visibility,
    linkedTemplates: values.linkedTemplates,
    allConversations: values.allConversations,
    isActive: values.isActive,
  };
}

// The server's schemas with their own texts, plus the one rule they leave to the save: a new
// Airtable connection needs its key (an existing one keeps the stored key when left blank).
export function validateMemoryForm(
  values: MemoryFormValues,
  editing: ApiMemory | null,
): { ok: true; body: MemoryBody } | { ok: false; errors: MemoryFormErrors } {
  const body = memoryBodyFrom(values);
  const result = (editing ? updateMemorySchema : createMemorySchema).safeParse(body);
  const errors: MemoryFormErrors = {};
  if (!result.success) {
    for (const issue of result.error.issues) {
      const [first, second] = issue.path.map(String);
      const field = (first === "dataSource" ? (second ?? "apiKey") : first) as MemoryFormField | undefined;
      if (field && !errors[field]) errors[field] = issue.message;
    }
  }
  const hasStoredKey = editing?.dataSource?.kind === "airtable";
  if (body.dataSource && !body.dataSource.apiKey && !hasStoredKey) errors.apiKey ??= TX.airtableRequired;
  return Object.keys(errors).length === 0 ? { ok: true, body } : { ok: false, errors };
}

export function memoryPreview(text: string, max: number = MEMORY_LIMITS.cardPreview): string {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length > max ? `${flat.slice(0, max).trimEnd()}…` : flat;
}

export const ALL_TYPES = "all";
export const MEMORY_FILTER_TYPES = ["text", "csv", "airtable", "feedback"] as const;

export function filterMemories(memories: readonly ApiMemory[], { search, dataType }: { search: string; dataType: string }): ApiMemory[] {
  const needle = search.trim().toLocaleLowerCase("it");
  return memories.filter(
    (m) =>
      (dataType === ALL_TYPES || m.dataType === dataType) &&
      (!needle || m.name.toLocaleLowerCase("it").includes(needle) || m.content.toLocaleLowerCase("it").includes(needle)),
  );
}

// The page's three counters; linked templates are counted once however many memories use them.
export function memoryCounters(memories: readonly ApiMemory[]) {
  return {
    active: memories.filter((m) => m.isActive).length,
    total: memories.length,
    linkedTemplates: new Set(memories.flatMap((m) => m.linkedTemplates)).size,
  };
}
