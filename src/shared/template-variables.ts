import type { VariableBinding, VariableBindings } from "./schemas/template-variables";

// Where each {{n}} of a template takes its value, as the user chose it: a field of the lead or contact,
// a custom field of the lead's source, the event of a reminder, or fixed text. The one resolver below
// is used by every send path (worker) and by the live preview (web), so both fill a template alike.

export const CONTACT_FIELDS = ["nome", "cognome", "email", "professione", "company"] as const;
export type ContactField = (typeof CONTACT_FIELDS)[number];
export const EVENT_FIELDS = ["title", "time"] as const;
export type EventField = (typeof EVENT_FIELDS)[number];

export type { VariableBinding, VariableBindings };

// What a binding can read for one recipient. Absent parts simply have no value.
export interface VariableContext {
  contact?: Partial<Record<ContactField, string | null | undefined>>;
  custom?: Record<string, unknown> | null;
  event?: { title: string; time: string };
}

// The numbered placeholders of a template body, in order of first appearance; the template's own list when it has one.
export function templatePositions(bodyText: string, declared: readonly string[] = []): string[] {
  const found = declared.length > 0 ? [...declared] : [...bodyText.matchAll(/\{\{\s*(\d+)\s*\}\}/g)].map((m) => m[1]!);
  return [...new Set(found)].sort((a, b) => Number(a) - Number(b));
}

function text(value: unknown): string | null {
  if (typeof value === "number" || typeof value === "boolean") return String(value);
  if (typeof value !== "string") return null;
  const v = value.trim();
  // A value that is itself a placeholder would reach the customer as "{{1}}": treat it as no value.
  return v && !/\{\{|\}\}/.test(v) ? v : null;
}

// A custom field by its column name, matched without regard to case or surrounding spaces.
function customValue(custom: Record<string, unknown> | null | undefined, key: string) {
  if (!custom) return null;
  if (key in custom) return text(custom[key]);
  const wanted = key.trim().toLowerCase();
  const match = Object.keys(custom).find((k) => k.trim().toLowerCase() === wanted);
  return match === undefined ? null : text(custom[match]);
}

export function bindingValue(binding: VariableBinding, ctx: VariableContext): string | null {
  switch (binding.source) {
    case "field":
      return text(ctx.contact?.[binding.field]);
    case "custom":
      return customValue(ctx.custom, binding.key);
    case "event":
      return text(ctx.event?.[binding.field]);
    case "text":
      return text(binding.value);
  }
}

export interface ResolvedVariables {
  values: Record<string, string>;
  // Positions with no binding, or whose binding gives no value for this recipient.
  missing: string[];
}

export function resolveVariables(positions: readonly string[], bindings: VariableBindings | null | undefined, ctx: VariableContext): ResolvedVariables {
  const values: Record<string, string> = {};
  const missing: string[] = [];
  for (const p of positions) {
    const binding = bindings?.[p];
    const value = binding ? bindingValue(binding, ctx) : null;
    if (value === null) missing.push(p);
    else values[p] = value;
  }
  return { values, missing };
}

// Positions the user has not bound at all (as opposed to bound to a field that is empty for someone).
export function unboundPositions(positions: readonly string[], bindings: VariableBindings | null | undefined): string[] {
  return positions.filter((p) => !bindings?.[p]);
}

// Only the bindings of the template's own positions are kept.
export function bindingsFor(positions: readonly string[], bindings: VariableBindings | null | undefined): VariableBindings {
  return Object.fromEntries(positions.filter((p) => bindings?.[p]).map((p) => [p, bindings![p]!]));
}

// The message as the recipient reads it; a position without a value stays visible as {{n}} in a preview.
export function fillTemplate(bodyText: string, values: Record<string, string>): string {
  return bodyText.replace(/\{\{\s*(\d+)\s*\}\}/g, (whole, n: string) => values[n] ?? whole);
}
