import { type ApiMedia, DEFAULT_TRANSCRIPTION_MODEL, extensionFor, MAX_INBOUND_MEDIA, MEDIA_URL_PREFIX, type MediaSettings, type MessageButton, type MessageLocation, mediaKind, transcriptionCost } from "@shared/media";
import { MEDIA_TEXTS as MX } from "@shared/texts/media";
import { formatCost } from "@shared/models";
import type { ApiMessage } from "@shared/schemas/conversations";
import type { Db } from "@worker/db/client";
import { constantTimeEqual, toHex } from "@worker/lib/crypto";
import { isOffline, ModelProviderError, transcribeAudio } from "@worker/providers/openai";
import { fetchMedia, TwilioError } from "@worker/providers/twilio";
import { type AccountRow, findAccount } from "../accounts/repo";
import { accountAuthToken } from "../accounts/service";
import * as conversations from "../conversations/repo";
import { publish, toApiMessage } from "../conversations/service";
import { insertUsage } from "../usage/repo";
import { checkBudget } from "../usage/service";
import { checkMedia, putStream } from "./bytes";
import * as repo from "./repo";

// The simulator's attachments live in R2 under sim/<accountId>/; a sandbox MediaUrl names one.
export const SANDBOX_MEDIA_SCHEME = "sandbox-media:";
// How long Twilio may take to fetch an outbound attachment from its signed URL.
export const SIGNED_URL_TTL_MS = 60 * 60 * 1000;

export interface InboundExtras {
  media: { url: string; contentType: string }[];
  location: MessageLocation | null;
  button: MessageButton | null;
}

// What a Twilio message webhook carries besides Body: NumMedia/MediaUrl{i}/MediaContentType{i} (at most
// 10), a shared location, and a tapped quick-reply button.
export function parseInboundExtras(params: Record<string, string>): InboundExtras {
  const count = Math.min(MAX_INBOUND_MEDIA, Math.max(0, Number.parseInt(params.NumMedia ?? "0", 10) || 0));
  const media: InboundExtras["media"] = [];
  for (let i = 0; i < count; i++) {
    const url = params[`MediaUrl${i}`];
    if (url) media.push({ url, contentType: params[`MediaContentType${i}`] || "application/octet-stream" });
  }
  const latitude = Number.parseFloat(params.Latitude ?? "");
  const longitude = Number.parseFloat(params.Longitude ?? "");
  const location =
    Number.isFinite(latitude) && Number.isFinite(longitude) && Math.abs(latitude) <= 90 && Math.abs(longitude) <= 180
      ? { latitude, longitude, address: params.Address?.trim() || null, label: params.Label?.trim() || null }
      : null;
  const buttonText = params.ButtonText?.trim() || params.ButtonPayload?.trim();
  const button = buttonText ? { text: buttonText.slice(0, 256), payload: params.ButtonPayload?.slice(0, 256) || null } : null;
  return { media, location, button };
}

// The chat list's preview of a message without text.
export function previewOf(extras: InboundExtras) {
  const kinds = extras.media.map((m) => mediaKind(m.contentType));
  if (kinds.includes("audio")) return `🎤 ${MX.voiceNote}`;
  if (kinds.includes("image")) return `📷 ${MX.photo}`;
  if (kinds.includes("video")) return `🎬 ${MX.video}`;
  if (extras.media.length > 0) return `📄 ${MX.document}`;
  if (extras.location) return `📍 ${extras.location.label ?? extras.location.address ?? MX.location}`;
  if (extras.button) return extras.button.text;
  return null;
}

// Records what an inbound message carries besides its text, once per message, and queues the fetch of
// its attachments (outside the webhook's answer). Safe to repeat for a replayed MessageSid.
export async function recordInboundExtras(env: Env, db: Db, accountId: string, sid: string, body: string, extras: InboundExtras) {
  if (extras.media.length === 0 && !extras.location && !extras.button) return;
  const message = await conversations.findMessageBySid(db, sid);
  if (!message || message.sender !== "customer") return;
  await conversations.updateMessage(db, message.id, { location: extras.location, button: extras.button });
  await repo.insertMedia(
    db,
    extras.media.map((m, position) => ({
      messageId: message.id,
      conversationId: message.conversationId,
      twilioAccountId: accountId,
      position,
      sourceUrl: m.url,
      contentType: m.contentType,
      createdAt: message.createdAt,
    })),
  );
  const preview = body.trim() ? null : previewOf(extras);
  if (preview) {
    const [latest] = await conversations.lastMessages(db, message.conversationId, 1);
    if (latest?.id === message.id) await conversations.updateConversation(db, message.conversationId, { lastMessage: preview });
  }
  if (extras.media.length > 0) {
    await env.JOBS.send({ kind: "media.fetch", messageId: message.id, conversationId: message.conversationId, idempotencyKey: `media.fetch:${message.id}` });
  }
  await publishMessage(env, db, message.id);
}

