import { Controller, useForm } from "react-hook-form";
import { RECURRENCE_FREQUENCIES, type RecurrenceFrequency } from "@shared/calendar-time";
import { type ApiCalendarOccurrence, type ApiCalendarSettings, CALENDAR, type CalendarEventInput } from "@shared/schemas/calendar";
import { CALENDAR_TEXTS as TX } from "@shared/texts/calendar";
import { T } from "@shared/strings";
import { TEMPLATE_VARIABLE_TEXTS as VX } from "@shared/texts/template-variables";
import { incompleteBindings } from "@web/components/template-variables-field";
import { DayToggles } from "@web/components/day-toggles";
import { TemplateVariablesFormField } from "@web/components/template-variables-form-field";
import { FormDialog } from "@web/components/form-dialog";
import { dataResolver, firstErrorMessage, Form, FormField, FormFooter, FormSelect, FormSwitch, dialogSaveCallbacks } from "@web/components/ui/form";
import { Input } from "@web/components/ui/input";
import { Textarea } from "@web/components/ui/textarea";
import { cn } from "@web/lib/cn";
import { approvedTemplates, useProviderTemplates } from "@web/lib/queries/get-provider-templates";
import { toast } from "@web/lib/toast-store";
import { useDeleteEvent } from "../api/delete-event";
import { useSaveEvent } from "../api/save-event";
import { emptyEventForm, eventFormFrom, reminderTime, type EventFormValues, validateEventForm, withAllDay } from "../lib/event-form";
import { WEEKDAY_CHOICES } from "../lib/format";
import { ReminderPhonesField, ReminderTimingFields } from "./reminder-fields";

export type EventDialogState = { mode: "create"; day: string } | { mode: "edit"; occurrence: ApiCalendarOccurrence } | null;

type Values = EventFormValues;

// Server field names → the form field that shows them.
const SERVER_FIELDS = {
  startDate: "start",
  endDate: "end",
  recurringPattern: "interval",
  recurringUntil: "until",
} as const;

interface EventDialogProps {
  state: EventDialogState;
  startHour: number;
  twilioAccountId: string;
  settings: ApiCalendarSettings | null | undefined;
  onClose: () => void;
}

export function EventDialog(props: EventDialogProps) {
  const { state, onClose } = props;
  const editing = state?.mode === "edit" ? state.occurrence : null;
  const save = useSaveEvent(editing !== null);
  const removal = useDeleteEvent();

  return (
    <FormDialog
      open={state !== null}
      pending={save.isPending || removal.isPending}
      onClose={onClose}
      title={editing ? TX.editEvent : TX.newEvent}
      description={editing?.isRecurring ? `${TX.eventDialogDescription} ${TX.seriesHint}` : TX.eventDialogDescription}
      wide
    >
      {state ? <EventForm key={editing?.id ?? "new"} {...props} state={state} editing={editing} save={save} removal={removal} /> : null}
    </FormDialog>
  );
}

