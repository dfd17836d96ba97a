import { useForm } from "react-hook-form";
import { type ApiCampaign, type ApiFunnelStep, CAMPAIGN, STEP_TYPES, type StepType, TRIGGER_TYPES, TRIGGER_UNITS, type TriggerType, type TriggerUnit } from "@shared/schemas/campaigns";
import { CAMPAIGN_TEXTS as TX } from "@shared/texts/campaigns";
import { incompleteBindings } from "@web/components/template-variables-field";
import { Form, FormField, FormFooter, FormSelect, setServerErrors, useRootErrorClearedOnChange, validatorResolver } from "@web/components/ui/form";
import { Input } from "@web/components/ui/input";
import { useProviderTemplates } from "@web/lib/queries/get-provider-templates";
import { fieldErrorsFrom, parseServerError } from "@web/lib/server-error";
import { toast } from "@web/lib/toast-store";
import { useSaveFunnelStep } from "../api/save-funnel-step";
import { clockText } from "../lib/format";
import { emptyStepForm, snapsToPreferredTime, type StepBody, stepFormFrom, type StepFormValues, validateStepForm } from "../lib/step-form";
import { FormDialog } from "@web/components/form-dialog";
import { CampaignVariablesField, TemplateField } from "./campaign-fields";

export type StepDialogState = { mode: "create" } | { mode: "edit"; step: ApiFunnelStep } | null;

type Values = StepFormValues;

// Server field names → the form field that shows them.
const SERVER_FIELDS = { triggerDate: "date" } as const;

export function StepDialog({ campaign, state, stepCount, onClose }: { campaign: ApiCampaign; state: StepDialogState; stepCount: number; onClose: () => void }) {
  const editing = state?.mode === "edit" ? state.step : null;
  const save = useSaveFunnelStep(editing !== null);
  return (
    <FormDialog open={state !== null} pending={save.isPending} onClose={onClose} title={editing ? TX.editStepTitle : TX.addStepTitle} description={TX.stepDescription}>
      {/* Filled when the dialog opens, not when the funnel refreshes behind it. */}
      <StepForm key={editing?.id ?? "new"} campaign={campaign} editing={editing} stepCount={stepCount} save={save} onClose={onClose} />
    </FormDialog>
  );
}

function StepForm({
  campaign,
  editing,
  stepCount,
  save,
  onClose,
}: {
  campaign: ApiCampaign;
  editing: ApiFunnelStep | null;
  stepCount: number;
  save: ReturnType<typeof useSaveFunnelStep>;
  onClose: () => void;
}) {
  const { data: templates } = useProviderTemplates();
  const templateOf = (sid: string) => templates?.find((t) => t.sid === sid) ?? null;
  const form = useForm<Values, unknown, StepBody>({
    defaultValues: editing ? stepFormFrom(editing) : emptyStepForm(),
    resolver: validatorResolver((values: Values) => {
      const template = templateOf(values.templateSid);
      const checked = validateStepForm(values, template ? incompleteBindings(template, values.variables) : []);
      if (checked.ok) return checked;
      // The rule across fields is the form's own message.
      const { form: root, ...errors } = checked.errors;
      return { ok: false, errors: { ...errors, root } };
    }),
  });
  const values = form.watch();
  const template = templateOf(values.templateSid);
  const formError = form.formState.errors.root?.message;

  useRootErrorClearedOnChange(form);

  const onSubmit = (body: StepBody) => {
    const failTitle = editing ? TX.stepUpdateError : TX.stepAddError;
    const args = editing
      ? { campaignId: campaign.id, stepId: editing.id, input: body }
      : // A new step goes last: stepOrder is the existing count + 1.
        { campaignId: campaign.id, stepId: null, input: { ...body, stepOrder: stepCount + 1, isActive: true } };
    save.mutate(args, {
      onSuccess: () => {
        toast({ title: editing ? TX.stepUpdated : TX.stepAdded, description: campaign.name, variant: "success" });
        onClose();
      },
      onError: (err) => {
        setServerErrors(form, fieldErrorsFrom(err), SERVER_FIELDS);
        form.setError("root", { type: "server", message: parseServerError(err).message ?? failTitle });
      },
    });
  };

  const preferred = campaign.preferredHour === null ? null : clockText(campaign.preferredHour, campaign.preferredMinute);
  const isMessage = values.stepType === "message";

  return (
    <Form form={form} onSubmit={onSubmit} data-testid="step-form">
      {formError ? (
        <p role="alert" className="rounded-lg border border-destructive/40 bg-destructive/10 p-3 text-sm font-medium text-destructive" data-testid="step-form-error">
          {formError}
        </p>
      ) : null}
      <FormSelect<Values, "stepType", StepType>
        name="stepType"
        label={TX.stepTypeLabel}
        hint={isMessage ? undefined : TX.conditionalExplain}
        options={STEP_TYPES}
        optionLabel={(t) => TX.stepTypeLabels[t]}
      />
      {isMessage ? <TemplateField /> : null}
      {isMessage && template ? (
        <CampaignVariablesField template={template} listId={campaign.targetListId} />
      ) : null}
      <FormSelect<Values, "triggerType", TriggerType> name="triggerType" label={`${TX.whenLabel} *`} options={TRIGGER_TYPES} optionLabel={(t) => TX.triggerLabels[t]} />
      {values.triggerType === "relative" ? (
        <div className="grid gap-2">
          <div className="grid grid-cols-2 gap-3">
            <FormField<Values, "triggerValue"> name="triggerValue" label={`${TX.triggerValueLabel} *`}>
              {(field) => <Input {...field} type="number" min={1} max={CAMPAIGN.triggerValueMax} step={1} inputMode="numeric" />}
            </FormField>
            <FormSelect<Values, "triggerUnit", TriggerUnit> name="triggerUnit" label={TX.triggerUnitLabel} options={TRIGGER_UNITS} optionLabel={(u) => TX.unitLabels[u]} />
          </div>
          {preferred && snapsToPreferredTime(values) ? <p className="text-xs text-muted-foreground">{TX.snapHint(preferred)}</p> : null}
        </div>
      ) : null}
      {values.triggerType === "absolute" ? (
        <div className="grid grid-cols-2 gap-3">
          <FormField<Values, "date"> name="date" label={`${TX.dateLabel} *`} hint={TX.triggerDateHint}>
            {(field) => <Input {...field} name="triggerDate" type="date" />}
          </FormField>
          <FormField<Values, "time"> name="time" label={`${TX.timeLabel} *`}>
            {(field) => <Input {...field} name="triggerTime" type="time" />}
          </FormField>
        </div>
      ) : null}
      <FormFooter pending={save.isPending} onCancel={onClose} submitLabel={TX.saveStep} />
    </Form>
  );
}
