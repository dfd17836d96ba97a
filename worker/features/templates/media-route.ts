import { Hono } from "hono";
import { z } from "zod";
import { TEMPLATE_TEXTS } from "@shared/texts/templates";
import { HttpError, notFound } from "@worker/lib/http-error";
import { validate } from "@worker/lib/validate";
import type { AppEnv } from "@worker/types";
import { templateMediaFile } from "./service";

const param = z.object({ id: z.string().min(1).max(64) });
const query = z.object({ signature: z.string().regex(/^[0-9a-f]{64}$/) });

// Twilio fetches a template's image or document from here without a session (at the review and at
// every send): the signature over the template and its library file is the key.
export const templateMediaRoutes = new Hono<AppEnv>().get("/:id", validate("param", param), async (c) => {
  const signed = query.safeParse(c.req.query());
  if (!signed.success) throw new HttpError(403, TEMPLATE_TEXTS.mediaLinkInvalid);
  const file = await templateMediaFile(c.env, c.var.db, c.req.valid("param").id, signed.data.signature);
  if (!file) throw new HttpError(403, TEMPLATE_TEXTS.mediaLinkInvalid);
  const object = await c.env.UPLOADS.get(file.r2Key);
  if (!object) throw notFound();
  const asciiName = file.fileName.replace(/[^\x20-\x7e]|["\\]/g, "_");
  return new Response(object.body, {
    headers: {
      "Content-Type": file.contentType,
      "Content-Length": String(object.size),
      "Content-Disposition": `inline; filename="${asciiName}"; filename*=UTF-8''${encodeURIComponent(file.fileName)}`,
      "X-Content-Type-Options": "nosniff",
      "Cache-Control": "public, max-age=300",
      ETag: object.httpEtag,
    },
  });
});
