import { Trash } from "lucide-react";
import { useEffect, useId, useState, type FormEvent } from "react";
import { PROMPT_UI as UI } from "@shared/prompt-ui-texts";
import { PROMPT_LIMITS, PROMPT_TEXTS as TX } from "@shared/prompt-texts";
import type { ApiPrompt } from "@shared/schemas/prompts";
import { T } from "@shared/strings";
import { TemplateChecklist } from "@web/components/template-checklist";
import { Button } from "@web/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@web/components/ui/dialog";
import { Field, Label } from "@web/components/ui/field";
import { Input } from "@web/components/ui/input";
import { ModelSuggestions } from "@web/components/model-suggestions";
import { Switch } from "@web/components/ui/switch";
import { Textarea } from "@web/components/ui/textarea";
import { approvedTemplates, useProviderTemplates } from "@web/lib/queries/get-provider-templates";
import { fieldErrorsFrom, serverMessage } from "@web/lib/server-error";
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
  type PromptFormErrors,
  type PromptFormValues,
} from "../lib/prompt-form";
import { AgentToolsChecklist } from "./agent-tools-checklist";
import { PromptTestArea } from "./prompt-test-area";

export type PromptDialogState = { mode: "create" } | { mode: "edit"; prompt: ApiPrompt } | null;

