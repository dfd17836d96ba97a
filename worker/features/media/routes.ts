import { Hono } from "hono";
import { mediaIdParam, mediaSettingsSchema, OUTBOUND_MEDIA_TYPES, outboundMediaQuery, signedMediaQuery, SIMULATOR_LOCATION, simulateMediaSchema } from "@shared/media";
import { MEDIA_TEXTS as MX } from "@shared/texts/media";
import { conversationIdParam } from "@shared/schemas/conversations";
import { badRequest, forbidden, HttpError, notFound } from "@worker/lib/http-error";
import { validate } from "@worker/lib/validate";
import type { AppEnv } from "@worker/types";
import { requireAccount, withActiveAccount } from "../accounts/context";
import { currentUser } from "../auth/middleware";
import { findConversationForUser } from "../conversations/repo";
import { getConversationForUser, queueOutbound, toApiMessage } from "../conversations/service";
import { simulatedMessage, simulateWebhook } from "../conversations/simulator";
import { conversationChannel } from "../templates/service";
import { checkMedia, putStream } from "./bytes";
import * as repo from "./repo";
import { SIMULATOR_SAMPLES, sampleBytes } from "./samples";
import { mediaResponse, mediaSettings, SANDBOX_MEDIA_SCHEME, validMediaSignature, withMedia } from "./service";
import { routePolicy } from "@worker/lib/route-policy";

// Attachments in the console: served only to users of the conversation's account (another tenant's id
// answers 404), sent from the composer, Voice AI / Vision AI settings, and the simulator's media.
export const mediaRoutes = new Hono<AppEnv>()
  // The composer's attachment is the raw body.
  .use("/outbound/*", routePolicy("rawBody"))
  .get("/settings", withActiveAccount, async (c) => {
    const { account, isOwner } = requireAccount(c.var.account);
    return c.json({ ...(await mediaSettings(c.var.db, account.id)), canEdit: isOwner }, 200);
  })
  .put("/settings", withActiveAccount, validate("json", mediaSettingsSchema), async (c) => {
    const { account, isOwner } = requireAccount(c.var.account);
    if (!isOwner) throw forbidden(MX.settingsOwnerOnly);
    await repo.saveSettings(c.var.db, account.id, c.req.valid("json"));
    return c.json({ ...(await mediaSettings(c.var.db, account.id)), canEdit: true }, 200);
  })
  // The composer's attachment: the file is the body (never buffered whole), checked like an inbound one,
  // then sent free-form inside the 24-hour window (outside it only a template may go, as for text).
  .post("/outbound/:id", validate("param", conversationIdParam), validate("query", outboundMediaQuery), async (c) => {
    const { conversation } = await getConversationForUser(c.var.db, currentUser(c), c.req.valid("param").id);
    // Twilio sends MMS only in the US and Canada: an Italian SMS conversation takes text alone.
    if ((await conversationChannel(c.var.db, conversation.twilioAccountId, conversation.templateSid)) === "sms") throw badRequest(MX.smsNoMedia);
    const { fileName, caption } = c.req.valid("query");
    const length = c.req.header("Content-Length");
    if (!c.req.raw.body) throw badRequest(MX.emptyFile);
    const checked = await checkMedia(c.req.raw.body, c.req.header("Content-Type"), length === undefined ? null : Number(length), OUTBOUND_MEDIA_TYPES);
    if (!checked.ok) throw badRequest(checked.reason);
    const mediaId = crypto.randomUUID();
    const key = `media/${conversation.twilioAccountId}/${conversation.id}/${mediaId}`;
    try {
      await putStream(c.env.UPLOADS, key, checked, fileName);
    } catch (err) {
      throw badRequest((err as Error).message);
    }
    let message;
    try {
      message = await queueOutbound(c.env, c.var.db, conversation, {
        content: caption ?? "",
        sender: "operator",
        preview: `📎 ${fileName}`,
        attach: (messageId) =>
          repo.insertMedia(c.var.db, [
            {
              id: mediaId,
              messageId,
              conversationId: conversation.id,
              twilioAccountId: conversation.twilioAccountId,
              contentType: checked.contentType,
              size: checked.size,
              fileName,
              r2Key: key,
              status: "stored",
            },
          ]),
      });
    } catch (err) {
      await c.env.UPLOADS.delete(key);
      throw err;
    }
    const [withAttachment] = await withMedia(c.var.db, conversation.id, [toApiMessage(message!)]);
    return c.json(withAttachment!, 201);
  })
  // The WhatsApp simulator of a sandbox account sends a sample photo, voice note or document the product
  // ships, or a location, through the same webhook path as Twilio would.
  .post("/simulator", withActiveAccount, validate("json", simulateMediaSchema), async (c) => {
    const input = c.req.valid("json");
    const { account, phone, params } = simulatedMessage(c.var.account, input, input.caption ?? "");
    if (input.kind === "location") {
      const location = input.location ?? SIMULATOR_LOCATION;
      params.Latitude = String(location.latitude);
      params.Longitude = String(location.longitude);
      if (location.address) params.Address = location.address;
      if (location.label) params.Label = location.label;
    } else {
      const sample = SIMULATOR_SAMPLES[input.kind];
      const key = `sim/${account.id}/${crypto.randomUUID()}`;
      await c.env.UPLOADS.put(key, sampleBytes(input.kind), { httpMetadata: { contentType: sample.contentType }, customMetadata: { fileName: sample.fileName } });
      params.NumMedia = "1";
      params.MediaUrl0 = `${SANDBOX_MEDIA_SCHEME}${key}`;
      params.MediaContentType0 = sample.contentType;
    }
    return c.json(await simulateWebhook(c.env, c.var.db, account, phone, params), 201);
  })
  .get("/:id", validate("param", mediaIdParam), async (c) => {
    const row = await repo.findMedia(c.var.db, c.req.valid("param").id);
    if (!row || !(await findConversationForUser(c.var.db, row.conversationId, currentUser(c)))) throw notFound();
    const response = await mediaResponse(c.env, row, c.req.raw, "private, max-age=3600");
    if (!response) throw notFound();
    return response;
  });

// Twilio fetches an outbound attachment from here without a session: the signature and expiry are the key.
export const publicMediaRoutes = new Hono<AppEnv>().get("/:id", validate("param", mediaIdParam), async (c) => {
  const { id } = c.req.valid("param");
  const query = signedMediaQuery.safeParse(c.req.query());
  if (!query.success || !(await validMediaSignature(c.env, id, query.data.expires, query.data.signature))) {
    throw new HttpError(403, MX.linkExpired);
  }
  const row = await repo.findMedia(c.var.db, id);
  const response = row && (await mediaResponse(c.env, row, c.req.raw, "private, no-cache"));
  if (!response) throw notFound();
  return response;
});
