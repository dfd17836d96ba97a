import type { z } from "zod";
import type { ProviderTemplate } from "@shared/sandbox-templates";
import {
  type ApiTemplate,
  buttonId,
  type createTemplateSchema,
  hasMediaHeader,
  type TemplateButton,
  type TemplateContentType,
  TEMPLATE_TEXTS as TX,
  templateBody,
  templateVariables,
  type TemplateCategory,
  type updateTemplateSchema,
  WHATSAPP_CATEGORY,
  type WhatsappContent,
} from "@shared/schemas/templates";
import type { Db } from "@worker/db/client";
import { constantTimeEqual, toHex } from "@worker/lib/crypto";
import { badRequest, conflict, HttpError, notFound } from "@worker/lib/http-error";
import {
  type ContentButton,
  createContent,
  deleteContent,
  fetchWhatsAppApproval,
  requestWhatsAppApproval,
  type TwilioCredentials,
  TwilioError,
} from "@worker/providers/twilio";
import type { SessionUser } from "@worker/types";
import type { AccountRow } from "../accounts/repo";
import { findAccount } from "../accounts/repo";
import { findItem as findLibraryItem } from "../media-library/repo";
import { type ActiveAccount, requireNamedOrActive } from "../accounts/context";
import { accountAuthToken } from "../accounts/service";
import { forgetProviderTemplates } from "../provider-templates/memo";
import * as repo from "./repo";

type CreateInput = z.output<typeof createTemplateSchema>;
type UpdateInput = z.output<typeof updateTemplateSchema>;
type StoredContent = NonNullable<repo.TemplateRow["whatsappContent"]>;

const CONTENT_TYPES: readonly TemplateContentType[] = ["text", "media", "quick-reply", "call-to-action", "card"];
const BUTTON_TYPES: readonly TemplateButton["type"][] = ["QUICK_REPLY", "URL", "PHONE_NUMBER"];

// The JSON column keeps only the parts that are set, and only those the kind uses.
function storedContent(c: WhatsappContent): StoredContent {
  const media = hasMediaHeader(c.type);
  const buttons = c.type === "quick-reply" || c.type === "call-to-action" || c.type === "card" ? (c.buttons ?? []) : [];
  // Reply ids are unique within a template ("Sì" and "Si!" would both be "si"): a repeat gets a suffix.
  const used = new Set<string>();
  const uniqueId = (b: TemplateButton) => {
    const base = buttonId(b);
    let candidate = base;
    for (let n = 2; used.has(candidate); n++) candidate = `${base}_${n}`;
    used.add(candidate);
    return candidate;
  };
  return {
    type: c.type,
    ...(c.text ? { text: c.text } : {}),
    ...(media && c.mediaUrl && !c.mediaLibraryId ? { mediaUrl: c.mediaUrl } : {}),
    ...(media && c.mediaLibraryId ? { mediaLibraryId: c.mediaLibraryId } : {}),
    ...(c.type === "media" && c.mediaCaption ? { mediaCaption: c.mediaCaption } : {}),
    ...(c.type === "card" && c.footer ? { footer: c.footer } : {}),
    ...(buttons.length
      ? {
          buttons: buttons.map((b) => ({
            type: b.type,
            title: b.title,
            // A quick reply always has the payload a tap comes back with.
            ...(b.type === "QUICK_REPLY" ? { id: uniqueId(b) } : {}),
            ...(b.type === "URL" && b.url ? { url: b.url } : {}),
            ...(b.type === "PHONE_NUMBER" && b.phone ? { phone: b.phone.replace(/[\s().-]/g, "") } : {}),
          })),
        }
      : {}),
  };
}

function apiContent(c: StoredContent | null): WhatsappContent | null {
  if (!c) return null;
  const type = (CONTENT_TYPES as readonly string[]).includes(c.type) ? (c.type as TemplateContentType) : "text";
  const base: WhatsappContent = { type, text: c.text ?? null, mediaUrl: c.mediaUrl ?? null, mediaCaption: c.mediaCaption ?? null };
  if (type === "text") return base;
  if (type === "media") return c.mediaLibraryId ? { ...base, mediaLibraryId: c.mediaLibraryId } : base;
  return {
    ...base,
    mediaLibraryId: c.mediaLibraryId ?? null,
    footer: c.footer ?? null,
    buttons: (c.buttons ?? []).map((b) => ({
      type: (BUTTON_TYPES as readonly string[]).includes(b.type) ? (b.type as TemplateButton["type"]) : "QUICK_REPLY",
      title: b.title,
      id: b.id ?? null,
      url: b.url ?? null,
      phone: b.phone ?? null,
    })),
  };
}

