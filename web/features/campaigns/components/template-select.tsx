import { CAMPAIGN_UI as UI } from "@shared/schemas/campaigns";
import { NativeSelect } from "@web/components/ui/input";
import { approvedTemplates, useProviderTemplates } from "@web/lib/queries/get-provider-templates";

// The account's approved templates; a template the campaign already uses stays listed even if no longer approved.
export function TemplateSelect({ id, value, onChange, invalid }: { id: string; value: string; onChange: (sid: string) => void; invalid: boolean }) {
  const { data, isPending } = useProviderTemplates();
  const templates = approvedTemplates(data);
  const known = !value || templates.some((t) => t.sid === value);
  return (
    <>
      <NativeSelect id={id} name="templateSid" value={value} aria-invalid={invalid} aria-describedby={invalid ? `${id}-error` : undefined} onChange={(e) => onChange(e.target.value)}>
        <option value="">{UI.selectTemplate}</option>
        {templates.map((t) => (
          <option key={t.sid} value={t.sid}>
            {t.friendlyName}
          </option>
        ))}
        {known ? null : <option value={value}>{value}</option>}
      </NativeSelect>
      {!isPending && templates.length === 0 ? <p className="text-xs text-muted-foreground">{UI.noApprovedTemplates}</p> : null}
    </>
  );
}

// sid → friendly name, for cards and steps that store only the sid.
export function useTemplateNames(): (sid: string | null) => string | null {
  const { data } = useProviderTemplates();
  return (sid) => (sid ? (data?.find((t) => t.sid === sid)?.friendlyName ?? null) : null);
}
