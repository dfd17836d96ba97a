import { Trash } from "lucide-react";
import { type FormEvent, useEffect, useId, useState } from "react";
import { RECURRENCE_FREQUENCIES } from "@shared/calendar-time";
import {
  type ApiCalendarOccurrence,
  type ApiCalendarSettings,
  CALENDAR,
  CALENDAR_TEXTS as TX,
  calendarPhoneIssue,
  cleanPhone,
} from "@shared/schemas/calendar";
import { T } from "@shared/strings";
import { PhoneListEditor } from "@web/components/phone-list-editor";
import { incompleteBindings, TemplateVariablesField } from "@web/components/template-variables-field";
import { approvedTemplates, useProviderTemplates } from "@web/lib/queries/get-provider-templates";
import { Button } from "@web/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@web/components/ui/dialog";
import { Field, Label } from "@web/components/ui/field";
import { Input, NativeSelect } from "@web/components/ui/input";
import { Switch } from "@web/components/ui/switch";
import { Textarea } from "@web/components/ui/textarea";
import { cn } from "@web/lib/cn";
import { fieldErrorsFrom, serverMessage } from "@web/lib/server-error";
import { toast } from "@web/lib/toast-store";
import { useDeleteEvent } from "../api/delete-event";
import { useSaveEvent } from "../api/save-event";
import { TEMPLATE_VARIABLE_TEXTS as VX } from "@shared/template-variables";
import { emptyEventForm, eventFormFrom, reminderTime, type EventFormErrors, type EventFormValues, toggleWeekday, validateEventForm, withAllDay } from "../lib/event-form";
import { WEEKDAY_CHOICES } from "../lib/format";
import { TemplateSelect } from "./template-select";

export type EventDialogState = { mode: "create"; day: string } | { mode: "edit"; occurrence: ApiCalendarOccurrence } | null;

const SERVER_FIELDS: Record<string, keyof EventFormValues> = {
  startDate: "start",
  endDate: "end",
  recurringPattern: "interval",
  recurringUntil: "until",
};

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

