import { useForm } from "react-hook-form";
import { CAMPAIGN, type CreateDynamicCampaignInput } from "@shared/schemas/campaigns";
import { CAMPAIGN_TEXTS as TX } from "@shared/texts/campaigns";
import type { ApiList } from "@shared/schemas/lists";
import { dataResolver, Form, FormFooter, FormSelect } from "@web/components/ui/form";
import { useCreateDynamicCampaign } from "../api/create-dynamic-campaign";
import { type DynamicFormValues, emptyDynamicForm, validateDynamicForm } from "../lib/campaign-form";
import { creationCallbacks } from "../lib/failure";
import { clockText } from "../lib/format";
import { FormDialog } from "@web/components/form-dialog";
import { NameAndListFields, TemplateField } from "./campaign-fields";

type Values = DynamicFormValues;

export function CreateDynamicDialog({ open, lists, twilioAccountId, onClose }: { open: boolean; lists: ApiList[]; twilioAccountId: string; onClose: () => void }) {
  const create = useCreateDynamicCampaign();
  return (
    <FormDialog open={open} pending={create.isPending} onClose={onClose} title={TX.createDynamicTitle} description={TX.createDynamicDescription} wide>
      <DynamicForm lists={lists} twilioAccountId={twilioAccountId} create={create} onClose={onClose} />
    </FormDialog>
  );
}

function DynamicForm({
  lists,
  twilioAccountId,
  create,
  onClose,
}: {
  lists: ApiList[];
  twilioAccountId: string;
  create: ReturnType<typeof useCreateDynamicCampaign>;
  onClose: () => void;
}) {
  const form = useForm<Values, unknown, CreateDynamicCampaignInput>({
    defaultValues: emptyDynamicForm(),
    resolver: dataResolver((values: Values) => validateDynamicForm(values, twilioAccountId)),
  });
  // Dynamic campaigns follow leads as they enter a list: only dynamic lists can feed one.
  const dynamicLists = lists.filter((l) => l.listType === "dynamic");

  const onSubmit = (input: CreateDynamicCampaignInput) => create.mutate(input, creationCallbacks(form, input.name, TX.created, onClose));

  return (
    <Form form={form} onSubmit={onSubmit} data-testid="create-dynamic-form">
      <NameAndListFields lists={dynamicLists} hint={dynamicLists.length > 0 ? TX.dynamicListsHint : undefined} emptyText={TX.noDynamicLists} emptyTestId="no-dynamic-lists" />
      <TemplateField />
      <fieldset className="grid gap-2 rounded-lg border bg-muted/30 p-3">
        <div className="grid grid-cols-[minmax(0,1fr)_7rem] gap-3">
          <FormSelect<Values, "preferredHour", number>
            name="preferredHour"
            label={TX.preferredHourLabel}
            emptyLabel={TX.noPreferredHour}
            options={CAMPAIGN.preferredHours}
            optionLabel={(h) => clockText(h, 0)}
          />
          <FormSelect<Values, "preferredMinute", number>
            name="preferredMinute"
            label={TX.preferredMinuteLabel}
            options={CAMPAIGN.preferredMinutes}
            optionLabel={(m) => String(m).padStart(2, "0")}
          />
        </div>
        <p className="text-xs text-muted-foreground">{TX.preferredHint}</p>
      </fieldset>
      <FormFooter pending={create.isPending} onCancel={onClose} submitLabel={TX.create} />
    </Form>
  );
}
