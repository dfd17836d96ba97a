import { Plus, Trash } from "lucide-react";
import { useEffect, useId, useMemo, useState, type FormEvent } from "react";
import {
  type ApiLeadSource,
  CALENDAR_TYPE_LABELS,
  CALENDAR_TYPES,
  LEAD_SOURCE_DEFAULTS,
  LEAD_SOURCE_TYPE_LABELS,
  LEAD_SOURCE_TYPES,
  GOOGLE_DEFAULT_MAPPING,
  LEAD_TEXTS as TX,
  leadSourceSchema,
  leadVariableContext,
  PULLED_SOURCE_TYPES,
  SOURCE_FIELD_KEYS,
  SOURCE_FIELD_LABELS,
  TALKING_MESSAGE_MAX,
  WEEK_DAYS,
} from "@shared/schemas/lead-sources";
import { type ApiTemplate, templateBody, templateVariables } from "@shared/schemas/templates";
import { T } from "@shared/strings";
import { incompleteBindings, TemplateVariablesField } from "@web/components/template-variables-field";
import { Button } from "@web/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@web/components/ui/dialog";
import { Field, Label } from "@web/components/ui/field";
import { Input, NativeSelect } from "@web/components/ui/input";
import { Switch } from "@web/components/ui/switch";
import { Textarea } from "@web/components/ui/textarea";
import { cn } from "@web/lib/cn";
import { fieldErrorsFrom, serverMessage } from "@web/lib/server-error";
import { toast } from "@web/lib/toast-store";
import { useLeads } from "../api/get-leads";
import { useSaveLeadSource } from "../api/save-lead-source";
import {
  emptyLeadSourceForm,
  leadSourceFormFrom,
  type LeadSourceFormErrors,
  type LeadSourceFormValues,
  type ScheduleRow,
  toggleDay,
  toLeadSourceInput,
  validateLeadSourceForm,
} from "../lib/lead-source-form";
import { plannedSends } from "@shared/lead-source-plan";
import { formatRomeDateTime } from "@shared/rome-format";

export type LeadSourceDialogState = { mode: "create" } | { mode: "edit"; source: ApiLeadSource } | null;

function SwitchRow({ id, label, checked, onChange }: { id: string; label: string; checked: boolean; onChange: (v: boolean) => void }) {
  return (
    <div className="flex items-center justify-between gap-3 rounded-lg border bg-muted/30 px-3 py-2.5">
      <Label htmlFor={id} className="min-w-0 flex-1 leading-snug">
        {label}
      </Label>
      <Switch id={id} checked={checked} onCheckedChange={onChange} />
    </div>
  );
}

