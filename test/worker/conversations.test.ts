import { createExecutionContext, createMessageBatch, getQueueResult } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { and, eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { renderTemplate, SANDBOX_TEMPLATES } from "@shared/sandbox-templates";
import { TEMPLATE_VARIABLE_TEXTS as VX } from "@shared/texts/template-variables";
import { T } from "@shared/strings";
import { CONVERSATION_TEXTS as TX } from "@shared/texts/conversations";
import { conversationSummaries, conversations, feedbackEntries, memories, messages, openaiUsage, optOuts, prompts, templates, usageBudgets } from "@worker/db/schema";
import { findAccount } from "@worker/features/accounts/repo";
import { accountAuthToken } from "@worker/features/accounts/service";
import worker from "@worker/index";
import { runAiReply } from "@worker/features/agent/reply";
import { runFeedbackAnalysis } from "@worker/features/agent/feedback";
import { computeSignature } from "@worker/providers/twilio";
import { fakeOutside, type FakeOutside, openAiCompletion } from "../fakes/outside";
import { call, createAccount, db, openLiveSocket, signedInUser, SQL_COUNTING, waitFor } from "./helpers";
import { inboundParams, postTwilioWebhook, twilioSignature } from "./twilio-webhook";

const TOKEN = "real-auth-token-0000000000000000";
const CUSTOMER = "+393401234567";
// {{1}} the contact's name, {{2}} fixed text.
const NAME_AND_TEXT = { "1": { source: "field", field: "nome" }, "2": "Sandbox" };

// One fake outside world for the whole file: background jobs of one test may still run during the next,
// so Twilio answers per account SID (each test has its own account) and OpenAI per test.
type Handler = (request: Request) => Response | Promise<Response>;
const twilioBySid = new Map<string, Handler>();
const defaultTwilio: Handler = () => Response.json({ sid: `SMdefault${crypto.randomUUID().replaceAll("-", "")}`, status: "queued" }, { status: 201 });
let openAi: Handler = () => openAiCompletion("ok", 1, 1);
let world: FakeOutside;
beforeAll(() => {
  world = fakeOutside((request) => {
    const url = new URL(request.url);
    if (url.hostname === "twilio.fake") return (twilioBySid.get(url.pathname.split("/")[3] ?? "") ?? defaultTwilio)(request);
    if (url.hostname === "openai.fake") return openAi(request);
    return new Response("unknown fake host", { status: 404 });
  });
});
afterAll(() => world.restore());
afterEach(() => {
  openAi = () => openAiCompletion("ok", 1, 1);
});

// The Messages API calls made for one account, with their form bodies.
function sendsOf(accountSid: string) {
  return world.requests
    .map((request, i) => ({ request, body: world.bodies[i] }))
    .filter(({ request }) => request.url.endsWith(`/Accounts/${accountSid}/Messages.json`));
}

async function sandbox() {
  const { user, cookie } = await signedInUser();
  const res = await call("/api/twilio-accounts", { cookie, body: { name: "Sandbox", sandbox: true, phoneNumber: "+15005550006", gptModel: "gpt-4o-mini" } });
  return { user, cookie, account: res.json as { id: string } };
}

async function real(handler?: Handler) {
  const { user, cookie } = await signedInUser();
  const accountSid = `AC${crypto.randomUUID().replaceAll("-", "")}`;
  if (handler) twilioBySid.set(accountSid, handler);
  const account = await createAccount(cookie, { authToken: TOKEN, phoneNumber: "+390212345678", accountSid });
  return { user, cookie, account, accountSid };
}

function webhook(
  accountId: string,
  params: Record<string, string>,
  opts: { token?: string; signature?: string | null; kind?: "message" | "status"; signedPath?: string; env?: Partial<Env>; headers?: Record<string, string> } = {},
) {
  const signedUrl = opts.signedPath === undefined ? undefined : `${env.PUBLIC_BASE_URL}${opts.signedPath}`;
  return postTwilioWebhook(accountId, params, { token: opts.token ?? TOKEN, kind: opts.kind, signature: opts.signature, signedUrl, env: opts.env, headers: opts.headers });
}

// What Twilio posts for a WhatsApp text, every parameter included.
const inbound = (sid: string, body: string, from = CUSTOMER) => inboundParams({ sid, from, to: "+390212345678", body, profileName: "Giulia" });

async function conversationByPhone(accountId: string, phone = CUSTOMER) {
  return db().query.conversations.findFirst({ where: and(eq(conversations.twilioAccountId, accountId), eq(conversations.phoneNumber, phone)) });
}

async function messagesOf(conversationId: string) {
  const res = await call(`/api/conversations/${conversationId}/messages`, { cookie: await adminCookie() });
  return res.json as { id: string; sender: string; status: string; content: string; errorMessage: string | null; twilioMessageId: string | null }[];
}

let admin: string | undefined;
async function adminCookie() {
  admin ??= (await signedInUser("super_admin")).cookie;
  return admin;
}

describe("Twilio signatures", () => {
  it("matches Twilio's documented example", async () => {
    const params = { CallSid: "CA1234567890ABCDE", Caller: "+12349013030", Digits: "1234", From: "+12349013030", To: "+18005551212" };
    expect(await computeSignature("12345", "https://mycompany.com/myapp.php?foo=1&bar=2", params)).toBe("0/KCTR6DLpKmkAf8muzZqo1nDgQ=");
    expect(twilioSignature("12345", "https://mycompany.com/myapp.php?foo=1&bar=2", params)).toBe("0/KCTR6DLpKmkAf8muzZqo1nDgQ=");
  });

  it("signs a full inbound payload exactly as the official twilio package does", async () => {
    const url = "https://agentbot.test/webhooks/twilio/abc/message";
    for (const params of [inbound("SMfull1", "Ciao, è aperto sabato? 100% sì & no"), inboundParams({ from: CUSTOMER, to: "+390212345678", body: "SMS", channel: "sms" })]) {
      expect(await computeSignature(TOKEN, url, params)).toBe(twilioSignature(TOKEN, url, params));
    }
  });

  it("accepts a valid signature (with extra unknown params) and refuses invalid, missing and other-account ones", async () => {
    const { account } = await real();
    const other = await real();
    const params = { ...inbound("SMsig1", "Ciao"), SomethingNew: "x", ApiVersion: "2010-04-01" };
    const ok = await webhook(account.id, params);
    expect(ok.status).toBe(200);
    expect(ok.headers.get("Content-Type")).toContain("text/xml");
    expect(ok.text).toContain("<Response/>");

    expect((await webhook(account.id, inbound("SMsig2", "x"), { signature: "AAAAAAAAAAAAAAAAAAAAAAAAAAA=" })).status).toBe(403);
    expect((await webhook(account.id, inbound("SMsig3", "x"), { signature: null })).status).toBe(403);
    expect((await webhook(account.id, inbound("SMsig4", "x"), { token: "wrong-token" })).status).toBe(403);
    // Signed for another account's URL: refused here.
    expect((await webhook(account.id, inbound("SMsig5", "x"), { signedPath: `/webhooks/twilio/${other.account.id}/message` })).status).toBe(403);
    // Tampered body after signing.
    const sig = twilioSignature(TOKEN, `${env.PUBLIC_BASE_URL}/webhooks/twilio/${account.id}/message`, inbound("SMsig6", "x"));
    expect((await webhook(account.id, inbound("SMsig6", "y"), { signature: sig })).status).toBe(403);

    const conversation = await conversationByPhone(account.id);
    const stored = await db().select().from(messages).where(eq(messages.conversationId, conversation!.id));
    expect(stored.map((m) => m.twilioMessageId)).toEqual(["SMsig1"]);
    expect(await conversationByPhone(other.account.id)).toBeUndefined();
  });

  it("answers 404 for an unknown account", async () => {
    expect((await webhook("no-such-account", inbound("SMx", "x"))).status).toBe(404);
  });
});

describe("inbound messages and AI replies (sandbox, offline model)", () => {
  it("stores a replayed MessageSid once and replies once", async () => {
    const { cookie, account } = await sandbox();
    const body = { phoneNumber: CUSTOMER, body: "Quanto costa il prestito?" };
    const first = await call("/api/sandbox/inbound", { cookie, body });
    expect(first.status).toBe(201);
    const id = first.json.conversationId;
    // Replay the very same signed webhook twice more.
    const token = await accountAuthToken(env, (await findAccount(db(), account.id))!);
    const replay = { ...inbound(first.json.messageSid, "Quanto costa il prestito?"), To: "whatsapp:+15005550006" };
    expect((await webhook(account.id, replay, { token })).status).toBe(200);
    expect((await webhook(account.id, replay, { token })).status).toBe(200);
    await waitFor(async () => {
      const all = await messagesOf(id);
      expect(all.map((m) => m.sender)).toEqual(["customer", "ai"]);
      expect(all[1]!.status).toBe("delivered");
    });
    await new Promise((r) => setTimeout(r, 1200));
    expect((await messagesOf(id)).map((m) => m.sender)).toEqual(["customer", "ai"]);
  });

  it("keeps concurrent inbound messages, each once, in arrival order, with one debounced reply", async () => {
    const { cookie } = await sandbox();
    const bodies = Array.from({ length: 8 }, (_, i) => `messaggio ${i + 1}`);
    const results = await Promise.all(bodies.map((b) => call("/api/sandbox/inbound", { cookie, body: { phoneNumber: CUSTOMER, body: b } })));
    expect(results.every((r) => r.status === 201)).toBe(true);
    const id = results[0]!.json.conversationId;
    expect(new Set(results.map((r) => r.json.conversationId)).size).toBe(1);
    const stored = await db().select().from(messages).where(eq(messages.conversationId, id));
    expect(stored).toHaveLength(8);
    const listed = await messagesOf(id);
    // The listing is the storage order, whatever order the requests were scheduled in.
    expect(listed.map((m) => m.content).sort()).toEqual([...bodies].sort());
    const createdOrder = [...stored].sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime()).map((m) => m.createdAt.getTime());
    expect(listed.map((m) => stored.find((s) => s.id === m.id)!.createdAt.getTime())).toEqual(createdOrder);
    await waitFor(async () => expect((await messagesOf(id)).filter((m) => m.sender === "ai")).toHaveLength(1));
  });

  it("debounces two quick messages into one reply, and answers a later message again", async () => {
    const { cookie } = await sandbox();
    const first = await call("/api/sandbox/inbound", { cookie, body: { phoneNumber: CUSTOMER, body: "Buongiorno" } });
    await call("/api/sandbox/inbound", { cookie, body: { phoneNumber: CUSTOMER, body: "vorrei un preventivo" } });
    const id = first.json.conversationId;
    await waitFor(async () => expect((await messagesOf(id)).map((m) => m.sender)).toEqual(["customer", "customer", "ai"]));
    await call("/api/sandbox/inbound", { cookie, body: { phoneNumber: CUSTOMER, body: "grazie" } });
    await waitFor(async () => expect((await messagesOf(id)).map((m) => m.sender)).toEqual(["customer", "customer", "ai", "customer", "ai"]));
  });

  it("quotes the best-matching memory passage offline and shows which memory it used", async () => {
    const { user, cookie, account } = await sandbox();
    const sid = SANDBOX_TEMPLATES[0]!.sid;
    await db().insert(memories).values({
      userId: user.id,
      twilioAccountId: account.id,
      name: "Listino prestiti",
      content: "Il prestito personale parte da un TAN del 5,9%.\nGli orari del negozio sono 9-18 dal lunedì al venerdì.",
      linkedTemplates: [sid],
    });
    const prompt = await db().query.prompts.findFirst({ where: eq(prompts.twilioAccountId, account.id) });
    const started = await call("/api/conversations/start-with-prompt", { cookie, body: { phoneNumber: CUSTOMER, templateSid: sid, promptId: prompt!.id, customerName: "Giulia", variables: NAME_AND_TEXT } });
    expect(started.status).toBe(201);
    await call("/api/sandbox/inbound", { cookie, body: { phoneNumber: CUSTOMER, body: "Che orari ha il negozio?" } });
    await waitFor(async () => {
      const detail = await call(`/api/conversations/${started.json.conversation.id}`, { cookie });
      const reply = detail.json.messages.find((m: any) => m.sender === "ai");
      expect(reply.content).toContain("Gli orari del negozio sono 9-18");
      expect(reply.sources).toEqual([expect.objectContaining({ name: "Listino prestiti" })]);
    });
  });
});

