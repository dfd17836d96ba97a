import { NativeSelect } from "@web/components/ui/input";
import { approvedTemplates, useProviderTemplates } from "@web/lib/queries/get-provider-templates";

// Approved provider templates, plus the free-text choice (allowed only inside the 24-hour window).
export function TemplateSelect({ id, value, onChange, freeFormLabel, disabled }: { id: string; value: string; onChange: (sid: string) => void; freeFormLabel: string; disabled?: boolean }) {
  const { data } = useProviderTemplates();
  const templates = approvedTemplates(data);
  const known = !value || templates.some((t) => t.sid === value);
  return (
    <NativeSelect id={id} value={value} disabled={disabled} onChange={(e) => onChange(e.target.value)}>
      <option value="">{freeFormLabel}</option>
      {templates.map((t) => (
        <option key={t.sid} value={t.sid}>
          {t.friendlyName}
        </option>
      ))}
      {known ? null : <option value={value}>{value}</option>}
    </NativeSelect>
  );
}
