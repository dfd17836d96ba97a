import { Plus, Trash } from "lucide-react";
import { useMemo, type InputHTMLAttributes } from "react";
import { Controller, type FieldPath, useFieldArray, useForm } from "react-hook-form";
import { type ApiLeadSource, CALENDAR_TYPE_LABELS, CALENDAR_TYPES, LEAD_SOURCE_DEFAULTS, LEAD_SOURCE_TYPE_LABELS, LEAD_SOURCE_TYPES, GOOGLE_DEFAULT_MAPPING, type LeadSourceInput, leadSourceSchema, leadVariableContext, PULLED_SOURCE_TYPES, SOURCE_FIELD_KEYS, SOURCE_FIELD_LABELS, TALKING_MESSAGE_MAX, WEEK_DAYS } from "@shared/schemas/lead-sources";
import { type ApiTemplate, templateBody, templateVariables } from "@shared/schemas/templates";
import { DayToggles } from "@web/components/day-toggles";
import { FormDialog } from "@web/components/form-dialog";
import { incompleteBindings } from "@web/components/template-variables-field";
import { TemplateVariablesFormField } from "@web/components/template-variables-form-field";
import { Button } from "@web/components/ui/button";
import { Form, FormFooter, FormField, FormSelect, FormSwitch, dialogSaveCallbacks, validatorResolver } from "@web/components/ui/form";
import { Input } from "@web/components/ui/input";
import { Textarea } from "@web/components/ui/textarea";
import { useLeads } from "../api/get-leads";
import { useSaveLeadSource } from "../api/save-lead-source";
import {
  checkLeadSourceForm,
  emptyLeadSourceForm,
  LEAD_SOURCE_SERVER_FIELDS,
  leadSourceFormFrom,
  type LeadSourceFormValues,
  toLeadSourceInput,
} from "../lib/lead-source-form";
import { plannedSends } from "@shared/lead-source-plan";
import { formatRomeDateTime } from "@shared/rome-format";
import { AIRTABLE_TEXTS } from "@shared/texts/airtable";
import { LEAD_TEXTS as TX } from "@shared/texts/leads";

export type LeadSourceDialogState = { mode: "create" } | { mode: "edit"; source: ApiLeadSource } | null;

type Values = LeadSourceFormValues;

// The chosen template as the variables field reads it.
function templateFields(templates: readonly ApiTemplate[], templateId: string) {
  const chosen = templates.find((t) => t.id === templateId);
  if (!chosen) return null;
  const bodyText = templateBody(chosen.whatsappContent);
  return { bodyText, variables: templateVariables(bodyText) };
}