describe("operator mode, the 24-hour window and opt-out", () => {
  it("does not reply while operator mode is on, and a manual send arrives", async () => {
    const { cookie } = await sandbox();
    const first = await call("/api/sandbox/inbound", { cookie, body: { phoneNumber: CUSTOMER, body: "Ciao" } });
    const id = first.json.conversationId;
    await waitFor(async () => expect((await messagesOf(id)).filter((m) => m.sender === "ai")).toHaveLength(1));
    const on = await call(`/api/conversations/${id}/operator-mode`, { cookie, body: { enabled: true } });
    expect(on.json.operatorMode).toBe(true);
    await call("/api/sandbox/inbound", { cookie, body: { phoneNumber: CUSTOMER, body: "C'è qualcuno?" } });
    const manual = await call(`/api/conversations/${id}/send-manual`, { cookie, body: { content: "Sono Marco, come posso aiutarla?", isOperatorMessage: true } });
    expect(manual.status).toBe(201);
    expect(manual.json).toMatchObject({ sender: "operator", status: "queued", isFromBot: true });
    await waitFor(async () => expect((await messagesOf(id)).find((m) => m.id === manual.json.id)!.status).toBe("delivered"));
    await new Promise((r) => setTimeout(r, 1200));
    expect((await messagesOf(id)).map((m) => m.sender)).toEqual(["customer", "ai", "customer", "operator"]);
    // A customer message never turns operator mode off.
    expect((await call(`/api/conversations/${id}`, { cookie })).json.operatorMode).toBe(true);
  });

  it("refuses a blank manual message", async () => {
    const { cookie } = await sandbox();
    const first = await call("/api/sandbox/inbound", { cookie, body: { phoneNumber: CUSTOMER, body: "Ciao" } });
    const res = await call(`/api/conversations/${first.json.conversationId}/send-manual`, { cookie, body: { content: "   " } });
    expect(res.status).toBe(400);
    expect(res.json.error).toBe(TX.blankMessage);
  });

  it("allows only an approved template outside the 24-hour window", async () => {
    const { user, cookie, account } = await sandbox();
    const [conversation] = await db()
      .insert(conversations)
      .values({ userId: user.id, twilioAccountId: account.id, phoneNumber: CUSTOMER, lastInboundAt: new Date(Date.now() - 25 * 3600_000), operatorMode: true })
      .returning();
    const detail = await call(`/api/conversations/${conversation!.id}`, { cookie });
    expect(new Date(detail.json.windowOpenUntil).getTime()).toBeLessThan(Date.now());
    const text = await call(`/api/conversations/${conversation!.id}/send-manual`, { cookie, body: { content: "Ciao" } });
    expect(text.status).toBe(409);
    expect(text.json.error).toBe(TX.outsideWindow);
    const template = await call(`/api/conversations/${conversation!.id}/send-template`, { cookie, body: { templateSid: SANDBOX_TEMPLATES[1]!.sid, variables: { "1": "Giulia", "2": "Cartoleria Rossi" } } });
    expect(template.status).toBe(201);
    expect(template.json.content).toContain("20% di sconto");
  });

  it("marks STOP as an opt-out, confirms once, and sends nothing more", async () => {
    const { cookie, account } = await sandbox();
    const stop = await call("/api/sandbox/inbound", { cookie, body: { phoneNumber: CUSTOMER, body: "stop" } });
    const id = stop.json.conversationId;
    await waitFor(async () => {
      const all = await messagesOf(id);
      expect(all.map((m) => m.sender)).toEqual(["customer", "system"]);
      expect(all[1]!.content).toBe(TX.optOutConfirmation);
      expect(all[1]!.status).toBe("delivered");
    });
    expect((await call(`/api/conversations/${id}`, { cookie })).json.optedOut).toBe(true);
    expect(await db().select().from(optOuts).where(eq(optOuts.twilioAccountId, account.id))).toHaveLength(1);
    await call("/api/sandbox/inbound", { cookie, body: { phoneNumber: CUSTOMER, body: "ancora io" } });
    await new Promise((r) => setTimeout(r, 1500));
    expect((await messagesOf(id)).filter((m) => m.sender === "ai")).toHaveLength(0);
    const manual = await call(`/api/conversations/${id}/send-manual`, { cookie, body: { content: "Ciao" } });
    expect(manual.status).toBe(409);
    expect(manual.json.error).toBe(TX.optedOut);

    for (const keyword of ["ANNULLA", "Disiscrivimi", "CANCELLAMI!"]) {
      const phone = `+3934000000${keyword.length}`;
      await call("/api/sandbox/inbound", { cookie, body: { phoneNumber: phone, body: keyword } });
      const row = await db().query.optOuts.findFirst({ where: and(eq(optOuts.twilioAccountId, account.id), eq(optOuts.phoneNumber, phone)) });
      expect(row, keyword).toBeDefined();
    }
    // START re-subscribes.
    await call("/api/sandbox/inbound", { cookie, body: { phoneNumber: CUSTOMER, body: "START" } });
    expect((await call(`/api/conversations/${id}`, { cookie })).json.optedOut).toBe(false);
  });
});

