import type { ProviderTemplate } from "@shared/sandbox-templates";
import { constantTimeEqual } from "../lib/crypto";

export interface TwilioCredentials {
  accountSid: string;
  authToken: string;
}

export interface SendRequest {
  from: string; // E.164
  to: string; // E.164
  channel: "whatsapp" | "sms";
  body?: string;
  contentSid?: string;
  contentVariables?: Record<string, string>;
  // Public URLs Twilio fetches the attachments from (ours are signed and expire).
  mediaUrls?: string[];
  statusCallback: string;
}

// A failed call to Twilio. retryable: the same request may succeed later (429, 5xx, time-outs).
export class TwilioError extends Error {
  constructor(
    message: string,
    readonly httpStatus: number | null,
    readonly code: string | null,
    readonly retryable: boolean,
  ) {
    super(message);
  }
}

const TIMEOUT_MS = 10_000;
// Twilio codes that are about load, not about the request: worth another try.
const RETRYABLE_CODES = new Set(["63018", "20429", "20500", "20503"]);

const address = (channel: SendRequest["channel"], phone: string) => (channel === "whatsapp" ? `whatsapp:${phone}` : phone);
const basicAuth = (c: TwilioCredentials) => `Basic ${btoa(`${c.accountSid}:${c.authToken}`)}`;

