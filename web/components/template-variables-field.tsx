import { useId } from "react";
import type { ProviderTemplate } from "@shared/sandbox-templates";
import { CONTACT_FIELDS, EVENT_FIELDS, fillTemplate, resolveVariables, templatePositions, type VariableBinding, type VariableBindings, type VariableContext } from "@shared/template-variables";
import { TEMPLATE_VARIABLE_TEXTS as TX } from "@shared/texts/template-variables";
import { parseServerError } from "../lib/server-error";
import { Field } from "./ui/field";
import { Input, ItemOptions, NativeSelect } from "./ui/input";

export type BindingSource = VariableBinding["source"];

// One select value per choice: "field:nome", "event:title", "custom", "text".
function choiceOf(binding: VariableBinding | undefined): string {
  if (!binding) return "";
  if (binding.source === "field" || binding.source === "event") return `${binding.source}:${binding.field}`;
  return binding.source;
}

function bindingFor(choice: string, previous: VariableBinding | undefined): VariableBinding | undefined {
  const [source, field] = choice.split(":") as [string, string | undefined];
  if (source === "field") return { source, field: field as (typeof CONTACT_FIELDS)[number] };
  if (source === "event") return { source, field: field as (typeof EVENT_FIELDS)[number] };
  if (source === "custom") return { source, key: previous?.source === "custom" ? previous.key : "" };
  if (source === "text") return { source, value: previous?.source === "text" ? previous.value : "" };
  return undefined;
}

// The positions of the template, for callers that check the form before sending.
export function positionsOfTemplate(template: Pick<ProviderTemplate, "bodyText" | "variables">) {
  return templatePositions(template.bodyText, template.variables);
}

// Positions the user has not given a usable source yet (blank fixed text or column name included).
export function incompleteBindings(template: Pick<ProviderTemplate, "bodyText" | "variables">, bindings: VariableBindings): string[] {
  return positionsOfTemplate(template).filter((p) => {
    const b = bindings[p];
    if (!b) return true;
    if (b.source === "text") return !b.value.trim();
    if (b.source === "custom") return !b.key.trim();
    return false;
  });
}

// The server's refusal to start a campaign while some recipients have no value: shown beside the variables.
export function recipientsMissingError(err: unknown): string | undefined {
  const { message, details } = parseServerError(err);
  return details && typeof details === "object" && "recipientsMissing" in details ? (message ?? undefined) : undefined;
}

// For each {{n}} of the template: where its value comes from (the sources the send path offers), and a live
// preview of the message as the first recipient would read it. A position without a value stays {{n}} there.
export function TemplateVariablesField({
  template,
  bindings,
  onChange,
  sources,
  preview,
  customKeys = [],
  error,
}: {
  template: Pick<ProviderTemplate, "bodyText" | "variables">;
  bindings: VariableBindings;
  onChange: (bindings: VariableBindings) => void;
  sources: readonly BindingSource[];
  preview: { name: string | null; context: VariableContext } | null;
  customKeys?: readonly string[];
  error?: string;
}) {
  const id = useId();
  const positions = positionsOfTemplate(template);
  const set = (position: string, binding: VariableBinding | undefined) => {
    const next = { ...bindings };
    if (binding) next[position] = binding;
    else delete next[position];
    onChange(next);
  };
  const values = resolveVariables(positions, bindings, preview?.context ?? {}).values;

  return (
    <fieldset className="grid gap-3 rounded-lg border border-border p-3" data-testid="template-variables">
      {positions.length > 0 ? <legend className="px-1 text-sm font-medium">{TX.heading}</legend> : null}
      {positions.map((p) => {
        const binding = bindings[p];
        const choice = choiceOf(binding);
        return (
          <div key={p} className="grid gap-2 sm:grid-cols-2">
            <Field label={`{{${p}}}`} htmlFor={`${id}-${p}`}>
              <NativeSelect id={`${id}-${p}`} name={`variable-${p}`} value={choice} aria-invalid={!!error && !binding} onChange={(e) => set(p, bindingFor(e.target.value, binding))}>
                <option value="">{TX.bindingInvalid}</option>
                {sources.includes("field") ? (
                  <optgroup label={TX.sourceLabels.field}>
                    <ItemOptions items={CONTACT_FIELDS} value={(f) => `field:${f}`} label={(f) => TX.fieldLabels[f]} />
                  </optgroup>
                ) : null}
                {sources.includes("event") ? (
                  <optgroup label={TX.sourceLabels.event}>
                    <ItemOptions items={EVENT_FIELDS} value={(f) => `event:${f}`} label={(f) => TX.eventLabels[f]} />
                  </optgroup>
                ) : null}
                {sources.includes("custom") ? <option value="custom">{TX.sourceLabels.custom}</option> : null}
                {sources.includes("text") ? <option value="text">{TX.sourceLabels.text}</option> : null}
              </NativeSelect>
            </Field>
            {binding?.source === "custom" ? (
              <Field label={TX.sourceLabels.custom} htmlFor={`${id}-${p}-key`}>
                <Input
                  id={`${id}-${p}-key`}
                  name={`variable-${p}-key`}
                  list={`${id}-keys`}
                  placeholder={TX.customKeyPlaceholder}
                  value={binding.key}
                  onChange={(e) => set(p, { source: "custom", key: e.target.value })}
                />
              </Field>
            ) : null}
            {binding?.source === "text" ? (
              <Field label={TX.sourceLabels.text} htmlFor={`${id}-${p}-text`}>
                <Input
                  id={`${id}-${p}-text`}
                  name={`variable-${p}-text`}
                  placeholder={TX.textPlaceholder}
                  maxLength={1024}
                  value={binding.value}
                  onChange={(e) => set(p, { source: "text", value: e.target.value })}
                />
              </Field>
            ) : null}
          </div>
        );
      })}
      {customKeys.length > 0 ? (
        <datalist id={`${id}-keys`}>
          {customKeys.map((k) => (
            <option key={k} value={k} />
          ))}
        </datalist>
      ) : null}
      {error ? (
        <p role="alert" className="text-xs font-medium text-destructive">
          {error}
        </p>
      ) : null}
      <div className="grid gap-1">
        <p className="text-xs font-medium text-muted-foreground">{preview?.name ? TX.previewFor(preview.name) : TX.preview}</p>
        <p className="whitespace-pre-wrap rounded-lg bg-muted p-3 text-sm" data-testid="template-preview">
          {fillTemplate(template.bodyText, values)}
        </p>
      </div>
    </fieldset>
  );
}
