import { TEMPLATE_CATEGORIES } from "@shared/constants";
import {
  type ApiTemplate,
  createTemplateSchema,
  TEMPLATE_BODY_MAX,
  type TemplateChannel,
  type TemplateInput,
  templateBody,
  templateBodyIssues,
  TEMPLATE_TEXTS,
  templateVariables,
} from "@shared/schemas/templates";

export interface TemplateFormValues {
  name: string;
  description: string;
  category: string;
  channel: TemplateChannel;
  language: string;
  contentType: "text" | "media";
  text: string;
  mediaUrl: string;
  mediaCaption: string;
}

export type TemplateFormField = keyof TemplateFormValues;
export type TemplateFormErrors = Partial<Record<TemplateFormField, string>>;

// The spec's defaults: WhatsApp, Italian, text content (and draft status, set by the server).
export function emptyTemplateForm(): TemplateFormValues {
  return { name: "", description: "", category: "", channel: "whatsapp", language: "it", contentType: "text", text: "", mediaUrl: "", mediaCaption: "" };
}

export function templateFormFrom(t: ApiTemplate): TemplateFormValues {
  const c = t.whatsappContent;
  return {
    name: t.name,
    description: t.description ?? "",
    category: (TEMPLATE_CATEGORIES as readonly string[]).includes(t.category) ? t.category : "",
    channel: t.channel === "sms" ? "sms" : "whatsapp",
    language: t.language,
    contentType: c?.type === "media" ? "media" : "text",
    text: c?.text ?? "",
    mediaUrl: c?.mediaUrl ?? "",
    mediaCaption: c?.mediaCaption ?? "",
  };
}

export function toTemplateInput(v: TemplateFormValues, twilioAccountId?: string): TemplateInput {
  return {
    name: v.name,
    description: v.description.trim() || null,
    category: v.category as TemplateInput["category"],
    channel: v.channel,
    language: v.language as TemplateInput["language"],
    whatsappContent:
      v.contentType === "media"
        ? { type: "media", text: null, mediaUrl: v.mediaUrl.trim() || null, mediaCaption: v.mediaCaption.trim() || null }
        : { type: "text", text: v.text, mediaUrl: null, mediaCaption: null },
    ...(twilioAccountId !== undefined ? { twilioAccountId, status: "draft" as const } : {}),
  };
}

// Issue paths (whatsappContent.text …) become the form's own field names.
function fieldOf(path: readonly PropertyKey[]): TemplateFormField | null {
  const [first, second] = path.map(String);
  if (first === "whatsappContent") {
    if (second === "mediaUrl") return "mediaUrl";
    if (second === "mediaCaption") return "mediaCaption";
    return "text";
  }
  if (first && ["name", "description", "category", "channel", "language"].includes(first)) return first as TemplateFormField;
  return null;
}

export function validateTemplateForm(values: TemplateFormValues): { ok: true; data: TemplateInput } | { ok: false; errors: TemplateFormErrors } {
  const input = toTemplateInput(values);
  const result = createTemplateSchema.safeParse(input);
  if (result.success) return { ok: true, data: input };
  const errors: TemplateFormErrors = {};
  for (const issue of result.error.issues) {
    const field = fieldOf(issue.path);
    if (field && !errors[field]) errors[field] = issue.message;
  }
  if (values.contentType === "media" && errors.text && !errors.mediaCaption) {
    errors.mediaCaption = errors.text;
    delete errors.text;
  }
  // zod checks the content only once the other fields pass; report everything together.
  const bodyField = values.contentType === "media" ? "mediaCaption" : "text";
  if (!errors[bodyField]) {
    const issue = templateBodyIssues(formBody(values), values.channel)[0];
    if (issue) errors[bodyField] = issue;
  }
  if (values.contentType === "media" && !values.mediaUrl.trim()) errors.mediaUrl ??= TEMPLATE_TEXTS.mediaUrlRequired;
  return { ok: false, errors };
}

// Errors from a 400 answer, keyed like the form.
export function templateErrorsFromDetails(details: unknown): TemplateFormErrors {
  const errors: TemplateFormErrors = {};
  if (!Array.isArray(details)) return errors;
  for (const d of details) {
    if (!d || typeof d !== "object") continue;
    const { path, message } = d as { path?: unknown; message?: unknown };
    if (typeof path !== "string" || typeof message !== "string") continue;
    const field = fieldOf(path.split("."));
    if (field && !errors[field]) errors[field] = message;
  }
  return errors;
}

// The text WhatsApp will show, as the preview and the counter see it.
export function formBody(values: TemplateFormValues): string {
  return templateBody({ type: values.contentType, text: values.text, mediaCaption: values.mediaCaption || null });
}

export function nextVariable(body: string): number {
  return templateVariables(body).length + 1;
}

export function bodyLimit(channel: TemplateChannel): number {
  return TEMPLATE_BODY_MAX[channel];
}

// The content as the card shows it: the stored JSON, formatted.
export function contentJson(t: ApiTemplate): string {
  const c = t.whatsappContent;
  if (!c) return "{}";
  const shown: Record<string, string> = { type: c.type };
  if (c.text) shown.text = c.text;
  if (c.mediaUrl) shown.mediaUrl = c.mediaUrl;
  if (c.mediaCaption) shown.mediaCaption = c.mediaCaption;
  return JSON.stringify(shown, null, 2);
}

// Only drafts go to WhatsApp, and only drafts change.
export const isDraft = (t: Pick<ApiTemplate, "status">) => t.status === "draft";
