import { FileSpreadsheet, RefreshCw, TriangleAlert } from "lucide-react";
import { useEffect } from "react";
import { useForm } from "react-hook-form";
import { formatRomeDateTime } from "@shared/rome-format";
import { type ApiList, type CsvListConfig, type StandardFieldKey } from "@shared/schemas/lists";
import { T } from "@shared/strings";
import { LIST_TEXTS as TX } from "@shared/texts/lists";
import { Button } from "@web/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@web/components/ui/dialog";
import { Field } from "@web/components/ui/field";
import { Form, FormField, FormFooter, useRootErrorClearedOnChange } from "@web/components/ui/form";
import { Input, NativeSelect } from "@web/components/ui/input";
import { Spinner } from "@web/components/ui/spinner";
import { fieldErrorsFrom, parseServerError, serverMessage } from "@web/lib/server-error";
import { toast } from "@web/lib/toast-store";
import { useListFields } from "../api/get-list-fields";
import { type FieldMapping, useListMapping } from "../api/get-list-mapping";
import { useSaveListMapping } from "../api/save-list-mapping";
import { useUploadListCsv } from "../api/upload-list-csv";

function fieldsErrorText(err: unknown): string {
  const { message, details } = parseServerError(err);
  const reason = details && typeof details === "object" && "reason" in details ? (details as { reason: unknown }).reason : null;
  return [message ?? TX.fieldsErrorAirtable, typeof reason === "string" ? reason : null].filter(Boolean).join(" ");
}

interface MappingFormProps {
  list: ApiList;
  fields: ReturnType<typeof useListFields>;
  saved: FieldMapping | null | undefined;
  save: ReturnType<typeof useSaveListMapping>;
  onClose: () => void;
  onImportStarted: (importId: string) => void;
}

// The mapping itself: each lead field to a source column. It starts from the saved mapping, else from
// the columns whose names say what they hold, so it is mounted again once both have loaded.
function MappingForm({ list, fields, saved, save, onClose, onImportStarted }: MappingFormProps) {
  const form = useForm<FieldMapping>({ defaultValues: saved && Object.keys(saved).length ? saved : (fields.data?.suggestedMapping ?? {}) });
  useRootErrorClearedOnChange(form);
  const values = form.watch();
  const error = form.formState.errors.root?.message;

  const onSubmit = (mapping: FieldMapping) => {
    // A column left on "not mapped" is no mapping at all.
    const fieldMapping = Object.fromEntries(Object.entries(mapping).filter(([, column]) => column)) as FieldMapping;
    if (!fieldMapping.numeroTelefono) return form.setError("root", { message: TX.mappingPhoneRequired });
    save.mutate(
      { id: list.id, fieldMapping },
      {
        onSuccess: (answer) => {
          toast({ title: TX.mappingSaved, description: TX.mappingSavedDescription, variant: "success" });
          // After the toast above: an import already finished replaces it with its outcome.
          if (answer?.import) onImportStarted(answer.import.id);
          onClose();
        },
        onError: (err) =>
          form.setError("root", { message: serverMessage(err, fieldErrorsFrom(err).fieldMapping ?? TX.mappingSaveError) }),
      },
    );
  };

  let body;
  if (fields.isPending || saved === undefined) {
    body = (
      <div className="flex items-center justify-center gap-3 py-10 text-sm text-muted-foreground" role="status">
        <Spinner />
        {TX.fieldsLoading}
      </div>
    );
  } else if (fields.isError) {
    body = (
      <div className="grid justify-items-center gap-3 rounded-lg border border-destructive/40 bg-destructive/10 p-5 text-center" role="alert" data-testid="fields-error">
        <TriangleAlert className="size-6 text-destructive" aria-hidden />
        <p className="font-semibold">{TX.fieldsErrorTitle}</p>
        <p className="text-sm text-muted-foreground">{fieldsErrorText(fields.error)}</p>
        <Button variant="outline" onClick={() => void fields.refetch()} disabled={fields.isFetching}>
          <RefreshCw aria-hidden />
          {T.retry}
        </Button>
      </div>
    );
  } else if (fields.data && fields.data.availableFields.length === 0) {
    body = <p className="rounded-lg border border-dashed p-5 text-center text-sm text-muted-foreground">{TX.noFieldsYet}</p>;
  } else if (fields.data) {
    // Every lead field picks among the same columns, or none.
    const choices = [TX.notMapped, ...fields.data.availableFields].map((column, i) => (
      <option key={i} value={i === 0 ? "" : column}>
        {column}
      </option>
    ));
    body = (
      <div className="grid gap-3" data-testid="mapping-form">
        <div className="hidden grid-cols-2 gap-3 text-xs font-medium text-muted-foreground sm:grid">
          <span>{TX.standardField}</span>
          <span>{TX.sourceField}</span>
        </div>
        {fields.data.standardFields.map((f) => {
          const key = f.key as StandardFieldKey;
          const label = (
            <>
              {f.label}
              {f.required ? <span className="ml-1 text-xs font-normal text-destructive">({TX.requiredMark})</span> : null}
            </>
          );
          return (
            <FormField<FieldMapping, StandardFieldKey> key={key} name={key} label={label} className="items-center sm:grid-cols-2 sm:gap-3">
              {(field) => (
                <NativeSelect {...field} value={field.value ?? ""} name={`mapping-${key}`} aria-invalid={f.required && !!error && !values[key]}>
                  {choices}
                </NativeSelect>
              )}
            </FormField>
          );
        })}
      </div>
    );
  }

  return (
    <Form form={form} onSubmit={onSubmit}>
      {body}
      {error ? (
        <p role="alert" className="text-sm font-medium text-destructive">
          {error}
        </p>
      ) : null}
      <FormFooter onCancel={onClose} pending={save.isPending} submitLabel={TX.saveMapping} submitDisabled={!fields.data || fields.data.availableFields.length === 0} />
    </Form>
  );
}

