import type { ComponentProps } from "react";
import { CAMPAIGN_UI as UI } from "@shared/schemas/campaigns";
import { ProviderTemplateSelect } from "@web/components/provider-template-select";
import { TemplateVariablesFormField } from "@web/components/template-variables-form-field";
import { FormField } from "@web/components/ui/form";
import { useProviderTemplates } from "@web/lib/queries/get-provider-templates";
import { useRecipientSample } from "../api/get-recipient-sample";

// The campaign's or step's template (the form's `templateSid`), among the approved ones.
export function TemplateField() {
  return (
    <FormField<{ templateSid: string }, "templateSid"> name="templateSid" label={`${UI.template} *`}>
      {(field) => <ProviderTemplateSelect {...field} emptyLabel={UI.selectTemplate} noTemplatesText={UI.noApprovedTemplates} />}
    </FormField>
  );
}

// The template's {{n}} (the form's `variables`) from a lead's fields, custom fields or fixed text, previewed
// with the first lead of the list the campaign sends to.
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

// sid → friendly name, for cards and steps that store only the sid.
export function useTemplateNames(): (sid: string | null) => string | null {
  const { data } = useProviderTemplates();
  return (sid) => (sid ? (data?.find((t) => t.sid === sid)?.friendlyName ?? null) : null);
}
