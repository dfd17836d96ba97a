import { type FormEvent, useEffect, useId, useState } from "react";
import { ACTIONS_TEXTS as TX, type ApiLeadNotificationSettings, leadPhoneIssue } from "@shared/schemas/lead-detection";
import { T } from "@shared/strings";
import { PhoneListEditor } from "@web/components/phone-list-editor";
import { Button } from "@web/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@web/components/ui/dialog";
import { Field, Label } from "@web/components/ui/field";
import { NativeSelect } from "@web/components/ui/input";
import { Switch } from "@web/components/ui/switch";
import { approvedTemplates, useProviderTemplates } from "@web/lib/queries/get-provider-templates";
import { fieldErrorsFrom, serverMessage } from "@web/lib/server-error";
import { toast } from "@web/lib/toast-store";
import { useSaveLeadSettings } from "../api/save-lead-settings";

export function LeadSettingsDialog({
  open,
  settings,
  twilioAccountId,
  onClose,
}: {
  open: boolean;
  settings: ApiLeadNotificationSettings | null | undefined;
  twilioAccountId: string;
  onClose: () => void;
}) {
  const [enabled, setEnabled] = useState(false);
  const [templateId, setTemplateId] = useState("");
  const [phones, setPhones] = useState<string[]>([]);
  const [errors, setErrors] = useState<{ phones?: string; templateId?: string }>({});
  const save = useSaveLeadSettings();
  const { data: templates } = useProviderTemplates();
  const approved = approvedTemplates(templates);
  const id = useId();

  useEffect(() => {
    if (!open) return;
    setEnabled(settings?.notificationEnabled ?? false);
    setTemplateId(settings?.notificationTemplateId ?? "");
    setPhones(settings?.notificationPhoneNumbers ?? []);
    setErrors({});
  }, [open, settings]);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    save.mutate(
      { twilioAccountId, notificationEnabled: enabled, notificationTemplateId: templateId || null, notificationPhoneNumbers: phones },
      {
        onSuccess: () => {
          toast({ title: TX.saved, variant: "success" });
          onClose();
        },
        onError: (err) => {
          const fields = fieldErrorsFrom(err);
          setErrors({ phones: fields.notificationPhoneNumbers, templateId: fields.notificationTemplateId });
          toast({ title: TX.saveError, description: serverMessage(err, TX.saveError), variant: "destructive" });
        },
      },
    );
  };

  return (
    <Dialog open={open} onOpenChange={(next) => !next && !save.isPending && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{TX.settingsTitle}</DialogTitle>
          <DialogDescription>{TX.settingsDescription}</DialogDescription>
        </DialogHeader>
        <form className="grid gap-4" onSubmit={onSubmit} noValidate data-testid="lead-settings-form">
          <div className="flex items-center justify-between gap-3 rounded-lg border bg-muted/30 px-3 py-2.5">
            <Label htmlFor={`${id}-enabled`} className="min-w-0 flex-1 leading-snug">
              {TX.enabledLabel}
            </Label>
            <Switch id={`${id}-enabled`} checked={enabled} onCheckedChange={setEnabled} />
          </div>
          <Field label={TX.templateLabel} htmlFor={`${id}-template`} error={errors.templateId}>
            <NativeSelect id={`${id}-template`} value={templateId} onChange={(e) => setTemplateId(e.target.value)}>
              <option value="">{TX.freeFormOption}</option>
              {approved.map((t) => (
                <option key={t.sid} value={t.sid}>
                  {t.friendlyName}
                </option>
              ))}
              {templateId && !approved.some((t) => t.sid === templateId) ? <option value={templateId}>{templateId}</option> : null}
            </NativeSelect>
          </Field>
          <PhoneListEditor
            phones={phones}
            onChange={(next) => {
              setPhones(next);
              setErrors((e) => ({ ...e, phones: undefined }));
            }}
            check={leadPhoneIssue}
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
