import { z } from "zod";
import { TEMPLATE_CATEGORIES } from "@shared/constants";
import {
  type ApiTemplate,
  createTemplateSchema,
  hasMediaHeader,
  KIND_BUTTON_TYPES,
  KIND_MAX_BUTTONS,
  TEMPLATE_BODY_MAX,
  type TemplateButtonType,
  type TemplateChannel,
  type TemplateContentType,
  type TemplateInput,
  templateBody,
  templateBodyIssues,
  templateVariables,
} from "@shared/schemas/templates";
import { TEMPLATE_TEXTS } from "@shared/texts/templates";

export interface TemplateFormValues {
  name: string;
  description: string;
  category: string;
  channel: TemplateChannel;
  language: string;
  contentType: TemplateContentType;
  text: string;
  mediaUrl: string;
  mediaCaption: string;
  // A file of the account's media library (uploaded from the form or chosen), instead of mediaUrl.
  mediaLibraryId: string;
  footer: string;
  buttons: TemplateFormButton[];
}

export interface TemplateFormButton {
  type: TemplateButtonType;
  title: string;
  // The reply id a tap sends back; kept as stored, else the server derives it from the title.
  id: string;
  url: string;
  phone: string;
}

export type TemplateFormField = Exclude<keyof TemplateFormValues, "buttons"> | "buttons";
export type ButtonErrorKey = `buttons.${number}.${"type" | "title" | "url" | "phone"}`;
export type TemplateFormErrors = Partial<Record<TemplateFormField | ButtonErrorKey, string>>;

// The spec's defaults: WhatsApp, Italian, text content (and draft status, set by the server).
export function emptyTemplateForm(): TemplateFormValues {
  return {
    name: "",
    description: "",
    category: "",
    channel: "whatsapp",
    language: "it",
    contentType: "text",
    text: "",
    mediaUrl: "",
    mediaCaption: "",
    mediaLibraryId: "",
    footer: "",
    buttons: [],
  };
}

export const newButton = (type: TemplateButtonType): TemplateFormButton => ({ type, title: "", id: "", url: "", phone: "" });

// The buttons the kind may still take: each allowed type, while the kind and WhatsApp's per-type limits allow.
export function addableButtons(type: TemplateContentType, buttons: readonly TemplateFormButton[]): TemplateButtonType[] {
  if (buttons.length >= KIND_MAX_BUTTONS[type]) return [];
  return KIND_BUTTON_TYPES[type].filter((t) => {
    const n = buttons.filter((b) => b.type === t).length;
    return t === "URL" ? n < 2 : t === "PHONE_NUMBER" ? n < 1 : true;
  });
}

export function templateFormFrom(t: ApiTemplate): TemplateFormValues {
  const c = t.whatsappContent;
  return {
    name: t.name,
    description: t.description ?? "",
    category: (TEMPLATE_CATEGORIES as readonly string[]).includes(t.category) ? t.category : "",
    channel: t.channel === "sms" ? "sms" : "whatsapp",
    language: t.language,
    contentType: c?.type ?? "text",
    text: c?.text ?? "",
    mediaUrl: c?.mediaUrl ?? "",
    mediaCaption: c?.mediaCaption ?? "",
    mediaLibraryId: c?.mediaLibraryId ?? "",
    footer: c?.footer ?? "",
    buttons: (c?.buttons ?? []).map((b) => ({ type: b.type, title: b.title, id: b.id ?? "", url: b.url ?? "", phone: b.phone ?? "" })),
  };
}

function contentInput(v: TemplateFormValues): TemplateInput["whatsappContent"] {
  const mediaLibraryId = v.mediaLibraryId || null;
  const mediaUrl = mediaLibraryId ? null : v.mediaUrl.trim() || null;
  if (v.contentType === "text") return { type: "text", text: v.text, mediaUrl: null, mediaCaption: null };
  if (v.contentType === "media") {
    const media = { type: "media" as const, text: null, mediaUrl, mediaCaption: v.mediaCaption.trim() || null };
    return mediaLibraryId ? { ...media, mediaLibraryId } : media;
  }
  const card = v.contentType === "card";
  return {
    type: v.contentType,
    text: v.text,
    mediaUrl: card ? mediaUrl : null,
    mediaCaption: null,
    mediaLibraryId: card ? mediaLibraryId : null,
    footer: card ? v.footer.trim() || null : null,
    buttons: v.buttons.map((b) => ({
      type: b.type,
      title: b.title,
      id: b.type === "QUICK_REPLY" ? b.id || null : null,
      url: b.type === "URL" ? b.url.trim() || null : null,
      phone: b.type === "PHONE_NUMBER" ? b.phone.trim() || null : null,
    })),
  };
}