export function LeadSourceDialog({ state, templates, onClose }: { state: LeadSourceDialogState; templates: readonly ApiTemplate[]; onClose: () => void }) {
  const editing = state?.mode === "edit" ? state.source : null;
  const [values, setValues] = useState<LeadSourceFormValues>(emptyLeadSourceForm);
  const [errors, setErrors] = useState<LeadSourceFormErrors>({});
  const save = useSaveLeadSource();
  const id = useId();

  useEffect(() => {
    if (!state) return;
    setValues(state.mode === "edit" ? leadSourceFormFrom(state.source) : emptyLeadSourceForm());
    setErrors({});
  }, [state]);

  const set = <K extends keyof LeadSourceFormValues>(key: K, value: LeadSourceFormValues[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    setErrors((e) => ({ ...e, [key]: undefined }));
  };

  const setSchedule = (index: number, patch: Partial<ScheduleRow>) => {
    setValues((v) => ({ ...v, talkingSchedules: v.talkingSchedules.map((row, i) => (i === index ? { ...row, ...patch } : row)) }));
    setErrors((e) => {
      const next = { ...e };
      for (const key of Object.keys(patch)) delete next[`talkingSchedules.${index}.${key}`];
      return next;
    });
  };

  // The chosen template as the variables field reads it, and the source's first lead for its preview.
  const chosen = templates.find((t) => t.id === values.templateId);
  const template = useMemo(() => {
    if (!chosen) return null;
    const bodyText = templateBody(chosen.whatsappContent);
    return { bodyText, variables: templateVariables(bodyText) };
  }, [chosen]);
  const sample = useLeads({ search: "", status: "", leadSourceId: editing?.id ?? "", pageSize: 1 }, { enabled: !!editing && !!template });
  const firstLead = editing ? sample.data?.pages[0]?.page.leads[0] : undefined;
  const preview = firstLead ? { name: firstLead.name ?? firstLead.phoneNumber, context: leadVariableContext(firstLead) } : null;
  const customKeys = firstLead?.customFields ? Object.keys(firstLead.customFields) : [];

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const checked = validateLeadSourceForm(values, editing?.type === "airtable", template ? incompleteBindings(template, values.variables) : []);
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    save.mutate(
      { id: editing?.id ?? null, input: checked.data },
      {
        onSuccess: () => {
          toast({ title: editing ? TX.sourceUpdated : TX.sourceCreated, description: checked.data.name, variant: "success" });
          onClose();
        },
        onError: (err) => {
          setErrors(fieldErrorsFrom(err));
          toast({ title: T.error, description: serverMessage(err, TX.sourceSaveError), variant: "destructive" });
        },
      },
    );
  };

  const templateMissing = values.templateId && !templates.some((t) => t.id === values.templateId);
  const pulled = PULLED_SOURCE_TYPES.includes(values.type);
  const keyKept = editing?.type === "airtable";

  return (
    <Dialog open={state !== null} onOpenChange={(open) => !open && !save.isPending && onClose()}>
      <DialogContent wide>
        <DialogHeader>
          <DialogTitle>{editing ? TX.sourceEditTitle : TX.sourceCreateTitle}</DialogTitle>
          <DialogDescription>{TX.sourceDescription}</DialogDescription>
        </DialogHeader>
        <form className="grid gap-4" onSubmit={onSubmit} noValidate>
          <div className="grid gap-4 sm:grid-cols-2">
            <Field label={TX.nameLabel} htmlFor={`${id}-name`} error={errors.name}>
              <Input id={`${id}-name`} name="name" value={values.name} maxLength={100} aria-invalid={!!errors.name} onChange={(e) => set("name", e.target.value)} />
            </Field>
            <Field label={TX.typeLabel} htmlFor={`${id}-type`} error={errors.type}>
              <NativeSelect id={`${id}-type`} name="type" value={values.type} onChange={(e) => set("type", e.target.value)}>
                {LEAD_SOURCE_TYPES.map((t) => (
                  <option key={t} value={t}>
                    {LEAD_SOURCE_TYPE_LABELS[t]}
                  </option>
                ))}
              </NativeSelect>
            </Field>
          </div>
          {values.type === "airtable" ? (
            <fieldset className="grid gap-3 rounded-lg border p-3" data-testid="airtable-source">
              <legend className="px-1 text-sm font-medium">{TX.airtableSection}</legend>
              {errors.config ? <p className="text-sm text-destructive">{errors.config}</p> : null}
              <Field label={TX.apiKeyLabel} htmlFor={`${id}-apiKey`} error={errors["config.apiKey"]} hint={keyKept ? `${editing?.config?.apiKey ?? ""} · ${TX.apiKeyKeep}` : undefined}>
                <Input id={`${id}-apiKey`} name="apiKey" type="password" autoComplete="off" value={values.apiKey} aria-invalid={!!errors["config.apiKey"]} onChange={(e) => set("apiKey", e.target.value)} />
              </Field>
              <div className="grid gap-3 sm:grid-cols-3">
                <Field label={TX.baseIdLabel} htmlFor={`${id}-baseId`} error={errors["config.baseId"]}>
                  <Input id={`${id}-baseId`} name="baseId" placeholder="app…" value={values.baseId} aria-invalid={!!errors["config.baseId"]} onChange={(e) => set("baseId", e.target.value)} />
                </Field>
                <Field label={TX.tableIdLabel} htmlFor={`${id}-tableId`} error={errors["config.tableId"]}>
                  <Input id={`${id}-tableId`} name="tableId" placeholder="tbl…" value={values.tableId} aria-invalid={!!errors["config.tableId"]} onChange={(e) => set("tableId", e.target.value)} />
                </Field>
                <Field label={TX.viewIdLabel} htmlFor={`${id}-viewId`} error={errors["config.viewId"]}>
                  <Input id={`${id}-viewId`} name="viewId" placeholder="viw…" value={values.viewId} aria-invalid={!!errors["config.viewId"]} onChange={(e) => set("viewId", e.target.value)} />
                </Field>
              </div>
              <p className="text-xs text-muted-foreground">{TX.mappingHint}</p>
              <div className="grid gap-3 sm:grid-cols-2" data-testid="source-mapping">
                {SOURCE_FIELD_KEYS.map((key) => (
                  <Field key={key} label={SOURCE_FIELD_LABELS[key]} htmlFor={`${id}-map-${key}`} error={errors[`fieldMapping.${key}`]}>
                    <Input
                      id={`${id}-map-${key}`}
                      name={`mapping.${key}`}
                      value={values.mapping[key]}
                      aria-invalid={!!errors[`fieldMapping.${key}`]}
                      onChange={(e) => {
                        set("mapping", { ...values.mapping, [key]: e.target.value });
                        setErrors((er) => ({ ...er, [`fieldMapping.${key}`]: undefined }));
                      }}
                    />
                  </Field>
                ))}
              </div>
            </fieldset>
          ) : null}
          {values.type === "google" ? (
            <fieldset className="grid gap-3 rounded-lg border p-3" data-testid="google-source">
              <legend className="px-1 text-sm font-medium">{TX.googleSection}</legend>
              <p className="text-xs text-muted-foreground">{TX.googleMappingHint}</p>
              <div className="grid gap-3 sm:grid-cols-2">
                {SOURCE_FIELD_KEYS.map((key) => (
                  <Field key={key} label={SOURCE_FIELD_LABELS[key]} htmlFor={`${id}-gmap-${key}`}>
                    <Input
                      id={`${id}-gmap-${key}`}
                      name={`google.${key}`}
                      placeholder={GOOGLE_DEFAULT_MAPPING[key] || undefined}
                      value={values.mapping[key]}
                      onChange={(e) => set("mapping", { ...values.mapping, [key]: e.target.value })}
                    />
                  </Field>
                ))}
              </div>
            </fieldset>
          ) : null}
          <Field
            label={TX.templateLabel}
            htmlFor={`${id}-template`}
            error={errors.templateId}
            hint={templates.length === 0 ? TX.noApprovedTemplates : undefined}
          >
            <NativeSelect id={`${id}-template`} name="templateId" value={values.templateId} aria-invalid={!!errors.templateId} onChange={(e) => set("templateId", e.target.value)}>
              <option value="">{TX.noTemplate}</option>
              {templateMissing && editing ? <option value={values.templateId}>{editing.templateName ?? values.templateId}</option> : null}
              {templates.map((t) => (
                <option key={t.id} value={t.id}>
                  {t.name}
                </option>
              ))}
            </NativeSelect>
          </Field>
          {template ? (
            <TemplateVariablesField
              template={template}
              bindings={values.variables}
              onChange={(variables) => {
                set("variables", variables);
                setErrors((e) => ({ ...e, templateVariables: undefined, variables: undefined }));
              }}
              sources={["field", "custom", "text"]}
              preview={preview}
              customKeys={customKeys}
              error={errors.templateVariables ?? errors.variables}
            />
          ) : null}
          <div className="grid gap-2">
            <SwitchRow id={`${id}-active`} label={TX.activeLabel} checked={values.isActive} onChange={(v) => set("isActive", v)} />
            <SwitchRow id={`${id}-auto`} label={TX.autoResponseLabel} checked={values.autoResponse} onChange={(v) => set("autoResponse", v)} />
            {pulled ? <SwitchRow id={`${id}-sync`} label={TX.autoSyncLabel} checked={values.autoSync} onChange={(v) => set("autoSync", v)} /> : null}
          </div>
          <div className="grid gap-4 sm:grid-cols-3 sm:items-end">
            {pulled ? (
              <Field label={TX.syncIntervalLabel} htmlFor={`${id}-interval`} error={errors.syncInterval ?? errors.autoSync}>
                <Input
                  id={`${id}-interval`}
                  name="syncInterval"
                  type="number"
                  min={5}
                  max={1440}
                  inputMode="numeric"
                  value={values.syncInterval}
                  aria-invalid={!!errors.syncInterval}
                  onChange={(e) => set("syncInterval", e.target.value)}
                />
              </Field>
            ) : null}
            <Field label={TX.calendarTypeLabel} htmlFor={`${id}-calendarType`}>
              <NativeSelect id={`${id}-calendarType`} name="calendarType" value={values.calendarType} onChange={(e) => set("calendarType", e.target.value)}>
                <option value="">—</option>
                {CALENDAR_TYPES.map((t) => (
                  <option key={t} value={t}>
                    {CALENDAR_TYPE_LABELS[t]}
                  </option>
                ))}
              </NativeSelect>
            </Field>
            <Field label={`${TX.timeLabel} (${LEAD_SOURCE_DEFAULTS.timezone})`} htmlFor={`${id}-time`} error={errors.time}>
              <Input id={`${id}-time`} name="time" type="time" value={values.time} aria-invalid={!!errors.time} onChange={(e) => set("time", e.target.value)} />
            </Field>
          </div>
          <fieldset className="grid gap-2">
            <legend className="mb-1 text-sm font-medium">{TX.daysLabel}</legend>
            <div className="flex flex-wrap gap-1.5">
              {WEEK_DAYS.map((d) => {
                const on = values.selectedDays.includes(d.value);
                return (
                  <button
                    key={d.value}
                    type="button"
                    aria-pressed={on}
                    onClick={() => set("selectedDays", toggleDay(values.selectedDays, d.value))}
                    className={cn(
                      "h-9 min-w-11 rounded-lg border px-2 text-sm font-medium transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring",
                      on ? "border-primary bg-primary text-primary-foreground" : "bg-background hover:bg-muted",
                    )}
                  >
                    {d.label}
                  </button>
                );
              })}
            </div>
          </fieldset>
          <div className="grid gap-4 sm:grid-cols-3">
            <Field label={TX.startDateLabel} htmlFor={`${id}-start`} error={errors.startDate}>
              <Input id={`${id}-start`} name="startDate" type="date" value={values.startDate} onChange={(e) => set("startDate", e.target.value)} />
            </Field>
            <Field label={TX.endDateLabel} htmlFor={`${id}-end`} error={errors.endDate}>
              <Input id={`${id}-end`} name="endDate" type="date" value={values.endDate} aria-invalid={!!errors.endDate} onChange={(e) => set("endDate", e.target.value)} />
            </Field>
            <Field label={TX.specificDateLabel} htmlFor={`${id}-specific`} error={errors.specificDate}>
              <Input id={`${id}-specific`} name="specificDate" type="date" value={values.specificDate} onChange={(e) => set("specificDate", e.target.value)} />
            </Field>
          </div>
          <fieldset className="grid gap-2" data-testid="talking-schedules">
            <legend className="mb-1 text-sm font-medium">{TX.schedulesLabel}</legend>
            {values.talkingSchedules.map((row, i) => {
              const err = (f: string) => errors[`talkingSchedules.${i}.${f}`];
              return (
                <div key={i} className="grid gap-2 rounded-lg border p-3">
                  <div className="flex items-end gap-2">
                    <Field label={TX.scheduleHour} htmlFor={`${id}-h${i}`} className="w-20" error={err("hour")}>
                      <Input id={`${id}-h${i}`} type="number" min={0} max={23} inputMode="numeric" value={row.hour} aria-invalid={!!err("hour")} onChange={(e) => setSchedule(i, { hour: e.target.value })} />
                    </Field>
                    <Field label={TX.scheduleMinute} htmlFor={`${id}-m${i}`} className="w-20" error={err("minute")}>
                      <Input id={`${id}-m${i}`} type="number" min={0} max={59} inputMode="numeric" value={row.minute} aria-invalid={!!err("minute")} onChange={(e) => setSchedule(i, { minute: e.target.value })} />
                    </Field>
                    <Button
                      variant="ghost-destructive"
                      size="icon"
                      className="ml-auto"
                      aria-label={TX.removeSchedule}
                      onClick={() => set("talkingSchedules", values.talkingSchedules.filter((_, j) => j !== i))}
                    >
                      <Trash aria-hidden />
                    </Button>
                  </div>
                  <Field label={TX.scheduleMessage} htmlFor={`${id}-msg${i}`} error={err("message")} hint={`${row.message.length}/${TALKING_MESSAGE_MAX}`}>
                    <Textarea id={`${id}-msg${i}`} rows={2} value={row.message} aria-invalid={!!err("message")} onChange={(e) => setSchedule(i, { message: e.target.value })} />
                  </Field>
                </div>
              );
            })}
            <Button
              variant="soft"
              size="sm"
              className="justify-self-start"
              onClick={() => set("talkingSchedules", [...values.talkingSchedules, { hour: "9", minute: "00", message: "" }])}
            >
              <Plus aria-hidden />
              {TX.addSchedule}
            </Button>
          </fieldset>
          <PlannedSendsPreview values={values} />
          <DialogFooter>
            <Button variant="outline" onClick={onClose} disabled={save.isPending}>
              {T.cancel}
            </Button>
            <Button type="submit" disabled={save.isPending}>
              {T.save}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
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
