import type { ProviderTemplate } from "@shared/sandbox-templates";
import { fillTemplate, resolveVariables, templatePositions, unboundPositions, type VariableBindings, type VariableContext } from "@shared/template-variables";
import { TEMPLATE_VARIABLE_TEXTS as TX } from "@shared/texts/template-variables";
import { badRequest } from "@worker/lib/http-error";

export interface FilledTemplate {
  content: string;
  // null for a template without placeholders, so Twilio gets no ContentVariables to check.
  variables: Record<string, string> | null;
}

export function positionsOf(template: Pick<ProviderTemplate, "bodyText" | "variables">) {
  return templatePositions(template.bodyText, template.variables);
}

// Every send of a template goes through here: each {{n}} takes the value its binding gives for this
// recipient, and a template with a position unbound or without a value is refused (400), never sent
// with an empty or placeholder value.
export function fillForRecipient(template: Pick<ProviderTemplate, "bodyText" | "variables">, bindings: VariableBindings | null | undefined, ctx: VariableContext): FilledTemplate {
  const positions = positionsOf(template);
  const unbound = unboundPositions(positions, bindings);
  if (unbound.length > 0) throw badRequest(TX.missing(unbound), unbound.map((p) => ({ path: `variables.${p}`, message: TX.missing([p]) })));
  const { values, missing } = resolveVariables(positions, bindings, ctx);
  if (missing.length > 0) throw badRequest(TX.noValue(missing), missing.map((p) => ({ path: `variables.${p}`, message: TX.noValue([p]) })));
  return { content: fillTemplate(template.bodyText, values), variables: positions.length ? values : null };
}
