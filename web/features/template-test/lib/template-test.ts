import { TEMPLATE_TEST_TEXTS as TX } from "@shared/texts/template-test";
import type { ProviderTemplate } from "@shared/sandbox-templates";
import { renderTemplate } from "@shared/sandbox-templates";
import { STATUS_COLOURS, templateTestSchema } from "@shared/schemas/template-test";

export type StatusTone = "green" | "yellow" | "red" | "grey";

// approved green, pending yellow, rejected red, anything else grey.
export function statusTone(status: string): StatusTone {
  return STATUS_COLOURS[status] ?? "grey";
}

export function isSelectable(template: Pick<ProviderTemplate, "status">): boolean {
  return template.status === "approved";
}

// The numbered placeholders {{1}}, {{2}} … in order; the template's own list when it has one.
export function templateVariables(template: Pick<ProviderTemplate, "variables" | "bodyText">): string[] {
  const found = template.variables.length > 0 ? template.variables : [...template.bodyText.matchAll(/\{\{(\d+)\}\}/g)].map((m) => m[1]!);
  return [...new Set(found)].sort((a, b) => Number(a) - Number(b));
}

// What the customer will read: filled variables replaced, empty ones left as {{n}}.
export function previewText(bodyText: string, values: Record<string, string>): string {
  const filled = Object.fromEntries(Object.entries(values).filter(([, v]) => v.trim() !== "").map(([k, v]) => [k, v.trim()]));
  return renderTemplate(bodyText, filled);
}

export interface TemplateTestForm {
  templateSid: string;
  phone: string;
  variables: Record<string, string>;
}

export type TemplateTestCheck =
  | { ok: true; data: { templateSid: string; phone: string; variables: Record<string, string> } }
  | { ok: false; title: string; message: string; field: "template" | "phone" | "variables" };

// Template and phone first (the spec's "Missing Information"), then the phone's country code and
// digits, then a value for every placeholder of the chosen template.
export function checkTemplateTest(form: TemplateTestForm, template: ProviderTemplate | undefined): TemplateTestCheck {
  if (!form.templateSid || !template || !form.phone.trim()) {
    return { ok: false, title: TX.missingInfoTitle, message: TX.missingInfo, field: !form.templateSid || !template ? "template" : "phone" };
  }
  const positions = templateVariables(template);
  const variables = Object.fromEntries(positions.map((p) => [p, (form.variables[p] ?? "").trim()]));
  const parsed = templateTestSchema.safeParse({ templateSid: form.templateSid, phone: form.phone, variables });
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const field = issue.path[0] === "variables" ? "variables" : issue.path[0] === "templateSid" ? "template" : "phone";
    return { ok: false, title: field === "variables" ? TX.invalidVariablesTitle : TX.invalidPhoneTitle, message: issue.message, field };
  }
  const missing = positions.filter((p) => !variables[p]);
  if (missing.length > 0) return { ok: false, title: TX.invalidVariablesTitle, message: TX.missingVariables(missing), field: "variables" };
  return { ok: true, data: parsed.data };
}