async function twilioFetch(url: string, creds: TwilioCredentials, init: RequestInit = {}): Promise<unknown> {
  let response: Response;
  try {
    response = await fetch(url, {
      ...init,
      headers: { Authorization: basicAuth(creds), Accept: "application/json", ...init.headers },
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch (err) {
    throw new TwilioError(`Twilio non raggiungibile: ${(err as Error).message}`, null, null, true);
  }
  const text = await response.text();
  let body: any = null;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    body = null;
  }
  if (!response.ok) {
    const code = body?.code !== undefined && body?.code !== null ? String(body.code) : null;
    const retryable = response.status === 429 || response.status >= 500 || (code !== null && RETRYABLE_CODES.has(code));
    throw new TwilioError(body?.message ?? `Twilio ha risposto ${response.status}`, response.status, code ?? (response.status === 429 ? "429" : null), retryable);
  }
  return body;
}

export async function sendMessage(env: Pick<Env, "TWILIO_API_BASE">, creds: TwilioCredentials, req: SendRequest) {
  const form = new URLSearchParams();
  form.set("From", address(req.channel, req.from));
  form.set("To", address(req.channel, req.to));
  // A template send carries ContentSid and ContentVariables and no Body.
  if (req.contentSid) {
    form.set("ContentSid", req.contentSid);
    form.set("ContentVariables", JSON.stringify(req.contentVariables ?? {}));
  } else {
    // A media message may go without a caption.
    if (req.body || !req.mediaUrls?.length) form.set("Body", req.body ?? "");
    for (const url of req.mediaUrls ?? []) form.append("MediaUrl", url);
  }
  form.set("StatusCallback", req.statusCallback);
  const body = (await twilioFetch(`${env.TWILIO_API_BASE}/2010-04-01/Accounts/${creds.accountSid}/Messages.json`, creds, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: form,
  })) as { sid?: string; status?: string };
  if (!body?.sid) throw new TwilioError("Risposta di Twilio senza sid", 200, null, false);
  return { sid: body.sid, status: body.status ?? "queued" };
}

// The account behind a SID and token (GET /2010-04-01/Accounts/{sid}.json): how a save checks them.
// Twilio answers 401 (code 20003) to a wrong token and 404 (20404) to an unknown SID.
export async function fetchAccount(env: Pick<Env, "TWILIO_API_BASE">, creds: TwilioCredentials) {
  const body = (await twilioFetch(`${env.TWILIO_API_BASE}/2010-04-01/Accounts/${encodeURIComponent(creds.accountSid)}.json`, creds)) as {
    sid?: string;
    status?: string;
    friendly_name?: string;
  } | null;
  return { sid: body?.sid ?? "", status: (body?.status ?? "").toLowerCase(), friendlyName: body?.friendly_name ?? "" };
}

export interface ListedMessage {
  sid: string;
  status: string;
  body: string;
  direction: string;
  dateCreated: Date;
}

// Messages from one number to another sent since the day before `since` (the Messages list filtered by
// To, From and DateSent), newest first: the first page is plenty to find a message of the last minutes.
export async function listSentMessages(
  env: Pick<Env, "TWILIO_API_BASE">,
  creds: TwilioCredentials,
  q: { from: string; to: string; channel: SendRequest["channel"]; since: Date },
): Promise<ListedMessage[]> {
  const url = new URL(`${env.TWILIO_API_BASE}/2010-04-01/Accounts/${creds.accountSid}/Messages.json`);
  url.searchParams.set("To", address(q.channel, q.to));
  url.searchParams.set("From", address(q.channel, q.from));
  // "DateSent>=YYYY-MM-DD": the API's key is `DateSent>`; a day earlier covers a send near midnight UTC.
  url.searchParams.set("DateSent>", new Date(q.since.getTime() - 86_400_000).toISOString().slice(0, 10));
  url.searchParams.set("PageSize", "50");
  const body = (await twilioFetch(url.toString(), creds)) as {
    messages?: { sid: string; status?: string; body?: string; direction?: string; date_created?: string }[];
  };
  return (body?.messages ?? []).map((m) => ({
    sid: m.sid,
    status: m.status ?? "queued",
    body: m.body ?? "",
    direction: m.direction ?? "",
    dateCreated: new Date(m.date_created ?? 0),
  }));
}

interface ContentAndApprovals {
  contents?: {
    sid: string;
    friendly_name: string;
    language: string;
    variables?: Record<string, string>;
    types?: Record<string, ContentType>;
    approval_requests?: { status?: string; category?: string };
  }[];
  meta?: { next_page_url?: string | null };
}

const MAX_TEMPLATE_PAGES = 20;

// Every page of the Content API's templates with their WhatsApp approval status.
export async function listContentTemplates(env: Pick<Env, "TWILIO_CONTENT_BASE">, creds: TwilioCredentials): Promise<ProviderTemplate[]> {
  const templates: ProviderTemplate[] = [];
  let url: string | null | undefined = `${env.TWILIO_CONTENT_BASE}/v1/ContentAndApprovals?PageSize=100`;
  for (let page = 0; url && page < MAX_TEMPLATE_PAGES; page++) {
    const body = (await twilioFetch(url, creds)) as ContentAndApprovals;
    for (const c of body.contents ?? []) {
      templates.push({
        sid: c.sid,
        friendlyName: c.friendly_name,
        status: (c.approval_requests?.status ?? "unsubmitted").toLowerCase(),
        language: c.language ?? "it",
        variables: Object.keys(c.variables ?? {}),
        category: c.approval_requests?.category?.toLowerCase() ?? null,
        ...readContentTypes(c.types),
      });
    }
    url = body.meta?.next_page_url;
  }
  return templates;
}

// The HMAC key of each auth token this isolate checked lately: importing it costs more than the HMAC.
const HMAC_KEYS_MAX = 100;
const hmacKeys = new Map<string, Promise<CryptoKey>>();
function hmacKey(authToken: string) {
  let key = hmacKeys.get(authToken);
  if (!key) {
    if (hmacKeys.size >= HMAC_KEYS_MAX) hmacKeys.clear();
    key = crypto.subtle.importKey("raw", new TextEncoder().encode(authToken), { name: "HMAC", hash: "SHA-1" }, false, ["sign"]);
    hmacKeys.set(authToken, key);
    key.catch(() => hmacKeys.delete(authToken));
  }
  return key;
}

// X-Twilio-Signature: base64 HMAC-SHA1 of the URL Twilio called plus each POST parameter
// (sorted by name) as name+value, keyed with the account's auth token.
export async function computeSignature(authToken: string, url: string, params: Record<string, string>) {
  const data = url + Object.keys(params).sort().map((k) => k + params[k]).join("");
  const key = await hmacKey(authToken);
  const mac = await crypto.subtle.sign("HMAC", key, new TextEncoder().encode(data));
  let s = "";
  for (const b of new Uint8Array(mac)) s += String.fromCharCode(b);
  return btoa(s);
}

export async function validSignature(authToken: string, url: string, params: Record<string, string>, signature: string | undefined) {
  if (!signature) return false;
  return constantTimeEqual(await computeSignature(authToken, url, params), signature);
}

// One entry of a Content's `types`, as the Content API defines them (twilio-node's
// rest/content/v1/content.d.ts: TwilioText, TwilioMedia, TwilioQuickReply, TwilioCallToAction, TwilioCard).
interface ContentAction {
  type?: string;
  title?: string;
  id?: string;
  url?: string;
  phone?: string;
}
interface ContentType {
  body?: string;
  title?: string;
  subtitle?: string;
  media?: string[];
  actions?: ContentAction[];
}

export type ContentKind = "text" | "media" | "quick-reply" | "call-to-action" | "card";
// The richest type first: a content may carry twilio/text as the fallback of another type.
const KIND_ORDER: ContentKind[] = ["card", "call-to-action", "quick-reply", "media", "text"];

export interface ContentButton {
  type: "QUICK_REPLY" | "URL" | "PHONE_NUMBER";
  title: string;
  id: string | null;
  url: string | null;
  phone: string | null;
}

// A content's body, media, footer and buttons, read back from its `types`.
export function readContentTypes(types: Record<string, ContentType> | undefined) {
  const kind = KIND_ORDER.find((k) => types?.[`twilio/${k}`]);
  const type: ContentType | undefined = kind ? types![`twilio/${kind}`] : types ? Object.values(types)[0] : undefined;
  const buttons: ContentButton[] = (type?.actions ?? []).map((a) => ({
    type: a.type === "URL" || a.type === "PHONE_NUMBER" ? a.type : "QUICK_REPLY",
    title: a.title ?? "",
    id: a.id ?? null,
    url: a.url ?? null,
    phone: a.phone ?? null,
  }));
  // A card's text is its title (WhatsApp shows it as the message body) or, newer, its body.
  const bodyText = (kind === "card" ? (type?.title ?? type?.body) : type?.body) ?? "";
  // A text template reads as it always has; the other kinds add what they show.
  if (!kind || kind === "text") return { bodyText };
  return { bodyText, kind, media: type?.media ?? [], footer: kind === "card" ? (type?.subtitle ?? null) : null, buttons };
}

// Content API: creating a template, asking WhatsApp to approve it, reading the verdict, deleting it.
export interface NewContent {
  friendlyName: string;
  language: string;
  body: string;
  // The Content API type; twilio/media when only mediaUrl is given, else twilio/text.
  kind?: ContentKind;
  mediaUrl?: string | null;
  footer?: string | null;
  buttons?: ContentButton[];
  // Sample values for each numbered variable; WhatsApp reviews the template with them.
  variables: Record<string, string>;
}

function action(b: ContentButton): ContentAction {
  if (b.type === "URL") return { type: "URL", title: b.title, url: b.url ?? "" };
  if (b.type === "PHONE_NUMBER") return { type: "PHONE_NUMBER", title: b.title, phone: b.phone ?? "" };
  return { type: "QUICK_REPLY", title: b.title, id: b.id ?? b.title };
}

// The `types` object of a Content create request for each kind.
export function contentTypes(content: Omit<NewContent, "friendlyName" | "language" | "variables">): Record<string, ContentType> {
  const kind = content.kind ?? (content.mediaUrl ? "media" : "text");
  const media = content.mediaUrl ? [content.mediaUrl] : undefined;
  const buttons = content.buttons ?? [];
  switch (kind) {
    case "media":
      return { "twilio/media": { body: content.body, media: media ?? [] } };
    case "quick-reply":
      return { "twilio/quick-reply": { body: content.body, actions: buttons.map((b) => ({ title: b.title, id: b.id ?? b.title })) } };
    case "call-to-action":
      return { "twilio/call-to-action": { body: content.body, actions: buttons.map(action) } };
    case "card":
      return {
        "twilio/card": {
          title: content.body,
          ...(content.footer ? { subtitle: content.footer } : {}),
          ...(media ? { media } : {}),
          ...(buttons.length ? { actions: buttons.map(action) } : {}),
        },
      };
    default:
      return { "twilio/text": { body: content.body } };
  }
}

export async function createContent(env: Pick<Env, "TWILIO_CONTENT_BASE">, creds: TwilioCredentials, content: NewContent) {
  const types = contentTypes(content);
  const body = (await twilioFetch(`${env.TWILIO_CONTENT_BASE}/v1/Content`, creds, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ friendly_name: content.friendlyName, language: content.language, variables: content.variables, types }),
  })) as { sid?: string };
  if (!body?.sid) throw new TwilioError("Risposta di Twilio senza sid", 200, null, false);
  return { sid: body.sid };
}

