import { useController, useFormContext, type FieldPath, type FieldValues } from "react-hook-form";
import { TEMPLATE_TEXTS as TX } from "@shared/texts/templates";
import type { ProviderTemplate } from "@shared/sandbox-templates";
import { cn } from "../lib/cn";
import { approvedTemplates, useProviderTemplates } from "../lib/queries/get-provider-templates";
import { Checkbox } from "./ui/input";
import { Spinner } from "./ui/spinner";

// Approved provider templates as checkboxes, for linking prompts and memories. A linked sid that is
// no longer offered stays listed (checked) so that it can be unlinked.
export function TemplateChecklist({
  templates,
  selected,
  onChange,
  loading = false,
  label,
  hint,
  disabled = false,
}: {
  templates: readonly ProviderTemplate[];
  selected: readonly string[];
  onChange: (sids: string[]) => void;
  loading?: boolean;
  label: string;
  hint?: string;
  disabled?: boolean;
}) {
  const known = new Set(templates.map((t) => t.sid));
  const missing = selected.filter((sid) => !known.has(sid));
  const toggle = (sid: string, checked: boolean) =>
    onChange(checked ? [...selected.filter((s) => s !== sid), sid] : selected.filter((s) => s !== sid));

  return (
    <fieldset className="grid gap-2" disabled={disabled}>
      <legend className="text-sm font-medium leading-none">{label}</legend>
      {hint ? <p className="text-xs text-muted-foreground">{hint}</p> : null}
      {loading ? (
        <p className="flex items-center gap-2 text-sm text-muted-foreground">
          <Spinner />
          {TX.checklistLoading}
        </p>
      ) : templates.length === 0 && missing.length === 0 ? (
        <p className="rounded-lg border border-dashed px-3 py-2 text-sm text-muted-foreground">{TX.checklistEmpty}</p>
      ) : (
        <ul className="grid max-h-52 grid-cols-1 gap-1 overflow-y-auto rounded-lg border p-1.5" data-testid="template-checklist">
          {templates.map((t) => (
            <li key={t.sid}>
              <label
                className={cn(
                  "flex cursor-pointer items-start gap-2.5 rounded-md px-2 py-1.5 text-sm hover:bg-muted",
                  selected.includes(t.sid) && "bg-primary/5",
                )}
              >
                <Checkbox className="mt-0.5" checked={selected.includes(t.sid)} onChange={(e) => toggle(t.sid, e.target.checked)} />
                <span className="min-w-0">
                  <span className="block truncate font-medium">{t.friendlyName}</span>
                  <span className="block truncate font-mono text-[11px] text-muted-foreground">
                    {t.sid} · {t.language}
                  </span>
                </span>
              </label>
            </li>
          ))}
          {missing.map((sid) => (
            <li key={sid}>
              <label className="flex cursor-pointer items-start gap-2.5 rounded-md px-2 py-1.5 text-sm hover:bg-muted">
                <Checkbox className="mt-0.5" checked onChange={(e) => toggle(sid, e.target.checked)} />
                <span className="min-w-0">
                  <span className="block truncate font-mono text-xs">{sid}</span>
                  <span className="block text-[11px] text-warning-foreground">{TX.checklistUnavailable}</span>
                </span>
              </label>
            </li>
          ))}
        </ul>
      )}
    </fieldset>
  );
}

/** The approved provider templates as a form's list field (`name`), for a prompt or a memory. */
export function TemplateChecklistField<TValues extends FieldValues>({ name, label, hint }: { name: FieldPath<TValues>; label: string; hint?: string }) {
  const templates = useProviderTemplates();
  const { control } = useFormContext<TValues>();
  const { field } = useController({ control, name });
  return (
    <TemplateChecklist
      label={label}
      hint={hint}
      templates={approvedTemplates(templates.data)}
      loading={templates.isPending}
      selected={field.value}
      onChange={field.onChange}
    />
  );
}
