import { IMAGE_MIME_TYPES, PHOTO_MAX_BYTES } from "@shared/constants";
import { T } from "@shared/strings";
import { CSV_TEXTS as UX } from "@shared/texts/csv";
import { badRequest, forbidden, HttpError, notFound } from "@worker/lib/http-error";
import { readLimited, readUpload, sniffType, UploadEmpty, UploadTooLarge, UploadWrongType } from "@worker/lib/upload-bytes";
import type { SessionUser } from "@worker/types";

// R2 keys: uploads/<userId>/<id> (private to the uploader until claimed),
// users/<userId>/<id> (profile photos), accounts/<accountId>/<id> (account photos).
export const OBJECT_URL_PREFIX = "/api/objects/";

const tooLarge = () => new HttpError(413, `${T.photoTooLargeTitle}: ${T.photoTooLarge}`);
const wrongType = () => new HttpError(415, `${T.photoInvalidFormatTitle}: ${T.photoInvalidFormat}`);

// The upload helpers' refusals as HTTP answers.
function asHttp(err: unknown): never {
  if (err instanceof UploadTooLarge) throw tooLarge();
  if (err instanceof UploadWrongType) throw wrongType();
  if (err instanceof UploadEmpty) throw badRequest(UX.fileEmpty);
  throw err;
}

// A photo body: refused from its declared length when that is already too much, else counted while it
// streams; its type is read from its bytes.
export async function readPhoto(body: ReadableStream<Uint8Array> | null, declaredLength: string | undefined) {
  if (declaredLength !== undefined && Number(declaredLength) > PHOTO_MAX_BYTES) throw tooLarge();
  return readUpload(body, { allowed: IMAGE_MIME_TYPES, maxBytes: PHOTO_MAX_BYTES }).catch(asHttp);
}

// A multipart form carrying a photo: the whole form is bounded while it streams (the photo plus room for
// the form's own headers), then the file's bytes are sniffed like a plain upload.
const FORM_OVERHEAD_BYTES = 64 * 1024;
export async function readPhotoForm(request: Request, field: string) {
  if (Number(request.headers.get("Content-Length") ?? 0) > PHOTO_MAX_BYTES + FORM_OVERHEAD_BYTES) throw tooLarge();
  const raw = await readLimited(request.body, PHOTO_MAX_BYTES + FORM_OVERHEAD_BYTES).catch(asHttp);
  const form = await new Response(raw, { headers: { "Content-Type": request.headers.get("Content-Type") ?? "" } }).formData().catch(() => {
    throw badRequest(UX.photoMultipartRequired);
  });
  const file = form.get(field);
  if (!(file instanceof File)) throw badRequest(UX.photoFieldRequired);
  if (file.size > PHOTO_MAX_BYTES) throw tooLarge();
  const bytes = new Uint8Array(await file.arrayBuffer());
  return { bytes, type: await sniffType(bytes, IMAGE_MIME_TYPES).catch(asHttp) };
}

export async function storeImage(env: Env, key: string, body: ArrayBuffer | Uint8Array, contentType: string) {
  await env.UPLOADS.put(key, body, { httpMetadata: { contentType } });
  return `${OBJECT_URL_PREFIX}${key}`;
}

// A photo replaced by another is deleted from R2 at once, when it is one of ours in the expected folder
// (an external https URL is not ours to delete).
export async function deleteReplacedObject(env: Env, previous: string | null | undefined, current: string, folder: string) {
  if (!previous || previous === current || !previous.startsWith(`${OBJECT_URL_PREFIX}${folder}`)) return;
  await env.UPLOADS.delete(previous.slice(OBJECT_URL_PREFIX.length));
}

// Uploads are private to their uploader until claimed (an account photo moves them); one never
// claimed within UNCLAIMED_UPLOAD_TTL_MS is deleted by the cron. Returns how many it deleted.
export const UNCLAIMED_UPLOAD_TTL_MS = 24 * 60 * 60 * 1000;
export async function purgeUnclaimedUploads(env: Env, now = new Date(), maxPages = 10) {
  const before = now.getTime() - UNCLAIMED_UPLOAD_TTL_MS;
  let cursor: string | undefined;
  let deleted = 0;
  for (let page = 0; page < maxPages; page++) {
    const listed = await env.UPLOADS.list({ prefix: "uploads/", cursor, limit: 1000 });
    const stale = listed.objects.filter((o) => o.uploaded.getTime() < before).map((o) => o.key);
    if (stale.length > 0) await env.UPLOADS.delete(stale);
    deleted += stale.length;
    if (!listed.truncated) break;
    cursor = listed.cursor;
  }
  return deleted;
}

export function newUploadUrl(user: SessionUser) {
  return `${OBJECT_URL_PREFIX}uploads/${user.id}/${crypto.randomUUID()}`;
}

// Moves an upload of this user into the account's folder and returns its public path.
export async function claimUploadForAccount(env: Env, user: SessionUser, uploadUrl: string, accountId: string) {
  const prefix = `${OBJECT_URL_PREFIX}uploads/${user.id}/`;
  const path = uploadUrl.startsWith("http") ? new URL(uploadUrl).pathname : uploadUrl;
  if (!path.startsWith(prefix)) throw badRequest(T.uploadNotFound);
  const objectId = path.slice(prefix.length);
  if (!/^[0-9a-f-]{36}$/.test(objectId)) throw badRequest(T.uploadNotFound);
  const source = await env.UPLOADS.get(`uploads/${user.id}/${objectId}`);
  if (!source) throw badRequest(T.uploadNotFound);
  const contentType = source.httpMetadata?.contentType ?? "application/octet-stream";
  const url = await storeImage(env, `accounts/${accountId}/${objectId}`, await source.arrayBuffer(), contentType);
  await env.UPLOADS.delete(`uploads/${user.id}/${objectId}`);
  return url;
}

export type ObjectScope = "uploads" | "users" | "accounts";

export function parseObjectKey(key: string): { scope: ObjectScope; owner: string } {
  const [scope, owner, file, ...rest] = key.split("/");
  if (!owner || !file || rest.length > 0 || !["uploads", "users", "accounts"].includes(scope!)) throw notFound();
  return { scope: scope as ObjectScope, owner };
}

export function assertUploadOwner(user: SessionUser, owner: string) {
  if (owner !== user.id) throw forbidden();
}
