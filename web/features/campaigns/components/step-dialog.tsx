import { type FormEvent, useEffect, useId, useState } from "react";
import {
  type ApiCampaign,
  type ApiFunnelStep,
  CAMPAIGN,
  CAMPAIGN_TEXTS as TX,
  CAMPAIGN_UI as UI,
  STEP_TYPES,
  type StepType,
  TRIGGER_TYPES,
  TRIGGER_UNITS,
  type TriggerType,
  type TriggerUnit,
} from "@shared/schemas/campaigns";
import { T } from "@shared/strings";
import { Button } from "@web/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@web/components/ui/dialog";
import { Field } from "@web/components/ui/field";
import { Input, NativeSelect } from "@web/components/ui/input";
import { incompleteBindings, TemplateVariablesField } from "@web/components/template-variables-field";
import { useProviderTemplates } from "@web/lib/queries/get-provider-templates";
import { fieldErrorsFrom, parseServerError } from "@web/lib/server-error";
import { toast } from "@web/lib/toast-store";
import { useRecipientSample } from "../api/get-recipient-sample";
import { useSaveFunnelStep } from "../api/save-funnel-step";
import { failureToast } from "../lib/failure";
import { clockText } from "../lib/format";
import { emptyStepForm, snapsToPreferredTime, type StepFormErrors, stepFormFrom, type StepFormValues, validateStepForm } from "../lib/step-form";
import { TemplateSelect } from "./template-select";

export type StepDialogState = { mode: "create" } | { mode: "edit"; step: ApiFunnelStep } | null;

// Server field names → the form field that shows them.
const SERVER_FIELDS: Record<string, keyof StepFormErrors> = { triggerDate: "date" };

