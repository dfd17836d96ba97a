import { useForm, useWatch } from "react-hook-form";
import { type ApiCalendarSettings, CALENDAR } from "@shared/schemas/calendar";
import { CALENDAR_TEXTS as TX } from "@shared/texts/calendar";
import { DialogDescription, DialogHeader, DialogTitle } from "@web/components/ui/dialog";
import { FormDialog } from "@web/components/form-dialog";
import { Form, FormFooter, FormSwitch, dialogSaveCallbacks, validatorResolver, type Checked } from "@web/components/ui/form";
import { useSaveCalendarSettings } from "../api/save-calendar-settings";
import { ReminderPhonesField, ReminderTimingFields } from "./reminder-fields";

interface Values {
  notificationEnabled: boolean;
  notificationMinutes: string;
  notificationTemplateId: string;
  notificationPhoneNumbers: string[];
}

type Body = Omit<ApiCalendarSettings, "twilioAccountId">;

// Server field names → the form field that shows them.
const SERVER_FIELDS = { defaultNotificationMinutes: "notificationMinutes" } as const;

function minutesOf(text: string): number | null {
  const minutes = Number(text);
  return text.trim() !== "" && Number.isInteger(minutes) && minutes >= 0 && minutes <= CALENDAR.maxNotificationMinutes ? minutes : null;
}

function validate(values: Values): Checked<Body, keyof Values> {
  const minutes = minutesOf(values.notificationMinutes);
  if (minutes === null) return { ok: false, errors: { notificationMinutes: TX.minutesInvalid(CALENDAR.maxNotificationMinutes) } };
  if (values.notificationEnabled && values.notificationPhoneNumbers.length === 0) return { ok: false, errors: { notificationPhoneNumbers: TX.phonesRequired } };
  return {
    ok: true,
    body: {
      notificationEnabled: values.notificationEnabled,
      defaultNotificationMinutes: minutes,
      notificationTemplateId: values.notificationTemplateId || null,
      notificationPhoneNumbers: values.notificationPhoneNumbers,
    },
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
    <FormDialog open={open} pending={save.isPending} onClose={onClose}>
      {/* Filled from the settings when the dialog opens, and again once they have loaded. */}
      <SettingsForm key={settings === undefined ? "loading" : "loaded"} settings={settings} twilioAccountId={twilioAccountId} save={save} onClose={onClose} />
    </FormDialog>
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
      notificationMinutes: String(settings?.defaultNotificationMinutes ?? CALENDAR.defaultNotificationMinutes),
      notificationTemplateId: settings?.notificationTemplateId ?? "",
      notificationPhoneNumbers: settings?.notificationPhoneNumbers ?? [],
    },
    resolver: validatorResolver(validate),
  });
  const minutes = minutesOf(useWatch({ control: form.control, name: "notificationMinutes" }));

  const onSubmit = (body: Body) =>
    save.mutate(
      { twilioAccountId, ...body },
      dialogSaveCallbacks(form, { saved: { title: TX.settingsSaved }, onClose, rename: SERVER_FIELDS }),
    );

  return (
    <>
      <DialogHeader>
        <DialogTitle>{TX.settingsTitle}</DialogTitle>
        <DialogDescription data-testid="calendar-settings-text">{TX.settingsText(minutes ?? CALENDAR.defaultNotificationMinutes)}</DialogDescription>
      </DialogHeader>
      <Form form={form} onSubmit={onSubmit}>
        <FormSwitch<Values, "notificationEnabled"> name="notificationEnabled" label={TX.settingsEnabledLabel} />
        <ReminderTimingFields minutesLabel={TX.defaultMinutesLabel} />
        <ReminderPhonesField />
        <FormFooter pending={save.isPending} onCancel={onClose} />
      </Form>
    </>
  );
}