export function toApiMedia(row: repo.EmbeddedMedia): ApiMedia {
  return {
    id: row.id,
    url: row.status === "stored" ? `${MEDIA_URL_PREFIX}${row.id}` : null,
    contentType: row.contentType,
    size: row.size,
    fileName: row.fileName,
    status: row.status,
    failureReason: row.failureReason,
    ...(mediaKind(row.contentType) === "audio" ? { transcript: row.transcript } : {}),
  };
}

// Adds each message's attachments (one query for the page).
export async function withMedia(db: Db, conversationId: string, messages: ApiMessage[]): Promise<ApiMessage[]> {
  const rows = await repo.mediaOfMessages(
    db,
    conversationId,
    messages.map((m) => m.id),
  );
  const byMessage = new Map<string, ApiMedia[]>();
  for (const row of rows) byMessage.set(row.messageId, [...(byMessage.get(row.messageId) ?? []), toApiMedia(row)]);
  return messages.map((m) => ({ ...m, media: byMessage.get(m.id) ?? [] }));
}

// A page of messages read with their attachments embedded (repo.mediaJsonColumn).
export function withEmbeddedMedia(rows: (conversations.ApiMessageRow & { mediaJson: string | null })[]): ApiMessage[] {
  return rows.map((row) => {
    // toApiMessage picks its fields, so the row goes in whole (no copy of a page's rows without mediaJson).
    const message = toApiMessage(row);
    const media = row.mediaJson ? (JSON.parse(row.mediaJson) as repo.EmbeddedMedia[]).sort((a, b) => a.position - b.position) : [];
    message.media = media.map(toApiMedia);
    return message;
  });
}

// Pushes the message again, now with its attachments, to the consoles that have it open.
export async function publishMessage(env: Env, db: Db, messageId: string) {
  const message = await conversations.findMessage(db, messageId);
  if (!message) return;
  const [withAttachments] = await withMedia(db, message.conversationId, [toApiMessage(message)]);
  await publish(env, message.conversationId, { type: "message", message: withAttachments! });
}

export async function mediaSettings(db: Db, accountId: string): Promise<MediaSettings> {
  const row = await repo.findSettings(db, accountId);
  return { voiceAi: row?.voiceAi ?? true, visionAi: row?.visionAi ?? true, transcriptionModel: row?.transcriptionModel ?? DEFAULT_TRANSCRIPTION_MODEL };
}

const mediaKey = (row: Pick<repo.MediaRow, "twilioAccountId" | "conversationId" | "id">) => `media/${row.twilioAccountId}/${row.conversationId}/${row.id}`;

function fileNameFrom(disposition: string | null, row: repo.MediaRow) {
  const match = disposition?.match(/filename\*?=(?:UTF-8'')?"?([^";]+)"?/i);
  let name: string | null = null;
  if (match) {
    try {
      name = decodeURIComponent(match[1]!);
    } catch {
      name = match[1]!;
    }
  }
  const kind = mediaKind(row.contentType) ?? "file";
  return (name?.replace(/[\\/\r\n]/g, "_").slice(0, 200) || `${kind}-${row.position + 1}.${extensionFor(row.contentType)}`).trim();
}

// The bytes of one inbound attachment: from Twilio with the account's credentials, or, for a sandbox
// account, from the simulator's own upload in R2.
async function openSource(env: Env, account: AccountRow, row: repo.MediaRow): Promise<{ body: ReadableStream<Uint8Array>; size: number | null; disposition: string | null }> {
  const url = row.sourceUrl ?? "";
  if (url.startsWith(SANDBOX_MEDIA_SCHEME)) {
    const key = url.slice(SANDBOX_MEDIA_SCHEME.length);
    if (!account.sandbox || !key.startsWith(`sim/${account.id}/`)) throw new TwilioError(MX.fetchFailed(403), 403, null, false);
    const object = await env.UPLOADS.get(key);
    if (!object) throw new TwilioError(MX.fetchFailed(404), 404, null, false);
    return { body: object.body, size: object.size, disposition: object.customMetadata?.fileName ? `attachment; filename="${object.customMetadata.fileName}"` : null };
  }
  const response = await fetchMedia(env, { accountSid: account.accountSid, authToken: await accountAuthToken(env, account) }, url);
  const length = response.headers.get("Content-Length");
  return { body: response.body!, size: length === null ? null : Number(length), disposition: response.headers.get("Content-Disposition") };
}

