import { useId, useState, type FormEvent } from "react";
import { type ApiList, LIST_SOURCE_LABELS, LIST_SOURCES, LIST_TEXTS as TX, LIST_TYPE_LABELS, LIST_TYPES } from "@shared/schemas/lists";
import { T } from "@shared/strings";
import { Button } from "@web/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@web/components/ui/dialog";
import { Field } from "@web/components/ui/field";
import { Input, NativeSelect } from "@web/components/ui/input";
import { serverMessage } from "@web/lib/server-error";
import { toast } from "@web/lib/toast-store";
import { useCreateList } from "../api/create-list";
import { useUploadListCsv } from "../api/upload-list-csv";
import { emptyListForm, type ListFormErrors, type ListFormValues, validateListForm } from "../lib/list-form";

// A new list; a CSV list is created with its file, then its columns are mapped in the configuration.
export function CreateListDialog({ open, onClose, onCreated }: { open: boolean; onClose: () => void; onCreated: (list: ApiList) => void }) {
  const [values, setValues] = useState<ListFormValues>(emptyListForm);
  const [errors, setErrors] = useState<ListFormErrors>({});
  const create = useCreateList();
  const upload = useUploadListCsv();
  const pending = create.isPending || upload.isPending;
  const id = useId();

  const close = () => {
    if (pending) return;
    setValues(emptyListForm());
    setErrors({});
    onClose();
  };

  const set = <K extends keyof ListFormValues>(key: K, value: ListFormValues[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    setErrors((e) => ({ ...e, [key]: undefined, form: undefined }));
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const checked = validateListForm(values);
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    create.mutate(checked.data, {
      onSuccess: (list) => {
        if (!list) return;
        toast({ title: TX.created, description: TX.createdDescription(list.name), variant: "success" });
        const done = (created: ApiList) => {
          setValues(emptyListForm());
          setErrors({});
          onCreated(created);
        };
        if (values.source === "csv" && values.file) {
          upload.mutate(
            { id: list.id, file: values.file },
            {
              onSuccess: (withFile) => done(withFile ?? list),
              // The list exists: its file can be uploaded again from the configuration.
              onError: (err) => {
                toast({ title: TX.csvUploadError, description: serverMessage(err, T.unknownError), variant: "destructive" });
                done(list);
              },
            },
          );
        } else {
          done(list);
        }
      },
      onError: () => toast({ title: T.error, description: TX.createError, variant: "destructive" }),
    });
  };

  const describedBy = (field: keyof ListFormValues) => (errors[field] ? `${id}-${field}-error` : undefined);
  const input = (field: "name" | "apiKey" | "baseId" | "tableId" | "viewId", label: string, props: Record<string, unknown> = {}, hint?: string) => (
    <Field label={label} htmlFor={`${id}-${field}`} error={errors[field] === errors.form ? undefined : errors[field]} hint={hint}>
      <Input
        id={`${id}-${field}`}
        name={field}
        value={values[field]}
        aria-invalid={!!errors[field]}
        aria-describedby={describedBy(field)}
        onChange={(e) => set(field, e.target.value)}
        {...props}
      />
    </Field>
  );

  return (
    <Dialog open={open} onOpenChange={(next) => !next && close()}>
      <DialogContent wide>
        <DialogHeader>
          <DialogTitle>{TX.createTitle}</DialogTitle>
          <DialogDescription>{TX.createDescription}</DialogDescription>
        </DialogHeader>
        <form className="grid gap-4" onSubmit={onSubmit} noValidate>
          {errors.form ? (
            <p role="alert" className="rounded-lg border border-destructive/40 bg-destructive/10 p-3 text-sm font-medium text-destructive">
              {errors.form}
            </p>
          ) : null}
          {input("name", TX.nameLabel, { maxLength: 100 })}
          <div className="grid gap-4 sm:grid-cols-2">
            <Field label={TX.typeLabel} htmlFor={`${id}-listType`}>
              <NativeSelect id={`${id}-listType`} name="listType" value={values.listType} onChange={(e) => set("listType", e.target.value as ListFormValues["listType"])}>
                {LIST_TYPES.map((t) => (
                  <option key={t} value={t}>
                    {LIST_TYPE_LABELS[t]}
                  </option>
                ))}
              </NativeSelect>
            </Field>
            <Field label={TX.sourceLabel} htmlFor={`${id}-source`}>
              <NativeSelect id={`${id}-source`} name="source" value={values.source} onChange={(e) => set("source", e.target.value as ListFormValues["source"])}>
                {LIST_SOURCES.map((s) => (
                  <option key={s} value={s}>
                    {LIST_SOURCE_LABELS[s]}
                  </option>
                ))}
              </NativeSelect>
            </Field>
          </div>
          {values.source === "airtable" ? (
            <div className="grid gap-4 rounded-lg border bg-muted/30 p-3 sm:p-4">
              {input("apiKey", TX.apiKeyLabel, { type: "password", autoComplete: "off", spellCheck: false, placeholder: "pat…" }, TX.apiKeyHint)}
              <div className="grid gap-4 sm:grid-cols-2">
                {input("baseId", TX.baseIdLabel, { autoComplete: "off", spellCheck: false, placeholder: "app…", className: "font-mono" }, TX.baseIdHint)}
                {input("tableId", TX.tableIdLabel, { autoComplete: "off", spellCheck: false, placeholder: "tbl…", className: "font-mono" }, TX.tableIdHint)}
              </div>
              {input("viewId", TX.viewIdLabel, { autoComplete: "off", spellCheck: false, placeholder: "viw…", className: "font-mono" }, TX.viewIdHint)}
            </div>
          ) : (
            <Field label={TX.csvFileLabel} htmlFor={`${id}-file`} error={errors.file} hint={TX.csvFileHint}>
              <Input
                id={`${id}-file`}
                name="file"
                type="file"
                accept=".csv,text/csv"
                aria-invalid={!!errors.file}
                aria-describedby={describedBy("file")}
                onChange={(e) => set("file", e.target.files?.[0] ?? null)}
              />
            </Field>
          )}
          <DialogFooter>
            <Button variant="outline" onClick={close} disabled={pending}>
              {T.cancel}
            </Button>
            <Button type="submit" disabled={pending}>
              {TX.create}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
