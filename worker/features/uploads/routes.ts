import { Hono } from "hono";
import { tryDecodeURIComponent } from "hono/utils/url";
import { z } from "zod";
import { PHOTO_MAX_BYTES } from "../../../src/shared/constants";
import { T } from "../../../src/shared/strings";
import { badRequest, notFound } from "../../lib/http-error";
import { validate } from "../../lib/validate";
import type { AppEnv } from "../../types";
import { shareAnAccount } from "../accounts/repo";
import { getAccessibleAccount } from "../accounts/service";
import { currentUser } from "../auth/middleware";
import { setProfileImage } from "../auth/repo";
import { assertUploadOwner, checkImage, newUploadUrl, OBJECT_URL_PREFIX, parseObjectKey, storeImage } from "./service";

const uploadParams = z.object({
  owner: z.string().min(1).max(64),
  file: z.string().regex(/^[0-9a-f-]{36}$/, "Identificativo del file non valido"),
});

// Refuse an oversized body from its declared length before reading it.
function declaredTooLarge(header: string | undefined) {
  return header !== undefined && Number(header) > PHOTO_MAX_BYTES + 64 * 1024;
}

export const objectRoutes = new Hono<AppEnv>()
  .post("/upload", (c) => c.json({ uploadURL: newUploadUrl(currentUser(c)) }, 200))
  .put("/uploads/:owner/:file", validate("param", uploadParams), async (c) => {
    const user = currentUser(c);
    const { owner, file } = c.req.valid("param");
    assertUploadOwner(user, owner);
    if (declaredTooLarge(c.req.header("Content-Length"))) throw badRequest(`${T.photoTooLargeTitle}: ${T.photoTooLarge}`);
    const body = await c.req.arrayBuffer();
    const type = checkImage(c.req.header("Content-Type"), body.byteLength);
    const objectPath = await storeImage(c.env, `uploads/${owner}/${file}`, body, type);
    return c.json({ objectPath }, 200);
  })
  .get("/*", async (c) => {
    const user = currentUser(c);
    // A malformed escape (%ZZ) is kept as it is and names no object, instead of throwing.
    const key = tryDecodeURIComponent(new URL(c.req.url).pathname.slice(OBJECT_URL_PREFIX.length));
    const { scope, owner } = parseObjectKey(key);
    if (scope === "uploads" && owner !== user.id) throw notFound();
    if (scope === "accounts") await getAccessibleAccount(c.var.db, user, owner);
    // A profile photo: its user, the users of an account they share, and super admins.
    if (scope === "users" && owner !== user.id && user.role !== "super_admin" && !(await shareAnAccount(c.var.db, user.id, owner))) throw notFound();
    const object = await c.env.UPLOADS.get(key);
    if (!object) throw notFound();
    return new Response(object.body, {
      headers: {
        "Content-Type": object.httpMetadata?.contentType ?? "application/octet-stream",
        "Cache-Control": "private, max-age=3600",
        "X-Content-Type-Options": "nosniff",
      },
    });
  });

export const userRoutes = new Hono<AppEnv>().put("/profile-photo", async (c) => {
  const user = currentUser(c);
  if (declaredTooLarge(c.req.header("Content-Length"))) throw badRequest(`${T.photoTooLargeTitle}: ${T.photoTooLarge}`);
  const form = await c.req.parseBody().catch(() => {
    throw badRequest("Invia la foto come multipart/form-data nel campo profilePhoto");
  });
  const file = form["profilePhoto"];
  if (!(file instanceof File)) throw badRequest("Invia la foto nel campo profilePhoto");
  const type = checkImage(file.type, file.size);
  const url = await storeImage(c.env, `users/${user.id}/${crypto.randomUUID()}`, await file.arrayBuffer(), type);
  await setProfileImage(c.var.db, user.id, url);
  return c.json({ profileImageUrl: url }, 200);
});
