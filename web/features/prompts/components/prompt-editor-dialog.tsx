import { Controller, useForm } from "react-hook-form";
import { PROMPT_LIMITS } from "@shared/prompt-limits";
import { PROMPT_TEXTS as TX } from "@shared/texts/prompts";
import type { ApiPrompt } from "@shared/schemas/prompts";
import { T } from "@shared/strings";
import { TemplateChecklistField } from "@web/components/template-checklist";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@web/components/ui/dialog";
import { Label } from "@web/components/ui/field";
import { dataResolver, Form, FormFooter, FormField, FormSwitch, dialogSaveCallbacks } from "@web/components/ui/form";
import { Input } from "@web/components/ui/input";
import { ModelSuggestions } from "@web/components/model-suggestions";
import { Textarea } from "@web/components/ui/textarea";
import { toast } from "@web/lib/toast-store";
import { useCreatePrompt } from "../api/create-prompt";
import { useDeletePrompt } from "../api/delete-prompt";
import { useUpdatePrompt } from "../api/update-prompt";
import {
  emptyPromptForm,
  hasFixedTemperature,
  promptFormFrom,
  temperatureLabel,
  testSettingsFrom,
  validatePromptForm,
  type PromptFormValues,
  type ValidPrompt,
} from "../lib/prompt-form";
import { AgentToolsChecklist } from "./agent-tools-checklist";
import { PromptTestArea } from "./prompt-test-area";

export type PromptDialogState = { mode: "create" } | { mode: "edit"; prompt: ApiPrompt } | null;

type Values = PromptFormValues;

const resolver = dataResolver(validatePromptForm);

interface Mutations {
  create: ReturnType<typeof useCreatePrompt>;
  update: ReturnType<typeof useUpdatePrompt>;
  remove: ReturnType<typeof useDeletePrompt>;
  pending: boolean;
}

function PromptForm({ editing, mutations, onClose }: { editing: ApiPrompt | null; mutations: Mutations; onClose: () => void }) {
  const form = useForm<Values, unknown, ValidPrompt>({ defaultValues: editing ? promptFormFrom(editing) : emptyPromptForm(), resolver });
  const { create, update, remove, pending } = mutations;
  const values = form.watch();

  const onSubmit = (body: ValidPrompt) => {
    const handlers = dialogSaveCallbacks(form, { saved: { title: editing ? TX.updated : TX.created }, onClose });
    if (editing) update.mutate({ id: editing.id, input: body }, handlers);
    else create.mutate(body, handlers);
  };

  const confirmRemove = () => {
    if (!editing || !window.confirm(TX.deleteConfirm(editing.name))) return;
    remove.mutate(editing.id, { onSuccess: onClose });
  };

  return (
    <Form form={form} onSubmit={onSubmit}>
      <div className="grid gap-4 sm:grid-cols-[1fr_13rem]">
        <FormField<Values, "name"> name="name" label={TX.nameLabel}>
          {(field) => <Input {...field} maxLength={PROMPT_LIMITS.nameMax} placeholder={TX.namePlaceholder} />}
        </FormField>
        <FormField<Values, "model"> name="model" label={TX.modelLabel} hint={T.modelHint}>
          {(field) => (
            <>
              <Input {...field} list={`${field.id}-list`} autoComplete="off" />
              <ModelSuggestions id={`${field.id}-list`} />
            </>
          )}
        </FormField>
      </div>

      <FormField<Values, "content"> name="content" label={TX.contentLabel} hint={TX.contentCount(values.content.length, PROMPT_LIMITS.contentMax)}>
        {(field) => <Textarea {...field} rows={7} maxLength={PROMPT_LIMITS.contentMax} placeholder={TX.contentPlaceholder} />}
      </FormField>

      <div className="grid gap-4 sm:grid-cols-2">
        <TemperatureField form={form} model={values.model} />
        <FormField<Values, "maxTokens"> name="maxTokens" label={TX.maxTokensLabel} hint={TX.maxTokensHint}>
          {(field) => (
            <Input {...field} type="number" inputMode="numeric" min={PROMPT_LIMITS.maxTokensMin} max={PROMPT_LIMITS.maxTokensMax} step={1} />
          )}
        </FormField>
      </div>

      <FormSwitch<Values, "isActive"> name="isActive" label={TX.activeLabel} hint={TX.activeHint} data-testid="prompt-active-switch" />

      <TemplateChecklistField<Values> name="linkedTemplates" label={TX.linkedTemplatesLabel} hint={TX.linkedTemplatesHint} />

      <Controller
        control={form.control}
        name="agentTools"
        render={({ field }) => (
          <AgentToolsChecklist
            selected={field.value}
            onChange={field.onChange}
            unsupported={Boolean(editing?.toolsUnsupported) && editing?.model === values.model}
          />
        )}
      />

      <PromptTestArea settings={testSettingsFrom(values)} />

      <FormFooter onCancel={onClose} pending={pending} submitTestId="prompt-save" submitLabel={create.isPending || update.isPending ? TX.saving : editing ? TX.save : TX.create} onDelete={editing ? confirmRemove : undefined} />
    </Form>
  );
}

// The slider shows its value beside the label and says when the model ignores it.
function TemperatureField({ form, model }: { form: ReturnType<typeof useForm<Values, unknown, ValidPrompt>>; model: string }) {
  const temperature = form.watch("temperature");
  const error = form.formState.errors.temperature?.message;
  const id = "prompt-temperature";
  return (
    <div className="grid gap-1.5">
      <div className="flex items-center justify-between gap-2">
        <Label htmlFor={id}>{TX.temperatureLabel}</Label>
        <output htmlFor={id} className="font-mono text-sm font-semibold tabular-nums" data-testid="temperature-value">
          {temperatureLabel(temperature)}
        </output>
      </div>
      <input
        id={id}
        type="range"
        min={PROMPT_LIMITS.temperatureMin}
        max={PROMPT_LIMITS.temperatureMax}
        step={1}
        aria-valuetext={temperatureLabel(temperature)}
        className="h-10 w-full cursor-pointer accent-primary"
        {...form.register("temperature", { valueAsNumber: true })}
      />
      <p className="text-xs text-muted-foreground">{hasFixedTemperature(model) ? TX.temperatureFixed : TX.temperatureHint}</p>
      {error ? <p className="text-xs font-medium text-destructive">{error}</p> : null}
    </div>
  );
}

export function PromptEditorDialog({ state, onClose }: { state: PromptDialogState; onClose: () => void }) {
  const editing = state?.mode === "edit" ? state.prompt : null;
  const create = useCreatePrompt();
  const update = useUpdatePrompt();
  const remove = useDeletePrompt({
    onSuccess: () => toast({ title: TX.deleted, description: editing?.name, variant: "success" }),
  });
  const pending = create.isPending || update.isPending || remove.isPending;

  return (
    <Dialog open={state !== null} onOpenChange={(open) => !open && !pending && onClose()}>
      <DialogContent wide className="sm:max-w-2xl" data-testid="prompt-editor">
        <DialogHeader>
          <DialogTitle>{editing ? TX.editPrompt : TX.newPrompt}</DialogTitle>
          <DialogDescription>{TX.editorDescription}</DialogDescription>
        </DialogHeader>
        {state ? <PromptForm key={editing?.id ?? "new"} editing={editing} mutations={{ create, update, remove, pending }} onClose={onClose} /> : null}
      </DialogContent>
    </Dialog>
  );
}