// Twilio fetches a template's media from the library without a session, at the review and at every
// send of the approved template, so this URL does not expire: it is signed (HMAC-SHA256, a key derived
// from ENCRYPTION_KEY) over the template and the file, and dies with either of them.
async function templateMediaSignature(env: Env, templateId: string, libraryId: string) {
  const key = await crypto.subtle.importKey("raw", new TextEncoder().encode(`template-media:${env.ENCRYPTION_KEY}`), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  return toHex(await crypto.subtle.sign("HMAC", key, new TextEncoder().encode(`${templateId}:${libraryId}`)));
}

export async function templateMediaUrl(env: Env, templateId: string, libraryId: string) {
  return `${env.PUBLIC_BASE_URL.replace(/\/$/, "")}/media/template/${templateId}?signature=${await templateMediaSignature(env, templateId, libraryId)}`;
}

// The library file behind a template's signed media URL, or null (bad signature, template or file gone).
export async function templateMediaFile(env: Env, db: Db, templateId: string, signature: string) {
  const template = await repo.findTemplate(db, templateId);
  const libraryId = template?.whatsappContent?.mediaLibraryId;
  if (!template || !libraryId) return null;
  if (!constantTimeEqual(await templateMediaSignature(env, templateId, libraryId), signature)) return null;
  return (await findLibraryItem(db, template.twilioAccountId, libraryId)) ?? null;
}

// A library file chosen for a template must be one of the template's account.
async function checkLibraryFile(db: Db, accountId: string, content: WhatsappContent) {
  if (!hasMediaHeader(content.type) || !content.mediaLibraryId) return;
  const item = await findLibraryItem(db, accountId, content.mediaLibraryId);
  if (!item) throw badRequest(TX.mediaLibraryMissing, [{ path: "whatsappContent.mediaLibraryId", message: TX.mediaLibraryMissing }]);
  if (!item.contentType.startsWith("image/") && item.contentType !== "application/pdf")
    throw badRequest(TX.mediaFileNotAllowed, [{ path: "whatsappContent.mediaLibraryId", message: TX.mediaFileNotAllowed }]);
}

// Where Twilio fetches the template's media: the library file's signed URL, or the URL given.
async function contentMediaUrl(env: Env, db: Db, t: repo.TemplateRow, content: WhatsappContent | null) {
  if (!content || !hasMediaHeader(content.type)) return null;
  if (content.mediaLibraryId) {
    if (!(await findLibraryItem(db, t.twilioAccountId, content.mediaLibraryId))) throw badRequest(TX.mediaLibraryMissing);
    return templateMediaUrl(env, t.id, content.mediaLibraryId);
  }
  return content.mediaUrl;
}

function contentButtons(content: WhatsappContent | null): ContentButton[] {
  return (content?.buttons ?? []).map((b) => ({ type: b.type, title: b.title, id: b.type === "QUICK_REPLY" ? buttonId(b) : null, url: b.url ?? null, phone: b.phone ?? null }));
}

export function toApiTemplate(t: repo.TemplateRow): ApiTemplate {
  const content = apiContent(t.whatsappContent);
  return {
    id: t.id,
    twilioAccountId: t.twilioAccountId,
    name: t.name,
    description: t.description,
    category: t.category,
    channel: t.channel,
    language: t.language,
    whatsappContent: content,
    variables: templateVariables(templateBody(content)),
    status: t.status,
    rejectionReason: t.rejectionReason,
    externalTemplateId: t.externalTemplateId,
    externalStatus: t.externalStatus,
    icon: t.icon,
    color: t.color,
    isActive: t.isActive,
    createdAt: t.createdAt.toISOString(),
    updatedAt: t.updatedAt.toISOString(),
    submittedAt: t.submittedAt?.toISOString() ?? null,
    lastSyncedAt: t.lastSyncedAt?.toISOString() ?? null,
  };
}

// The sid an approved internal template is sent with: Twilio's for a real account, a stable local one
// for a sandbox (which sends nothing to Twilio).
export function internalTemplateSid(t: Pick<repo.TemplateRow, "id" | "externalTemplateId">): string {
  return t.externalTemplateId ?? `HXint${t.id.replaceAll("-", "")}`;
}

export function templateRowBody(t: repo.TemplateRow): string {
  return templateBody(apiContent(t.whatsappContent));
}

export function toProviderTemplate(t: repo.TemplateRow): ProviderTemplate {
  const content = apiContent(t.whatsappContent);
  const body = templateBody(content);
  return {
    sid: internalTemplateSid(t),
    friendlyName: t.name,
    status: t.status,
    language: t.language,
    bodyText: body,
    variables: templateVariables(body),
    category: t.category,
    ...(content && content.type !== "text"
      ? {
          kind: content.type,
          media: content.mediaUrl ? [content.mediaUrl] : [],
          footer: content.footer ?? null,
          buttons: contentButtons(content),
        }
      : {}),
  };
}

// Approved internal templates, offered wherever provider templates are.
export async function approvedInternalTemplates(db: Db, account: AccountRow): Promise<ProviderTemplate[]> {
  const rows = await repo.listApprovedTemplates(db, account.id);
  // A real account's template needs its Twilio content; a sandbox one is usable as it is.
  return rows.filter((t) => account.sandbox || t.externalTemplateId).map(toProviderTemplate);
}

export async function listForActiveAccount(db: Db, active: ActiveAccount) {
  if (!active) return [];
  return (await repo.listTemplates(db, active.account.id)).map(toApiTemplate);
}

// A template the user may see (its account is one of theirs), else 404.
export async function getTemplateForUser(db: Db, user: SessionUser, id: string) {
  const found = await repo.findTemplateForUser(db, id, user);
  if (!found) throw notFound(TX.notFound);
  return found;
}

// What the form sets on a draft, when it is created and each time it is edited.
function draftFields(input: CreateInput | UpdateInput) {
  return {
    name: input.name,
    description: input.description,
    category: input.category,
    channel: input.channel,
    language: input.language,
    whatsappContent: storedContent(input.whatsappContent),
  };
}

export async function createTemplate(db: Db, user: SessionUser, active: ActiveAccount, input: CreateInput) {
  const requested = input.twilioAccountId === "missing" ? undefined : input.twilioAccountId;
  const account = await requireNamedOrActive(db, user, active, requested);
  await checkLibraryFile(db, account.id, input.whatsappContent);
  const row = await repo.insertTemplate(db, {
    userId: user.id,
    twilioAccountId: account.id,
    ...draftFields(input),
    status: "draft",
  });
  return toApiTemplate(row);
}

export async function updateTemplate(db: Db, user: SessionUser, id: string, input: UpdateInput) {
  const { template } = await getTemplateForUser(db, user, id);
  if (template.status !== "draft") throw conflict(TX.onlyDraftEdit);
  await checkLibraryFile(db, template.twilioAccountId, input.whatsappContent);
  const row = await repo.updateDraft(db, id, draftFields(input));
  if (!row) throw conflict(TX.onlyDraftEdit);
  return toApiTemplate(row);
}

async function credentials(env: Env, account: AccountRow): Promise<TwilioCredentials> {
  return { accountSid: account.accountSid, authToken: await accountAuthToken(env, account) };
}

// WhatsApp template names: lower-case letters, digits and underscores, unique per business account.
export function whatsappName(t: Pick<repo.TemplateRow, "id" | "name">): string {
  const slug = t.name
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "_")
    .replace(/^_+|_+$/g, "")
    .slice(0, 40);
  return `${slug || "template"}_${t.id.replaceAll("-", "").slice(0, 8)}`;
}

