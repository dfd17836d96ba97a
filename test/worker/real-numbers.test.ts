import { T } from "@shared/strings";
import { env } from "cloudflare:workers";
import { and, eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import migration from "../../migrations/0011_real_numbers.sql?raw";
import { parseTwilioAddress, toE164 } from "@shared/phone";
import { SANDBOX_TEMPLATES } from "@shared/sandbox-templates";
import { PHONE_EXAMPLE } from "@shared/schemas/accounts";
import { CONVERSATION_TEXTS as TX } from "@shared/texts/conversations";
import { LIST_TEXTS } from "@shared/texts/lists";
import { ACCOUNT_TEXTS } from "@shared/texts/accounts";
import { conversations, leadNotificationSettings, leads, memories, messages, optOuts, prompts, twilioAccounts } from "@worker/db/schema";
import { runAiReply } from "@worker/features/agent/reply";
import { googleLeadPayload } from "../fakes/google-lead-form";
import { fakeOutside, type FakeOutside, openAiCompletion } from "../fakes/outside";
import { registerTwilioAccount } from "../fakes/twilio-accounts";
import { accountBody, call, createAccount, db, signedInUser, waitFor } from "./helpers";
import { inboundParams, newMessageSid, postTwilioWebhook } from "./twilio-webhook";

// Issue 14: one phone rule, customers who write first, the customer's channel, going live on Twilio.

const TOKEN = "real-numbers-token-000000000000";
const NUMBER = "+390212345678";

type Handler = (request: Request) => Response | Promise<Response>;
const twilioBySid = new Map<string, Handler>();
let openAi: Handler = () => openAiCompletion("ok", 1, 1);
let world: FakeOutside;
beforeAll(() => {
  world = fakeOutside((request) => {
    const url = new URL(request.url);
    if (url.hostname === "twilio.fake") {
      const handler = twilioBySid.get(url.pathname.split("/")[3] ?? "");
      return handler ? handler(request) : Response.json({ sid: newMessageSid(), status: "queued" }, { status: 201 });
    }
    if (url.hostname === "openai.fake") return openAi(request);
    return new Response("unknown fake host", { status: 404 });
  });
});
afterAll(() => world.restore());
afterEach(() => {
  openAi = () => openAiCompletion("ok", 1, 1);
});

const sendsOf = (accountSid: string) =>
  world.requests
    .map((request, i) => ({ request, body: world.bodies[i] }))
    .filter(({ request }) => request.url.endsWith(`/Accounts/${accountSid}/Messages.json`))
    .map(({ body }) => new URLSearchParams(body as string));

async function real(overrides: Record<string, unknown> = {}) {
  const { user, cookie } = await signedInUser();
  const accountSid = `AC${crypto.randomUUID().replaceAll("-", "")}`;
  const account = await createAccount(cookie, { authToken: TOKEN, phoneNumber: NUMBER, accountSid, ...overrides });
  return { user, cookie, account, accountSid };
}

async function sandbox() {
  const { user, cookie } = await signedInUser();
  const res = await call("/api/twilio-accounts", { cookie, body: { name: "Sandbox", sandbox: true, phoneNumber: "+15005550006", gptModel: "gpt-4o-mini" } });
  return { user, cookie, account: res.json as { id: string; defaultPromptId: string | null } };
}

const conversationsOf = (accountId: string) => db().select().from(conversations).where(eq(conversations.twilioAccountId, accountId));
const messagesOf = (conversationId: string) => db().select().from(messages).where(eq(messages.conversationId, conversationId)).orderBy(messages.createdAt);

describe("the one phone rule", () => {
  it("reads national, 00 and + input as one E.164 number with the default country", () => {
    for (const [typed, e164] of Object.entries({ "328 123 4567": "+393281234567", "0039 328 123 4567": "+393281234567", "+39 328 123 4567": "+393281234567", "+44 20 7946 0958": "+442079460958", "02 1234 5678": "+390212345678" })) {
      expect(toE164(typed), typed).toBe(e164);
    }
    expect(toE164("020 7946 0958", "GB")).toBe("+442079460958");
    for (const bad of ["12345", "+39 12 34", "chiamare dopo le 18", "3,33123E+09", "", "+0039 328 123 4567", "328 123 4567 328 123 4567 328 123 4567 3"]) {
      expect(toE164(bad), bad).toBeNull();
    }
  });

  it("reads Twilio's From: the whatsapp: prefix is the channel", () => {
    expect(parseTwilioAddress("whatsapp:+393281234567")).toEqual({ channel: "whatsapp", phone: "+393281234567" });
    expect(parseTwilioAddress("+393281234567")).toEqual({ channel: "sms", phone: "+393281234567" });
    expect(parseTwilioAddress("whatsapp:nope")).toBeNull();
  });

  it("starts a conversation with an Italian number typed without prefix, and refuses an impossible one with nothing sent", async () => {
    const { cookie, account } = await sandbox();
    const prompt = await db().query.prompts.findFirst({ where: eq(prompts.twilioAccountId, account.id) });
    const base = { templateSid: SANDBOX_TEMPLATES[0]!.sid, promptId: prompt!.id, variables: { "1": { source: "text", value: "Cliente" }, "2": { source: "text", value: "Sandbox" } } };
    const bad = await call("/api/conversations/start-with-prompt", { cookie, body: { ...base, phoneNumber: "12345" } });
    expect(bad.status).toBe(400);
    expect(bad.json).toMatchObject({ error: TX.invalidNumber, details: { title: "Numero non valido" } });
    expect(await conversationsOf(account.id)).toHaveLength(0);

    const first = await call("/api/conversations/start-with-prompt", { cookie, body: { ...base, phoneNumber: "328 123 4567" } });
    expect(first.status).toBe(201);
    expect(first.json.conversation).toMatchObject({ phoneNumber: "+393281234567", channel: "whatsapp" });
    // The same customer typed another way is the same conversation.
    const again = await call("/api/conversations/start-with-prompt", { cookie, body: { ...base, phoneNumber: "0039 328 123 4567" } });
    expect(again.json.conversation.id).toBe(first.json.conversation.id);
    expect((await conversationsOf(account.id)).map((c) => c.phoneNumber)).toEqual(["+393281234567"]);
  });

  it("uses the account's default country for numbers typed without prefix", async () => {
    const { cookie } = await signedInUser();
    const created = await call("/api/twilio-accounts", {
      cookie,
      body: { name: "London", sandbox: true, phoneNumber: "020 7946 0958", phoneCountry: "gb", gptModel: "gpt-4o-mini" },
    });
    expect(created.status).toBe(201);
    expect(created.json).toMatchObject({ phoneNumber: "+442079460958", phoneCountry: "GB" });
    const sim = await call("/api/sandbox/inbound", { cookie, body: { phoneNumber: "07911 123456", body: "Hello" } });
    expect(sim.status).toBe(201);
    const [conversation] = await conversationsOf(created.json.id);
    expect(conversation!.phoneNumber).toBe("+447911123456");
    const wrongCountry = await call("/api/twilio-accounts", { cookie, body: { name: "X", sandbox: true, phoneNumber: "+15005550006", phoneCountry: "ZZ", gptModel: "gpt-4o-mini" } });
    expect(wrongCountry.status).toBe(400);
    expect(wrongCountry.json.details.map((d: any) => d.message)).toContain(ACCOUNT_TEXTS.phoneCountryInvalid);
  });

  it("stores calendar and lead-alert numbers in E.164 and refuses impossible ones", async () => {
    const { cookie, account } = await real();
    const saved = await call("/api/lead-notifications/settings", {
      cookie,
      body: { twilioAccountId: account.id, notificationEnabled: false, notificationPhoneNumbers: ["0039 340 111 2222", "347 765 4321"] },
    });
    expect(saved.status).toBe(200);
    const row = await db().query.leadNotificationSettings.findFirst({ where: eq(leadNotificationSettings.twilioAccountId, account.id) });
    expect(row!.notificationPhoneNumbers).toEqual(["+393401112222", "+393477654321"]);
    const bad = await call("/api/lead-notifications/settings", { cookie, body: { twilioAccountId: account.id, notificationEnabled: false, notificationPhoneNumbers: ["12345"] } });
    expect(bad.status).toBe(400);
  });
});

describe("every number typed for an account is read with the account's country", () => {
  // 07911 123456 is a British mobile; read as Italian it would be a Sassari landline (+39 079…).
  const BRITISH = "07911 123456";
  async function london() {
    const { user, cookie } = await signedInUser();
    const created = await call("/api/twilio-accounts", { cookie, body: { name: "London", sandbox: true, phoneNumber: "+15005550006", phoneCountry: "GB", gptModel: "gpt-4o-mini" } });
    expect(created.status, created.text).toBe(201);
    return { user, cookie, account: created.json as { id: string } };
  }

  it("reads a contact typed in a static list's form with the list's account country, and answers 400 on the field for one that cannot exist", async () => {
    const { cookie } = await london();
    const list = await call("/api/lists", { cookie, body: { name: "Clienti UK", listType: "static", source: "csv" } });
    expect(list.status, list.text).toBe(201);
    const added = await call(`/api/lists/${list.json.id}/leads`, { cookie, body: { nome: "Jane", cognome: "Doe", numeroTelefono: BRITISH } });
    expect(added.status, added.text).toBe(201);
    expect(added.json.numeroTelefono).toBe("+447911123456");
    // The same customer typed another way is the same contact.
    const again = await call(`/api/lists/${list.json.id}/leads`, { cookie, body: { nome: "Jane", cognome: "Doe", numeroTelefono: "+44 7911 123456" } });
    expect(again.status).toBe(409);
    const bad = await call(`/api/lists/${list.json.id}/leads`, { cookie, body: { nome: "Jane", cognome: "Doe", numeroTelefono: "0000 12" } });
    expect(bad.status).toBe(400);
    expect(bad.json).toEqual({ error: LIST_TEXTS.numeroInvalid, details: [{ path: "numeroTelefono", message: LIST_TEXTS.numeroInvalid }] });
    const letters = await call(`/api/lists/${list.json.id}/leads`, { cookie, body: { nome: "Jane", cognome: "Doe", numeroTelefono: "chiamare dopo" } });
    expect(letters.status).toBe(400);
    expect(letters.json.error).toBe(LIST_TEXTS.numeroInvalid);
    const leads = await call(`/api/lists/${list.json.id}/leads`, { cookie });
    expect(leads.json.leads.map((l: { numeroTelefono: string }) => l.numeroTelefono)).toEqual(["+447911123456"]);
  });

  it("reads lead-alert numbers with the account's country, refuses impossible ones and duplicates once in E.164, and saves nothing then", async () => {
    const { cookie, account } = await london();
    const saved = await call("/api/lead-notifications/settings", {
      cookie,
      body: { twilioAccountId: account.id, notificationEnabled: false, notificationPhoneNumbers: [BRITISH, "+39 328 123 4567"] },
    });
    expect(saved.status, saved.text).toBe(200);
    expect(saved.json.notificationPhoneNumbers).toEqual(["+447911123456", "+393281234567"]);
    const same = await call("/api/lead-notifications/settings", {
      cookie,
      body: { twilioAccountId: account.id, notificationEnabled: false, notificationPhoneNumbers: ["+44 7400 123456", BRITISH, "+44 7911 123456"] },
    });
    expect(same.status).toBe(400);
    expect(same.json).toEqual({ error: T.phoneAlreadyListed, details: [{ path: "notificationPhoneNumbers.2", message: T.phoneAlreadyListed }] });
    const impossible = await call("/api/lead-notifications/settings", { cookie, body: { twilioAccountId: account.id, notificationEnabled: false, notificationPhoneNumbers: ["0000 12"] } });
    expect(impossible.status).toBe(400);
    expect(impossible.json.details).toEqual([{ path: "notificationPhoneNumbers.0", message: TX.invalidNumber }]);
    const row = await db().query.leadNotificationSettings.findFirst({ where: eq(leadNotificationSettings.twilioAccountId, account.id) });
    expect(row!.notificationPhoneNumbers).toEqual(["+447911123456", "+393281234567"]);
  });

  it("keeps calendar numbers in the spec's international format whatever the country: a British number stays British, a national one is refused", async () => {
    const { cookie } = await london();
    const saved = await call("/api/calendar/settings", { cookie, body: { notificationEnabled: false, notificationPhoneNumbers: ["+44 7911 123456"] } });
    expect(saved.status, saved.text).toBe(200);
    expect(saved.json.notificationPhoneNumbers).toEqual(["+447911123456"]);
    const event = await call("/api/calendar", {
      cookie,
      body: { title: "Call", startDate: "2031-03-03T09:00:00.000Z", notificationEnabled: false, notificationPhoneNumbers: ["+44 7911 123456", BRITISH] },
    });
    expect(event.status).toBe(400);
    expect(event.json.details).toEqual([{ path: "notificationPhoneNumbers.1", message: T.phoneInvalid(PHONE_EXAMPLE) }]);
  });

  it("reads leads from the console, the Lead Manager API and a Google lead form with the account's country", async () => {
    const { cookie, account } = await london();
    const manual = await call("/api/leads", { cookie, body: { phone: BRITISH, name: "Jane" } });
    expect(manual.status, manual.text).toBe(201);
    expect(manual.json.lead.phoneNumber).toBe("+447911123456");
    const source = await call("/api/lead-sources", { cookie, body: { name: "Google Ads", type: "google", autoResponse: false } });
    expect(source.status, source.text).toBe(201);
    const post = (value: string, leadId: string) =>
      call(source.json.webhook.path, { origin: null, body: googleLeadPayload({ key: source.json.webhook.key, leadId, answers: [{ columnId: "PHONE_NUMBER", value }] }) });
    expect((await post("07400 123456", "g-1")).status).toBe(200);
    const bad = await post("0000 12", "g-2");
    expect(bad.status).toBe(400);
    const stored = await db().select().from(leads).where(eq(leads.twilioAccountId, account.id));
    expect(stored.map((l) => l.phoneNumber).sort()).toEqual(["+447400123456", "+447911123456"]);
  });
});

describe("the migration of numbers stored by the old normaliser", () => {
  // The statements of 0011 that rewrite numbers, run again over rows written the old way.
  const fixStatements = migration
    .split("--> statement-breakpoint")
    .map((s) => s.trim())
    .filter((s) => /_phone_fix|lead_notification_settings/.test(s));

  it("merges the duplicates into one conversation per customer without losing a message", async () => {
    const { user, account } = await sandbox();
    const at = (m: number) => new Date(Date.UTC(2026, 0, 1, 10, m));
    const rows = await db()
      .insert(conversations)
      .values([
        { userId: user.id, twilioAccountId: account.id, phoneNumber: "+3281234567", customerName: "Giulia", lastMessage: "vecchio", lastMessageAt: at(1), createdAt: at(0) },
        { userId: user.id, twilioAccountId: account.id, phoneNumber: "+00393281234567", lastMessage: "nuovo", lastMessageAt: at(9), createdAt: at(2) },
        { userId: user.id, twilioAccountId: account.id, phoneNumber: "+393281234567", lastMessage: "giusto", lastMessageAt: at(5), createdAt: at(3) },
        { userId: user.id, twilioAccountId: account.id, phoneNumber: "+0212345678", createdAt: at(4) },
      ])
      .returning();
    const [a, b, c, d] = rows;
    await db().insert(messages).values([
      { conversationId: a!.id, content: "uno", sender: "operator", isFromBot: true, createdAt: at(1) },
      { conversationId: b!.id, content: "due", sender: "customer", createdAt: at(9) },
      { conversationId: c!.id, content: "tre", sender: "customer", createdAt: at(5) },
      { conversationId: d!.id, content: "quattro", sender: "operator", isFromBot: true, createdAt: at(4) },
    ]);
    await db().insert(optOuts).values({ twilioAccountId: account.id, phoneNumber: "+3281234567", keyword: "STOP" });

    await env.DB.batch(fixStatements.map((s) => env.DB.prepare(s)));

    const after = await conversationsOf(account.id);
    expect(after.map((r) => r.phoneNumber).sort()).toEqual(["+390212345678", "+393281234567"]);
    const merged = after.find((r) => r.phoneNumber === "+393281234567")!;
    // The one already stored right survives, with every message, the latest activity and the name.
    expect(merged.id).toBe(c!.id);
    expect((await messagesOf(merged.id)).map((m) => m.content)).toEqual(["uno", "tre", "due"]);
    expect(merged).toMatchObject({ lastMessage: "nuovo", customerName: "Giulia" });
    expect(merged.lastMessageAt!.getTime()).toBe(at(9).getTime());
    const optOut = await db().select().from(optOuts).where(eq(optOuts.twilioAccountId, account.id));
    expect(optOut.map((o) => o.phoneNumber)).toEqual(["+393281234567"]);
  });

  it("leaves a real customer's number alone: Twilio's From was always right", async () => {
    const { user, account } = await real();
    const [belgian] = await db().insert(conversations).values({ userId: user.id, twilioAccountId: account.id, phoneNumber: "+3281234567" }).returning();
    await db().insert(messages).values({ conversationId: belgian!.id, content: "bonjour", sender: "customer" });
    await db()
      .insert(leadNotificationSettings)
      .values({ userId: user.id, twilioAccountId: account.id, notificationPhoneNumbers: ["+3401112222", "+00393477654321"] });
    await env.DB.batch(fixStatements.map((s) => env.DB.prepare(s)));
    expect((await conversationsOf(account.id)).map((r) => r.phoneNumber)).toEqual(["+3281234567"]);
    const row = await db().query.leadNotificationSettings.findFirst({ where: eq(leadNotificationSettings.twilioAccountId, account.id) });
    expect(row!.notificationPhoneNumbers).toEqual(["+393401112222", "+393477654321"]);
  });
});

describe("customers who write first", () => {
  it("answers with the account's default prompt, the account-wide memories and the last messages", async () => {
    const { user, cookie, account, accountSid } = await real();
    const [prompt] = await db()
      .insert(prompts)
      .values({ userId: user.id, twilioAccountId: account.id, name: "Benvenuto", content: "Sei Martina del Negozio Milano.", model: "gpt-4o-mini" })
      .returning();
    await db().insert(memories).values([
      { userId: user.id, twilioAccountId: account.id, name: "Orari", content: "Siamo aperti dal lunedì al sabato, 9-19.", allConversations: true },
      { userId: user.id, twilioAccountId: account.id, name: "Segreto", content: "Listino riservato ai template prestiti.", linkedTemplates: ["HXother"] },
    ]);
    const patched = await call(`/api/twilio-accounts/${account.id}`, { method: "PATCH", cookie, body: { defaultPromptId: prompt!.id } });
    expect(patched.status).toBe(200);
    expect(patched.json.defaultPromptId).toBe(prompt!.id);

    const seen: any[] = [];
    openAi = async (request) => {
      seen.push(await request.clone().json());
      return openAiCompletion("Buongiorno! Siamo aperti fino alle 19.", 50, 10, "gpt-4o-mini");
    };
    const res = await postTwilioWebhook(account.id, inboundParams({ accountSid, from: "+393331234567", to: NUMBER, body: "Siete aperti sabato?" }), { token: TOKEN });
    expect(res.status).toBe(200);
    const [conversation] = await conversationsOf(account.id);
    expect(conversation).toMatchObject({ templateSid: null, channel: "whatsapp" });
    // The offline responder stands in for the model without a key: run the reply job with one.
    await runAiReply({ ...env, OPENAI_API_KEY: "sk-test" }, db(), { conversationId: conversation!.id, replyToId: (await messagesOf(conversation!.id))[0]!.id });
    const system = seen[0].messages[0].content as string;
    expect(system).toContain("Sei Martina del Negozio Milano.");
    expect(system).toContain("Siamo aperti dal lunedì al sabato");
    expect(system).not.toContain("Listino riservato");
    expect(seen[0].messages.at(-1)).toEqual({ role: "user", content: "Siete aperti sabato?" });
    await waitFor(async () => expect(sendsOf(accountSid).map((f) => f.get("Body"))).toContain("Buongiorno! Siamo aperti fino alle 19."));
  });

  it("with no default prompt, never answers: the message waits for an operator and the chat says why", async () => {
    const { cookie, account, accountSid } = await real();
    const before = world.requests.filter((r) => r.url.includes("openai.fake")).length;
    const res = await postTwilioWebhook(account.id, inboundParams({ accountSid, from: "+393331234568", to: NUMBER, body: "Ciao" }), { token: TOKEN });
    expect(res.status).toBe(200);
    const [conversation] = await conversationsOf(account.id);
    await waitFor(async () => {
      const detail = await call(`/api/conversations/${conversation!.id}`, { cookie });
      expect(detail.json).toMatchObject({ aiStatus: "failed", aiError: TX.noPromptWaiting });
    });
    expect(world.requests.filter((r) => r.url.includes("openai.fake")).length).toBe(before);
    expect(sendsOf(accountSid)).toHaveLength(0);
    expect((await messagesOf(conversation!.id)).map((m) => m.sender)).toEqual(["customer"]);
  });

  it("lets only the owner choose a prompt of the same account, and clears it with null", async () => {
    const owner = await real();
    const other = await real();
    const [foreign] = await db().insert(prompts).values({ userId: other.user.id, twilioAccountId: other.account.id, name: "Altro", content: "x" }).returning();
    const refused = await call(`/api/twilio-accounts/${owner.account.id}`, { method: "PATCH", cookie: owner.cookie, body: { defaultPromptId: foreign!.id } });
    expect(refused.status).toBe(400);
    expect(refused.json.error).toBe(ACCOUNT_TEXTS.defaultPromptNotFound);
    expect((await call(`/api/twilio-accounts/${other.account.id}`, { method: "PATCH", cookie: owner.cookie, body: { defaultPromptId: null } })).status).toBe(404);
    expect((await call(`/api/twilio-accounts/${owner.account.id}`, { method: "PATCH", cookie: owner.cookie, body: { defaultPromptId: 5 } })).status).toBe(400);
    const cleared = await call(`/api/twilio-accounts/${owner.account.id}`, { method: "PATCH", cookie: owner.cookie, body: { defaultPromptId: null } });
    expect(cleared.json.defaultPromptId).toBeNull();
  });

  it("gives a new sandbox its seeded prompt as the default", async () => {
    const { account } = await sandbox();
    const prompt = await db().query.prompts.findFirst({ where: eq(prompts.twilioAccountId, account.id) });
    expect(account.defaultPromptId).toBe(prompt!.id);
  });
});

describe("the customer's channel", () => {
  it("records SMS from an inbound webhook without the whatsapp: prefix and answers by SMS on plain numbers, with no 24-hour window", async () => {
    const { user, cookie, account, accountSid } = await real();
    const [prompt] = await db().insert(prompts).values({ userId: user.id, twilioAccountId: account.id, name: "SMS", content: "Rispondi breve." }).returning();
    await call(`/api/twilio-accounts/${account.id}`, { method: "PATCH", cookie, body: { defaultPromptId: prompt!.id } });
    const res = await postTwilioWebhook(account.id, inboundParams({ accountSid, from: "+393331234569", to: NUMBER, body: "Info?", channel: "sms" }), { token: TOKEN });
    expect(res.status).toBe(200);
    const [conversation] = await conversationsOf(account.id);
    expect(conversation!.channel).toBe("sms");
    expect((await call(`/api/conversations/${conversation!.id}`, { cookie })).json.channel).toBe("sms");
    // Long after the customer's message: SMS has no window.
    await db().update(conversations).set({ lastInboundAt: new Date(Date.now() - 3 * 86_400_000), operatorMode: true }).where(eq(conversations.id, conversation!.id));
    const sent = await call(`/api/conversations/${conversation!.id}/send-manual`, { cookie, body: { content: "Ecco le info" } });
    expect(sent.status).toBe(201);
    await waitFor(async () => expect(sendsOf(accountSid).length).toBeGreaterThan(0));
    const form = sendsOf(accountSid).at(-1)!;
    expect(form.get("From")).toBe(NUMBER);
    expect(form.get("To")).toBe("+393331234569");
  });

  it("keeps WhatsApp's window for a WhatsApp customer", async () => {
    const { cookie, account, accountSid } = await real();
    await postTwilioWebhook(account.id, inboundParams({ accountSid, from: "+393331234570", to: NUMBER, body: "Ciao" }), { token: TOKEN });
    const [conversation] = await conversationsOf(account.id);
    expect(conversation!.channel).toBe("whatsapp");
    await db().update(conversations).set({ lastInboundAt: new Date(Date.now() - 3 * 86_400_000) }).where(eq(conversations.id, conversation!.id));
    const refused = await call(`/api/conversations/${conversation!.id}/send-manual`, { cookie, body: { content: "Ciao" } });
    expect(refused.status).toBe(409);
    expect(refused.json.error).toBe(TX.outsideWindow);
  });
});

describe("going live on Twilio", () => {
  it("checks the credentials with Twilio and saves nothing when they are wrong", async () => {
    const { cookie } = await signedInUser();
    const sid = `AC${crypto.randomUUID().replaceAll("-", "")}`;
    registerTwilioAccount(sid, "the-right-token-0000000000000000");
    const wrong = await call("/api/twilio-accounts", { cookie, body: accountBody({ accountSid: sid, authToken: "a-wrong-token-00000000000000000" }) });
    expect(wrong.status).toBe(400);
    expect(wrong.json.error).toBe(ACCOUNT_TEXTS.credentialsRejected);
    expect((await call("/api/twilio-accounts", { cookie })).json).toEqual([]);
    const right = await call("/api/twilio-accounts", { cookie, body: accountBody({ accountSid: sid, authToken: "the-right-token-0000000000000000" }) });
    expect(right.status).toBe(201);
    // An update with a token Twilio refuses keeps the stored account as it was.
    const update = await call(`/api/twilio-accounts/${right.json.id}`, { method: "PUT", cookie, body: accountBody({ accountSid: sid, authToken: "another-wrong-token-000000000000", name: "Cambiato" }) });
    expect(update.status).toBe(400);
    expect((await db().query.twilioAccounts.findFirst({ where: eq(twilioAccounts.id, right.json.id) }))!.name).toBe("Account Principale");
  });

  it("answers 502 and saves nothing when Twilio cannot be reached", async () => {
    world.restore();
    const down = fakeOutside(() => new Response("no", { status: 404 }), {
      twilioAccounts: () => new Response(JSON.stringify({ code: 20500, message: "Internal Server Error", status: 500 }), { status: 500 }),
    });
    try {
      const { cookie } = await signedInUser();
      const res = await call("/api/twilio-accounts", { cookie, body: accountBody({ accountSid: `AC${crypto.randomUUID().replaceAll("-", "")}` }) });
      expect(res.status).toBe(502);
      expect(res.json.error).toBe(ACCOUNT_TEXTS.twilioUnreachable);
      expect((await call("/api/twilio-accounts", { cookie })).json).toEqual([]);
    } finally {
      down.restore();
      world = fakeOutside((request) => (new URL(request.url).hostname === "openai.fake" ? openAi(request) : Response.json({ sid: newMessageSid(), status: "queued" }, { status: 201 })));
    }
  });

  it("shows the two webhook URLs and when the last inbound message arrived", async () => {
    const { cookie, account, accountSid } = await real();
    const before = (await call("/api/twilio-accounts", { cookie })).json[0];
    expect(before.webhookUrls).toEqual({
      message: `${env.PUBLIC_BASE_URL}/webhooks/twilio/${account.id}/message`,
      status: `${env.PUBLIC_BASE_URL}/webhooks/twilio/${account.id}/status`,
    });
    expect(before.lastInboundAt).toBeNull();
    await postTwilioWebhook(account.id, inboundParams({ accountSid, from: "+393331234571", to: NUMBER, body: "Ciao" }), { token: TOKEN });
    const after = (await call("/api/twilio-accounts", { cookie })).json[0];
    expect(Date.now() - Date.parse(after.lastInboundAt)).toBeLessThan(60_000);
  });

  it("keeps one default account per owner, also in the database", async () => {
    const { user, cookie } = await signedInUser();
    const a = await createAccount(cookie, { name: "A" });
    const b = await createAccount(cookie, { name: "B", isDefault: true });
    const list = (await call("/api/twilio-accounts", { cookie })).json as { id: string; isDefault: boolean }[];
    expect(list.filter((x) => x.isDefault).map((x) => x.id)).toEqual([b.id]);
    await expect(db().update(twilioAccounts).set({ isDefault: true }).where(and(eq(twilioAccounts.id, a.id), eq(twilioAccounts.userId, user.id)))).rejects.toThrow();
  });
});
