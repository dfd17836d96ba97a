import { useState } from "react";
import { Controller, useForm, useWatch } from "react-hook-form";
import { MEMORY_LIMITS, MEMORY_TYPES, type ApiMemory, type MemoryType, type StoredDataType } from "@shared/schemas/memories";
import { MEMORY_TEXTS as TX } from "@shared/texts/memories";
import { TemplateChecklistField } from "@web/components/template-checklist";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@web/components/ui/dialog";
import { Form, FormFooter, FormField, FormSelect, FormSwitch, setServerErrors, validatorResolver } from "@web/components/ui/form";
import { Input } from "@web/components/ui/input";
import { Textarea } from "@web/components/ui/textarea";
import { fieldErrorsFrom, parseServerError, serverMessage } from "@web/lib/server-error";
import { toast } from "@web/lib/toast-store";
import { useCreateMemory } from "../api/create-memory";
import { useDeleteMemory } from "../api/delete-memory";
import { useUpdateMemory } from "../api/update-memory";
import { useUploadMemoryCsv } from "../api/upload-memory-csv";
import { checkCsvFile } from "../lib/csv-file";
import { emptyMemoryForm, memoryFormFrom, validateMemoryForm, type MemoryBody, type MemoryFormValues } from "../lib/memory-form";
import { CsvUploadField, type CsvUploadState } from "./csv-upload-field";
import { FeedbackRows } from "./feedback-rows";
import { VisibilityField } from "./visibility-field";

export type MemoryDialogState = { mode: "create" } | { mode: "edit"; memory: ApiMemory } | null;

const STORED_TYPES: StoredDataType[] = ["text", "csv", "airtable"];

type Values = MemoryFormValues;

interface Mutations {
  create: ReturnType<typeof useCreateMemory>;
  update: ReturnType<typeof useUpdateMemory>;
  upload: ReturnType<typeof useUploadMemoryCsv>;
  remove: ReturnType<typeof useDeleteMemory>;
}

const airtableInput = { className: "font-mono", spellCheck: false, autoComplete: "off" } as const;

