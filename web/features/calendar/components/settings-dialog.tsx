import { type FormEvent, useEffect, useId, useState } from "react";
import { type ApiCalendarSettings, CALENDAR, CALENDAR_TEXTS as TX, calendarPhoneIssue, cleanPhone } from "@shared/schemas/calendar";
import { T } from "@shared/strings";
import { PhoneListEditor } from "@web/components/phone-list-editor";
import { Button } from "@web/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@web/components/ui/dialog";
import { Field, Label } from "@web/components/ui/field";
import { Input } from "@web/components/ui/input";
import { Switch } from "@web/components/ui/switch";
import { fieldErrorsFrom, serverMessage } from "@web/lib/server-error";
import { toast } from "@web/lib/toast-store";
import { useSaveCalendarSettings } from "../api/save-calendar-settings";
import { TemplateSelect } from "./template-select";

interface Values {
  notificationEnabled: boolean;
  minutes: string;
  templateId: string;
  phones: string[];
}

type Errors = Partial<Record<"minutes" | "phones" | "templateId", string>>;

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
  const [values, setValues] = useState<Values>({ notificationEnabled: false, minutes: String(CALENDAR.defaultNotificationMinutes), templateId: "", phones: [] });
  const [errors, setErrors] = useState<Errors>({});
  const save = useSaveCalendarSettings();
  const id = useId();

  useEffect(() => {
    if (!open) return;
    setValues({
      notificationEnabled: settings?.notificationEnabled ?? false,
      minutes: String(settings?.defaultNotificationMinutes ?? CALENDAR.defaultNotificationMinutes),
      templateId: settings?.notificationTemplateId ?? "",
      phones: settings?.notificationPhoneNumbers ?? [],
    });
    setErrors({});
  }, [open, settings]);

  const minutes = Number(values.minutes);
  const minutesOk = values.minutes.trim() !== "" && Number.isInteger(minutes) && minutes >= 0 && minutes <= CALENDAR.maxNotificationMinutes;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!minutesOk) {
      setErrors({ minutes: TX.minutesInvalid });
      return;
    }
    if (values.notificationEnabled && values.phones.length === 0) {
      setErrors({ phones: TX.phonesRequired });
      return;
    }
    save.mutate(
      { twilioAccountId, notificationEnabled: values.notificationEnabled, defaultNotificationMinutes: minutes, notificationTemplateId: values.templateId || null, notificationPhoneNumbers: values.phones },
      {
        onSuccess: () => {
          toast({ title: TX.settingsSaved, variant: "success" });
          onClose();
        },
        onError: (err) => {
          const fields = fieldErrorsFrom(err);
          setErrors({ minutes: fields.defaultNotificationMinutes, phones: fields.notificationPhoneNumbers, templateId: fields.notificationTemplateId });
          toast({ title: TX.settingsSaveError, description: serverMessage(err, TX.settingsSaveError), variant: "destructive" });
        },
      },
    );
  };

  return (
    <Dialog open={open} onOpenChange={(next) => !next && !save.isPending && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{TX.settingsTitle}</DialogTitle>
          <DialogDescription data-testid="calendar-settings-text">{TX.settingsText(minutesOk ? minutes : CALENDAR.defaultNotificationMinutes)}</DialogDescription>
        </DialogHeader>
        <form className="grid gap-4" onSubmit={onSubmit} noValidate>
          <div className="flex items-center justify-between gap-3 rounded-lg border bg-muted/30 px-3 py-2.5">
            <Label htmlFor={`${id}-enabled`} className="min-w-0 flex-1 leading-snug">
              {TX.settingsEnabledLabel}
            </Label>
            <Switch id={`${id}-enabled`} checked={values.notificationEnabled} onCheckedChange={(on) => setValues((v) => ({ ...v, notificationEnabled: on }))} />
          </div>
          <div className="grid gap-4 sm:grid-cols-2">
            <Field label={TX.defaultMinutesLabel} htmlFor={`${id}-minutes`} error={errors.minutes}>
              <Input
                id={`${id}-minutes`}
                type="number"
                min={0}
                max={CALENDAR.maxNotificationMinutes}
                inputMode="numeric"
                value={values.minutes}
                aria-invalid={!!errors.minutes}
                onChange={(e) => {
                  setValues((v) => ({ ...v, minutes: e.target.value }));
                  setErrors((er) => ({ ...er, minutes: undefined }));
                }}
              />
            </Field>
            <Field label={TX.templateLabel} htmlFor={`${id}-template`} error={errors.templateId}>
              <TemplateSelect id={`${id}-template`} value={values.templateId} freeFormLabel={TX.freeFormOption} onChange={(sid) => setValues((v) => ({ ...v, templateId: sid }))} />
            </Field>
          </div>
          <PhoneListEditor
            phones={values.phones}
            onChange={(phones) => {
              setValues((v) => ({ ...v, phones }));
              setErrors((er) => ({ ...er, phones: undefined }));
            }}
            check={calendarPhoneIssue}
            normalize={cleanPhone}
            error={errors.phones}
            texts={{ label: TX.phonesLabel, placeholder: TX.phonePlaceholder, add: TX.addPhone, remove: TX.removePhone, empty: TX.noPhones }}
          />
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
