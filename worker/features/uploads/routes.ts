import { Hono } from "hono";
import { tryDecodeURIComponent } from "hono/utils/url";
import { z } from "zod";
import { CSV_TEXTS as UX } from "@shared/texts/csv";
import { notFound } from "@worker/lib/http-error";
import { validate } from "@worker/lib/validate";
import type { AppEnv } from "@worker/types";
import { shareAnAccount } from "../accounts/repo";
import { getAccessibleAccount } from "../accounts/service";
import { currentUser } from "../auth/middleware";
import { setProfileImage } from "../auth/repo";
import { assertUploadOwner, deleteReplacedObject, newUploadUrl, OBJECT_URL_PREFIX, parseObjectKey, readPhoto, readPhotoForm, storeImage } from "./service";
import { routePolicy } from "@worker/lib/route-policy";

const uploadParams = z.object({
  owner: z.string().min(1).max(64),
  file: z.string().regex(/^[0-9a-f-]{36}$/, UX.fileIdInvalid),
});

export const objectRoutes = new Hono<AppEnv>()
  // An upload is the raw file.
  .use("/uploads/*", routePolicy("rawBody"))
  .post("/upload", (c) => c.json({ uploadURL: newUploadUrl(currentUser(c)) }, 200))
  .put("/uploads/:owner/:file", validate("param", uploadParams), async (c) => {
    const user = currentUser(c);
    const { owner, file } = c.req.valid("param");
    assertUploadOwner(user, owner);
    const { bytes, type } = await readPhoto(c.req.raw.body, c.req.header("Content-Length"));
    const objectPath = await storeImage(c.env, `uploads/${owner}/${file}`, bytes, type);
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

export const userRoutes = new Hono<AppEnv>().use("/profile-photo", routePolicy("rawBody")).put("/profile-photo", async (c) => {
  const user = currentUser(c);
  const { bytes, type } = await readPhotoForm(c.req.raw, "profilePhoto");
  const url = await storeImage(c.env, `users/${user.id}/${crypto.randomUUID()}`, bytes, type);
  await setProfileImage(c.var.db, user.id, url);
  await deleteReplacedObject(c.env, user.profileImageUrl, url, `users/${user.id}/`);
  return c.json({ profileImageUrl: url }, 200);
});