// The media.fetch job: each pending attachment of the message is streamed into R2 (checked against
// WhatsApp's limits and its own bytes) or kept as failed with the reason; then voice notes are transcribed.
// Twilio's 429/5xx and time-outs throw, so the queue retries; the dead-letter path marks what is left failed.
export async function runMediaFetch(env: Env, db: Db, job: { messageId: string }) {
  const rows = await repo.mediaOfMessage(db, job.messageId);
  const account = rows[0] && (await findAccount(db, rows[0].twilioAccountId));
  if (!account) return;
  for (const row of rows) {
    if (row.status !== "pending") continue;
    let source;
    try {
      source = await openSource(env, account, row);
    } catch (err) {
      if (err instanceof TwilioError && !err.retryable) {
        await repo.updateMedia(db, row.id, { status: "failed", failureReason: err.httpStatus ? MX.fetchFailed(err.httpStatus) : err.message });
        continue;
      }
      throw err;
    }
    const checked = await checkMedia(source.body, row.contentType, source.size);
    if (!checked.ok) {
      await repo.updateMedia(db, row.id, { status: "failed", failureReason: checked.reason, size: source.size });
      continue;
    }
    const fileName = fileNameFrom(source.disposition, row);
    const key = mediaKey(row);
    try {
      await putStream(env.UPLOADS, key, checked, fileName);
    } catch (err) {
      await repo.updateMedia(db, row.id, { status: "failed", failureReason: (err as Error).message.slice(0, 300), size: source.size });
      continue;
    }
    await repo.updateMedia(db, row.id, { status: "stored", r2Key: key, size: checked.size, contentType: checked.contentType, fileName, failureReason: null });
  }
  await transcribeVoiceNotes(env, db, account, job.messageId);
  await publishMessage(env, db, job.messageId);
}

// After the retries: what never arrived is marked failed, so the chat and the agent can say so.
export async function giveUpMediaFetch(env: Env, db: Db, job: { messageId: string }) {
  for (const row of await repo.mediaOfMessage(db, job.messageId)) {
    if (row.status === "pending") await repo.updateMedia(db, row.id, { status: "failed", failureReason: MX.fetchFailed("nessuna risposta dopo i tentativi") });
  }
  await publishMessage(env, db, job.messageId);
}

// Voice AI: each stored voice note of the message gets a transcript (model a setting, language it), and
// the call is recorded in usage as `transcription`, priced per minute of audio. Off, offline (no
// OPENAI_API_KEY) or at the budget cap, nothing is transcribed and the agent is told a voice note arrived.
async function transcribeVoiceNotes(env: Env, db: Db, account: AccountRow, messageId: string) {
  const rows = (await repo.mediaOfMessage(db, messageId)).filter((r) => r.status === "stored" && r.transcript === null && mediaKind(r.contentType) === "audio");
  if (rows.length === 0 || isOffline(env)) return;
  const settings = await mediaSettings(db, account.id);
  if (!settings.voiceAi || !(await checkBudget(db, account.id)).allowed) return;
  for (const row of rows) {
    const object = await env.UPLOADS.get(row.r2Key!);
    if (!object) continue;
    let result;
    try {
      result = await transcribeAudio(env, {
        model: settings.transcriptionModel,
        audio: new Blob([await object.arrayBuffer()], { type: row.contentType }),
        fileName: row.fileName ?? `audio.${extensionFor(row.contentType)}`,
        language: "it",
      });
    } catch (err) {
      // A provider that refuses the request will refuse it again; a failure for the moment is retried.
      if (err instanceof ModelProviderError && err.status !== undefined && err.status !== 429 && err.status < 500) {
        console.warn("transcription refused", row.id, err.message);
        continue;
      }
      throw err;
    }
    await repo.updateMedia(db, row.id, { transcript: result.text });
    const cost = formatCost(transcriptionCost(result.model, result.seconds));
    await insertUsage(db, {
      userId: account.userId,
      twilioAccountId: account.id,
      conversationId: row.conversationId,
      messageId: row.messageId,
      model: result.model,
      operationType: "transcription",
      promptCost: cost,
      totalCost: cost,
      requestDuration: result.durationMs,
      metadata: { audioSeconds: Math.round(result.seconds * 10) / 10 },
    });
  }
}

