import { Hono } from "hono";
import { toE164 } from "@shared/phone";
import { simulateInboundSchema } from "@shared/schemas/conversations";
import { CONVERSATION_TEXTS as TX } from "@shared/texts/conversations";
import { SIMULATOR_TEXTS as SX } from "@shared/texts/simulator";
import { badRequest } from "@worker/lib/http-error";
import { validate } from "@worker/lib/validate";
import { computeSignature } from "@worker/providers/twilio";
import type { AppEnv } from "@worker/types";
import type { Db } from "@worker/db/client";
import { type ActiveAccount, requireAccount, withActiveAccount } from "../accounts/context";
import type { AccountRow } from "../accounts/repo";
import { accountAuthToken } from "../accounts/service";
import { handleInbound } from "../webhooks/service";
import * as repo from "./repo";

// The WhatsApp simulator of a sandbox account: a person writes as the customer, and the message is
// signed like Twilio would and takes the same path as a real inbound webhook.
export const simulatorRoutes = new Hono<AppEnv>().use(withActiveAccount).post("/inbound", validate("json", simulateInboundSchema), async (c) => {
  const { account, phone, params } = simulatedMessage(c.var.account, c.req.valid("json"), c.req.valid("json").body);
  return c.json(await simulateWebhook(c.env, c.var.db, account, phone, params), 201);
});

// The customer's side of a simulated message on the user's sandbox account: the number read with the
// account's country, and the parameters Twilio would send for a text (media adds its own).
export function simulatedMessage(active: ActiveAccount, input: { phoneNumber: string; profileName?: string }, body: string) {
  const { account } = requireAccount(active);
  if (!account.sandbox) throw badRequest(SX.sandboxOnly);
  const phone = toE164(input.phoneNumber, account.phoneCountry);
  if (!phone) throw badRequest(TX.invalidNumber, { title: TX.invalidNumberTitle });
  const params: Record<string, string> = {
    MessageSid: `SMsim${crypto.randomUUID().replaceAll("-", "")}`,
    AccountSid: account.accountSid,
    From: `whatsapp:${phone}`,
    To: `whatsapp:${account.phoneNumber}`,
    Body: body,
    NumMedia: "0",
    ...(input.profileName ? { ProfileName: input.profileName } : {}),
  };
  return { account, phone, params };
}

// Signs the simulated customer's message like Twilio would and sends it down the real webhook path.
export async function simulateWebhook(env: Env, db: Db, account: AccountRow, phone: string, params: Record<string, string>) {
  const url = `${env.PUBLIC_BASE_URL.replace(/\/$/, "")}/webhooks/twilio/${account.id}/message`;
  const signature = await computeSignature(await accountAuthToken(env, account), url, params);
  await handleInbound(env, db, account.id, url, params, signature);
  const conversation = await repo.findConversationByPhone(db, account.id, phone);
  return { conversationId: conversation?.id ?? null, messageSid: params.MessageSid! };
}
