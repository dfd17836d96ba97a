import type { SelectHTMLAttributes } from "react";
import { approvedTemplates, useProviderTemplates } from "@web/lib/queries/get-provider-templates";
import { NativeSelect } from "./ui/input";

// The account's approved provider templates after a first choice (none, or free text); a template already
// chosen stays listed even if no longer approved. `noTemplatesText` says so when there is none to pick.
// Takes a form field's props as they are (`<ProviderTemplateSelect {...field} />`).
export function ProviderTemplateSelect({
  value,
  emptyLabel,
  noTemplatesText,
  ...props
}: Omit<SelectHTMLAttributes<HTMLSelectElement>, "value" | "children"> & { value: string; emptyLabel: string; noTemplatesText?: string }) {
  const { data, isPending } = useProviderTemplates();
  const templates = approvedTemplates(data);
  const known = !value || templates.some((t) => t.sid === value);
  return (
    <>
      <NativeSelect value={value} {...props}>
        <option value="">{emptyLabel}</option>
        {templates.map((t) => (
          <option key={t.sid} value={t.sid}>
            {t.friendlyName}
          </option>
        ))}
        {known ? null : <option value={value}>{value}</option>}
      </NativeSelect>
      {noTemplatesText && !isPending && templates.length === 0 ? <p className="text-xs text-muted-foreground">{noTemplatesText}</p> : null}
    </>
  );
}