describe("sending through Twilio (real account, fake Twilio)", () => {
  async function openConversation(userId: string, accountId: string) {
    const [row] = await db()
      .insert(conversations)
      .values({ userId, twilioAccountId: accountId, phoneNumber: CUSTOMER, lastInboundAt: new Date(), operatorMode: true })
      .returning();
    return row!;
  }

  it("posts the form Twilio expects and stores the sid", async () => {
    const { user, cookie, account, accountSid } = await real(() => Response.json({ sid: "SM0000000000000000000000000000ok01", status: "queued" }, { status: 201 }));
    const conversation = await openConversation(user.id, account.id);
    const sent = await call(`/api/conversations/${conversation.id}/send-manual`, { cookie, body: { content: "Buongiorno" } });
    expect(sent.status).toBe(201);
    await waitFor(async () => expect((await messagesOf(conversation.id))[0]!.twilioMessageId).toBe("SM0000000000000000000000000000ok01"));
    const [{ request, body }] = sendsOf(accountSid) as [{ request: Request; body: unknown }];
    expect(request.url).toBe(`https://twilio.fake/2010-04-01/Accounts/${accountSid}/Messages.json`);
    expect(request.headers.get("Authorization")).toBe(`Basic ${btoa(`${accountSid}:${TOKEN}`)}`);
    const form = new URLSearchParams(body as string);
    expect(Object.fromEntries(form)).toEqual({
      From: "whatsapp:+390212345678",
      To: `whatsapp:${CUSTOMER}`,
      Body: "Buongiorno",
      StatusCallback: `${env.PUBLIC_BASE_URL}/webhooks/twilio/${account.id}/status`,
    });
  });

  it("sends an SMS conversation over plain numbers, with no 24-hour window", async () => {
    const { user, cookie, account, accountSid } = await real(() => Response.json({ sid: "SM00000000000000000000000000sms01", status: "queued" }, { status: 201 }));
    await db().insert(templates).values({ userId: user.id, twilioAccountId: account.id, name: "promo_sms", category: "ecommerce", channel: "sms", status: "approved", externalTemplateId: "HXsms00000000000000000000000000001", whatsappContent: { type: "text", text: "Ciao {{1}}" } });
    const [conversation] = await db()
      .insert(conversations)
      .values({ userId: user.id, twilioAccountId: account.id, phoneNumber: CUSTOMER, templateSid: "HXsms00000000000000000000000000001", operatorMode: true, channel: "sms" })
      .returning();
    const sent = await call(`/api/conversations/${conversation!.id}/send-manual`, { cookie, body: { content: "Offerta valida fino a domenica" } });
    expect(sent.status).toBe(201);
    await waitFor(async () => expect((await messagesOf(conversation!.id))[0]!.twilioMessageId).toBe("SM00000000000000000000000000sms01"));
    const form = new URLSearchParams(sendsOf(accountSid)[0]!.body as string);
    expect(form.get("From")).toBe("+390212345678");
    expect(form.get("To")).toBe(CUSTOMER);
  });

  for (const [label, failure] of [
    ["500", () => new Response(JSON.stringify({ code: 20500, message: "Internal" }), { status: 500 })],
    ["429", () => new Response(JSON.stringify({ code: 20429, message: "Too Many Requests" }), { status: 429 })],
    ["a time-out", () => Promise.reject(new DOMException("The operation timed out", "TimeoutError"))],
  ] as const) {
    it(`retries after ${label} with backoff and sends exactly once`, async () => {
      let calls = 0;
      const { user, cookie, account, accountSid } = await real(() =>
        ++calls === 1 ? failure() : Response.json({ sid: `SMretry${crypto.randomUUID()}`, status: "queued" }, { status: 201 }),
      );
      const conversation = await openConversation(user.id, account.id);
      await call(`/api/conversations/${conversation.id}/send-manual`, { cookie, body: { content: "Riprova" } });
      await waitFor(async () => expect((await messagesOf(conversation.id))[0]).toMatchObject({ status: "sent" }), 15_000);
      await new Promise((r) => setTimeout(r, 1500));
      expect(sendsOf(accountSid)).toHaveLength(2);
      const rows = await messagesOf(conversation.id);
      expect(rows).toHaveLength(1);
      expect(rows[0]!.errorMessage).toBeNull();
    });
  }

  it("fails a bad number at once with a clear Italian error (21211), without retrying", async () => {
    const { user, cookie, account, accountSid } = await real(
      () => new Response(JSON.stringify({ code: 21211, message: "The 'To' number is not a valid phone number." }), { status: 400 }),
    );
    const conversation = await openConversation(user.id, account.id);
    await call(`/api/conversations/${conversation.id}/send-manual`, { cookie, body: { content: "Ciao" } });
    await waitFor(async () => expect((await messagesOf(conversation.id))[0]).toMatchObject({ status: "failed", errorMessage: "Numero di telefono non valido" }));
    await new Promise((r) => setTimeout(r, 2500));
    expect(sendsOf(accountSid)).toHaveLength(1);
  });

  it("marks a send failed when it reaches the dead-letter queue after its retries", async () => {
    const { user, account } = await real();
    const conversation = await openConversation(user.id, account.id);
    const [message] = await db()
      .insert(messages)
      .values({ conversationId: conversation.id, content: "x", isFromBot: true, sender: "operator", status: "queued", errorMessage: "Troppe richieste a Twilio: nuovo tentativo a breve" })
      .returning();
    const batch = createMessageBatch("agentbot-jobs-dlq", [
      { id: "dlq1", timestamp: new Date(), attempts: 6, body: { kind: "message.send", messageId: message!.id, idempotencyKey: "k" } },
    ]);
    const ctx = createExecutionContext();
    await worker.queue(batch, env, ctx);
    expect((await getQueueResult(batch, ctx)).explicitAcks).toEqual(["dlq1"]);
    const row = await db().query.messages.findFirst({ where: eq(messages.id, message!.id) });
    expect(row!.status).toBe("failed");
    expect(row!.errorMessage).toContain("abbandonato dopo i tentativi");
  });

  it("moves delivery statuses only forward, whatever order the callbacks arrive in", async () => {
    const { user, account } = await real();
    const conversation = await openConversation(user.id, account.id);
    const [message] = await db()
      .insert(messages)
      .values({ conversationId: conversation.id, content: "x", isFromBot: true, sender: "operator", status: "sent", twilioMessageId: "SMstatus1" })
      .returning();
    const status = (s: string, extra: Record<string, string> = {}) => webhook(account.id, { MessageSid: "SMstatus1", MessageStatus: s, ...extra }, { kind: "status" });
    const current = async () => (await db().query.messages.findFirst({ where: eq(messages.id, message!.id) }))!;
    expect((await status("delivered")).status).toBe(204);
    expect((await current()).status).toBe("delivered");
    await status("sent");
    await status("queued");
    expect((await current()).status).toBe("delivered");
    await status("failed", { ErrorCode: "30008" });
    expect((await current()).status).toBe("delivered");
    await status("read");
    expect((await current()).status).toBe("read");
    await status("delivered");
    expect((await current()).status).toBe("read");
    expect((await status("read", {}).then(() => webhook(account.id, { MessageSid: "SMstatus1", MessageStatus: "read" }, { kind: "status", signature: "bad" }))).status).toBe(403);
  });

  it("applies a status Twilio posts before the send has written the message's sid, once it is written", async () => {
    const { user, account } = await real();
    const conversation = await openConversation(user.id, account.id);
    // Twilio answered the send, whose write of the sid waits for its batch: the message is still "sending".
    const [message] = await db().insert(messages).values({ conversationId: conversation.id, content: "x", isFromBot: true, sender: "operator", status: "sending" }).returning();
    const callback = webhook(account.id, { MessageSid: "SMearly1", MessageStatus: "failed", ErrorCode: "63016" }, { kind: "status" });
    await new Promise((r) => setTimeout(r, 100));
    await db().update(messages).set({ status: "sent", twilioMessageId: "SMearly1" }).where(eq(messages.id, message!.id));
    expect((await callback).status).toBe(204);
    expect(await db().query.messages.findFirst({ where: eq(messages.id, message!.id) })).toMatchObject({ status: "failed", errorCode: "63016" });
    // A sid that no message gets is answered all the same, after the last try.
    const started = Date.now();
    expect((await webhook(account.id, { MessageSid: "SMnever1", MessageStatus: "delivered" }, { kind: "status" })).status).toBe(204);
    expect(Date.now() - started).toBeGreaterThanOrEqual(1_250);
  });

  it("answers a status it already wrote without a round trip to D1, and applies the next one", async () => {
    const { user, cookie, account } = await real(() => Response.json({ sid: "SM00000000000000000000000000known1", status: "queued" }, { status: 201 }));
    const conversation = await openConversation(user.id, account.id);
    await call(`/api/conversations/${conversation.id}/send-manual`, { cookie, body: { content: "Ciao" } });
    await waitFor(async () => expect((await messagesOf(conversation.id))[0]).toMatchObject({ status: "sent", twilioMessageId: "SM00000000000000000000000000known1" }));
    const status = async (s: string) => {
      const res = await webhook(account.id, { MessageSid: "SM00000000000000000000000000known1", MessageStatus: s }, { kind: "status", env: SQL_COUNTING, headers: { "X-Count-SQL": "1" } });
      expect(res.status).toBe(204);
      return Number(res.headers.get("X-SQL-Round-Trips"));
    };
    // Twilio's "sent" after a send whose answer said so, and "queued" (sent to us): nothing to change.
    expect(await status("sent")).toBe(0);
    expect(await status("queued")).toBe(0);
    expect(await status("delivered")).toBe(1);
    expect((await messagesOf(conversation.id))[0]!.status).toBe("delivered");
    // Posted again: known, so no round trip; a later status still goes through.
    expect(await status("delivered")).toBe(0);
    expect(await status("read")).toBe(1);
    expect((await messagesOf(conversation.id))[0]!.status).toBe("read");
  });

  it("pushes each status Twilio reports to a console that has the chat open, with the error text of a failure", async () => {
    const { user, cookie, account } = await real();
    const conversation = await openConversation(user.id, account.id);
    const [first, second] = await db()
      .insert(messages)
      .values([
        { conversationId: conversation.id, content: "uno", isFromBot: true, sender: "operator", status: "sent", twilioMessageId: "SMlive1" },
        { conversationId: conversation.id, content: "due", isFromBot: true, sender: "operator", status: "sent", twilioMessageId: "SMlive2" },
      ])
      .returning();
    // Before any console listens, the status is stored all the same.
    await webhook(account.id, { MessageSid: "SMlive1", MessageStatus: "delivered" }, { kind: "status" });
    expect((await db().query.messages.findFirst({ where: eq(messages.id, first!.id) }))!.status).toBe("delivered");
    const { ws, frames } = await openLiveSocket(conversation.id, cookie);
    await webhook(account.id, { MessageSid: "SMlive1", MessageStatus: "read" }, { kind: "status" });
    await webhook(account.id, { MessageSid: "SMlive2", MessageStatus: "undelivered", ErrorCode: "63016" }, { kind: "status" });
    // A status that does not move the message on sends nothing.
    await webhook(account.id, { MessageSid: "SMlive1", MessageStatus: "delivered" }, { kind: "status" });
    await waitFor(async () => expect(frames.filter((f) => f.type === "message-status")).toHaveLength(2));
    expect(frames.filter((f) => f.type === "message-status")).toEqual([
      { type: "message-status", messageId: first!.id, status: "read", errorCode: null, errorMessage: null },
      { type: "message-status", messageId: second!.id, status: "undelivered", errorCode: "63016", errorMessage: "Fuori dalla finestra di 24 ore: usa un template approvato" },
    ]);
    ws.close();
  });

  it("records a failed delivery with the Twilio error", async () => {
    const { user, account } = await real();
    const conversation = await openConversation(user.id, account.id);
    await db().insert(messages).values({ conversationId: conversation.id, content: "x", isFromBot: true, sender: "operator", status: "sent", twilioMessageId: "SMfail1" });
    await webhook(account.id, { MessageSid: "SMfail1", MessageStatus: "undelivered", ErrorCode: "63016" }, { kind: "status" });
    const row = await db().query.messages.findFirst({ where: eq(messages.twilioMessageId, "SMfail1") });
    expect(row).toMatchObject({ status: "undelivered", errorCode: "63016", errorMessage: "Fuori dalla finestra di 24 ore: usa un template approvato" });
  });
});