function LeadSourceForm({
  editing,
  templates,
  save,
  onClose,
}: {
  editing: ApiLeadSource | null;
  templates: readonly ApiTemplate[];
  save: ReturnType<typeof useSaveLeadSource>;
  onClose: () => void;
}) {
  const keyKept = editing?.type === "airtable";
  const form = useForm<Values, unknown, LeadSourceInput>({
    defaultValues: editing ? leadSourceFormFrom(editing) : emptyLeadSourceForm(),
    resolver: validatorResolver((v: Values) => {
      const template = templateFields(templates, v.templateId);
      return checkLeadSourceForm(v, keyKept, template ? incompleteBindings(template, v.variables) : []);
    }),
  });
  const schedules = useFieldArray({ control: form.control, name: "talkingSchedules" });
  const values = form.watch();
  const configError = (form.formState.errors as { config?: { message?: string } }).config?.message;

  // The source's first lead for the variables' preview.
  const template = useMemo(() => templateFields(templates, values.templateId), [templates, values.templateId]);
  const sample = useLeads({ search: "", status: "", leadSourceId: editing?.id ?? "", pageSize: 1 }, { enabled: !!editing && !!template });
  const firstLead = editing ? sample.data?.pages[0]?.page.leads[0] : undefined;
  const preview = firstLead ? { name: firstLead.name ?? firstLead.phoneNumber, context: leadVariableContext(firstLead) } : null;
  const customKeys = firstLead?.customFields ? Object.keys(firstLead.customFields) : [];

  const onSubmit = (input: LeadSourceInput) =>
    save.mutate(
      { id: editing?.id ?? null, input },
      dialogSaveCallbacks(form, { saved: { title: editing ? TX.sourceUpdated : TX.sourceCreated, description: input.name }, onClose, rename: LEAD_SOURCE_SERVER_FIELDS }),
    );

  const templateMissing = values.templateId && !templates.some((t) => t.id === values.templateId);
  const pulled = PULLED_SOURCE_TYPES.includes(values.type);
  const text = <N extends FieldPath<Values>>(name: N, label: string, props: InputHTMLAttributes<HTMLInputElement> = {}, hint?: string) => (
    <FormField<Values, N> key={name} name={name} label={label} hint={hint}>
      {(field) => <Input {...field} value={field.value as string} {...props} />}
    </FormField>
  );

  return (
    <Form form={form} onSubmit={onSubmit}>
      <div className="grid gap-4 sm:grid-cols-2">
        {text("name", TX.nameLabel, { maxLength: 100 })}
        <FormSelect<Values, "type", (typeof LEAD_SOURCE_TYPES)[number]> name="type" label={TX.typeLabel} options={LEAD_SOURCE_TYPES} optionLabel={(t) => LEAD_SOURCE_TYPE_LABELS[t]} />
      </div>
      {values.type === "airtable" ? (
        <fieldset className="grid gap-3 rounded-lg border p-3" data-testid="airtable-source">
          <legend className="px-1 text-sm font-medium">{TX.airtableSection}</legend>
          {configError ? <p className="text-sm text-destructive">{configError}</p> : null}
          {text("apiKey", AIRTABLE_TEXTS.apiKeyLabel, { type: "password", autoComplete: "off" }, keyKept ? `${editing?.config?.apiKey ?? ""} · ${TX.apiKeyKeep}` : undefined)}
          <div className="grid gap-3 sm:grid-cols-3">
            {text("baseId", AIRTABLE_TEXTS.baseIdLabel, { placeholder: "app…" })}
            {text("tableId", AIRTABLE_TEXTS.tableIdLabel, { placeholder: "tbl…" })}
            {text("viewId", TX.viewIdLabel, { placeholder: "viw…" })}
          </div>
          <p className="text-xs text-muted-foreground">{TX.mappingHint}</p>
          <div className="grid gap-3 sm:grid-cols-2" data-testid="source-mapping">
            {SOURCE_FIELD_KEYS.map((key) => text(`mapping.${key}`, SOURCE_FIELD_LABELS[key]))}
          </div>
        </fieldset>
      ) : null}
      {values.type === "google" ? (
        <fieldset className="grid gap-3 rounded-lg border p-3" data-testid="google-source">
          <legend className="px-1 text-sm font-medium">{TX.googleSection}</legend>
          <p className="text-xs text-muted-foreground">{TX.googleMappingHint}</p>
          <div className="grid gap-3 sm:grid-cols-2">
            {SOURCE_FIELD_KEYS.map((key) => text(`mapping.${key}`, SOURCE_FIELD_LABELS[key], { placeholder: GOOGLE_DEFAULT_MAPPING[key] || undefined }))}
          </div>
        </fieldset>
      ) : null}
      <FormSelect<Values, "templateId", string>
        name="templateId"
        label={TX.templateLabel}
        hint={templates.length === 0 ? TX.noApprovedTemplates : undefined}
        emptyLabel={TX.noTemplate}
        options={[...(templateMissing && editing ? [values.templateId] : []), ...templates.map((t) => t.id)]}
        optionLabel={(id) => templates.find((t) => t.id === id)?.name ?? editing?.templateName ?? id}
      />
      {template ? (
        <TemplateVariablesFormField<Values> name="variables" template={template} sources={["field", "custom", "text"]} preview={preview} customKeys={customKeys} />
      ) : null}
      <div className="grid gap-2">
        <FormSwitch<Values, "isActive"> name="isActive" label={TX.activeLabel} />
        <FormSwitch<Values, "autoResponse"> name="autoResponse" label={TX.autoResponseLabel} />
        {pulled ? <FormSwitch<Values, "autoSync"> name="autoSync" label={TX.autoSyncLabel} /> : null}
      </div>
      <div className="grid gap-4 sm:grid-cols-3 sm:items-end">
        {pulled ? text("syncInterval", TX.syncIntervalLabel, { type: "number", min: 5, max: 1440, inputMode: "numeric" }) : null}
        <FormSelect<Values, "calendarType", (typeof CALENDAR_TYPES)[number]>
          name="calendarType"
          label={TX.calendarTypeLabel}
          emptyLabel="—"
          options={CALENDAR_TYPES}
          optionLabel={(t) => CALENDAR_TYPE_LABELS[t]}
        />
        {text("time", `${TX.timeLabel} (${LEAD_SOURCE_DEFAULTS.timezone})`, { type: "time" })}
      </div>
      <fieldset className="grid gap-2">
        <legend className="mb-1 text-sm font-medium">{TX.daysLabel}</legend>
        <Controller
          control={form.control}
          name="selectedDays"
          render={({ field }) => <DayToggles days={WEEK_DAYS} selected={field.value} onChange={field.onChange} buttonClassName="h-9 rounded-lg text-sm" />}
        />
      </fieldset>
      <div className="grid gap-4 sm:grid-cols-3">
        {text("startDate", TX.startDateLabel, { type: "date" })}
        {text("endDate", TX.endDateLabel, { type: "date" })}
        {text("specificDate", TX.specificDateLabel, { type: "date" })}
      </div>
      <fieldset className="grid gap-2" data-testid="talking-schedules">
        <legend className="mb-1 text-sm font-medium">{TX.schedulesLabel}</legend>
        {schedules.fields.map((row, i) => (
          <div key={row.id} className="grid gap-2 rounded-lg border p-3">
            <div className="flex items-end gap-2">
              <FormField name={`talkingSchedules.${i}.hour`} label={TX.scheduleHour} className="w-20">
                {(field) => <Input {...field} type="number" min={0} max={23} inputMode="numeric" />}
              </FormField>
              <FormField name={`talkingSchedules.${i}.minute`} label={TX.scheduleMinute} className="w-20">
                {(field) => <Input {...field} type="number" min={0} max={59} inputMode="numeric" />}
              </FormField>
              <Button variant="ghost-destructive" size="icon" className="ml-auto" aria-label={TX.removeSchedule} onClick={() => schedules.remove(i)}>
                <Trash aria-hidden />
              </Button>
            </div>
            <FormField
              name={`talkingSchedules.${i}.message`}
              label={TX.scheduleMessage}
              hint={`${values.talkingSchedules[i]?.message.length ?? 0}/${TALKING_MESSAGE_MAX}`}
            >
              {(field) => <Textarea {...field} rows={2} />}
            </FormField>
          </div>
        ))}
        <Button variant="soft" size="sm" className="justify-self-start" onClick={() => schedules.append({ hour: "9", minute: "00", message: "" })}>
          <Plus aria-hidden />
          {TX.addSchedule}
        </Button>
      </fieldset>
      <PlannedSendsPreview values={values} />
      <FormFooter onCancel={onClose} pending={save.isPending} />
    </Form>
  );
}