export function StepDialog({ campaign, state, stepCount, onClose }: { campaign: ApiCampaign; state: StepDialogState; stepCount: number; onClose: () => void }) {
  const editing = state?.mode === "edit" ? state.step : null;
  const [values, setValues] = useState<StepFormValues>(emptyStepForm);
  const [errors, setErrors] = useState<StepFormErrors>({});
  const save = useSaveFunnelStep();
  const id = useId();
  const { data: templates } = useProviderTemplates();
  const sample = useRecipientSample(state ? campaign.targetListId : null);
  const template = templates?.find((t) => t.sid === values.templateSid) ?? null;

  // Filled when the dialog opens, not when the funnel refreshes behind it.
  useEffect(() => {
    if (!state) return;
    setValues(state.mode === "edit" ? stepFormFrom(state.step) : emptyStepForm());
    setErrors({});
  }, [state]);

  const set = <K extends keyof StepFormValues>(key: K, value: StepFormValues[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    setErrors((e) => ({ ...e, [key]: undefined, form: undefined }));
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const checked = validateStepForm(values, template ? incompleteBindings(template, values.variables) : []);
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    const failTitle = editing ? TX.stepUpdateError : TX.stepAddError;
    const args = editing
      ? { campaignId: campaign.id, stepId: editing.id, input: checked.body }
      : // A new step goes last: stepOrder is the existing count + 1.
        { campaignId: campaign.id, stepId: null, input: { ...checked.body, stepOrder: stepCount + 1, isActive: true } };
    save.mutate(args, {
      onSuccess: () => {
        toast({ title: editing ? TX.stepUpdated : TX.stepAdded, description: campaign.name, variant: "success" });
        onClose();
      },
      onError: (err) => {
        const fields = Object.entries(fieldErrorsFrom(err)).map(([k, v]) => [SERVER_FIELDS[k] ?? k, v]);
        setErrors({ ...Object.fromEntries(fields), form: parseServerError(err).message ?? failTitle });
        failureToast(failTitle, err);
      },
    });
  };

  const preferred = campaign.preferredHour === null ? null : clockText(campaign.preferredHour, campaign.preferredMinute);
  const isMessage = values.stepType === "message";

  return (
    <Dialog open={state !== null} onOpenChange={(open) => !open && !save.isPending && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{editing ? TX.editStepTitle : TX.addStepTitle}</DialogTitle>
          <DialogDescription>{UI.stepDescription}</DialogDescription>
        </DialogHeader>
        <form className="grid gap-4" onSubmit={onSubmit} noValidate data-testid="step-form">
          {errors.form ? (
            <p role="alert" className="rounded-lg border border-destructive/40 bg-destructive/10 p-3 text-sm font-medium text-destructive" data-testid="step-form-error">
              {errors.form}
            </p>
          ) : null}
          <Field label={UI.stepTypeLabel} htmlFor={`${id}-type`} error={errors.stepType} hint={isMessage ? undefined : UI.conditionalExplain}>
            <NativeSelect id={`${id}-type`} name="stepType" value={values.stepType} onChange={(e) => set("stepType", e.target.value as StepType)}>
              {STEP_TYPES.map((t) => (
                <option key={t} value={t}>
                  {UI.stepTypeLabels[t]}
                </option>
              ))}
            </NativeSelect>
          </Field>
          {isMessage ? (
            <Field label={`${UI.template} *`} htmlFor={`${id}-template`} error={errors.templateSid}>
              <TemplateSelect id={`${id}-template`} value={values.templateSid} invalid={!!errors.templateSid} onChange={(sid) => set("templateSid", sid)} />
            </Field>
          ) : null}
          {isMessage && template ? (
            <TemplateVariablesField
              template={template}
              bindings={values.variables}
              onChange={(variables) => set("variables", variables)}
              sources={["field", "custom", "text"]}
              preview={sample.data?.first ?? null}
              customKeys={sample.data?.customKeys}
              error={errors.variables}
            />
          ) : null}
          <Field label={`${UI.whenLabel} *`} htmlFor={`${id}-when`} error={errors.triggerType}>
            <NativeSelect id={`${id}-when`} name="triggerType" value={values.triggerType} onChange={(e) => set("triggerType", e.target.value as TriggerType)}>
              {TRIGGER_TYPES.map((t) => (
                <option key={t} value={t}>
                  {UI.triggerLabels[t]}
                </option>
              ))}
            </NativeSelect>
          </Field>
          {values.triggerType === "relative" ? (
            <div className="grid gap-2">
              <div className="grid grid-cols-2 gap-3">
                <Field label={`${UI.triggerValueLabel} *`} htmlFor={`${id}-value`} error={errors.triggerValue}>
                  <Input
                    id={`${id}-value`}
                    name="triggerValue"
                    type="number"
                    min={1}
                    max={CAMPAIGN.triggerValueMax}
                    step={1}
                    inputMode="numeric"
                    value={values.triggerValue}
                    aria-invalid={!!errors.triggerValue}
                    onChange={(e) => set("triggerValue", e.target.value)}
                  />
                </Field>
                <Field label={UI.triggerUnitLabel} htmlFor={`${id}-unit`} error={errors.triggerUnit}>
                  <NativeSelect id={`${id}-unit`} name="triggerUnit" value={values.triggerUnit} onChange={(e) => set("triggerUnit", e.target.value as TriggerUnit)}>
                    {TRIGGER_UNITS.map((u) => (
                      <option key={u} value={u}>
                        {UI.unitLabels[u]}
                      </option>
                    ))}
                  </NativeSelect>
                </Field>
              </div>
              {preferred && snapsToPreferredTime(values) ? <p className="text-xs text-muted-foreground">{UI.snapHint(preferred)}</p> : null}
            </div>
          ) : null}
          {values.triggerType === "absolute" ? (
            <div className="grid grid-cols-2 gap-3">
              <Field label={`${UI.dateLabel} *`} htmlFor={`${id}-date`} error={errors.date} hint={UI.triggerDateHint}>
                <Input id={`${id}-date`} name="triggerDate" type="date" value={values.date} aria-invalid={!!errors.date} onChange={(e) => set("date", e.target.value)} />
              </Field>
              <Field label={`${UI.timeLabel} *`} htmlFor={`${id}-time`} error={errors.time}>
                <Input id={`${id}-time`} name="triggerTime" type="time" value={values.time} aria-invalid={!!errors.time} onChange={(e) => set("time", e.target.value)} />
              </Field>
            </div>
          ) : null}
          <DialogFooter>
            <Button variant="outline" onClick={onClose} disabled={save.isPending}>
              {T.cancel}
            </Button>
            <Button type="submit" disabled={save.isPending}>
              {UI.saveStep}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
