import { CAMPAIGN_UI as UI } from "@shared/schemas/campaigns";
import { ProviderTemplateSelect } from "@web/components/provider-template-select";
import { FormField } from "@web/components/ui/form";
import { useProviderTemplates } from "@web/lib/queries/get-provider-templates";

// The campaign's or step's template (the form's `templateSid`), among the approved ones.
export function TemplateField() {
  return (
    <FormField<{ templateSid: string }, "templateSid"> name="templateSid" label={`${UI.template} *`}>
      {(field) => <ProviderTemplateSelect {...field} emptyLabel={UI.selectTemplate} noTemplatesText={UI.noApprovedTemplates} />}
    </FormField>
  );
}

// sid → friendly name, for cards and steps that store only the sid.
export function useTemplateNames(): (sid: string | null) => string | null {
  const { data } = useProviderTemplates();
  return (sid) => (sid ? (data?.find((t) => t.sid === sid)?.friendlyName ?? null) : null);
}
