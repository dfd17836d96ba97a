import { CONVERSATION_TEXTS as TX } from "@shared/texts/conversations";
import { type VariableBindings } from "@shared/template-variables";
import { TEMPLATE_VARIABLE_TEXTS as VX } from "@shared/texts/template-variables";
import type { ApiPrompt } from "@shared/schemas/prompts";
import type { StartConversationInput } from "../api/start-conversation";

// The fields of a prompt the start form needs.
export type PromptSummary = Pick<ApiPrompt, "id" | "name" | "isActive" | "linkedTemplates">;

export interface StartFormValues {
  phoneNumber: string;
  templateSid: string;
  promptId: string;
  customerName: string;
  customerCompany: string;
  // Where each {{n}} of the template takes its value: the contact's name or company, or fixed text.
  variables: VariableBindings;
}

export const EMPTY_START_FORM: StartFormValues = { phoneNumber: "", templateSid: "", promptId: "", customerName: "", customerCompany: "", variables: {} };

export interface FormProblem {
  title: string;
  description: string;
}

// The active prompts linked to a template, in the order the server lists them.
export function linkedPrompts(prompts: readonly PromptSummary[] | undefined, templateSid: string): PromptSummary[] {
  if (!templateSid) return [];
  return (prompts ?? []).filter((p) => p.isActive && p.linkedTemplates.includes(templateSid));
}

// Choosing a template picks the first active prompt linked to it, or none.
export function autoPickPrompt(prompts: readonly PromptSummary[] | undefined, templateSid: string): string {
  return linkedPrompts(prompts, templateSid)[0]?.id ?? "";
}

export function canSubmit(values: StartFormValues, sending: boolean): boolean {
  return !sending && !!values.phoneNumber.trim() && !!values.templateSid && !!values.promptId;
}

// The spec's order: number and template, then a linked prompt. The number itself is read by the server
// with the account's country (the one phone rule), which answers "Numero non valido" and sends nothing.
// `incomplete` are the template's positions still without a usable source (the form knows the template).
export function validateStartForm(
  values: StartFormValues,
  prompts: readonly PromptSummary[] | undefined,
  incomplete: string[] = [],
): { ok: true; data: StartConversationInput } | { ok: false; problem: FormProblem } {
  if (!values.phoneNumber.trim() || !values.templateSid) {
    return { ok: false, problem: { title: TX.missingDataTitle, description: TX.missingData } };
  }
  if (!values.promptId || !linkedPrompts(prompts, values.templateSid).some((p) => p.id === values.promptId)) {
    return { ok: false, problem: { title: TX.missingPromptTitle, description: TX.missingPrompt } };
  }
  if (incomplete.length > 0) return { ok: false, problem: { title: VX.heading, description: VX.missing(incomplete) } };
  return {
    ok: true,
    data: {
      phoneNumber: values.phoneNumber.trim(),
      templateSid: values.templateSid,
      promptId: values.promptId,
      customerName: values.customerName.trim() || null,
      customerCompany: values.customerCompany.trim() || null,
      variables: values.variables,
    },
  };
}

// The toast title for a refused start: the server's "Numero non valido" keeps the spec's title.
export function startErrorTitle(message: string | null, fallback: string): string {
  return message === TX.invalidNumber ? TX.invalidNumberTitle : fallback;
}