describe("the model behind the replies", () => {
  async function waitingCustomer() {
    const { user, cookie, account } = await sandbox();
    const [conversation] = await db()
      .insert(conversations)
      .values({ userId: user.id, twilioAccountId: account.id, phoneNumber: CUSTOMER, lastInboundAt: new Date(), templateSid: SANDBOX_TEMPLATES[0]!.sid })
      .returning();
    const [message] = await db().insert(messages).values({ conversationId: conversation!.id, content: "Vorrei un prestito", sender: "customer", status: "received" }).returning();
    return { user, cookie, account, conversation: conversation!, message: message! };
  }

  it("keeps the customer's message when the model fails, shows why, and the retry answers with usage recorded", async () => {
    const { account, conversation, message } = await waitingCustomer();
    const keyed = { ...env, OPENAI_API_KEY: "sk-test" };
    openAi = () => new Response("upstream down", { status: 503 });
    await expect(runAiReply(keyed, db(), { conversationId: conversation.id, replyToId: message.id })).rejects.toThrow();
    const failed = await db().query.conversations.findFirst({ where: eq(conversations.id, conversation.id) });
    expect(failed!.aiStatus).toBe("failed");
    expect(failed!.aiError).toContain(TX.aiFailed);
    expect(await db().select().from(messages).where(eq(messages.conversationId, conversation.id))).toHaveLength(1);

    const before = world.bodies.length;
    openAi = () => openAiCompletion("Certo! Che importo le serve?", 200, 40, "gpt-4o-mini");
    await runAiReply(keyed, db(), { conversationId: conversation.id, replyToId: message.id });
    // A redelivered job does not reply twice.
    await runAiReply(keyed, db(), { conversationId: conversation.id, replyToId: message.id });
    const rows = await db().select().from(messages).where(eq(messages.conversationId, conversation.id));
    expect(rows.filter((m) => m.sender === "ai").map((m) => m.content)).toEqual(["Certo! Che importo le serve?"]);
    const sent = world.bodies.slice(before).filter((b: any) => b?.messages) as any[];
    // The sandbox prompt (temperature 7 → 0.7) and the customer's message reach the model.
    expect(sent[0].temperature).toBe(0.7);
    expect(sent[0].messages[0].role).toBe("system");
    expect(sent[0].messages.at(-1)).toEqual({ role: "user", content: "Vorrei un prestito" });
    const usage = await db().select().from(openaiUsage).where(eq(openaiUsage.conversationId, conversation.id));
    expect(usage.map((u) => [u.operationType, u.model, u.totalTokens])).toEqual([
      ["chat_response", "gpt-4o-mini", 240],
      ["chat_response", "gpt-4o-mini", 240],
    ]);
    // gpt-4o-mini: $0.15/1M in, $0.60/1M out → 200 × 0.15e-6 + 40 × 0.6e-6 = $0.000054
    expect(usage[0]!.totalCost).toBe("0.00005400");
    const after = await db().query.conversations.findFirst({ where: eq(conversations.id, conversation.id) });
    expect(after).toMatchObject({ aiStatus: "idle", aiError: null });
    void account;
  });

  it("stops at the monthly cost cap and hands the conversation to an operator", async () => {
    const { account, conversation, message } = await waitingCustomer();
    await db().insert(usageBudgets).values({ twilioAccountId: account.id, monthlyLimitUsd: 0.001 });
    await db().insert(openaiUsage).values({ userId: conversation.userId, twilioAccountId: account.id, model: "gpt-4", operationType: "chat_response", totalCost: "0.00200000" });
    const before = world.bodies.length;
    await runAiReply({ ...env, OPENAI_API_KEY: "sk-test" }, db(), { conversationId: conversation.id, replyToId: message.id });
    expect(world.bodies.length).toBe(before); // the model was not called
    const after = await db().query.conversations.findFirst({ where: eq(conversations.id, conversation.id) });
    expect(after).toMatchObject({ operatorMode: true, aiStatus: "failed" });
    expect(after!.aiError).toContain("Limite di spesa AI mensile raggiunto");
    expect((await db().select().from(messages).where(eq(messages.conversationId, conversation.id))).map((m) => m.sender)).toEqual(["customer"]);
  });

  it("keeps a rolling summary once the conversation grows past the last 10 messages", async () => {
    const { account, conversation, message } = await waitingCustomer();
    const start = Date.now() - 60_000;
    const rows = Array.from({ length: 13 }, (_, i) => ({
      conversationId: conversation.id,
      content: i === 1 ? "Mi servono 10.000 euro per la cucina" : `messaggio ${i + 2}`,
      sender: (i % 2 === 0 ? "ai" : "customer") as "ai" | "customer",
      isFromBot: i % 2 === 0,
      status: "delivered" as const,
      createdAt: new Date(start + i * 1000),
    }));
    // D1 takes at most 100 bound parameters per statement.
    for (let i = 0; i < rows.length; i += 5) await db().insert(messages).values(rows.slice(i, i + 5));
    openAi = async (request) => {
      const body = (await request.clone().json()) as any;
      const isSummary = String(body.messages[0].content).startsWith("Aggiorna il riassunto");
      return openAiCompletion(isSummary ? "Il cliente chiede un prestito di 10.000 euro per la cucina." : "Perfetto, le preparo una simulazione.", 100, 20, "gpt-4o-mini");
    };
    const before = world.bodies.length;
    await runAiReply({ ...env, OPENAI_API_KEY: "sk-test" }, db(), { conversationId: conversation.id, replyToId: message.id });
    const summary = await db().query.conversationSummaries.findFirst({ where: eq(conversationSummaries.conversationId, conversation.id) });
    // 14 messages in all (the waiting one + 13): the 10 newest go in full, the 4 older into the summary.
    expect(summary).toMatchObject({ summary: "Il cliente chiede un prestito di 10.000 euro per la cucina.", messageCount: 4 });
    const reply = world.bodies.slice(before).find((b: any) => !String(b.messages[0].content).startsWith("Aggiorna il riassunto")) as any;
    expect(reply.messages[0].content).toContain("Il cliente chiede un prestito di 10.000 euro per la cucina.");
    expect(reply.messages).toHaveLength(11); // system + the last 10 messages
    const summaryUsage = await db().select().from(openaiUsage).where(and(eq(openaiUsage.conversationId, conversation.id), eq(openaiUsage.operationType, "conversation_summary")));
    expect(summaryUsage).toHaveLength(1);
    void account;
  });

  it("writes feedback only above 0.6 confidence and when not neutral", async () => {
    const { user, cookie, account, conversation, message } = await waitingCustomer();
    const [memory] = await db()
      .insert(memories)
      .values({ userId: user.id, twilioAccountId: account.id, name: "Feedback", memoryType: "feedback", linkedTemplates: [SANDBOX_TEMPLATES[0]!.sid] })
      .returning();
    const keyed = { ...env, OPENAI_API_KEY: "sk-test" };
    const answers = [
      { sentiment: "positive", category: "price", confidence: 0.5, item: "tasso basso" },
      { sentiment: "neutral", category: "other", confidence: 0.9, item: "nulla" },
      { sentiment: "negative", category: "service", confidence: 0.8, item: "attesa lunga" },
    ];
    let i = 0;
    const before = world.bodies.length;
    openAi = () => openAiCompletion(JSON.stringify(answers[i++]), 50, 20, "gpt-3.5-turbo");
    for (let n = 0; n < answers.length; n++) await runFeedbackAnalysis(keyed, db(), { messageId: message.id });
    const entries = await db().select().from(feedbackEntries).where(eq(feedbackEntries.memoryId, memory!.id));
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ phoneNumber: CUSTOMER, positiveItems: [], negativeItems: ["service: attesa lunga"] });
    const sent = world.bodies[before] as any;
    expect(sent).toMatchObject({ model: "gpt-3.5-turbo", temperature: 0.3, max_tokens: 150, response_format: { type: "json_object" } });
    const usage = await db().select().from(openaiUsage).where(and(eq(openaiUsage.conversationId, conversation.id), eq(openaiUsage.operationType, "feedback_analysis")));
    expect(usage).toHaveLength(3);

    // The analysis model is the account's setting: a local server's model is used as it is named.
    const changed = await call(`/api/twilio-accounts/${account.id}`, {
      method: "PUT",
      cookie,
      body: { name: "Sandbox", sandbox: true, phoneNumber: "+15005550006", gptModel: "llama3.1:8b", feedbackModel: "qwen2.5:7b" },
    });
    expect(changed.status, changed.text).toBe(200);
    expect(changed.json).toMatchObject({ gptModel: "llama3.1:8b", feedbackModel: "qwen2.5:7b" });
    const next = world.bodies.length;
    openAi = () => openAiCompletion(JSON.stringify(answers[2]), 50, 20, "qwen2.5:7b");
    await runFeedbackAnalysis(keyed, db(), { messageId: message.id });
    expect((world.bodies[next] as any).model).toBe("qwen2.5:7b");
  });
});

