import { createExecutionContext, createScheduledController, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { TEMPLATE_LIMITS } from "@shared/schemas/templates";
import { TEMPLATE_TEXTS as TX } from "@shared/texts/templates";
import { conversations } from "@worker/db/schema";
import { sampleBytes } from "@worker/features/media/samples";
import worker from "@worker/index";
import { computeSignature } from "@worker/providers/twilio";
import { fakeOutside, type FakeOutside } from "../fakes/outside";
import { contentTypesIssue, fakeTwilioContent } from "../fakes/twilio-content";
import { call, createAccount, db, signedInUser } from "./helpers";

const TOKEN = "kinds-auth-token-0000000000000000";
const CUSTOMER = "+393401234567";
const PNG = sampleBytes("photo");
const waitFor = <T>(fn: () => Promise<T>, timeout = 12_000) => vi.waitFor(fn, { timeout, interval: 150 });

const content = fakeTwilioContent();
let world: FakeOutside;
beforeAll(() => {
  world = fakeOutside((request) => {
    const url = new URL(request.url);
    if (url.hostname === "content.twilio.fake") return content.handler(request);
    if (url.hostname === "twilio.fake") return Response.json({ sid: `SM${crypto.randomUUID().replaceAll("-", "")}`, status: "queued" }, { status: 201 });
    return new Response("unknown fake host", { status: 404 });
  });
});
afterAll(() => world.restore());

async function realAccount() {
  const { user, cookie } = await signedInUser();
  const accountSid = `AC${crypto.randomUUID().replaceAll("-", "")}`;
  const account = await createAccount(cookie, { accountSid, authToken: TOKEN, phoneNumber: "+390287654321" });
  return { user, cookie, account, accountSid };
}

async function uploadPhoto(cookie: string, title = "Volantino") {
  const res = await call(`/api/media-library?title=${encodeURIComponent(title)}&fileName=volantino.png`, { cookie, rawBody: PNG, headers: { "Content-Type": "image/png" } });
  expect(res.status, res.text).toBe(201);
  return res.json.id as string;
}

const draft = (whatsappContent: Record<string, unknown>, overrides: Record<string, unknown> = {}) => ({
  name: "Offerta primavera",
  category: "stationery",
  whatsappContent,
  ...overrides,
});

async function fireCron(at = new Date()) {
  const ctx = createExecutionContext();
  await worker.scheduled(createScheduledController({ scheduledTime: at, cron: "* * * * *" }), env, ctx);
  await waitOnExecutionContext(ctx);
}

async function createAndSubmit(cookie: string, accountSid: string, whatsappContent: Record<string, unknown>) {
  const created = await call("/api/templates", { cookie, body: draft(whatsappContent) });
  expect(created.status, created.text).toBe(201);
  const before = content.calls.length;
  const submitted = await call(`/api/templates/${created.json.id}/submit`, { cookie, method: "POST" });
  expect(submitted.status, submitted.text).toBe(200);
  const create = content.calls.slice(before).find((c) => c.accountSid === accountSid && c.path === "/v1/Content");
  return { id: created.json.id as string, created: created.json, sid: submitted.json.externalTemplateId as string, request: create!.body };
}

const QUICK_REPLY = {
  type: "quick-reply",
  text: "Ciao {{1}}, ti interessa il nostro catalogo di primavera?",
  buttons: [
    { type: "QUICK_REPLY", title: "Sì, mandalo" },
    { type: "QUICK_REPLY", title: "No grazie", id: "CATALOGO_NO" },
  ],
};

describe("template kinds: created, stored and submitted with the Content API's types", () => {
  it("submits a quick-reply template as twilio/quick-reply with each button's reply id", async () => {
    const { cookie, accountSid } = await realAccount();
    const { created, request, sid } = await createAndSubmit(cookie, accountSid, QUICK_REPLY);
    expect(created.whatsappContent).toMatchObject({
      type: "quick-reply",
      buttons: [
        { type: "QUICK_REPLY", title: "Sì, mandalo", id: "si_mandalo" },
        { type: "QUICK_REPLY", title: "No grazie", id: "CATALOGO_NO" },
      ],
    });
    expect(created.variables).toEqual(["1"]);
    expect(request.types).toEqual({
      "twilio/quick-reply": {
        body: QUICK_REPLY.text,
        actions: [
          { title: "Sì, mandalo", id: "si_mandalo" },
          { title: "No grazie", id: "CATALOGO_NO" },
        ],
      },
    });
    expect(request.variables).toEqual({ "1": "Mario" });
    expect(content.contents.get(sid)!.types).toEqual(request.types);
  });

  it("gives two quick replies whose titles make the same id distinct ids", async () => {
    const { cookie } = await realAccount();
    const res = await call("/api/templates", {
      cookie,
      body: draft({ type: "quick-reply", text: "Ciao {{1}}, confermi?", buttons: [{ type: "QUICK_REPLY", title: "Sì!" }, { type: "QUICK_REPLY", title: "Si" }] }),
    });
    expect(res.status, res.text).toBe(201);
    expect(res.json.whatsappContent.buttons.map((b: { id: string }) => b.id)).toEqual(["si", "si_2"]);
  });

  it("submits a call to action with a link and a phone number as twilio/call-to-action", async () => {
    const { cookie, accountSid } = await realAccount();
    const { request } = await createAndSubmit(cookie, accountSid, {
      type: "call-to-action",
      text: "Ciao {{1}}, scopri le offerte della settimana.",
      buttons: [
        { type: "URL", title: "Vedi le offerte", url: "https://negozio.example.it/offerte" },
        { type: "PHONE_NUMBER", title: "Chiamaci", phone: "+39 02 1234 5678" },
      ],
    });
    expect(request.types).toEqual({
      "twilio/call-to-action": {
        body: "Ciao {{1}}, scopri le offerte della settimana.",
        actions: [
          { type: "URL", title: "Vedi le offerte", url: "https://negozio.example.it/offerte" },
          { type: "PHONE_NUMBER", title: "Chiamaci", phone: "+390212345678" },
        ],
      },
    });
  });

  it("submits a card and a media template with a library image Twilio fetches from our signed URL", async () => {
    const { cookie, accountSid } = await realAccount();
    const photo = await uploadPhoto(cookie);
    const card = await createAndSubmit(cookie, accountSid, {
      type: "card",
      text: "Ciao {{1}}, la nuova collezione è arrivata!",
      mediaLibraryId: photo,
      footer: "Cartoleria Rossi, Milano",
      buttons: [
        { type: "QUICK_REPLY", title: "Mi interessa" },
        { type: "URL", title: "Sito", url: "https://negozio.example.it" },
      ],
    });
    const cardType = card.request.types["twilio/card"];
    expect(Object.keys(card.request.types)).toEqual(["twilio/card"]);
    expect(cardType).toMatchObject({
      title: "Ciao {{1}}, la nuova collezione è arrivata!",
      subtitle: "Cartoleria Rossi, Milano",
      actions: [
        { type: "QUICK_REPLY", title: "Mi interessa", id: "mi_interessa" },
        { type: "URL", title: "Sito", url: "https://negozio.example.it" },
      ],
    });
    const mediaUrl = new URL(cardType.media[0]);
    expect(mediaUrl.origin).toBe(env.PUBLIC_BASE_URL);
    expect(mediaUrl.pathname).toBe(`/media/template/${card.id}`);

    // Twilio fetches it without a session; the image is served as stored.
    const fetched = await call(`${mediaUrl.pathname}${mediaUrl.search}`);
    expect(fetched.status).toBe(200);
    expect(fetched.headers.get("Content-Type")).toBe("image/png");
    expect(fetched.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(Number(fetched.headers.get("Content-Length"))).toBe(PNG.byteLength);
    // A forged signature, or the signature of another template, opens nothing.
    expect((await call(`${mediaUrl.pathname}?signature=${"0".repeat(64)}`)).status).toBe(403);
    expect((await call(`${mediaUrl.pathname}`)).status).toBe(403);

    const media = await createAndSubmit(cookie, accountSid, { type: "media", mediaLibraryId: photo, mediaCaption: "Ecco il volantino, {{1}}!" });
    const mediaType = media.request.types["twilio/media"];
    expect(mediaType.body).toBe("Ecco il volantino, {{1}}!");
    expect(new URL(mediaType.media[0]).pathname).toBe(`/media/template/${media.id}`);
    expect((await call(`/media/template/${media.id}${mediaUrl.search}`)).status).toBe(403);

    // Deleting the template ends its URL.
    expect((await call(`/api/templates/${card.id}`, { cookie, method: "DELETE" })).status).toBe(200);
    expect((await call(`${mediaUrl.pathname}${mediaUrl.search}`)).status).toBe(403);
  });
});

describe("sending each kind and reading it back from Twilio", () => {
  it("offers an approved quick-reply template with its buttons, sends it by ContentSid, and a tap comes back as the button reply", async () => {
    const { cookie, account, accountSid } = await realAccount();
    const { id, sid } = await createAndSubmit(cookie, accountSid, QUICK_REPLY);
    content.approve(sid);
    await fireCron();
    await waitFor(async () => expect((await call("/api/templates", { cookie })).json.find((t: { id: string }) => t.id === id).status).toBe("approved"));

    const offered = (await call("/api/twilio-templates", { cookie })).json as any[];
    expect(offered.find((t) => t.sid === sid)).toMatchObject({
      kind: "quick-reply",
      bodyText: QUICK_REPLY.text,
      variables: ["1"],
      buttons: [
        { type: "QUICK_REPLY", title: "Sì, mandalo", id: "si_mandalo" },
        { type: "QUICK_REPLY", title: "No grazie", id: "CATALOGO_NO" },
      ],
    });

    const before = world.requests.length;
    const sent = await call("/api/template-test/send", { cookie, body: { templateSid: sid, phone: CUSTOMER, variables: { "1": "Giulia" } } });
    expect(sent.status, sent.text).toBe(201);
    let form: URLSearchParams | undefined;
    await waitFor(async () => {
      const i = world.requests.findIndex((r, n) => n >= before && r.url.endsWith(`/Accounts/${accountSid}/Messages.json`));
      expect(i).toBeGreaterThanOrEqual(0);
      form = new URLSearchParams(world.bodies[i] as string);
    });
    expect(form!.get("ContentSid")).toBe(sid);
    expect(JSON.parse(form!.get("ContentVariables")!)).toEqual({ "1": "Giulia" });
    expect(form!.get("Body")).toBeNull();

    // The customer taps "No grazie": Twilio posts the button's id as ButtonPayload.
    const params = {
      MessageSid: `SM${crypto.randomUUID().replaceAll("-", "")}`,
      From: `whatsapp:${CUSTOMER}`,
      To: "whatsapp:+390287654321",
      Body: "No grazie",
      NumMedia: "0",
      ButtonText: "No grazie",
      ButtonPayload: "CATALOGO_NO",
    };
    const path = `/webhooks/twilio/${account.id}/message`;
    const signature = await computeSignature(TOKEN, `${env.PUBLIC_BASE_URL}${path}`, params);
    const hook = await call(path, {
      method: "POST",
      origin: null,
      rawBody: new URLSearchParams(params).toString(),
      headers: { "Content-Type": "application/x-www-form-urlencoded", "X-Twilio-Signature": signature },
    });
    expect(hook.status).toBe(200);
    const conversation = await db().query.conversations.findFirst({ where: and(eq(conversations.twilioAccountId, account.id), eq(conversations.phoneNumber, CUSTOMER)) });
    const messages = (await call(`/api/conversations/${conversation!.id}/messages`, { cookie })).json as any[];
    expect(messages.at(-1).button).toEqual({ text: "No grazie", payload: "CATALOGO_NO" });
  });

  it("reads cards, calls to action and media made in Twilio's console back with their body, media and buttons", async () => {
    const { cookie, accountSid } = await realAccount();
    const auth = `Basic ${btoa(`${accountSid}:${TOKEN}`)}`;
    const make = async (types: unknown) => {
      const res = await content.handler(
        new Request("https://content.twilio.fake/v1/Content", {
          method: "POST",
          headers: { Authorization: auth, "Content-Type": "application/json" },
          body: JSON.stringify({ friendly_name: "da_console", language: "it", variables: { "1": "Mario" }, types }),
        }),
      );
      expect(res.status).toBe(201);
      return ((await res.json()) as { sid: string }).sid;
    };
    const card = await make({
      "twilio/card": { title: "Ciao {{1}}, ecco la promo", subtitle: "Solo questa settimana", media: ["https://cdn.example.it/promo.jpg"], actions: [{ type: "PHONE_NUMBER", title: "Chiama", phone: "+390212345678" }] },
      "twilio/text": { body: "Ciao {{1}}, ecco la promo" },
    });
    const cta = await make({ "twilio/call-to-action": { body: "Prenota {{1}} la tua visita qui.", actions: [{ type: "URL", title: "Prenota", url: "https://example.it/prenota" }] } });
    const media = await make({ "twilio/media": { body: "Il listino, {{1}}.", media: ["https://cdn.example.it/listino.pdf"] } });
    const offered = (await call("/api/twilio-templates", { cookie })).json as any[];
    expect(offered.find((t) => t.sid === card)).toMatchObject({
      kind: "card",
      bodyText: "Ciao {{1}}, ecco la promo",
      media: ["https://cdn.example.it/promo.jpg"],
      footer: "Solo questa settimana",
      buttons: [{ type: "PHONE_NUMBER", title: "Chiama", phone: "+390212345678" }],
    });
    expect(offered.find((t) => t.sid === cta)).toMatchObject({ kind: "call-to-action", bodyText: "Prenota {{1}} la tua visita qui.", buttons: [{ type: "URL", url: "https://example.it/prenota" }] });
    expect(offered.find((t) => t.sid === media)).toMatchObject({ kind: "media", bodyText: "Il listino, {{1}}.", media: ["https://cdn.example.it/listino.pdf"] });
  });
});

describe("template kinds: bad input and tenancy", () => {
  it("refuses what WhatsApp would refuse with a 400 and the Italian reason", async () => {
    const { cookie } = await realAccount();
    const qr = (n: number) => Array.from({ length: n }, (_, i) => ({ type: "QUICK_REPLY", title: `Scelta ${i + 1}` }));
    const text = "Ciao {{1}}, scegli una risposta qui sotto.";
    const cases: [Record<string, unknown>, string][] = [
      [{ whatsappContent: { type: "quick-reply", text, buttons: [] } }, TX.buttonsRequired],
      [{ whatsappContent: { type: "quick-reply", text } }, TX.buttonsRequired],
      [{ whatsappContent: { type: "quick-reply", text, buttons: qr(11) } }, TX.buttonsTooMany(10)],
      [{ whatsappContent: { type: "quick-reply", text, buttons: [{ type: "QUICK_REPLY", title: "Un testo davvero troppo lungo" }] } }, TX.buttonTitleTooLong(TEMPLATE_LIMITS.buttonTitle)],
      [{ whatsappContent: { type: "quick-reply", text, buttons: [{ type: "QUICK_REPLY", title: "  " }] } }, TX.buttonTitleRequired],
      [{ whatsappContent: { type: "quick-reply", text, buttons: [{ type: "QUICK_REPLY", title: "Sì" }, { type: "QUICK_REPLY", title: "sì" }] } }, TX.buttonTitleDuplicate("sì")],
      [{ whatsappContent: { type: "quick-reply", text, buttons: [{ type: "URL", title: "Sito", url: "https://example.it" }] } }, TX.buttonTypeNotAllowed("URL")],
      [{ whatsappContent: { type: "quick-reply", text, buttons: [{ type: "COPY_CODE", title: "Codice" }] } }, TX.buttonTypeNotAllowed("COPY_CODE")],
      [{ whatsappContent: { type: "call-to-action", text, buttons: [{ type: "URL", title: "Sito", url: "http://example.it" }] } }, TX.buttonUrlInvalid],
      [{ whatsappContent: { type: "call-to-action", text, buttons: [{ type: "PHONE_NUMBER", title: "Chiama", phone: "02 1234" }] } }, TX.buttonPhoneInvalid],
      [
        { whatsappContent: { type: "call-to-action", text, buttons: [{ type: "PHONE_NUMBER", title: "Milano", phone: "+390212345678" }, { type: "PHONE_NUMBER", title: "Roma", phone: "+390612345678" }] } },
        TX.tooManyPhoneButtons(TEMPLATE_LIMITS.phoneButtons),
      ],
      [{ whatsappContent: { type: "call-to-action", text, buttons: [{ type: "QUICK_REPLY", title: "Sì" }] } }, TX.buttonTypeNotAllowed("QUICK_REPLY")],
      [{ whatsappContent: { type: "card", text, footer: "x".repeat(61) } }, TX.footerTooLong(TEMPLATE_LIMITS.footer)],
      [{ whatsappContent: { type: "card", text } }, TX.cardNeedsMore],
      [{ whatsappContent: { type: "card", text, mediaUrl: "http://cdn.example.it/a.jpg" } }, TX.mediaUrlInvalid],
      [{ whatsappContent: { type: "card", text, buttons: qr(4) } }, TX.buttonsTooMany(3)],
      [{ whatsappContent: { type: "quick-reply", text: "{{1}} scegli", buttons: qr(1) } }, TX.variableAtStart],
      [{ whatsappContent: { type: "media" } }, TX.mediaUrlRequired],
      [{ channel: "sms", whatsappContent: { type: "quick-reply", text, buttons: qr(1) } }, TX.smsTextOnly],
      [{ whatsappContent: { type: "carousel", text } }, "Tipo di contenuto non valido: text, media, quick-reply, call-to-action o card"],
    ];
    for (const [overrides, message] of cases) {
      const res = await call("/api/templates", { cookie, body: draft({}, overrides) });
      expect(res.status, JSON.stringify(overrides)).toBe(400);
      expect((res.json.details as { message: string }[]).map((d) => d.message), JSON.stringify(overrides)).toContain(message);
    }
    expect((await call("/api/templates", { cookie })).json).toEqual([]);
  });

  it("refuses another account's library file, and a missing one", async () => {
    const owner = await realAccount();
    const theirs = await uploadPhoto(owner.cookie, "Foto privata");
    const stranger = await realAccount();
    for (const mediaLibraryId of [theirs, crypto.randomUUID()]) {
      const res = await call("/api/templates", { cookie: stranger.cookie, body: draft({ type: "media", mediaLibraryId, mediaCaption: "Ecco la foto, {{1}}!" }) });
      expect(res.status).toBe(400);
      expect(res.json.error).toBe(TX.mediaLibraryMissing);
    }
    const own = await call("/api/templates", { cookie: owner.cookie, body: draft({ type: "media", mediaLibraryId: theirs, mediaCaption: "Ecco la foto, {{1}}!" }) });
    expect(own.status).toBe(201);
    const edited = await call(`/api/templates/${own.json.id}`, { method: "PUT", cookie: stranger.cookie, body: draft({ type: "media", mediaLibraryId: theirs, mediaCaption: "x {{1}} y" }) });
    expect(edited.status).toBe(404);
  });

  it("the fake Content API refuses malformed types as Twilio does", async () => {
    expect(contentTypesIssue({ "twilio/quick-reply": { body: "Ciao", actions: [] } })).toMatch(/between 1 and 10/);
    expect(contentTypesIssue({ "twilio/card": { title: "Ciao" } })).toMatch(/at least one field/);
    expect(contentTypesIssue({ "twilio/call-to-action": { body: "Ciao", actions: [{ type: "URL", title: "Sito", url: "http://x.it" }] } })).toMatch(/invalid action URL/);
    expect(contentTypesIssue({ "twilio/quick-reply": { body: "Ciao", actions: [{ title: "Sì", id: "si" }] } })).toBeNull();
    const { accountSid } = await realAccount();
    const res = await content.handler(
      new Request("https://content.twilio.fake/v1/Content", {
        method: "POST",
        headers: { Authorization: `Basic ${btoa(`${accountSid}:${TOKEN}`)}`, "Content-Type": "application/json" },
        body: JSON.stringify({ friendly_name: "x", language: "it", types: { "twilio/media": { body: "Ciao" } } }),
      }),
    );
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ code: 20001, status: 400, message: expect.stringContaining("media is required") });
  });
});