const SAMPLE_VALUES = ["Mario", "AgentBot", "10", "lunedì", "12:00"];
function variableSamples(body: string): Record<string, string> {
  return Object.fromEntries(templateVariables(body).map((n) => [n, SAMPLE_VALUES[Number(n) - 1] ?? `valore ${n}`]));
}

// Draft → pending. A real account creates the content at Twilio and asks WhatsApp to approve it;
// a sandbox account calls nothing and is approved by the next sync.
export async function submitTemplate(env: Env, db: Db, user: SessionUser, id: string, now = new Date()) {
  const { template, account } = await getTemplateForUser(db, user, id);
  if (template.status !== "draft") throw conflict(TX.onlyDraftSubmit);
  const claimed = await repo.claimDraftForSubmit(db, id, now);
  if (!claimed) throw conflict(TX.onlyDraftSubmit);
  if (account.sandbox) return toApiTemplate(claimed);

  const content = apiContent(claimed.whatsappContent);
  const body = templateBody(content);
  try {
    const mediaUrl = await contentMediaUrl(env, db, claimed, content);
    const creds = await credentials(env, account);
    // A content created by an earlier, interrupted submit is reused rather than duplicated.
    let sid = claimed.externalTemplateId;
    if (!sid) {
      sid = (
        await createContent(env, creds, {
          friendlyName: whatsappName(claimed),
          language: claimed.language,
          body,
          kind: content?.type ?? "text",
          mediaUrl,
          footer: content?.footer ?? null,
          buttons: contentButtons(content),
          variables: variableSamples(body),
        })
      ).sid;
      await repo.updateTemplate(db, id, { externalTemplateId: sid });
    }
    // SMS content needs no WhatsApp review: it can be used as soon as it exists.
    if (claimed.channel === "sms") {
      const row = await repo.updateTemplate(db, id, { status: "approved", externalStatus: "approved", lastSyncedAt: now });
      forgetProviderTemplates(account.id);
      return toApiTemplate(row!);
    }
    const approval = await requestWhatsAppApproval(env, creds, sid, {
      name: whatsappName(claimed),
      category: WHATSAPP_CATEGORY[claimed.category as TemplateCategory] ?? "MARKETING",
    });
    const row = await repo.updateTemplate(db, id, { externalStatus: approval.status });
    return toApiTemplate(row!);
  } catch (err) {
    await repo.updateTemplate(db, id, { status: "draft", submittedAt: null });
    if (err instanceof TwilioError) throw new HttpError(502, TX.twilioFailed(err.message));
    throw err;
  }
}

