import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { T } from "@shared/strings";
import { benchFloorsOn } from "@worker/lib/bench-floors";
import { HttpError, notFound } from "@worker/lib/http-error";
import type { AppEnv } from "@worker/types";
import { ingestObject } from "../conversations/service";
import { handleInbound, handleStatus, verifiedAccount } from "./service";

// Twilio's webhooks are a few KB (a body of at most 1,600 characters and a handful of fields); anything
// far larger is refused before it is read, parsed or its signature computed.
export const WEBHOOK_BODY_MAX_BYTES = 64 * 1024;

const EMPTY_TWIML = '<?xml version="1.0" encoding="UTF-8"?><Response/>';

// Twilio signs the URL it called, which is ours as PUBLIC_BASE_URL says, not the Host it reached.
function signedUrl(env: Env, request: Request) {
  const url = new URL(request.url);
  return `${env.PUBLIC_BASE_URL.replace(/\/$/, "")}${url.pathname}${url.search}`;
}

async function formParams(request: Request): Promise<Record<string, string>> {
  const type = request.headers.get("Content-Type") ?? "";
  if (!type.includes("application/x-www-form-urlencoded")) return {};
  const form = await request.formData();
  const params: Record<string, string> = {};
  for (const [key, value] of form) if (typeof value === "string") params[key] = value;
  return params;
}

export const webhookRoutes = new Hono<AppEnv>()
  .use(
    bodyLimit({
      maxSize: WEBHOOK_BODY_MAX_BYTES,
      onError: () => {
        throw new HttpError(413, T.webhookTooLarge);
      },
    }),
  )
  .post("/twilio/:twilioAccountId/message", async (c) => {
    const params = await formParams(c.req.raw);
    await handleInbound(c.env, c.var.db, c.req.param("twilioAccountId"), signedUrl(c.env, c.req.raw), params, c.req.header("X-Twilio-Signature"));
    return c.body(EMPTY_TWIML, 200, { "Content-Type": "text/xml" });
  })
  // The benchmark's floor of a stored webhook (worker/lib/bench-floors.ts), signed as the message webhook is.
  .post("/twilio/:twilioAccountId/stored-floor", async (c) => {
    if (!benchFloorsOn(c.env)) throw notFound();
    const params = await formParams(c.req.raw);
    const url = signedUrl(c.env, c.req.raw).replace(/\/stored-floor$/, "/message");
    const account = await verifiedAccount(c.env, c.var.db, c.req.param("twilioAccountId"), url, params, c.req.header("X-Twilio-Signature"));
    await ingestObject(c.env, account.id).storeFloor({ sid: params.MessageSid ?? "", from: params.From ?? "", body: params.Body ?? "", at: Date.now() });
    return c.body(EMPTY_TWIML, 200, { "Content-Type": "text/xml" });
  })
  .post("/twilio/:twilioAccountId/status", async (c) => {
    const params = await formParams(c.req.raw);
    await handleStatus(c.env, c.var.db, c.req.param("twilioAccountId"), signedUrl(c.env, c.req.raw), params, c.req.header("X-Twilio-Signature"));
    return c.body(null, 204);
  });
