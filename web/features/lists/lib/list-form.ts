import { createListSchema, type CreateListInput, CSV_MAX_BYTES } from "@shared/schemas/lists";
import { LIST_TEXTS as TX } from "@shared/texts/lists";

export interface ListFormValues {
  name: string;
  listType: "static" | "dynamic";
  source: "airtable" | "csv";
  apiKey: string;
  baseId: string;
  tableId: string;
  viewId: string;
  file: File | null;
}

export type ListFormField = keyof ListFormValues;
export type ListFormErrors = Partial<Record<ListFormField | "form", string>>;

export function emptyListForm(): ListFormValues {
  return { name: "", listType: "static", source: "airtable", apiKey: "", baseId: "", tableId: "", viewId: "", file: null };
}

export function validateListForm(v: ListFormValues): { ok: true; data: CreateListInput } | { ok: false; errors: ListFormErrors } {
  const data: CreateListInput = {
    name: v.name,
    listType: v.listType,
    source: v.source,
    ...(v.source === "airtable"
      ? { config: { apiKey: v.apiKey.trim(), baseId: v.baseId.trim(), tableId: v.tableId.trim(), viewId: v.viewId.trim() || null } }
      : {}),
  };
  const errors: ListFormErrors = {};
  const result = createListSchema.safeParse(data);
  if (!result.success) {
    for (const issue of result.error.issues) {
      const [first, second] = issue.path.map(String);
      const field = (first === "config" ? second : first) as ListFormField | undefined;
      if (issue.message === TX.createRequired || issue.message === TX.airtableRequired) errors.form ??= issue.message;
      if (field && !errors[field]) errors[field] = issue.message;
    }
    // One message for the three Airtable fields, shown once; each empty field is still marked.
    if (errors.form === TX.airtableRequired) {
      for (const f of ["apiKey", "baseId", "tableId"] as const) if (!v[f].trim()) errors[f] = TX.airtableRequired;
    }
  }
  if (v.source === "csv") {
    if (!v.file) errors.file = TX.csvFileRequired;
    else if (v.file.size > CSV_MAX_BYTES) errors.file = TX.csvTooLarge;
  }
  return Object.keys(errors).length ? { ok: false, errors } : { ok: true, data };
}
