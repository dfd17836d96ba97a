import { Trash } from "lucide-react";
import { useEffect, useId, useState, type FormEvent } from "react";
import { MEMORY_UI as UI } from "@shared/ai-brain-texts";
import {
  MEMORY_LIMITS,
  MEMORY_TEXTS as TX,
  MEMORY_TYPES,
  type ApiMemory,
  type MemoryType,
  type StoredDataType,
} from "@shared/schemas/memories";
import { T } from "@shared/strings";
import { TemplateChecklist } from "@web/components/template-checklist";
import { Button } from "@web/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@web/components/ui/dialog";
import { Field, Label } from "@web/components/ui/field";
import { Input, NativeSelect } from "@web/components/ui/input";
import { Switch } from "@web/components/ui/switch";
import { Textarea } from "@web/components/ui/textarea";
import { approvedTemplates, useProviderTemplates } from "@web/lib/queries/get-provider-templates";
import { fieldErrorsFrom, parseServerError, serverMessage } from "@web/lib/server-error";
import { toast } from "@web/lib/toast-store";
import { useCreateMemory } from "../api/create-memory";
import { useDeleteMemory } from "../api/delete-memory";
import { useUpdateMemory } from "../api/update-memory";
import { useUploadMemoryCsv } from "../api/upload-memory-csv";
import { checkCsvFile } from "../lib/csv-file";
import {
  emptyMemoryForm,
  memoryFormFrom,
  validateMemoryForm,
  type MemoryFormErrors,
  type MemoryFormField,
  type MemoryFormValues,
} from "../lib/memory-form";
import { CsvUploadField, type CsvUploadState } from "./csv-upload-field";
import { FeedbackRows } from "./feedback-rows";
import { VisibilityField } from "./visibility-field";

export type MemoryDialogState = { mode: "create" } | { mode: "edit"; memory: ApiMemory } | null;

const STORED_TYPES: StoredDataType[] = ["text", "csv", "airtable"];