export async function requestWhatsAppApproval(
  env: Pick<Env, "TWILIO_CONTENT_BASE">,
  creds: TwilioCredentials,
  contentSid: string,
  request: { name: string; category: "MARKETING" | "UTILITY" },
) {
  const body = (await twilioFetch(`${env.TWILIO_CONTENT_BASE}/v1/Content/${encodeURIComponent(contentSid)}/ApprovalRequests/whatsapp`, creds, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ name: request.name, category: request.category }),
  })) as { status?: string } | null;
  return { status: (body?.status ?? "received").toLowerCase() };
}

export interface ApprovalStatus {
  // received, pending, approved, rejected, paused, disabled, or unsubmitted when WhatsApp has no request.
  status: string;
  rejectionReason: string | null;
}

export async function fetchWhatsAppApproval(env: Pick<Env, "TWILIO_CONTENT_BASE">, creds: TwilioCredentials, contentSid: string): Promise<ApprovalStatus> {
  const body = (await twilioFetch(`${env.TWILIO_CONTENT_BASE}/v1/Content/${encodeURIComponent(contentSid)}/ApprovalRequests`, creds)) as {
    whatsapp?: { status?: string; rejection_reason?: string | null } | null;
  } | null;
  const whatsapp = body?.whatsapp;
  return {
    status: (whatsapp?.status ?? "unsubmitted").toLowerCase(),
    rejectionReason: whatsapp?.rejection_reason ? String(whatsapp.rejection_reason) : null,
  };
}

