import type { InputHTMLAttributes } from "react";
import { useForm, useWatch } from "react-hook-form";
import { type ApiList, type CreateListInput, LIST_SOURCE_LABELS, LIST_SOURCES, LIST_TYPE_LABELS, LIST_TYPES } from "@shared/schemas/lists";
import { AIRTABLE_TEXTS } from "@shared/texts/airtable";
import { LIST_TEXTS as TX } from "@shared/texts/lists";
import { FormDialog } from "@web/components/form-dialog";
import { dataResolver, Form, FormFooter, FormField, FormSelect } from "@web/components/ui/form";
import { Input } from "@web/components/ui/input";
import { toast } from "@web/lib/toast-store";
import { useCreateList } from "../api/create-list";
import { useUploadListCsv } from "../api/upload-list-csv";
import { emptyListForm, type ListFormValues as Values, validateListForm } from "../lib/list-form";

const resolver = dataResolver(validateListForm);

const airtableId = { autoComplete: "off", spellCheck: false, className: "font-mono" } as const;

function CreateListForm({
  create,
  upload,
  onClose,
  onCreated,
}: {
  create: ReturnType<typeof useCreateList>;
  upload: ReturnType<typeof useUploadListCsv>;
  onClose: () => void;
  onCreated: (list: ApiList) => void;
}) {
  const form = useForm<Values, unknown, CreateListInput>({ defaultValues: emptyListForm(), resolver });
  const source = useWatch({ control: form.control, name: "source" });
  const errors = form.formState.errors as Partial<Record<keyof Values | "form", { message?: string }>>;
  // One message for the empty Airtable fields, shown once above them; each is still marked.
  const formError = errors.form?.message;

  const onSubmit = (body: CreateListInput) => {
    const file = form.getValues("file");
    create.mutate(body, {
      onSuccess: (list) => {
        if (!list) return;
        toast({ title: TX.created, description: TX.createdDescription(list.name), variant: "success" });
        if (body.source !== "csv" || !file) return onCreated(list);
        upload.mutate(
          { id: list.id, file },
          {
            onSuccess: (withFile) => onCreated(withFile ?? list),
            // The list exists: its file can be uploaded again from the configuration.
            onError: () => onCreated(list),
          },
        );
      },
    });
  };

  const input = (name: "name" | "apiKey" | "baseId" | "tableId" | "viewId", label: string, props: InputHTMLAttributes<HTMLInputElement>, hint?: string) => (
    <FormField<Values, typeof name> name={name} label={label} hint={hint} quiet={!!formError && errors[name]?.message === formError}>
      {(field) => <Input {...field} {...props} />}
    </FormField>
  );

  return (
    <Form form={form} onSubmit={onSubmit}>
      {formError ? (
        <p role="alert" className="rounded-lg border border-destructive/40 bg-destructive/10 p-3 text-sm font-medium text-destructive">
          {formError}
        </p>
      ) : null}
      {input("name", TX.nameLabel, { maxLength: 100 })}
      <div className="grid gap-4 sm:grid-cols-2">
        <FormSelect<Values, "listType", Values["listType"]> name="listType" label={TX.typeLabel} options={LIST_TYPES} optionLabel={(t) => LIST_TYPE_LABELS[t]} />
        <FormSelect<Values, "source", Values["source"]> name="source" label={TX.sourceLabel} options={LIST_SOURCES} optionLabel={(s) => LIST_SOURCE_LABELS[s]} />
      </div>
      {source === "airtable" ? (
        <div className="grid gap-4 rounded-lg border bg-muted/30 p-3 sm:p-4">
          {input("apiKey", AIRTABLE_TEXTS.apiKeyLabel, { type: "password", autoComplete: "off", spellCheck: false, placeholder: "pat…" }, TX.apiKeyHint)}
          <div className="grid gap-4 sm:grid-cols-2">
            {input("baseId", AIRTABLE_TEXTS.baseIdLabel, { ...airtableId, placeholder: "app…" }, TX.baseIdHint)}
            {input("tableId", AIRTABLE_TEXTS.tableIdLabel, { ...airtableId, placeholder: "tbl…" }, TX.tableIdHint)}
          </div>
          {input("viewId", TX.viewIdLabel, { ...airtableId, placeholder: "viw…" }, TX.viewIdHint)}
        </div>
      ) : (
        <FormField<Values, "file"> name="file" label={TX.csvFileLabel} hint={TX.csvFileHint}>
          {(field) => <Input {...field} value={undefined} type="file" accept=".csv,text/csv" onChange={(e) => field.onChange(e.target.files?.[0] ?? null)} />}
        </FormField>
      )}
      <FormFooter onCancel={onClose} pending={create.isPending || upload.isPending} submitLabel={TX.create} />
    </Form>
  );
}

// A new list; a CSV list is created with its file, then its columns are mapped in the configuration.
export function CreateListDialog({ open, onClose, onCreated }: { open: boolean; onClose: () => void; onCreated: (list: ApiList) => void }) {
  const create = useCreateList();
  const upload = useUploadListCsv();
  return (
    <FormDialog open={open} pending={create.isPending || upload.isPending} onClose={onClose} title={TX.newList} description={TX.createDescription} wide>
      <CreateListForm create={create} upload={upload} onClose={onClose} onCreated={onCreated} />
    </FormDialog>
  );
}
