import { IMAGE_MIME_TYPES, PHOTO_MAX_BYTES } from "../../../src/shared/constants";
import { T } from "../../../src/shared/strings";
import { badRequest, forbidden, notFound } from "../../lib/http-error";
import type { SessionUser } from "../../types";

// R2 keys: uploads/<userId>/<id> (private to the uploader until claimed),
// users/<userId>/<id> (profile photos), accounts/<accountId>/<id> (account photos).
export const OBJECT_URL_PREFIX = "/api/objects/";

export function checkImage(contentType: string | undefined, size: number) {
  const type = (contentType ?? "").split(";")[0]!.trim().toLowerCase();
  if (!(IMAGE_MIME_TYPES as readonly string[]).includes(type)) {
    throw badRequest(`${T.photoInvalidFormatTitle}: ${T.photoInvalidFormat}`);
  }
  if (size > PHOTO_MAX_BYTES) throw badRequest(`${T.photoTooLargeTitle}: ${T.photoTooLarge}`);
  if (size === 0) throw badRequest("Il file è vuoto");
  return type;
}

export async function storeImage(env: Env, key: string, body: ArrayBuffer, contentType: string) {
  await env.UPLOADS.put(key, body, { httpMetadata: { contentType } });
  return `${OBJECT_URL_PREFIX}${key}`;
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