function MemoryForm({ stored, mutations, onClose }: { stored: ApiMemory | null; mutations: Mutations; onClose: () => void }) {
  // Once a new memory is saved (and its CSV failed to upload) the form carries on editing it.
  const [saved, setSaved] = useState<ApiMemory | null>(null);
  const editing = saved ?? stored;
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [upload, setUpload] = useState<CsvUploadState>({ phase: "idle" });
  const form = useForm<Values, unknown, MemoryBody>({
    defaultValues: stored ? memoryFormFrom(stored) : emptyMemoryForm(),
    resolver: validatorResolver((values: Values) => validateMemoryForm(values, editing)),
  });
  const { create, update, remove } = mutations;
  const saving = create.isPending || update.isPending || mutations.upload.isPending;
  const pending = saving || remove.isPending;

  const chooseFile = (next: File | null) => {
    const problem = next ? checkCsvFile(next) : null;
    setFileError(problem);
    setFile(problem ? null : next);
    setUpload({ phase: "idle" });
  };

  const save = async (body: MemoryBody) => {
    const wasEditing = !!editing;
    let memory: ApiMemory | null;
    try {
      memory = editing ? await update.mutateAsync({ id: editing.id, body }) : await create.mutateAsync(body);
    } catch (err) {
      setServerErrors(form, fieldErrorsFrom(err), { dataSource: "apiKey" });
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
      const after = await mutations.upload.mutateAsync({
        id: memory.id,
        file,
        onProgress: (percent) => setUpload(percent < 100 ? { phase: "uploading", percent } : { phase: "processing" }),
      });
      const rows = after.dataSource?.kind === "csv" ? after.dataSource.rowCount : 0;
      setUpload({ phase: "done", rows });
      toast({ title: done, description: TX.csvUploaded(rows), variant: "success" });
      onClose();
    } catch (err) {
      const message = serverMessage(err, TX.csvUploadFailed);
      setUpload({ phase: "error", message, saved: true });
      // A 400 is about the file: the user picks another one. Keep the chosen file for a retry otherwise.
      if (parseServerError(err).status === 400) setFile(null);
    }
  };

  const confirmRemove = () => {
    if (!editing || !window.confirm(TX.deleteConfirm(editing.name))) return;
    remove.mutate(editing.id, {
      onSuccess: () => {
        toast({ title: TX.deleted, description: editing.name, variant: "success" });
        onClose();
      },
    });
  };

  const [memoryType, chosenType] = useWatch({ control: form.control, name: ["memoryType", "dataType"] });
  const feedback = memoryType === "feedback";
  const dataType = feedback ? "feedback" : chosenType;
  const storedAirtable = editing?.dataSource?.kind === "airtable" && chosenType === editing.dataType ? editing.dataSource : null;
  const storedCsv = editing?.dataSource?.kind === "csv" && chosenType === "csv" ? editing.dataSource : null;

  return (
    <>
      <DialogHeader>
        <DialogTitle>{editing ? TX.editMemory : TX.newMemory}</DialogTitle>
        <DialogDescription>{TX.editorDescription}</DialogDescription>
      </DialogHeader>
      <Form form={form} onSubmit={(body) => !pending && save(body)}>
        <FormField<Values, "name"> name="name" label={TX.nameLabel}>
          {(field) => <Input {...field} maxLength={MEMORY_LIMITS.nameMax} placeholder={TX.namePlaceholder} />}
        </FormField>

        <div className="grid gap-4 sm:grid-cols-2">
          <FormSelect<Values, "memoryType", MemoryType>
            name="memoryType"
            label={TX.memoryTypeLabel}
            hint={TX.memoryTypeHints[memoryType]}
            options={MEMORY_TYPES}
            optionLabel={(t) => TX.memoryTypeLabels[t]}
          />
          <FormSelect<Values, "dataType", StoredDataType | "feedback">
            name="dataType"
            label={TX.dataTypeLabel}
            options={feedback ? ["feedback", ...STORED_TYPES] : STORED_TYPES}
            optionLabel={(t) => TX.dataTypeLabels[t]}
            value={dataType}
            disabled={feedback}
          />
        </div>

        {dataType === "airtable" ? (
          <fieldset className="grid gap-3 rounded-lg border bg-muted/30 p-3">
            <legend className="px-1 text-sm font-semibold">{TX.airtableTitle}</legend>
            <FormField<Values, "apiKey">
              name="apiKey"
              label={TX.airtableApiKey}
              hint={storedAirtable ? TX.airtableApiKeyKeep(storedAirtable.apiKey) : TX.airtableApiKeyHint}
            >
              {(field) => <Input {...field} type="password" autoComplete="off" placeholder={storedAirtable ? storedAirtable.apiKey : "pat…"} />}
            </FormField>
            <div className="grid gap-3 sm:grid-cols-2">
              <FormField<Values, "baseId"> name="baseId" label={TX.airtableBaseId} hint={TX.airtableBaseHint}>
                {(field) => <Input {...field} {...airtableInput} placeholder="appXXXXXXXXXXXXXX" />}
              </FormField>
              <FormField<Values, "tableId"> name="tableId" label={TX.airtableTableId} hint={TX.airtableTableHint}>
                {(field) => <Input {...field} {...airtableInput} placeholder="tblXXXXXXXXXXXXXX" />}
              </FormField>
            </div>
            <FormField<Values, "viewId"> name="viewId" label={TX.airtableViewId} hint={TX.airtableViewHint}>
              {(field) => <Input {...field} {...airtableInput} placeholder="viwXXXXXXXXXXXXXX" />}
            </FormField>
          </fieldset>
        ) : (
          <FormField<Values, "content"> name="content" label={dataType === "text" ? TX.contentLabel : TX.descriptionLabel}>
            {(field) => (
              <Textarea
                {...field}
                rows={dataType === "text" ? 7 : 3}
                maxLength={MEMORY_LIMITS.contentMax}
                placeholder={dataType === "text" ? TX.contentPlaceholder : feedback ? TX.feedbackDescriptionPlaceholder : TX.descriptionPlaceholder}
              />
            )}
          </FormField>
        )}

        {dataType === "csv" ? (
          <CsvUploadField file={file} fileError={fileError} current={storedCsv} state={upload} disabled={pending} onFile={chooseFile} />
        ) : null}

        <Controller
          control={form.control}
          name="visibility"
          render={({ field }) => <VisibilityField name={field.name} value={field.value} onChange={field.onChange} />}
        />

        <TemplateChecklistField<Values> name="linkedTemplates" label={TX.linkedTemplatesLabel} hint={feedback ? TX.feedbackLinkedHint : TX.linkedTemplatesHint} />

        <FormSwitch<Values, "allConversations">
          name="allConversations"
          label={TX.allConversationsLabel}
          hint={TX.allConversationsHint}
          data-testid="memory-all-conversations"
        />
        <FormSwitch<Values, "isActive"> name="isActive" label={TX.activeLabel} hint={TX.activeHint} />

        {feedback ? (
          editing && editing.memoryType === "feedback" ? (
            <FeedbackRows memoryId={editing.id} />
          ) : (
            <p className="rounded-lg border border-dashed px-3 py-2 text-sm text-muted-foreground">{TX.feedbackAfterSave}</p>
          )
        ) : null}

        <FormFooter onCancel={onClose} pending={pending} submitTestId="memory-save" submitLabel={saving ? TX.saving : editing ? TX.save : TX.create} onDelete={editing ? confirmRemove : undefined} />
      </Form>
    </>
  );
}

export function MemoryEditorDialog({ state, onClose }: { state: MemoryDialogState; onClose: () => void }) {
  const mutations: Mutations = {
    create: useCreateMemory(),
    update: useUpdateMemory(),
    upload: useUploadMemoryCsv(),
    remove: useDeleteMemory(),
  };
  const pending = Object.values(mutations).some((m) => m.isPending);
  return (
    <Dialog open={state !== null} onOpenChange={(open) => !open && !pending && onClose()}>
      <DialogContent wide className="sm:max-w-2xl" data-testid="memory-editor">
        {state ? <MemoryForm key={state.mode === "edit" ? state.memory.id : "new"} stored={state.mode === "edit" ? state.memory : null} mutations={mutations} onClose={onClose} /> : null}
      </DialogContent>
    </Dialog>
  );
}