export function toTemplateInput(v: TemplateFormValues, twilioAccountId?: string): TemplateInput {
  return {
    name: v.name,
    description: v.description.trim() || null,
    category: v.category as TemplateInput["category"],
    channel: v.channel,
    language: v.language as TemplateInput["language"],
    whatsappContent: contentInput(v),
    ...(twilioAccountId !== undefined ? { twilioAccountId, status: "draft" as const } : {}),
  };
}

// Issue paths (whatsappContent.text …) become the form's own field names.
function fieldOf(path: readonly PropertyKey[]): keyof TemplateFormErrors | null {
  const [first, second, third, fourth] = path.map(String);
  if (first === "whatsappContent") {
    if (second === "mediaUrl" || second === "mediaLibraryId") return "mediaUrl";
    if (second === "mediaCaption") return "mediaCaption";
    if (second === "footer") return "footer";
    if (second === "type") return "contentType";
    if (second === "buttons") {
      if (third !== undefined && /^\d+$/.test(third) && ["type", "title", "url", "phone"].includes(fourth ?? "")) return `buttons.${Number(third)}.${fourth as "title"}`;
      return "buttons";
    }
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
  if (values.contentType === "media" && !values.mediaUrl.trim() && !values.mediaLibraryId) errors.mediaUrl ??= TEMPLATE_TEXTS.mediaUrlRequired;
  return { ok: false, errors };
}

// The form's zod schema for react-hook-form's zodResolver: the same checks as the server's
// (createTemplateSchema, through validateTemplateForm), each reported at the form's own field path
// ("name", "text", "buttons.0.title", …).
export const templateFormSchema = z.custom<TemplateFormValues>((v) => typeof v === "object" && v !== null).superRefine((values, ctx) => {
  const checked = validateTemplateForm(values);
  if (checked.ok) return;
  for (const [path, message] of Object.entries(checked.errors)) {
    if (message) ctx.addIssue({ code: "custom", path: path.split(".").map((p) => (/^\d+$/.test(p) ? Number(p) : p)), message });
  }
});

// react-hook-form's nested errors, flattened to the form's keys ("buttons.0.title"; an array's own
// error, kept under "root", is the array's key).
export function flatFormErrors(errors: unknown, prefix = ""): TemplateFormErrors {
  const flat: Record<string, string> = {};
  if (!errors || typeof errors !== "object") return flat;
  for (const [key, value] of Object.entries(errors as Record<string, unknown>)) {
    if (key === "ref" || !value || typeof value !== "object") continue;
    const path = key === "root" ? prefix.replace(/\.$/, "") : `${prefix}${key}`;
    const message = (value as { message?: unknown }).message;
    if (typeof message === "string" && message) flat[path] ??= message;
    if (key !== "root") Object.assign(flat, { ...flatFormErrors(value, `${path}.`), ...flat });
  }
  return flat as TemplateFormErrors;
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

// Whether the kind shows an image or document header, and whether it has buttons.
export const showsMedia = (type: TemplateContentType) => hasMediaHeader(type);
export const showsButtons = (type: TemplateContentType) => KIND_BUTTON_TYPES[type].length > 0;

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
  if (c.mediaLibraryId) shown.mediaLibraryId = c.mediaLibraryId;
  if (c.footer) shown.footer = c.footer;
  const buttons = (c.buttons ?? []).map((b) => [b.type, b.title, b.url ?? b.phone ?? b.id].filter(Boolean).join(" · "));
  return JSON.stringify(buttons.length ? { ...shown, buttons } : shown, null, 2);
}

// Only drafts go to WhatsApp, and only drafts change.
export const isDraft = (t: Pick<ApiTemplate, "status">) => t.status === "draft";