// Deleting content that is already gone is not an error.
export async function deleteContent(env: Pick<Env, "TWILIO_CONTENT_BASE">, creds: TwilioCredentials, contentSid: string) {
  try {
    await twilioFetch(`${env.TWILIO_CONTENT_BASE}/v1/Content/${encodeURIComponent(contentSid)}`, creds, { method: "DELETE" });
  } catch (err) {
    if (err instanceof TwilioError && err.httpStatus === 404) return;
    throw err;
  }
}

const MEDIA_TIMEOUT_MS = 60_000;
const MAX_MEDIA_REDIRECTS = 3;

// An inbound attachment (a webhook's MediaUrl{i}). Twilio's media URLs need HTTP Basic auth when the
// account protects media, and redirect to a CDN: the credentials go only to Twilio's API host, never
// to the host it redirects to. Only URLs on that host are fetched, whatever a webhook says. The body is
// left unread for the caller to stream.
export async function fetchMedia(env: Pick<Env, "TWILIO_API_BASE">, creds: TwilioCredentials, mediaUrl: string): Promise<Response> {
  const apiOrigin = new URL(env.TWILIO_API_BASE).origin;
  let url = new URL(mediaUrl);
  if (url.origin !== apiOrigin) throw new TwilioError(`URL del file non di Twilio: ${url.host}`, null, null, false);
  for (let hop = 0; hop <= MAX_MEDIA_REDIRECTS; hop++) {
    let response: Response;
    try {
      response = await fetch(url, {
        headers: url.origin === apiOrigin ? { Authorization: basicAuth(creds) } : {},
        redirect: "manual",
        signal: AbortSignal.timeout(MEDIA_TIMEOUT_MS),
      });
    } catch (err) {
      throw new TwilioError(`Twilio non raggiungibile: ${(err as Error).message}`, null, null, true);
    }
    const location = response.headers.get("Location");
    if (response.status >= 300 && response.status < 400 && location) {
      await response.body?.cancel();
      url = new URL(location, url);
      continue;
    }
    if (!response.ok) {
      await response.body?.cancel();
      throw new TwilioError(`Twilio ha risposto ${response.status}`, response.status, null, response.status === 429 || response.status >= 500);
    }
    return response;
  }
  throw new TwilioError("Troppi reindirizzamenti per il file", null, null, false);
}
