import { useForm } from "react-hook-form";
import { type CreateCalendarCampaignInput } from "@shared/schemas/campaigns";
import { CAMPAIGN_TEXTS as TX } from "@shared/texts/campaigns";
import type { ApiList } from "@shared/schemas/lists";
import { incompleteBindings, recipientsMissingError } from "@web/components/template-variables-field";
import { dataResolver, Form, FormField, FormFooter } from "@web/components/ui/form";
import { Input } from "@web/components/ui/input";
import { useProviderTemplates } from "@web/lib/queries/get-provider-templates";
import { useCreateCalendarCampaign } from "../api/create-calendar-campaign";
import { type CalendarFormValues, emptyCalendarForm, validateCalendarForm } from "../lib/campaign-form";
import { creationCallbacks } from "../lib/failure";
import { FormDialog } from "@web/components/form-dialog";
import { CampaignVariablesField, NameAndListFields, TemplateField } from "./campaign-fields";

type Values = CalendarFormValues;

// A one-off broadcast of a template to every lead of a list, at a date and time in Italy.
export function CreateCalendarDialog({ open, lists, onClose }: { open: boolean; lists: ApiList[]; onClose: () => void }) {
  const create = useCreateCalendarCampaign();
  return (
    <FormDialog open={open} pending={create.isPending} onClose={onClose} title={TX.createCalendarTitle} description={TX.createCalendarDescription} wide>
      <CalendarForm lists={lists} create={create} onClose={onClose} />
    </FormDialog>
  );
}

function CalendarForm({ lists, create, onClose }: { lists: ApiList[]; create: ReturnType<typeof useCreateCalendarCampaign>; onClose: () => void }) {
  const { data: templates } = useProviderTemplates();
  const templateOf = (sid: string) => templates?.find((t) => t.sid === sid) ?? null;
  const form = useForm<Values, unknown, CreateCalendarCampaignInput>({
    defaultValues: emptyCalendarForm(new Date()),
    resolver: dataResolver((values: Values) => {
      const template = templateOf(values.templateSid);
      return validateCalendarForm(values, new Date(), template ? incompleteBindings(template, values.variables) : []);
    }),
  });
  const [templateSid, targetListId] = form.watch(["templateSid", "targetListId"]);
  const template = templateOf(templateSid);

  const onSubmit = (input: CreateCalendarCampaignInput) =>
    create.mutate(input, creationCallbacks(form, input.name, TX.calendarCreated, onClose, recipientsMissing));

  return (
    <Form form={form} onSubmit={onSubmit} data-testid="create-calendar-form">
      <NameAndListFields lists={lists} emptyText={TX.noLists} />
      <div className="grid grid-cols-2 gap-3">
        <FormField<Values, "scheduledDate"> name="scheduledDate" label={`${TX.dateLabel} *`}>
          {(field) => <Input {...field} type="date" />}
        </FormField>
        <FormField<Values, "scheduledTime"> name="scheduledTime" label={`${TX.timeLabel} *`} hint={TX.romeTime}>
          {(field) => <Input {...field} type="time" />}
        </FormField>
      </div>
      <TemplateField />
      {template ? (
        <CampaignVariablesField template={template} listId={targetListId || null} />
      ) : null}
      <FormFooter pending={create.isPending} onCancel={onClose} submitLabel={TX.create} />
    </Form>
  );
}

// A send refused because some recipients lack a {{n}}'s value: the message goes under the variables.
function recipientsMissing(err: unknown): Record<string, string> {
  const message = recipientsMissingError(err);
  return message ? { variables: message } : {};
}