// Keyed by the source, so each opening starts from it (or empty) without a reset effect.
export function LeadSourceDialog({ state, templates, onClose }: { state: LeadSourceDialogState; templates: readonly ApiTemplate[]; onClose: () => void }) {
  const editing = state?.mode === "edit" ? state.source : null;
  const save = useSaveLeadSource();
  return (
    <FormDialog
      open={state !== null}
      pending={save.isPending}
      onClose={onClose}
      title={editing ? TX.sourceEditTitle : TX.sourceCreateTitle}
      description={TX.sourceDescription}
      wide
    >
      <LeadSourceForm key={editing?.id ?? "new"} editing={editing} templates={templates} save={save} onClose={onClose} />
    </FormDialog>
  );
}

// The next sends the plan as typed would make, from now (Europe/Rome), so the user sees what saving does.
function PlannedSendsPreview({ values }: { values: LeadSourceFormValues }) {
  const input = toLeadSourceInput(values);
  const valid = leadSourceSchema.safeParse(input);
  const sends = valid.success ? plannedSends(valid.data, new Date(), 5) : [];
  return (
    <section className="grid gap-1.5 rounded-lg border border-dashed p-3 text-sm" data-testid="planned-sends" aria-live="polite">
      <h3 className="font-medium">{TX.plannedTitle}</h3>
      {sends.length === 0 ? (
        <p className="text-muted-foreground">{TX.plannedNone}</p>
      ) : (
        <ul className="grid gap-1 text-muted-foreground">
          {sends.map((s) => (
            <li key={`${s.at.toISOString()}-${s.key}`} className="flex min-w-0 gap-2">
              <span className="shrink-0 tabular-nums">{formatRomeDateTime(s.at.toISOString())}</span>
              <span className="truncate">{s.key === "campaign" ? TX.plannedCampaign : TX.plannedTalking(values.talkingSchedules[Number(s.key.slice(5))]?.message ?? "")}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
