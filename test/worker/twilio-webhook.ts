import { env } from "cloudflare:workers";
import { getExpectedTwilioSignature, validateRequest } from "twilio/lib/webhooks/webhooks";
import { call } from "./helpers";

// Twilio's own signer (the official `twilio` package), so the tests do not trust our signer alone:
// X-Twilio-Signature over the URL Twilio called (built from PUBLIC_BASE_URL) and the form parameters.
export function twilioSignature(authToken: string, url: string, params: Record<string, string>) {
  const signature = getExpectedTwilioSignature(authToken, url, params);
  if (!validateRequest(authToken, signature, url, params)) throw new Error("the twilio package refused its own signature");
  return signature;
}

export const webhookUrl = (accountId: string, kind: "message" | "status" = "message") =>
  `${env.PUBLIC_BASE_URL.replace(/\/$/, "")}/webhooks/twilio/${accountId}/${kind}`;

export interface InboundOptions {
  sid?: string;
  accountSid?: string;
  // E.164 numbers; the channel decides the "whatsapp:" prefix.
  from: string;
  to: string;
  body: string;
  channel?: "whatsapp" | "sms";
  profileName?: string;
  messagingServiceSid?: string;
}

export const newMessageSid = () => `SM${crypto.randomUUID().replaceAll("-", "")}`;

// The full parameter set Twilio posts for an inbound text message (WhatsApp or SMS), as in its
// "incoming message" webhook documentation: the same parameters, the same spellings.
export function inboundParams(o: InboundOptions): Record<string, string> {
  const sid = o.sid ?? newMessageSid();
  const accountSid = o.accountSid ?? `AC${"0".repeat(32)}`;
  const common: Record<string, string> = {
    ToCountry: "IT",
    SmsMessageSid: sid,
    NumMedia: "0",
    SmsSid: sid,
    SmsStatus: "received",
    Body: o.body,
    NumSegments: "1",
    MessageSid: sid,
    AccountSid: accountSid,
    ApiVersion: "2010-04-01",
    ...(o.messagingServiceSid ? { MessagingServiceSid: o.messagingServiceSid } : {}),
  };
  if (o.channel === "sms") {
    return { ...common, To: o.to, From: o.from, FromCountry: "IT", ToState: "", FromState: "", ToCity: "", FromCity: "", ToZip: "", FromZip: "" };
  }
  return {
    ...common,
    To: `whatsapp:${o.to}`,
    From: `whatsapp:${o.from}`,
    WaId: o.from.replace(/^\+/, ""),
    ProfileName: o.profileName ?? "Cliente",
    MessageType: "text",
    ReferralNumMedia: "0",
  };
}

// A status callback as Twilio posts it for an outbound message.
export function statusParams(o: { sid: string; status: string; accountSid?: string; from: string; to: string; errorCode?: string; channel?: "whatsapp" | "sms" }) {
  const prefix = o.channel === "sms" ? "" : "whatsapp:";
  return {
    SmsSid: o.sid,
    SmsStatus: o.status,
    MessageStatus: o.status,
    To: `${prefix}${o.to}`,
    MessageSid: o.sid,
    AccountSid: o.accountSid ?? `AC${"0".repeat(32)}`,
    From: `${prefix}${o.from}`,
    ApiVersion: "2010-04-01",
    ...(o.channel === "sms" ? {} : { ChannelToAddress: o.to, ChannelPrefix: "whatsapp", ChannelInstallSid: `XE${"0".repeat(32)}` }),
    ...(o.errorCode ? { ErrorCode: o.errorCode } : {}),
  };
}

// Posts form parameters to a webhook path as Twilio does (form-encoded, no Origin), with the given
// X-Twilio-Signature (none when undefined); env replaces bindings as in call().
export function postWebhookForm(path: string, params: Record<string, string>, signature?: string, env?: Partial<Env>, extraHeaders: Record<string, string> = {}) {
  const headers: Record<string, string> = { ...extraHeaders, "Content-Type": "application/x-www-form-urlencoded" };
  if (signature !== undefined) headers["X-Twilio-Signature"] = signature;
  return call(path, { method: "POST", origin: null, rawBody: new URLSearchParams(params).toString(), headers, env });
}

// THE signed webhook of the worker tests: posted as Twilio would, signed with the account's token by
// Twilio's own signer. signature: null sends none; a string sends that one; signedUrl signs another URL
// than the one called; env replaces bindings (e.g. a rotated ENCRYPTION_KEY); headers are added.
export function postTwilioWebhook(
  accountId: string,
  params: Record<string, string>,
  opts: { token: string; kind?: "message" | "status"; signature?: string | null; signedUrl?: string; env?: Partial<Env>; headers?: Record<string, string> },
) {
  const kind = opts.kind ?? "message";
  const signature = opts.signature === null ? undefined : (opts.signature ?? twilioSignature(opts.token, opts.signedUrl ?? webhookUrl(accountId, kind), params));
  return postWebhookForm(`/webhooks/twilio/${accountId}/${kind}`, params, signature || undefined, opts.env, opts.headers);
}