// The configuration dialog: map each lead field to a source column. Saving closes it and imports.
export function ListConfigDialog({ list, onClose, onImportStarted }: { list: ApiList | null; onClose: () => void; onImportStarted: (importId: string) => void }) {
  const listId = list?.id ?? null;
  const fields = useListFields(listId);
  const mapping = useListMapping(listId);
  const save = useSaveListMapping();
  const upload = useUploadListCsv();

  useEffect(() => {
    if (!mapping.isError) return;
    toast({ title: T.error, description: TX.openConfigError, variant: "destructive" });
    onClose();
  }, [mapping.isError, onClose]);

  const onFile = (file: File | undefined) => {
    if (!list || !file) return;
    upload.mutate({ id: list.id, file });
  };

  const csv = list?.source === "csv" ? (list.config as CsvListConfig | null) : null;
  const saved = mapping.data ? (mapping.data.fieldMapping ?? null) : undefined;
  const ready = !!fields.data && saved !== undefined;

  return (
    <Dialog open={list !== null} onOpenChange={(open) => !open && !save.isPending && onClose()}>
      <DialogContent wide>
        <DialogHeader>
          <DialogTitle>{list ? TX.configTitle(list.name) : T.configure}</DialogTitle>
          <DialogDescription>{TX.configDescription}</DialogDescription>
        </DialogHeader>
        {csv ? (
          <div className="flex flex-wrap items-center gap-3 rounded-lg border bg-muted/30 p-3 text-sm">
            <FileSpreadsheet className="size-5 text-muted-foreground" aria-hidden />
            <div className="min-w-0 flex-1">
              <p className="truncate font-medium">{csv.fileName ? TX.csvUploaded(csv.fileName, csv.rowCount) : TX.csvMissing}</p>
              {csv.uploadedAt ? <p className="text-xs text-muted-foreground">{formatRomeDateTime(csv.uploadedAt)}</p> : null}
            </div>
            <Field label={TX.csvUpload} htmlFor={`${list?.id}-csv`} className="w-full sm:w-auto">
              <Input id={`${list?.id}-csv`} type="file" accept=".csv,text/csv" disabled={upload.isPending} onChange={(e) => onFile(e.target.files?.[0])} />
            </Field>
          </div>
        ) : null}
        {list ? (
          <MappingForm key={`${list.id}:${ready ? "ready" : "loading"}`} {...{ list, fields, saved, save, onClose, onImportStarted }} />
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