describe("starting a conversation", () => {
  it("validates the number and the prompt link with the spec's texts", async () => {
    const { cookie, account } = await sandbox();
    const prompt = await db().query.prompts.findFirst({ where: eq(prompts.twilioAccountId, account.id) });
    const base = { phoneNumber: CUSTOMER, templateSid: SANDBOX_TEMPLATES[0]!.sid, promptId: prompt!.id };
    const short = await call("/api/conversations/start-with-prompt", { cookie, body: { ...base, phoneNumber: "+39 12345" } });
    expect(short.status).toBe(400);
    expect(short.json.error).toBe(TX.invalidNumber);
    const missing = await call("/api/conversations/start-with-prompt", { cookie, body: { ...base, templateSid: "" } });
    expect(missing.json.error).toBe(TX.missingData);
    await db().update(prompts).set({ linkedTemplates: [] }).where(eq(prompts.id, prompt!.id));
    const unlinked = await call("/api/conversations/start-with-prompt", { cookie, body: base });
    expect(unlinked.status).toBe(400);
    expect(unlinked.json.error).toBe(TX.missingPrompt);
    const unknown = await call("/api/conversations/start-with-prompt", { cookie, body: { ...base, templateSid: "HXnope" } });
    expect(unknown.json.error).toBe(TX.templateNotApproved);
  });

  it("sends the template, creates the conversation and lists it", async () => {
    const { cookie, account } = await sandbox();
    const templates = await call("/api/twilio-templates", { cookie });
    expect(templates.json.map((t: any) => t.sid)).toEqual(SANDBOX_TEMPLATES.map((t) => t.sid));
    const prompt = await db().query.prompts.findFirst({ where: eq(prompts.twilioAccountId, account.id) });
    const res = await call("/api/conversations/start-with-prompt", {
      cookie,
      body: { phoneNumber: "+39 340 123 4567", templateSid: SANDBOX_TEMPLATES[0]!.sid, promptId: prompt!.id, customerName: "Giulia", customerCompany: "", variables: NAME_AND_TEXT },
    });
    expect(res.status).toBe(201);
    expect(res.json.conversation).toMatchObject({ phoneNumber: CUSTOMER, customerName: "Giulia", customerCompany: null, template: { name: "prestiti_benvenuto", category: "loans" } });
    expect(res.json.message.content).toBe(
      "Ciao Giulia, sono l'assistente di Sandbox. Ti ho scritto per il prestito personale che hai richiesto: vuoi una simulazione della rata senza impegno?",
    );
    const id = res.json.conversation.id;
    await waitFor(async () => expect((await messagesOf(id))[0]!.status).toBe("delivered"));
    const list = await call("/api/conversations", { cookie });
    expect(list.json.map((c: any) => c.id)).toEqual([id]);
    expect((await call("/api/conversations?search=Giulia", { cookie })).json).toHaveLength(1);
    expect((await call("/api/conversations?search=Nessuno", { cookie })).json).toHaveLength(0);
    expect((await call(`/api/conversations?from=${encodeURIComponent(new Date(Date.now() + 3600_000).toISOString())}`, { cookie })).json).toHaveLength(0);
    expect((await call("/api/conversations/active", { cookie })).json).toHaveLength(1);
    expect((await call("/api/conversations/unread-count", { cookie })).json.count).toBe(1);
    await call(`/api/conversations/${id}/mark-read`, { method: "POST", cookie });
    expect((await call("/api/conversations/unread-count", { cookie })).json.count).toBe(0);
    expect((await call(`/api/conversations/${id}`, { method: "DELETE", cookie })).status).toBe(200);
    expect((await call(`/api/conversations/${id}`, { cookie })).status).toBe(404);
  });

  it("fills each {{n}} from the value the user chose and refuses an unset or empty one, opening nothing", async () => {
    const { cookie, account } = await sandbox();
    const prompt = await db().query.prompts.findFirst({ where: eq(prompts.twilioAccountId, account.id) });
    const base = { phoneNumber: CUSTOMER, templateSid: SANDBOX_TEMPLATES[0]!.sid, promptId: prompt!.id, customerName: "Giulia" };
    const start = (extra: Record<string, unknown>) => call("/api/conversations/start-with-prompt", { cookie, body: { ...base, ...extra } });

    const unset = await start({ variables: { "1": { source: "field", field: "nome" } } });
    expect(unset.status).toBe(400);
    expect(unset.json.error).toBe(VX.missing(["2"]));
    // No company was given: {{2}} bound to it has no value, and no account name stands in for it.
    const empty = await start({ variables: { "1": { source: "field", field: "nome" }, "2": { source: "field", field: "company" } } });
    expect(empty.status).toBe(400);
    expect(empty.json.error).toBe(VX.noValue(["2"]));
    const placeholder = await start({ variables: { "1": "{{1}}", "2": "x" } });
    expect(placeholder.status).toBe(400);
    expect(placeholder.json.error).toBe(VX.placeholderValue);
    const blank = await start({ variables: { "1": "   ", "2": "x" } });
    expect(blank.status).toBe(400);
    expect(blank.json.error).toBe(VX.textBlank);
    expect((await call("/api/conversations", { cookie })).json).toEqual([]);

    const res = await start({ customerCompany: "Ferramenta Neri", variables: { "1": { source: "field", field: "nome" }, "2": { source: "field", field: "company" } } });
    expect(res.status, res.text).toBe(201);
    expect(res.json.message.content).toBe(renderTemplate(SANDBOX_TEMPLATES[0]!.bodyText, { "1": "Giulia", "2": "Ferramenta Neri" }));
    const stored = await db().query.messages.findFirst({ where: eq(messages.conversationId, res.json.conversation.id) });
    expect(stored!.templateVariables).toEqual({ "1": "Giulia", "2": "Ferramenta Neri" });

    // The operator's template outside the window: fixed text or the contact's fields, never a guess.
    const id = res.json.conversation.id;
    const send = (variables?: unknown) => call(`/api/conversations/${id}/send-template`, { cookie, body: { templateSid: SANDBOX_TEMPLATES[1]!.sid, variables } });
    expect((await send()).json.error).toBe(VX.missing(["1", "2"]));
    const sent = await send({ "1": { source: "field", field: "nome" }, "2": "Cartoleria Rossi" });
    expect(sent.status).toBe(201);
    expect(sent.json.content).toBe(renderTemplate(SANDBOX_TEMPLATES[1]!.bodyText, { "1": "Giulia", "2": "Cartoleria Rossi" }));
  });
});

