import { Controller, useForm } from "react-hook-form";
import { type ApiLeadNotificationSettings, leadPhoneIssue } from "@shared/schemas/lead-detection";
import { ACTIONS_TEXTS as TX } from "@shared/texts/actions";
import { PhoneListEditor } from "@web/components/phone-list-editor";
import { FormDialog } from "@web/components/form-dialog";
import { Form, FormFooter, FormField, FormSwitch, dialogSaveCallbacks } from "@web/components/ui/form";
import { NativeSelect } from "@web/components/ui/input";
import { approvedTemplates, useProviderTemplates } from "@web/lib/queries/get-provider-templates";
import { useSaveLeadSettings } from "../api/save-lead-settings";

// The fields carry the server's names, so its 400 details land on them as they are.
interface Values {
  notificationEnabled: boolean;
  notificationTemplateId: string;
  notificationPhoneNumbers: string[];
}

interface LeadSettingsDialogProps {
  open: boolean;
  settings: ApiLeadNotificationSettings | null | undefined;
  twilioAccountId: string;
  onClose: () => void;
}

function LeadSettingsForm({ settings, twilioAccountId, save, onClose }: Omit<LeadSettingsDialogProps, "open"> & { save: ReturnType<typeof useSaveLeadSettings> }) {
  const form = useForm<Values>({
    defaultValues: {
      notificationEnabled: settings?.notificationEnabled ?? false,
      notificationTemplateId: settings?.notificationTemplateId ?? "",
      notificationPhoneNumbers: settings?.notificationPhoneNumbers ?? [],
    },
  });
  const { data: templates } = useProviderTemplates();
  const approved = approvedTemplates(templates);

  const onSubmit = (values: Values) =>
    save.mutate(
      { twilioAccountId, ...values, notificationTemplateId: values.notificationTemplateId || null },
      dialogSaveCallbacks(form, { saved: { title: TX.saved }, onClose }),
    );

  return (
    <Form form={form} onSubmit={onSubmit} data-testid="lead-settings-form">
      <FormSwitch<Values, "notificationEnabled"> name="notificationEnabled" label={TX.enabledLabel} />
      <FormField<Values, "notificationTemplateId"> name="notificationTemplateId" label={TX.templateLabel}>
        {(field) => (
          <NativeSelect {...field}>
            <option value="">{TX.freeFormOption}</option>
            {approved.map((t) => (
              <option key={t.sid} value={t.sid}>
                {t.friendlyName}
              </option>
            ))}
            {field.value && !approved.some((t) => t.sid === field.value) ? <option value={field.value}>{field.value}</option> : null}
          </NativeSelect>
        )}
      </FormField>
      <Controller
        control={form.control}
        name="notificationPhoneNumbers"
        render={({ field, fieldState }) => (
          <PhoneListEditor
            phones={field.value}
            onChange={(next) => {
              field.onChange(next);
              form.clearErrors(field.name);
            }}
            check={leadPhoneIssue}
            error={fieldState.error?.message}
            texts={{ label: TX.phonesLabel, placeholder: TX.phonePlaceholder, add: TX.addPhone, remove: TX.removePhone, empty: TX.noPhones }}
          />
        )}
      />
      <FormFooter onCancel={onClose} pending={save.isPending} />
    </Form>
  );
}


export function LeadSettingsDialog({ open, settings, twilioAccountId, onClose }: LeadSettingsDialogProps) {
  const save = useSaveLeadSettings();
  // Starts again from the stored settings at each opening, and once they have loaded.
  return (
    <FormDialog open={open} pending={save.isPending} onClose={onClose} title={TX.settingsTitle} description={TX.settingsDescription}>
      <LeadSettingsForm key={settings ? "stored" : "default"} settings={settings} twilioAccountId={twilioAccountId} save={save} onClose={onClose} />
    </FormDialog>
  );
}