export function PromptEditorDialog({ state, onClose }: { state: PromptDialogState; onClose: () => void }) {
  const editing = state?.mode === "edit" ? state.prompt : null;
  const [values, setValues] = useState<PromptFormValues>(emptyPromptForm);
  const [errors, setErrors] = useState<PromptFormErrors>({});
  const templates = useProviderTemplates();
  const createMutation = useCreatePrompt();
  const updateMutation = useUpdatePrompt();
  const deleteMutation = useDeletePrompt({
    onSuccess: () => toast({ title: TX.deleted, description: editing?.name, variant: "success" }),
    onError: (err) => toast({ title: T.error, description: serverMessage(err, TX.deleteError), variant: "destructive" }),
  });
  const pending = createMutation.isPending || updateMutation.isPending || deleteMutation.isPending;
  const id = useId();

  useEffect(() => {
    if (!state) return;
    setValues(state.mode === "edit" ? promptFormFrom(state.prompt) : emptyPromptForm());
    setErrors({});
  }, [state]);

  const set = <K extends keyof PromptFormValues>(key: K, value: PromptFormValues[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    setErrors((e) => ({ ...e, [key]: undefined }));
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const checked = validatePromptForm(values);
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    const onError = (err: Error) => {
      setErrors(fieldErrorsFrom(err) as PromptFormErrors);
      toast({ title: T.error, description: serverMessage(err, TX.saveError), variant: "destructive" });
    };
    if (editing) {
      updateMutation.mutate(
        { id: editing.id, input: checked.data },
        {
          onSuccess: () => {
            toast({ title: TX.updated, variant: "success" });
            onClose();
          },
          onError,
        },
      );
    } else {
      createMutation.mutate(checked.data, {
        onSuccess: () => {
          toast({ title: TX.created, variant: "success" });
          onClose();
        },
        onError,
      });
    }
  };

  const remove = () => {
    if (!editing || !window.confirm(UI.deleteConfirm(editing.name))) return;
    deleteMutation.mutate(editing.id, { onSuccess: onClose });
  };

  const describedBy = (field: keyof PromptFormValues) => (errors[field] ? `${id}-${field}-error` : undefined);
  const fixedTemperature = hasFixedTemperature(values.model);

  return (
    <Dialog open={state !== null} onOpenChange={(open) => !open && !pending && onClose()}>
      <DialogContent wide className="sm:max-w-2xl" data-testid="prompt-editor">
        <DialogHeader>
          <DialogTitle>{editing ? TX.editPrompt : TX.newPrompt}</DialogTitle>
          <DialogDescription>{UI.editorDescription}</DialogDescription>
        </DialogHeader>
        <form className="grid gap-4" onSubmit={onSubmit} noValidate>
          <div className="grid gap-4 sm:grid-cols-[1fr_13rem]">
            <Field label={UI.nameLabel} htmlFor={`${id}-name`} error={errors.name}>
              <Input
                id={`${id}-name`}
                name="name"
                value={values.name}
                maxLength={PROMPT_LIMITS.nameMax}
                placeholder={UI.namePlaceholder}
                aria-invalid={!!errors.name}
                aria-describedby={describedBy("name")}
                onChange={(e) => set("name", e.target.value)}
              />
            </Field>
            <Field label={UI.modelLabel} htmlFor={`${id}-model`} error={errors.model} hint={T.modelHint}>
              <Input
                id={`${id}-model`}
                name="model"
                list={`${id}-models`}
                autoComplete="off"
                value={values.model}
                aria-invalid={!!errors.model}
                aria-describedby={describedBy("model")}
                onChange={(e) => set("model", e.target.value)}
              />
              <ModelSuggestions id={`${id}-models`} />
            </Field>
          </div>

          <Field
            label={UI.contentLabel}
            htmlFor={`${id}-content`}
            error={errors.content}
            hint={UI.contentCount(values.content.length, PROMPT_LIMITS.contentMax)}
          >
            <Textarea
              id={`${id}-content`}
              name="content"
              rows={7}
              value={values.content}
              maxLength={PROMPT_LIMITS.contentMax}
              placeholder={UI.contentPlaceholder}
              aria-invalid={!!errors.content}
              aria-describedby={describedBy("content")}
              onChange={(e) => set("content", e.target.value)}
            />
          </Field>

          <div className="grid gap-4 sm:grid-cols-2">
            <div className="grid gap-1.5">
              <div className="flex items-center justify-between gap-2">
                <Label htmlFor={`${id}-temperature`}>{UI.temperatureLabel}</Label>
                <output htmlFor={`${id}-temperature`} className="font-mono text-sm font-semibold tabular-nums" data-testid="temperature-value">
                  {temperatureLabel(values.temperature)}
                </output>
              </div>
              <input
                id={`${id}-temperature`}
                name="temperature"
                type="range"
                min={PROMPT_LIMITS.temperatureMin}
                max={PROMPT_LIMITS.temperatureMax}
                step={1}
                value={values.temperature}
                aria-valuetext={temperatureLabel(values.temperature)}
                className="h-10 w-full cursor-pointer accent-primary"
                onChange={(e) => set("temperature", Number(e.target.value))}
              />
              <p className="text-xs text-muted-foreground">{fixedTemperature ? UI.temperatureFixed : UI.temperatureHint}</p>
              {errors.temperature ? <p className="text-xs font-medium text-destructive">{errors.temperature}</p> : null}
            </div>
            <Field label={UI.maxTokensLabel} htmlFor={`${id}-maxTokens`} error={errors.maxTokens} hint={UI.maxTokensHint}>
              <Input
                id={`${id}-maxTokens`}
                name="maxTokens"
                type="number"
                inputMode="numeric"
                min={PROMPT_LIMITS.maxTokensMin}
                max={PROMPT_LIMITS.maxTokensMax}
                step={1}
                value={values.maxTokens}
                aria-invalid={!!errors.maxTokens}
                aria-describedby={describedBy("maxTokens")}
                onChange={(e) => set("maxTokens", e.target.value)}
              />
            </Field>
          </div>

          <div className="flex items-start gap-3 rounded-lg border bg-muted/40 p-3">
            <Switch id={`${id}-active`} checked={values.isActive} onCheckedChange={(checked) => set("isActive", checked)} data-testid="prompt-active-switch" />
            <div className="grid gap-1">
              <Label htmlFor={`${id}-active`}>{UI.activeLabel}</Label>
              <p className="text-xs text-muted-foreground">{UI.activeHint}</p>
            </div>
          </div>

          <TemplateChecklist
            label={UI.linkedTemplatesLabel}
            hint={UI.linkedTemplatesHint}
            templates={approvedTemplates(templates.data)}
            loading={templates.isPending}
            selected={values.linkedTemplates}
            onChange={(sids) => set("linkedTemplates", sids)}
          />

          <AgentToolsChecklist
            selected={values.agentTools}
            onChange={(keys) => set("agentTools", keys)}
            unsupported={Boolean(editing?.toolsUnsupported) && editing?.model === values.model}
          />

          <PromptTestArea settings={testSettingsFrom(values)} />

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
            <Button type="submit" disabled={pending} data-testid="prompt-save">
              {createMutation.isPending || updateMutation.isPending ? UI.saving : editing ? UI.save : UI.create}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