export function EventDialog({
  state,
  startHour,
  twilioAccountId,
  settings,
  onClose,
}: {
  state: EventDialogState;
  startHour: number;
  twilioAccountId: string;
  settings: ApiCalendarSettings | null | undefined;
  onClose: () => void;
}) {
  const editing = state?.mode === "edit" ? state.occurrence : null;
  const [values, setValues] = useState<EventFormValues>(() => emptyEventForm("2026-01-01", startHour, null));
  const [errors, setErrors] = useState<EventFormErrors>({});
  const save = useSaveEvent();
  const removal = useDeleteEvent();
  const pending = save.isPending || removal.isPending;
  const id = useId();

  // The form is filled when the dialog opens, not when settings or the grid refresh behind it.
  useEffect(() => {
    if (!state) return;
    setValues(state.mode === "edit" ? eventFormFrom(state.occurrence) : emptyEventForm(state.day, startHour, settings));
    setErrors({});
  }, [state]);

  const set = <K extends keyof EventFormValues>(key: K, value: EventFormValues[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    setErrors((e) => ({ ...e, [key]: undefined }));
  };

  // The reminder template, for its variables and their preview with this event's title and time.
  const providerTemplates = useProviderTemplates();
  const reminderTemplate = values.notificationTemplateId ? approvedTemplates(providerTemplates.data).find((t) => t.sid === values.notificationTemplateId) : undefined;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const unbound = values.notificationEnabled && reminderTemplate ? incompleteBindings(reminderTemplate, values.notificationVariables) : [];
    if (unbound.length > 0) {
      const message = VX.missing(unbound);
      setErrors({ notificationVariables: message });
      toast({ title: T.error, description: message, variant: "destructive" });
      return;
    }
    const checked = validateEventForm(values, twilioAccountId);
    if (!checked.ok) {
      setErrors(checked.errors);
      toast({ title: T.error, description: checked.message, variant: "destructive" });
      return;
    }
    const failTitle = editing ? TX.updateError : TX.createError;
    save.mutate(
      { id: editing?.id ?? null, input: checked.data },
      {
        onSuccess: () => {
          toast({ title: editing ? TX.updated : TX.created, description: checked.data.title, variant: "success" });
          onClose();
        },
        onError: (err) => {
          const fields = fieldErrorsFrom(err);
          setErrors(Object.fromEntries(Object.entries(fields).map(([k, v]) => [SERVER_FIELDS[k] ?? k, v])) as EventFormErrors);
          toast({ title: failTitle, description: serverMessage(err, failTitle), variant: "destructive" });
        },
      },
    );
  };

  const onDelete = () => {
    if (!editing || !window.confirm(TX.deleteConfirm)) return;
    removal.mutate(editing.id, {
      onSuccess: () => {
        toast({ title: TX.deleted, description: editing.title, variant: "success" });
        onClose();
      },
      onError: (err) => toast({ title: TX.deleteError, description: serverMessage(err, TX.deleteError), variant: "destructive" }),
    });
  };

  const describedBy = (field: keyof EventFormValues) => (errors[field] ? `${id}-${field}-error` : undefined);
  const startDay = values.start.slice(0, 10);

  return (
    <Dialog open={state !== null} onOpenChange={(open) => !open && !pending && onClose()}>
      <DialogContent wide>
        <DialogHeader>
          <DialogTitle>{editing ? TX.editEvent : TX.newEvent}</DialogTitle>
          <DialogDescription>{editing?.isRecurring ? `${TX.eventDialogDescription} ${TX.seriesHint}` : TX.eventDialogDescription}</DialogDescription>
        </DialogHeader>
        <form className="grid gap-4" onSubmit={onSubmit} noValidate data-testid="event-form">
          <Field label={`${TX.titleLabel} *`} htmlFor={`${id}-title`} error={errors.title}>
            <Input id={`${id}-title`} name="title" value={values.title} maxLength={CALENDAR.titleMax} aria-invalid={!!errors.title} aria-describedby={describedBy("title")} onChange={(e) => set("title", e.target.value)} />
          </Field>
          <Field label={TX.descriptionLabel} htmlFor={`${id}-description`} error={errors.description}>
            <Textarea id={`${id}-description`} name="description" rows={2} value={values.description} maxLength={CALENDAR.descriptionMax} onChange={(e) => set("description", e.target.value)} />
          </Field>
          <Field label={TX.locationLabel} htmlFor={`${id}-location`} error={errors.location}>
            <Input id={`${id}-location`} name="location" value={values.location} maxLength={CALENDAR.locationMax} onChange={(e) => set("location", e.target.value)} />
          </Field>

          <SwitchRow
            id={`${id}-allDay`}
            label={TX.allDayLabel}
            checked={values.isAllDay}
            onChange={(on) => {
              setValues((v) => withAllDay(v, on, startHour));
              setErrors((e) => ({ ...e, start: undefined, end: undefined }));
            }}
          />
          <div className={cn("grid gap-4", !values.isAllDay && "sm:grid-cols-2")}>
            <Field label={`${TX.startLabel} *`} htmlFor={`${id}-start`} error={errors.start}>
              {values.isAllDay ? (
                <Input id={`${id}-start`} name="startDate" type="date" value={startDay} aria-invalid={!!errors.start} aria-describedby={describedBy("start")} onChange={(e) => set("start", `${e.target.value}T00:00`)} />
              ) : (
                <Input id={`${id}-start`} name="startDate" type="datetime-local" value={values.start} aria-invalid={!!errors.start} aria-describedby={describedBy("start")} onChange={(e) => set("start", e.target.value)} />
              )}
            </Field>
            {values.isAllDay ? null : (
              <Field label={TX.endLabel} htmlFor={`${id}-end`} error={errors.end}>
                <Input id={`${id}-end`} name="endDate" type="datetime-local" value={values.end} min={values.start} aria-invalid={!!errors.end} aria-describedby={describedBy("end")} onChange={(e) => set("end", e.target.value)} />
              </Field>
            )}
          </div>

          <SwitchRow id={`${id}-recurring`} label={TX.recurringLabel} checked={values.isRecurring} onChange={(on) => set("isRecurring", on)} />
          {values.isRecurring ? (
            <div className="grid gap-4 rounded-lg border border-dashed p-3">
              <div className="grid gap-4 sm:grid-cols-2">
                <Field label={TX.frequencyLabel} htmlFor={`${id}-frequency`}>
                  <NativeSelect id={`${id}-frequency`} name="frequency" value={values.frequency} onChange={(e) => set("frequency", e.target.value as EventFormValues["frequency"])}>
                    {RECURRENCE_FREQUENCIES.map((f) => (
                      <option key={f} value={f}>
                        {TX.frequencyLabels[f]}
                      </option>
                    ))}
                  </NativeSelect>
                </Field>
                <Field label={`${TX.intervalLabel} (${TX.intervalUnits[values.frequency]})`} htmlFor={`${id}-interval`} error={errors.interval}>
                  <Input id={`${id}-interval`} name="interval" type="number" min={1} max={CALENDAR.intervalMax} inputMode="numeric" value={values.interval} aria-invalid={!!errors.interval} onChange={(e) => set("interval", e.target.value)} />
                </Field>
              </div>
              {values.frequency === "weekly" ? (
                <fieldset className="grid gap-2">
                  <legend className="mb-2 text-sm font-medium">{TX.daysLabel}</legend>
                  <div className="flex flex-wrap gap-1.5">
                    {WEEKDAY_CHOICES.map((d) => {
                      const on = values.daysOfWeek.includes(d.value);
                      return (
                        <button
                          key={d.value}
                          type="button"
                          aria-pressed={on}
                          onClick={() => set("daysOfWeek", toggleWeekday(values.daysOfWeek, d.value))}
                          className={cn(
                            "min-w-11 rounded-md border px-2 py-1.5 text-xs font-medium capitalize transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring",
                            on ? "border-primary bg-primary text-primary-foreground" : "hover:bg-muted",
                          )}
                        >
                          {d.label}
                        </button>
                      );
                    })}
                  </div>
                </fieldset>
              ) : null}
              <Field label={TX.untilLabel} htmlFor={`${id}-until`} error={errors.until}>
                <Input id={`${id}-until`} name="recurringUntil" type="date" min={startDay} value={values.until} aria-invalid={!!errors.until} onChange={(e) => set("until", e.target.value)} />
              </Field>
            </div>
          ) : null}

          <SwitchRow id={`${id}-notify`} label={TX.notificationsLabel} checked={values.notificationEnabled} onChange={(on) => set("notificationEnabled", on)} />
          {values.notificationEnabled ? (
            <div className="grid gap-4 rounded-lg border border-dashed p-3">
              <div className="grid gap-4 sm:grid-cols-2">
                <Field label={TX.minutesLabel} htmlFor={`${id}-minutes`} error={errors.notificationMinutes}>
                  <Input
                    id={`${id}-minutes`}
                    name="notificationMinutes"
                    type="number"
                    min={0}
                    max={CALENDAR.maxNotificationMinutes}
                    inputMode="numeric"
                    value={values.notificationMinutes}
                    aria-invalid={!!errors.notificationMinutes}
                    onChange={(e) => set("notificationMinutes", e.target.value)}
                  />
                </Field>
                <Field label={TX.templateLabel} htmlFor={`${id}-template`} error={errors.notificationTemplateId}>
                  <TemplateSelect id={`${id}-template`} value={values.notificationTemplateId} freeFormLabel={TX.freeFormOption} onChange={(sid) => set("notificationTemplateId", sid)} />
                </Field>
              </div>
              {reminderTemplate ? (
                <TemplateVariablesField
                  template={reminderTemplate}
                  bindings={values.notificationVariables}
                  onChange={(bindings) => set("notificationVariables", bindings)}
                  sources={["event", "text"]}
                  preview={{ name: values.title.trim() || null, context: { event: { title: values.title.trim(), time: reminderTime(values.start, values.isAllDay) } } }}
                  error={errors.notificationVariables}
                />
              ) : null}
              <PhoneListEditor
                phones={values.notificationPhoneNumbers}
                onChange={(phones) => set("notificationPhoneNumbers", phones)}
                check={calendarPhoneIssue}
                normalize={cleanPhone}
                error={errors.notificationPhoneNumbers}
                texts={{ label: TX.phonesLabel, placeholder: TX.phonePlaceholder, add: TX.addPhone, remove: TX.removePhone, empty: TX.noPhones }}
              />
            </div>
          ) : null}

          <DialogFooter className="items-stretch sm:items-center">
            {editing ? (
              <Button variant="ghost-destructive" onClick={onDelete} disabled={pending} className="sm:mr-auto">
                <Trash aria-hidden />
                {T.delete}
              </Button>
            ) : null}
            <Button variant="outline" onClick={onClose} disabled={pending}>
              {T.cancel}
            </Button>
            <Button type="submit" disabled={pending}>
              {T.save}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