async function hmacHex(secret: string, data: string) {
  const key = await crypto.subtle.importKey("raw", new TextEncoder().encode(`media-url:${secret}`), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  return toHex(await crypto.subtle.sign("HMAC", key, new TextEncoder().encode(data)));
}

// Twilio fetches an outbound attachment without a session: a URL on our own origin, signed with a key
// derived from ENCRYPTION_KEY, that expires.
export async function signedMediaUrl(env: Env, mediaId: string, now = Date.now()) {
  const expires = now + SIGNED_URL_TTL_MS;
  const signature = await hmacHex(env.ENCRYPTION_KEY, `${mediaId}:${expires}`);
  return `${env.PUBLIC_BASE_URL.replace(/\/$/, "")}/media/${mediaId}?expires=${expires}&signature=${signature}`;
}

export async function validMediaSignature(env: Env, mediaId: string, expires: number, signature: string, now = Date.now()) {
  if (expires < now || expires > now + SIGNED_URL_TTL_MS) return false;
  return constantTimeEqual(await hmacHex(env.ENCRYPTION_KEY, `${mediaId}:${expires}`), signature);
}

// The signed URLs of an outbound message's attachments, for the Messages API's MediaUrl.
export async function outboundMediaUrls(env: Env, db: Db, messageId: string) {
  const rows = await repo.mediaOfMessage(db, messageId);
  return Promise.all(rows.filter((r) => r.status === "stored").map((r) => signedMediaUrl(env, r.id)));
}

// One plain byte range (what audio and video players ask for); anything else is ignored and the whole
// file is served, and a range past the end is unsatisfiable (416), never a server error.
async function byteRange(env: Env, key: string, header: string | null) {
  const m = /^bytes=(\d{0,15})-(\d{0,15})$/.exec(header ?? "");
  if (!m || (!m[1] && !m[2])) return null;
  const head = await env.UPLOADS.head(key);
  if (!head) return null;
  const size = head.size;
  if (!m[1]) {
    const suffix = Math.min(Number(m[2]), size);
    return suffix === 0 ? ("unsatisfiable" as const) : { offset: size - suffix, length: suffix, size };
  }
  const offset = Number(m[1]);
  if (offset >= size) return "unsatisfiable" as const;
  const end = m[2] ? Math.min(Number(m[2]), size - 1) : size - 1;
  return end < offset ? null : { offset, length: end - offset + 1, size };
}

// An attachment's bytes as a response: the stored type, inline for what a browser shows and as a
// download for documents, never sniffed, cached privately; byte ranges for the audio and video players.
export async function mediaResponse(env: Env, row: repo.MediaRow, request: Request, cacheControl: string) {
  if (row.status !== "stored" || !row.r2Key) return null;
  const range = await byteRange(env, row.r2Key, request.headers.get("Range"));
  if (range === "unsatisfiable") return new Response(null, { status: 416, headers: { "X-Content-Type-Options": "nosniff" } });
  const object = await env.UPLOADS.get(row.r2Key, range ? { range: { offset: range.offset, length: range.length } } : undefined);
  if (!object) return null;
  const kind = mediaKind(row.contentType);
  const name = row.fileName ?? `file.${extensionFor(row.contentType)}`;
  const asciiName = name.replace(/[^\x20-\x7e]|["\\]/g, "_");
  const headers = new Headers({
    "Content-Type": row.contentType,
    "Content-Disposition": `${kind === "document" ? "attachment" : "inline"}; filename="${asciiName}"; filename*=UTF-8''${encodeURIComponent(name)}`,
    "X-Content-Type-Options": "nosniff",
    "Cache-Control": cacheControl,
    "Accept-Ranges": "bytes",
    ETag: object.httpEtag,
  });
  if (range) {
    headers.set("Content-Range", `bytes ${range.offset}-${range.offset + range.length - 1}/${range.size}`);
    headers.set("Content-Length", String(range.length));
    return new Response((object as R2ObjectBody).body, { status: 206, headers });
  }
  headers.set("Content-Length", String(object.size));
  return new Response((object as R2ObjectBody).body, { status: 200, headers });
}