describe("tenancy on conversations", () => {
  it("answers 404 for another tenant's conversation on every route and on the live socket", async () => {
    const owner = await sandbox();
    const started = await call("/api/sandbox/inbound", { cookie: owner.cookie, body: { phoneNumber: CUSTOMER, body: "Ciao" } });
    const id = started.json.conversationId;
    const stranger = await sandbox();
    const routes: [string, string, unknown?][] = [
      ["GET", `/api/conversations/${id}`],
      ["GET", `/api/conversations/${id}/messages`],
      ["POST", `/api/conversations/${id}/send-manual`, { content: "x" }],
      ["POST", `/api/conversations/${id}/send-template`, { templateSid: SANDBOX_TEMPLATES[0]!.sid, variables: { "1": "a", "2": "b" } }],
      ["POST", `/api/conversations/${id}/operator-mode`, { enabled: true }],
      ["POST", `/api/conversations/${id}/mark-read`],
      ["DELETE", `/api/conversations/${id}`],
    ];
    for (const [method, path, body] of routes) {
      const res = await call(path, { method, cookie: stranger.cookie, body });
      expect(res.status, `${method} ${path}`).toBe(404);
    }
    const socket = await call(`/api/conversations/${id}/live`, { cookie: stranger.cookie, headers: { Upgrade: "websocket" } });
    expect(socket.status).toBe(404);
    expect((await call("/api/conversations", { cookie: stranger.cookie })).json).toEqual([]);
    expect((await call(`/api/conversations/${id}/live`, { headers: { Upgrade: "websocket" } })).status).toBe(401);
  });

  it("refuses a live socket opened from another site's page, and opens it from ours", async () => {
    const { cookie } = await sandbox();
    const started = await call("/api/sandbox/inbound", { cookie, body: { phoneNumber: CUSTOMER, body: "Ciao" } });
    const path = `/api/conversations/${started.json.conversationId}/live`;
    const foreign = await call(path, { cookie, headers: { Upgrade: "websocket", Origin: "https://evil.example" } });
    expect(foreign.status).toBe(403);
    expect(foreign.json).toEqual({ error: T.badOrigin });
    const ours = await worker.fetch(new Request(`${env.PUBLIC_BASE_URL}${path}`, { headers: { Upgrade: "websocket", Cookie: cookie, Origin: new URL(env.PUBLIC_BASE_URL).origin } }), env, createExecutionContext());
    expect(ours.status).toBe(101);
    ours.webSocket!.accept();
    ours.webSocket!.close();
  });

  it("streams new messages to a console's live socket", async () => {
    const { cookie } = await sandbox();
    const started = await call("/api/sandbox/inbound", { cookie, body: { phoneNumber: CUSTOMER, body: "Ciao" } });
    const id = started.json.conversationId;
    await call(`/api/conversations/${id}/operator-mode`, { cookie, body: { enabled: true } });
    const { ws, frames } = await openLiveSocket(id, cookie);
    await call("/api/sandbox/inbound", { cookie, body: { phoneNumber: CUSTOMER, body: "Sei lì?" } });
    await waitFor(async () => expect(frames.some((f) => f.type === "message" && f.message.content === "Sei lì?")).toBe(true));
    const sent = await call(`/api/conversations/${id}/send-manual`, { cookie, body: { content: "Sì, eccomi" } });
    await waitFor(async () => expect(frames.some((f) => f.type === "message-status" && f.messageId === sent.json.id && f.status === "delivered")).toBe(true));
    ws.close();
  });
});
