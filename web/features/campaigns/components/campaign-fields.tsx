import { Link } from "@tanstack/react-router";
import type { ComponentProps } from "react";
import { CAMPAIGN } from "@shared/schemas/campaigns";
import { CAMPAIGN_TEXTS as TX } from "@shared/texts/campaigns";
import type { ApiList } from "@shared/schemas/lists";
import { ProviderTemplateSelect } from "@web/components/provider-template-select";
import { TemplateVariablesFormField } from "@web/components/template-variables-form-field";
import { buttonVariants } from "@web/components/ui/button";
import { FormField } from "@web/components/ui/form";
import { Input, NamedOptions, NativeSelect } from "@web/components/ui/input";
import { useRecipientSample } from "../api/get-recipient-sample";

// The fields the campaign forms share, each bound to the form field of its name.

// The campaign's name (`name`), then the list it sends to (`targetListId`).
export function NameAndListFields(props: { lists: ApiList[]; hint?: string; emptyText: string; emptyTestId?: string }) {
  return (
    <>
      <FormField<{ name: string }, "name"> name="name" label={`${TX.nameLabel} *`}>
        {(field) => <Input {...field} maxLength={CAMPAIGN.nameMax} />}
      </FormField>
      <TargetListField {...props} />
    </>
  );
}

// The list a campaign sends to (the form's `targetListId`); with no list to pick, a line that says so and
// links to the lists page.
function TargetListField({ lists, hint, emptyText, emptyTestId }: { lists: ApiList[]; hint?: string; emptyText: string; emptyTestId?: string }) {
  return (
    <FormField<{ targetListId: string }, "targetListId"> name="targetListId" label={`${TX.targetListLabel} *`} hint={hint}>
      {(field) => (
        <>
          <NativeSelect {...field}>
            <option value="">{TX.selectList}</option>
            <NamedOptions items={lists} />
          </NativeSelect>
          {lists.length === 0 ? (
            <p className="flex flex-wrap items-center gap-x-2 gap-y-1 rounded-lg border border-dashed bg-muted/30 px-3 py-2 text-xs text-muted-foreground" data-testid={emptyTestId}>
              {emptyText}
              <Link to="/lists" className={buttonVariants({ variant: "link", size: "sm" })}>
                {TX.goToLists}
              </Link>
            </p>
          ) : null}
        </>
      )}
    </FormField>
  );
}

// The campaign's or step's template (`templateSid`), among the approved ones.
export function TemplateField() {
  return (
    <FormField<{ templateSid: string }, "templateSid"> name="templateSid" label={`${TX.template} *`}>
      {(field) => <ProviderTemplateSelect {...field} emptyLabel={TX.selectTemplate} noTemplatesText={TX.noApprovedTemplates} />}
    </FormField>
  );
}

// The template's {{n}} (`variables`) from a lead's fields, custom fields or fixed text, previewed with the
// first lead of the list the campaign sends to.
export function CampaignVariablesField({ template, listId }: { template: ComponentProps<typeof TemplateVariablesFormField>["template"]; listId: string | null }) {
  const sample = useRecipientSample(listId);
  return (
    <TemplateVariablesFormField<{ variables: unknown }>
      name="variables"
      template={template}
      sources={["field", "custom", "text"]}
      preview={sample.data?.first ?? null}
      customKeys={sample.data?.customKeys}
    />
  );
}