function EventForm({
  state,
  startHour,
  twilioAccountId,
  settings,
  onClose,
  editing,
  save,
  removal,
}: EventDialogProps & {
  state: NonNullable<EventDialogState>;
  editing: ApiCalendarOccurrence | null;
  save: ReturnType<typeof useSaveEvent>;
  removal: ReturnType<typeof useDeleteEvent>;
}) {
  const pending = save.isPending || removal.isPending;
  // The reminder template, for its variables and their preview with this event's title and time.
  const providerTemplates = useProviderTemplates();
  const reminderOf = (values: Values) =>
    values.notificationTemplateId ? approvedTemplates(providerTemplates.data).find((t) => t.sid === values.notificationTemplateId) : undefined;

  const form = useForm<Values, unknown, CalendarEventInput>({
    // Filled when the dialog opens, not when settings or the grid refresh behind it.
    defaultValues: state.mode === "edit" ? eventFormFrom(state.occurrence) : emptyEventForm(state.day, startHour, settings),
    resolver: dataResolver((values: Values) => {
      const reminder = reminderOf(values);
      const unbound = values.notificationEnabled && reminder ? incompleteBindings(reminder, values.notificationVariables) : [];
      if (unbound.length > 0) return { ok: false, errors: { notificationVariables: VX.missing(unbound) } };
      return validateEventForm(values, twilioAccountId);
    }),
  });
  const values = form.watch();
  const reminderTemplate = reminderOf(values);
  const startDay = values.start.slice(0, 10);

  const onSubmit = (input: CalendarEventInput) => {
    save.mutate(
      { id: editing?.id ?? null, input },
      dialogSaveCallbacks(form, { saved: { title: editing ? TX.updated : TX.created, description: input.title }, onClose, rename: SERVER_FIELDS }),
    );
  };

  const onDelete = () => {
    if (!editing || !window.confirm(TX.deleteConfirm)) return;
    removal.mutate(editing.id, {
      onSuccess: () => {
        toast({ title: TX.deleted, description: editing.title, variant: "success" });
        onClose();
      },
    });
  };

  const setAllDay = (on: boolean) => {
    const next = withAllDay(form.getValues(), on, startHour);
    form.setValue("start", next.start);
    form.setValue("end", next.end);
    form.clearErrors(["start", "end"]);
  };

  return (
    <Form
      form={form}
      onSubmit={onSubmit}
      onInvalid={(errors) => toast({ title: T.error, description: firstErrorMessage(errors), variant: "destructive" })}
      data-testid="event-form"
    >
      <FormField<Values, "title"> name="title" label={`${TX.titleLabel} *`}>
        {(field) => <Input {...field} maxLength={CALENDAR.titleMax} />}
      </FormField>
      <FormField<Values, "description"> name="description" label={TX.descriptionLabel}>
        {(field) => <Textarea {...field} rows={2} maxLength={CALENDAR.descriptionMax} />}
      </FormField>
      <FormField<Values, "location"> name="location" label={TX.locationLabel}>
        {(field) => <Input {...field} maxLength={CALENDAR.locationMax} />}
      </FormField>

      <FormSwitch<Values, "isAllDay"> name="isAllDay" label={TX.allDay} onCheckedChange={setAllDay} />
      <div className={cn("grid gap-4", !values.isAllDay && "sm:grid-cols-2")}>
        <FormField<Values, "start"> name="start" label={`${TX.startLabel} *`}>
          {(field) =>
            values.isAllDay ? (
              <Input {...field} name="startDate" type="date" value={startDay} onChange={(e) => field.onChange(`${e.target.value}T00:00`)} />
            ) : (
              <Input {...field} name="startDate" type="datetime-local" />
            )
          }
        </FormField>
        {values.isAllDay ? null : (
          <FormField<Values, "end"> name="end" label={TX.endLabel}>
            {(field) => <Input {...field} name="endDate" type="datetime-local" min={values.start} />}
          </FormField>
        )}
      </div>

      <FormSwitch<Values, "isRecurring"> name="isRecurring" label={TX.recurringLabel} />
      {values.isRecurring ? (
        <div className="grid gap-4 rounded-lg border border-dashed p-3">
          <div className="grid gap-4 sm:grid-cols-2">
            <FormSelect<Values, "frequency", RecurrenceFrequency>
              name="frequency"
              label={TX.frequencyLabel}
              options={RECURRENCE_FREQUENCIES}
              optionLabel={(f) => TX.frequencyLabels[f]}
            />
            <FormField<Values, "interval"> name="interval" label={`${TX.intervalLabel} (${TX.intervalUnits[values.frequency]})`}>
              {(field) => <Input {...field} type="number" min={1} max={CALENDAR.intervalMax} inputMode="numeric" />}
            </FormField>
          </div>
          {values.frequency === "weekly" ? (
            <fieldset className="grid gap-2">
              <legend className="mb-2 text-sm font-medium">{TX.daysLabel}</legend>
              <Controller
                control={form.control}
                name="daysOfWeek"
                render={({ field }) => (
                  <DayToggles days={WEEKDAY_CHOICES} selected={field.value} onChange={field.onChange} buttonClassName="rounded-md py-1.5 text-xs capitalize" />
                )}
              />
            </fieldset>
          ) : null}
          <FormField<Values, "until"> name="until" label={TX.untilLabel}>
            {(field) => <Input {...field} name="recurringUntil" type="date" min={startDay} />}
          </FormField>
        </div>
      ) : null}

      <FormSwitch<Values, "notificationEnabled"> name="notificationEnabled" label={TX.notificationsLabel} />
      {values.notificationEnabled ? (
        <div className="grid gap-4 rounded-lg border border-dashed p-3">
          <ReminderTimingFields minutesLabel={TX.minutesLabel} />
          {reminderTemplate ? (
            <TemplateVariablesFormField<Values>
              name="notificationVariables"
              template={reminderTemplate}
              sources={["event", "text"]}
              preview={{ name: values.title.trim() || null, context: { event: { title: values.title.trim(), time: reminderTime(values.start, values.isAllDay) } } }}
            />
          ) : null}
          <ReminderPhonesField />
        </div>
      ) : null}

      <FormFooter pending={pending} onCancel={onClose} onDelete={editing ? onDelete : undefined} className="items-stretch" />
    </Form>
  );
}
