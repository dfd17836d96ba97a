import { Controller, useForm, useWatch } from "react-hook-form";
import { type ApiCalendarSettings, CALENDAR, CALENDAR_TEXTS as TX, calendarPhoneIssue, cleanPhone } from "@shared/schemas/calendar";
import { PhoneListEditor } from "@web/components/phone-list-editor";
import { ProviderTemplateSelect } from "@web/components/provider-template-select";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@web/components/ui/dialog";
import { Form, FormField, FormFooter, FormSwitch, setServerErrors, validatorResolver, type Checked } from "@web/components/ui/form";
import { Input } from "@web/components/ui/input";
import { fieldErrorsFrom, serverMessage } from "@web/lib/server-error";
import { toast } from "@web/lib/toast-store";
import { useSaveCalendarSettings } from "../api/save-calendar-settings";

interface Values {
  notificationEnabled: boolean;
  minutes: string;
  templateId: string;
  phones: string[];
}

type Body = Omit<ApiCalendarSettings, "twilioAccountId">;

// Server field names → the form field that shows them.
const SERVER_FIELDS = { defaultNotificationMinutes: "minutes", notificationPhoneNumbers: "phones", notificationTemplateId: "templateId" } as const;

function minutesOf(text: string): number | null {
  const minutes = Number(text);
  return text.trim() !== "" && Number.isInteger(minutes) && minutes >= 0 && minutes <= CALENDAR.maxNotificationMinutes ? minutes : null;
}

function validate(values: Values): Checked<Body, keyof Values> {
  const minutes = minutesOf(values.minutes);
  if (minutes === null) return { ok: false, errors: { minutes: TX.minutesInvalid } };
  if (values.notificationEnabled && values.phones.length === 0) return { ok: false, errors: { phones: TX.phonesRequired } };
  return {
    ok: true,
    body: { notificationEnabled: values.notificationEnabled, defaultNotificationMinutes: minutes, notificationTemplateId: values.templateId || null, notificationPhoneNumbers: values.phones },
  };
}

export function CalendarSettingsDialog({
  open,
  settings,
  twilioAccountId,
  onClose,
}: {
  open: boolean;
  settings: ApiCalendarSettings | null | undefined;
  twilioAccountId: string;
  onClose: () => void;
}) {
  const save = useSaveCalendarSettings();
  return (
    <Dialog open={open} onOpenChange={(next) => !next && !save.isPending && onClose()}>
      <DialogContent>
        {/* Filled from the settings when the dialog opens, and again once they have loaded. */}
        <SettingsForm key={settings === undefined ? "loading" : "loaded"} settings={settings} twilioAccountId={twilioAccountId} save={save} onClose={onClose} />
      </DialogContent>
    </Dialog>
  );
}

function SettingsForm({
  settings,
  twilioAccountId,
  save,
  onClose,
}: {
  settings: ApiCalendarSettings | null | undefined;
  twilioAccountId: string;
  save: ReturnType<typeof useSaveCalendarSettings>;
  onClose: () => void;
}) {
  const form = useForm<Values, unknown, Body>({
    defaultValues: {
      notificationEnabled: settings?.notificationEnabled ?? false,
      minutes: String(settings?.defaultNotificationMinutes ?? CALENDAR.defaultNotificationMinutes),
      templateId: settings?.notificationTemplateId ?? "",
      phones: settings?.notificationPhoneNumbers ?? [],
    },
    resolver: validatorResolver(validate),
  });
  const minutes = minutesOf(useWatch({ control: form.control, name: "minutes" }));

  const onSubmit = (body: Body) =>
    save.mutate(
      { twilioAccountId, ...body },
      {
        onSuccess: () => {
          toast({ title: TX.settingsSaved, variant: "success" });
          onClose();
        },
        onError: (err) => {
          setServerErrors(form, fieldErrorsFrom(err), SERVER_FIELDS);
          toast({ title: TX.settingsSaveError, description: serverMessage(err, TX.settingsSaveError), variant: "destructive" });
        },
      },
    );

  return (
    <>
      <DialogHeader>
        <DialogTitle>{TX.settingsTitle}</DialogTitle>
        <DialogDescription data-testid="calendar-settings-text">{TX.settingsText(minutes ?? CALENDAR.defaultNotificationMinutes)}</DialogDescription>
      </DialogHeader>
      <Form form={form} onSubmit={onSubmit}>
        <FormSwitch<Values, "notificationEnabled"> name="notificationEnabled" label={TX.settingsEnabledLabel} />
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField<Values, "minutes"> name="minutes" label={TX.defaultMinutesLabel}>
            {(field) => <Input {...field} type="number" min={0} max={CALENDAR.maxNotificationMinutes} inputMode="numeric" />}
          </FormField>
          <FormField<Values, "templateId"> name="templateId" label={TX.templateLabel}>
            {(field) => <ProviderTemplateSelect {...field} emptyLabel={TX.freeFormOption} />}
          </FormField>
        </div>
        <Controller
          control={form.control}
          name="phones"
          render={({ field, fieldState }) => (
            <PhoneListEditor
              phones={field.value}
              onChange={field.onChange}
              check={calendarPhoneIssue}
              normalize={cleanPhone}
              error={fieldState.error?.message}
              texts={{ label: TX.phonesLabel, placeholder: TX.phonePlaceholder, add: TX.addPhone, remove: TX.removePhone, empty: TX.noPhones }}
            />
          )}
        />
        <FormFooter pending={save.isPending} onCancel={onClose} />
      </Form>
    </>
  );
}