export function MemoryEditorDialog({ state, onClose }: { state: MemoryDialogState; onClose: () => void }) {
  // Once a new memory is saved (and its CSV failed to upload) the dialog carries on editing it.
  const [saved, setSaved] = useState<ApiMemory | null>(null);
  const editing = saved ?? (state?.mode === "edit" ? state.memory : null);
  const [values, setValues] = useState<MemoryFormValues>(emptyMemoryForm);
  const [errors, setErrors] = useState<MemoryFormErrors>({});
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [upload, setUpload] = useState<CsvUploadState>({ phase: "idle" });
  const templates = useProviderTemplates();
  const createMutation = useCreateMemory();
  const updateMutation = useUpdateMemory();
  const uploadMutation = useUploadMemoryCsv();
  const deleteMutation = useDeleteMemory({
    onSuccess: () => toast({ title: TX.deleted, description: editing?.name, variant: "success" }),
    onError: (err) => toast({ title: T.error, description: serverMessage(err, TX.deleteError), variant: "destructive" }),
  });
  const saving = createMutation.isPending || updateMutation.isPending || uploadMutation.isPending;
  const pending = saving || deleteMutation.isPending;
  const id = useId();

  useEffect(() => {
    if (!state) return;
    setSaved(null);
    setValues(state.mode === "edit" ? memoryFormFrom(state.memory) : emptyMemoryForm());
    setErrors({});
    setFile(null);
    setFileError(null);
    setUpload({ phase: "idle" });
  }, [state]);

  const set = <K extends MemoryFormField>(key: K, value: MemoryFormValues[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    setErrors((e) => ({ ...e, [key]: undefined }));
  };

  const chooseFile = (next: File | null) => {
    const problem = next ? checkCsvFile(next) : null;
    setFileError(problem);
    setFile(problem ? null : next);
    setUpload({ phase: "idle" });
  };

  const save = async () => {
    const checked = validateMemoryForm(values, editing);
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    const wasEditing = !!editing;
    let memory: ApiMemory | null;
    try {
      memory = editing ? await updateMutation.mutateAsync({ id: editing.id, body: checked.body }) : await createMutation.mutateAsync(checked.body);
    } catch (err) {
      const fields = fieldErrorsFrom(err);
      setErrors(Object.fromEntries(Object.entries(fields).map(([k, v]) => [k === "dataSource" ? "apiKey" : k, v])) as MemoryFormErrors);
      toast({ title: T.error, description: serverMessage(err, TX.saveError), variant: "destructive" });
      return;
    }
    const done = wasEditing ? TX.updated : TX.created;
    if (!memory || !file || memory.dataType !== "csv") {
      toast({ title: done, variant: "success" });
      onClose();
      return;
    }
    setSaved(memory);
    setUpload({ phase: "uploading", percent: 0 });
    try {
      const after = await uploadMutation.mutateAsync({
        id: memory.id,
        file,
        onProgress: (percent) => setUpload(percent < 100 ? { phase: "uploading", percent } : { phase: "processing" }),
      });
      const rows = after.dataSource?.kind === "csv" ? after.dataSource.rowCount : 0;
      setUpload({ phase: "done", rows });
      toast({ title: done, description: TX.csvUploaded(rows), variant: "success" });
      onClose();
    } catch (err) {
      const message = serverMessage(err, UI.csvUploadFailed);
      setUpload({ phase: "error", message, saved: true });
      toast({ title: UI.csvErrorTitle, description: message, variant: "destructive" });
      // A 400 is about the file: the user picks another one. Keep the chosen file for a retry otherwise.
      if (parseServerError(err).status === 400) setFile(null);
    }
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!pending) void save();
  };

  const remove = () => {
    if (!editing || !window.confirm(UI.deleteConfirm(editing.name))) return;
    deleteMutation.mutate(editing.id, { onSuccess: onClose });
  };

  const describedBy = (field: MemoryFormField) => (errors[field] ? `${id}-${field}-error` : undefined);
  const feedback = values.memoryType === "feedback";
  const dataType = feedback ? "feedback" : values.dataType;
  const storedAirtable = editing?.dataSource?.kind === "airtable" && values.dataType === editing.dataType ? editing.dataSource : null;
  const storedCsv = editing?.dataSource?.kind === "csv" && values.dataType === "csv" ? editing.dataSource : null;

  return (
    <Dialog open={state !== null} onOpenChange={(open) => !open && !pending && onClose()}>
      <DialogContent wide className="sm:max-w-2xl" data-testid="memory-editor">
        <DialogHeader>
          <DialogTitle>{editing ? TX.editMemory : TX.newMemory}</DialogTitle>
          <DialogDescription>{UI.editorDescription}</DialogDescription>
        </DialogHeader>
        <form className="grid gap-4" onSubmit={onSubmit} noValidate>
          <Field label={UI.nameLabel} htmlFor={`${id}-name`} error={errors.name}>
            <Input
              id={`${id}-name`}
              name="name"
              value={values.name}
              maxLength={MEMORY_LIMITS.nameMax}
              placeholder={UI.namePlaceholder}
              aria-invalid={!!errors.name}
              aria-describedby={describedBy("name")}
              onChange={(e) => set("name", e.target.value)}
            />
          </Field>

          <div className="grid gap-4 sm:grid-cols-2">
            <Field label={UI.memoryTypeLabel} htmlFor={`${id}-memoryType`} error={errors.memoryType} hint={UI.memoryTypeHints[values.memoryType]}>
              <NativeSelect
                id={`${id}-memoryType`}
                name="memoryType"
                value={values.memoryType}
                onChange={(e) => set("memoryType", e.target.value as MemoryType)}
              >
                {MEMORY_TYPES.map((t) => (
                  <option key={t} value={t}>
                    {UI.memoryTypeLabels[t]}
                  </option>
                ))}
              </NativeSelect>
            </Field>
            <Field label={UI.dataTypeLabel} htmlFor={`${id}-dataType`} error={errors.dataType}>
              <NativeSelect
                id={`${id}-dataType`}
                name="dataType"
                value={dataType}
                disabled={feedback}
                onChange={(e) => set("dataType", e.target.value as StoredDataType)}
              >
                {feedback ? <option value="feedback">{UI.dataTypeLabels.feedback}</option> : null}
                {STORED_TYPES.map((t) => (
                  <option key={t} value={t}>
                    {UI.dataTypeLabels[t]}
                  </option>
                ))}
              </NativeSelect>
            </Field>
          </div>

          {dataType === "airtable" ? (
            <fieldset className="grid gap-3 rounded-lg border bg-muted/30 p-3">
              <legend className="px-1 text-sm font-semibold">{UI.airtableTitle}</legend>
              <Field
                label={UI.airtableApiKey}
                htmlFor={`${id}-apiKey`}
                error={errors.apiKey}
                hint={storedAirtable ? UI.airtableApiKeyKeep(storedAirtable.apiKey) : UI.airtableApiKeyHint}
              >
                <Input
                  id={`${id}-apiKey`}
                  name="apiKey"
                  type="password"
                  autoComplete="off"
                  value={values.apiKey}
                  placeholder={storedAirtable ? storedAirtable.apiKey : "pat…"}
                  aria-invalid={!!errors.apiKey}
                  aria-describedby={describedBy("apiKey")}
                  onChange={(e) => set("apiKey", e.target.value)}
                />
              </Field>
              <div className="grid gap-3 sm:grid-cols-2">
                <Field label={UI.airtableBaseId} htmlFor={`${id}-baseId`} error={errors.baseId} hint={UI.airtableBaseHint}>
                  <Input
                    id={`${id}-baseId`}
                    name="baseId"
                    className="font-mono"
                    spellCheck={false}
                    autoComplete="off"
                    placeholder="appXXXXXXXXXXXXXX"
                    value={values.baseId}
                    aria-invalid={!!errors.baseId}
                    aria-describedby={describedBy("baseId")}
                    onChange={(e) => set("baseId", e.target.value)}
                  />
                </Field>
                <Field label={UI.airtableTableId} htmlFor={`${id}-tableId`} error={errors.tableId} hint={UI.airtableTableHint}>
                  <Input
                    id={`${id}-tableId`}
                    name="tableId"
                    className="font-mono"
                    spellCheck={false}
                    autoComplete="off"
                    placeholder="tblXXXXXXXXXXXXXX"
                    value={values.tableId}
                    aria-invalid={!!errors.tableId}
                    aria-describedby={describedBy("tableId")}
                    onChange={(e) => set("tableId", e.target.value)}
                  />
                </Field>
              </div>
              <Field label={UI.airtableViewId} htmlFor={`${id}-viewId`} error={errors.viewId} hint={UI.airtableViewHint}>
                <Input
                  id={`${id}-viewId`}
                  name="viewId"
                  className="font-mono"
                  spellCheck={false}
                  autoComplete="off"
                  placeholder="viwXXXXXXXXXXXXXX"
                  value={values.viewId}
                  aria-invalid={!!errors.viewId}
                  aria-describedby={describedBy("viewId")}
                  onChange={(e) => set("viewId", e.target.value)}
                />
              </Field>
            </fieldset>
          ) : (
            <Field
              label={dataType === "text" ? UI.contentLabel : UI.descriptionLabel}
              htmlFor={`${id}-content`}
              error={errors.content}
            >
              <Textarea
                id={`${id}-content`}
                name="content"
                rows={dataType === "text" ? 7 : 3}
                value={values.content}
                maxLength={MEMORY_LIMITS.contentMax}
                placeholder={
                  dataType === "text" ? UI.contentPlaceholder : feedback ? UI.feedbackDescriptionPlaceholder : UI.descriptionPlaceholder
                }
                aria-invalid={!!errors.content}
                aria-describedby={describedBy("content")}
                onChange={(e) => set("content", e.target.value)}
              />
            </Field>
          )}

          {dataType === "csv" ? (
            <CsvUploadField file={file} fileError={fileError} current={storedCsv} state={upload} disabled={pending} onFile={chooseFile} />
          ) : null}

          <VisibilityField name={`${id}-visibility`} value={values.visibility} onChange={(v) => set("visibility", v)} />

          <TemplateChecklist
            label={UI.linkedTemplatesLabel}
            hint={feedback ? UI.feedbackLinkedHint : UI.linkedTemplatesHint}
            templates={approvedTemplates(templates.data)}
            loading={templates.isPending}
            selected={values.linkedTemplates}
            onChange={(sids) => set("linkedTemplates", sids)}
          />

          <div className="flex items-start gap-3 rounded-lg border bg-muted/40 p-3">
            <Switch
              id={`${id}-all`}
              data-testid="memory-all-conversations"
              checked={values.allConversations}
              onCheckedChange={(checked) => set("allConversations", checked)}
            />
            <div className="grid gap-1">
              <Label htmlFor={`${id}-all`}>{UI.allConversationsLabel}</Label>
              <p className="text-xs text-muted-foreground">{UI.allConversationsHint}</p>
            </div>
          </div>

          <div className="flex items-start gap-3 rounded-lg border bg-muted/40 p-3">
            <Switch id={`${id}-active`} checked={values.isActive} onCheckedChange={(checked) => set("isActive", checked)} />
            <div className="grid gap-1">
              <Label htmlFor={`${id}-active`}>{UI.activeLabel}</Label>
              <p className="text-xs text-muted-foreground">{UI.activeHint}</p>
            </div>
          </div>

          {feedback ? (
            editing && editing.memoryType === "feedback" ? (
              <FeedbackRows memoryId={editing.id} />
            ) : (
              <p className="rounded-lg border border-dashed px-3 py-2 text-sm text-muted-foreground">{UI.feedbackAfterSave}</p>
            )
          ) : null}

          <DialogFooter className="sm:items-center">
            {editing ? (
              <Button variant="ghost-destructive" className="sm:mr-auto" onClick={remove} disabled={pending}>
                <Trash aria-hidden />
                {T.delete}
              </Button>
            ) : null}
            <Button variant="outline" onClick={onClose} disabled={pending}>
              {T.cancel}
            </Button>
            <Button type="submit" disabled={pending} data-testid="memory-save">
              {saving ? UI.saving : editing ? UI.save : UI.create}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
