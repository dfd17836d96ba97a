import { FileSpreadsheet, RefreshCw, TriangleAlert } from "lucide-react";
import { useEffect, useId, useState } from "react";
import { formatRomeDateTime } from "@shared/rome-format";
import { type ApiList, type CsvListConfig, LIST_TEXTS as TX, type StandardFieldKey } from "@shared/schemas/lists";
import { T } from "@shared/strings";
import { Button } from "@web/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@web/components/ui/dialog";
import { Field } from "@web/components/ui/field";
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

// The configuration dialog: map each lead field to a source column. Saving closes it and imports.
export function ListConfigDialog({ list, onClose, onImportStarted }: { list: ApiList | null; onClose: () => void; onImportStarted: (importId: string) => void }) {
  const listId = list?.id ?? null;
  const fields = useListFields(listId);
  const mapping = useListMapping(listId);
  const save = useSaveListMapping();
  const upload = useUploadListCsv();
  const [values, setValues] = useState<FieldMapping>({});
  const [error, setError] = useState<string | null>(null);
  const id = useId();

  // Start from the saved mapping, else from the columns whose names say what they hold.
  useEffect(() => {
    if (!fields.data || !mapping.data) return;
    const saved = mapping.data.fieldMapping ?? {};
    setValues(Object.keys(saved).length ? saved : fields.data.suggestedMapping);
    setError(null);
  }, [fields.data, mapping.data]);

  useEffect(() => {
    if (!mapping.isError) return;
    toast({ title: T.error, description: TX.openConfigError, variant: "destructive" });
    onClose();
  }, [mapping.isError, onClose]);

  const setField = (key: StandardFieldKey, column: string) => {
    setValues((v) => {
      const next = { ...v };
      if (column) next[key] = column;
      else delete next[key];
      return next;
    });
    setError(null);
  };

  const onSave = () => {
    if (!list) return;
    if (!values.numeroTelefono) {
      setError(TX.mappingPhoneRequired);
      return;
    }
    save.mutate(
      { id: list.id, fieldMapping: values },
      {
        onSuccess: (answer) => {
          toast({ title: TX.mappingSaved, description: TX.mappingSavedDescription, variant: "success" });
          // After the toast above: an import already finished replaces it with its outcome.
          if (answer?.import) onImportStarted(answer.import.id);
          onClose();
        },
        onError: (err) => {
          const fieldError = fieldErrorsFrom(err).fieldMapping;
          setError(serverMessage(err, fieldError ?? TX.mappingSaveError));
          toast({ title: T.error, description: TX.mappingSaveError, variant: "destructive" });
        },
      },
    );
  };

  const onFile = (file: File | undefined) => {
    if (!list || !file) return;
    upload.mutate(
      { id: list.id, file },
      { onError: (err) => toast({ title: TX.csvUploadError, description: serverMessage(err, T.unknownError), variant: "destructive" }) },
    );
  };

  const csv = list?.source === "csv" ? (list.config as CsvListConfig | null) : null;
  let body;
  if (fields.isPending || mapping.isPending) {
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
    const data = fields.data;
    body = (
      <div className="grid gap-3" data-testid="mapping-form">
        <div className="hidden grid-cols-2 gap-3 text-xs font-medium text-muted-foreground sm:grid">
          <span>{TX.standardField}</span>
          <span>{TX.sourceField}</span>
        </div>
        {data.standardFields.map((f) => (
          <div key={f.key} className="grid items-center gap-1.5 sm:grid-cols-2 sm:gap-3">
            <label htmlFor={`${id}-${f.key}`} className="text-sm font-medium">
              {f.label}
              {f.required ? <span className="ml-1 text-xs font-normal text-destructive">({TX.requiredMark})</span> : null}
            </label>
            <NativeSelect
              id={`${id}-${f.key}`}
              name={`mapping-${f.key}`}
              value={values[f.key as StandardFieldKey] ?? ""}
              aria-invalid={f.required && !!error && !values[f.key as StandardFieldKey]}
              onChange={(e) => setField(f.key as StandardFieldKey, e.target.value)}
            >
              <option value="">{TX.notMapped}</option>
              {data.availableFields.map((column) => (
                <option key={column} value={column}>
                  {column}
                </option>
              ))}
            </NativeSelect>
          </div>
        ))}
      </div>
    );
  }

  return (
    <Dialog open={list !== null} onOpenChange={(open) => !open && !save.isPending && onClose()}>
      <DialogContent wide>
        <DialogHeader>
          <DialogTitle>{list ? TX.configTitle(list.name) : TX.configure}</DialogTitle>
          <DialogDescription>{TX.configDescription}</DialogDescription>
        </DialogHeader>
        {csv ? (
          <div className="flex flex-wrap items-center gap-3 rounded-lg border bg-muted/30 p-3 text-sm">
            <FileSpreadsheet className="size-5 text-muted-foreground" aria-hidden />
            <div className="min-w-0 flex-1">
              <p className="truncate font-medium">{csv.fileName ? TX.csvUploaded(csv.fileName, csv.rowCount) : TX.csvMissing}</p>
              {csv.uploadedAt ? <p className="text-xs text-muted-foreground">{formatRomeDateTime(csv.uploadedAt)}</p> : null}
            </div>
            <Field label={TX.csvUpload} htmlFor={`${id}-csv`} className="w-full sm:w-auto">
              <Input id={`${id}-csv`} type="file" accept=".csv,text/csv" disabled={upload.isPending} onChange={(e) => onFile(e.target.files?.[0])} />
            </Field>
          </div>
        ) : null}
        {body}
        {error ? (
          <p role="alert" className="text-sm font-medium text-destructive">
            {error}
          </p>
        ) : null}
        <DialogFooter>
          <Button variant="outline" onClick={onClose} disabled={save.isPending}>
            {T.cancel}
          </Button>
          <Button onClick={onSave} disabled={save.isPending || !fields.data || fields.data.availableFields.length === 0}>
            {TX.saveMapping}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
