import { useController, useFormContext } from "react-hook-form";
import { PHONE_EXAMPLE } from "@shared/schemas/accounts";
import { CALENDAR, calendarPhoneIssue, cleanPhone } from "@shared/schemas/calendar";
import { CALENDAR_TEXTS as TX } from "@shared/texts/calendar";
import { PhoneListEditor } from "@web/components/phone-list-editor";
import { ProviderTemplateSelect } from "@web/components/provider-template-select";
import { FormField } from "@web/components/ui/form";
import { Input } from "@web/components/ui/input";

// The reminder fields an event and the calendar's settings share, under the same names in both forms.
interface ReminderValues {
  notificationMinutes: string;
  notificationTemplateId: string;
  notificationPhoneNumbers: string[];
}

const PHONE_TEXTS = { label: TX.phonesLabel, placeholder: PHONE_EXAMPLE, add: TX.addPhone, remove: TX.removePhone, empty: TX.noPhones };

// How long before, and with which template (or free text).
export function ReminderTimingFields({ minutesLabel }: { minutesLabel: string }) {
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <FormField<ReminderValues, "notificationMinutes"> name="notificationMinutes" label={minutesLabel}>
        {(field) => <Input {...field} type="number" min={0} max={CALENDAR.maxNotificationMinutes} inputMode="numeric" />}
      </FormField>
      <FormField<ReminderValues, "notificationTemplateId"> name="notificationTemplateId" label={TX.templateLabel}>
        {(field) => <ProviderTemplateSelect {...field} emptyLabel={TX.freeFormOption} />}
      </FormField>
    </div>
  );
}

// The numbers a reminder goes to, each checked as the server checks it.
export function ReminderPhonesField() {
  const { control } = useFormContext<ReminderValues>();
  const { field, fieldState } = useController({ control, name: "notificationPhoneNumbers" });
  return <PhoneListEditor phones={field.value} onChange={field.onChange} check={calendarPhoneIssue} normalize={cleanPhone} error={fieldState.error?.message} texts={PHONE_TEXTS} />;
}