export async function deleteTemplate(env: Env, db: Db, user: SessionUser, id: string) {
  const { template, account } = await getTemplateForUser(db, user, id);
  if (!account.sandbox && template.externalTemplateId) {
    try {
      await deleteContent(env, await credentials(env, account), template.externalTemplateId);
    } catch (err) {
      if (err instanceof TwilioError) throw new HttpError(502, TX.twilioDeleteFailed(err.message));
      throw err;
    }
  }
  await repo.deleteTemplate(db, id);
  forgetProviderTemplates(account.id);
}

// One approval check for a pending template (the cron's template.sync job). Idempotent: a template
// that is no longer pending is left alone.
export async function syncApproval(env: Env, db: Db, templateId: string, now = new Date()) {
  const template = await repo.findTemplate(db, templateId);
  if (!template || template.status !== "pending") return;
  const account = await findAccount(db, template.twilioAccountId);
  if (!account) return;
  if (account.sandbox) {
    await repo.updatePending(db, templateId, { status: "approved", externalStatus: "approved", lastSyncedAt: now });
    forgetProviderTemplates(account.id);
    return;
  }
  if (!template.externalTemplateId) {
    // The submit stopped between claiming the draft and creating the content: give the draft back,
    // unless that submit may still be running.
    if (!template.submittedAt || now.getTime() - template.submittedAt.getTime() > 5 * 60_000) {
      await repo.updatePending(db, templateId, { status: "draft", submittedAt: null, rejectionReason: TX.submissionInterrupted, lastSyncedAt: now });
    }
    return;
  }
  let approval;
  try {
    approval = await fetchWhatsAppApproval(env, await credentials(env, account), template.externalTemplateId);
  } catch (err) {
    if (err instanceof TwilioError && err.httpStatus === 404) {
      await repo.updatePending(db, templateId, { status: "rejected", externalStatus: "deleted", rejectionReason: TX.contentMissingAtTwilio, lastSyncedAt: now });
      forgetProviderTemplates(account.id);
      return;
    }
    if (err instanceof TwilioError && !err.retryable) {
      console.warn("template sync: Twilio refused the check", templateId, err.message);
      await repo.updatePending(db, templateId, { lastSyncedAt: now });
      return;
    }
    throw err;
  }
  if (approval.status === "approved") {
    await repo.updatePending(db, templateId, { status: "approved", externalStatus: approval.status, rejectionReason: null, lastSyncedAt: now });
    forgetProviderTemplates(account.id);
  } else if (approval.status === "rejected" || approval.status === "disabled") {
    await repo.updatePending(db, templateId, {
      status: "rejected",
      externalStatus: approval.status,
      rejectionReason: approval.rejectionReason ?? TX.rejectedByWhatsapp,
      lastSyncedAt: now,
    });
    forgetProviderTemplates(account.id);
  } else {
    await repo.updatePending(db, templateId, { externalStatus: approval.status, lastSyncedAt: now });
  }
}

export async function dueTemplateSyncs(db: Db, now: Date, limit = 100) {
  return repo.pendingDueForSync(db, new Date(now.getTime() - 30_000), limit);
}

export type Channel = "whatsapp" | "sms";

// A conversation started with an SMS template is an SMS conversation: no "whatsapp:" prefix and no
// 24-hour window. Everything else is WhatsApp.
export async function conversationChannel(db: Db, accountId: string, templateSid: string | null): Promise<Channel> {
  return templateSid ? repo.channelOfSid(db, accountId, templateSid) : "whatsapp";
}
