import { createExecutionContext, createMessageBatch, evictDurableObject, getQueueResult, runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, onTestFinished, vi } from "vitest";
import type { JobMessage } from "@shared/jobs";
import { CONVERSATION_TEXTS as TX } from "@shared/texts/conversations";
import { LIST_TEXTS } from "@shared/texts/lists";
import { conversations, listLeads, messages, optOuts } from "@worker/db/schema";
import worker from "@worker/index";
import { DEAD_LETTER_QUEUE } from "@worker/jobs/queue";
import { sweepOutbox } from "@worker/jobs/send-message";
import { OUTBOX_LEASE_MS } from "@worker/features/conversations/repo";
import { ingestObject } from "@worker/features/conversations/service";
import { fakeAirtableBase, type FakeBaseTable } from "../fakes/airtable-base";
import { fakeOutside, type FakeOutside, openAiCompletion } from "../fakes/outside";
import { type FakeContent, fakeTwilioContent } from "../fakes/twilio-content";
import { call, createAccount, db, openLiveSocket, setFirstContactPrompt, signedInUser } from "./helpers";
import { inboundParams, postTwilioWebhook } from "./twilio-webhook";

// Fault injection: the outside world (Twilio, OpenAI, Airtable) fails, the product's own D1, Queues,
// Durable Objects and R2 are real. Queue jobs are captured from the real producers and handed to the
// real consumer (worker.queue) one delivery at a time, with the attempt counts Cloudflare would give,
// so a test sees every retry decision without waiting out the backoff.

const JOBS_QUEUE = "agentbot-jobs";
// wrangler.toml: max_retries = 5, so a job is delivered at most 6 times before the dead-letter queue.
const DELIVERIES = 6;
const TOKEN = "fault-auth-token-000000000000000";
const SENDER = "+390212345678";
const CUSTOMER = "+393401234567";
const waitFor = <T>(fn: () => Promise<T>, timeout = 15_000) => vi.waitFor(fn, { timeout, interval: 150 });
const newSid = () => `SM${crypto.randomUUID().replaceAll("-", "")}`;

// ---- The fake outside world ----------------------------------------------------------------------

// "lost-answer": Twilio takes the message, then the answer never arrives (a time-out after acceptance).
type TwilioFault = "500" | "429" | "timeout" | "hang" | "lost-answer";
// Per account SID: while a fault is set, every Messages API call fails that way.
const twilioOutage = new Map<string, TwilioFault>();
// Every Messages API call, and whether Twilio took the message.
const twilioLog: { accountSid: string; accepted: boolean; statusCallback: string | null }[] = [];
// The messages Twilio holds, as its Messages list answers them.
const twilioStore: { accountSid: string; sid: string; to: string; from: string; body: string; dateCreated: Date }[] = [];

const content = fakeTwilioContent();
type Handler = (request: Request) => Response | Promise<Response>;
let openAi: Handler = () => openAiCompletion("ok", 1, 1);
const airtableTables: Record<string, FakeBaseTable> = {};
const airtable = fakeAirtableBase(airtableTables);
// Per Airtable base: the request offsets that fail, and how.
const airtableOutage = new Map<string, { offset: string; status: 500 | 429 }>();

function twilioFailure(fault: TwilioFault, request: Request): Promise<Response> {
  switch (fault) {
    case "500":
      return Promise.resolve(Response.json({ code: 20500, message: "Internal Server Error", status: 500 }, { status: 500 }));
    case "429":
      return Promise.resolve(Response.json({ code: 20429, message: "Too Many Requests", status: 429 }, { status: 429 }));
    case "timeout":
      // What fetch rejects with once the provider's AbortSignal.timeout fires.
      return Promise.reject(new DOMException("The operation was aborted due to timeout", "TimeoutError"));
    case "lost-answer":
      return Promise.reject(new DOMException("The operation was aborted due to timeout", "TimeoutError"));
    case "hang":
      // Never answers: only the caller's own time-out ends the request.
      return new Promise((_, reject) => request.signal.addEventListener("abort", () => reject(request.signal.reason)));
  }
}

// Twilio's Messages list: filtered by To and From (and DateSent, a day's granularity, so every message
// of these tests passes it), newest first, with Twilio's RFC 2822 dates.
function twilioList(url: URL, accountSid: string): Response {
  const found = twilioStore
    .filter((m) => m.accountSid === accountSid && m.to === url.searchParams.get("To") && m.from === url.searchParams.get("From"))
    .sort((a, b) => b.dateCreated.getTime() - a.dateCreated.getTime())
    .map((m) => ({ sid: m.sid, to: m.to, from: m.from, body: m.body, status: "sent", direction: "outbound-api", date_created: m.dateCreated.toUTCString().replace("GMT", "+0000") }));
  return Response.json({ messages: found, page: 0, page_size: 50, next_page_uri: null, uri: url.pathname });
}

async function twilioMessages(request: Request, accountSid: string): Promise<Response> {
  const url = new URL(request.url);
  if (request.method === "GET") return twilioList(url, accountSid);
  const fault = twilioOutage.get(accountSid);
  const form = new URLSearchParams(new TextDecoder().decode(await request.clone().arrayBuffer()));
  const accepted = !fault || fault === "lost-answer";
  twilioLog.push({ accountSid, accepted, statusCallback: form.get("StatusCallback") });
  const sid = newSid();
  if (accepted) twilioStore.push({ accountSid, sid, to: form.get("To") ?? "", from: form.get("From") ?? "", body: form.get("Body") ?? "", dateCreated: new Date() });
  if (fault) return twilioFailure(fault, request);
  return Response.json({ sid, status: "queued" }, { status: 201 });
}

let world: FakeOutside;
beforeAll(() => {
  world = fakeOutside((request) => {
    const url = new URL(request.url);
    if (url.hostname === "twilio.fake") return twilioMessages(request, url.pathname.split("/")[3] ?? "");
    if (url.hostname === "content.twilio.fake") return content.handler(request);
    if (url.hostname === "openai.fake") return openAi(request);
    if (url.hostname === "airtable.fake") {
      const outage = airtableOutage.get(url.pathname.split("/")[2] ?? "");
      if (outage && url.searchParams.get("offset") === outage.offset) {
        return outage.status === 429
          ? Response.json({ errors: [{ error: "RATE_LIMIT_REACHED", message: "Rate limit exceeded. Please try again later" }] }, { status: 429 })
          : Response.json({ error: { type: "SERVER_ERROR", message: "Internal error" } }, { status: 500 });
      }
      return airtable.handler(request);
    }
    return new Response("unknown fake host", { status: 404 });
  });
});
afterAll(() => world.restore());

const twilioCalls = (accountSid: string) => twilioLog.filter((c) => c.accountSid === accountSid);

// ---- The jobs queue, one delivery at a time --------------------------------------------------------

// The real bindings, with a JOBS producer that keeps what is sent so the test delivers it.
function capturingEnv(overrides: Partial<Env> = {}) {
  const jobs: JobMessage[] = [];
  const JOBS = {
    send: async (body: JobMessage) => void jobs.push(body),
    sendBatch: async (batch: Iterable<{ body: JobMessage }>) => void jobs.push(...[...batch].map((m) => m.body)),
  } as unknown as Queue;
  const take = <K extends JobMessage["kind"]>(kind: K) => {
    const i = jobs.findIndex((j) => j.kind === kind);
    if (i < 0) throw new Error(`no ${kind} job was queued (queued: ${jobs.map((j) => j.kind).join(", ") || "none"})`);
    return jobs.splice(i, 1)[0] as Extract<JobMessage, { kind: K }>;
  };
  return { env: { ...env, ...overrides, JOBS } as Env, jobs, take };
}

let deliveryId = 0;
// One delivery of a job to the real consumer; answers what it decided (ack, or retry with a delay).
async function deliver(e: Env, job: JobMessage, attempts: number, queue = JOBS_QUEUE) {
  const id = `delivery-${(deliveryId += 1)}`;
  const batch = createMessageBatch(queue, [{ id, timestamp: new Date(), attempts, body: job }]);
  // The batch's result records that a message was retried, not the delay asked for.
  const retry = vi.spyOn(batch.messages[0]!, "retry");
  const ctx = createExecutionContext();
  await worker.queue(batch, e, ctx);
  const result = await getQueueResult(batch, ctx);
  if (result.explicitAcks.includes(id)) return { acked: true as const };
  if (result.retryMessages.some((m) => m.msgId === id)) return { acked: false as const, delaySeconds: retry.mock.calls[0]?.[0]?.delaySeconds };
  throw new Error(`delivery ${id} was neither acked nor retried`);
}

// ---- Accounts, conversations and what the user sees ----------------------------------------------

async function realAccount() {
  const { user, cookie } = await signedInUser();
  const accountSid = `AC${crypto.randomUUID().replaceAll("-", "")}`;
  const account = await createAccount(cookie, { authToken: TOKEN, phoneNumber: SENDER, accountSid });
  await setFirstContactPrompt(cookie, account.id);
  // One approved WhatsApp template in the account's Content API.
  const template: FakeContent = {
    sid: `HX${crypto.randomUUID().replaceAll("-", "")}`,
    accountSid,
    friendlyName: "promemoria_appuntamento",
    language: "it",
    variables: { "1": "Mario", "2": "domani" },
    types: { "twilio/text": { body: "Promemoria: {{1}}, {{2}}" } },
    approval: { name: "promemoria_appuntamento", category: "UTILITY", status: "approved", rejection_reason: "" },
  };
  content.contents.set(template.sid, template);
  return { user, cookie, account, accountSid, templateSid: template.sid };
}

async function openConversation(userId: string, accountId: string, values: Partial<typeof conversations.$inferInsert> = {}) {
  const [row] = await db()
    .insert(conversations)
    .values({ userId, twilioAccountId: accountId, phoneNumber: CUSTOMER, lastInboundAt: new Date(), ...values })
    .returning();
  return row!;
}

type ApiMessage = { id: string; sender: string; status: string; content: string; errorMessage: string | null; twilioMessageId: string | null; createdAt: string };

async function messagesOf(cookie: string, conversationId: string) {
  const res = await call(`/api/conversations/${conversationId}/messages`, { cookie });
  expect(res.status).toBe(200);
  return res.json as ApiMessage[];
}

async function messageOf(cookie: string, conversationId: string, messageId: string) {
  const found = (await messagesOf(cookie, conversationId)).find((m) => m.id === messageId);
  if (!found) throw new Error(`message ${messageId} is not in conversation ${conversationId}`);
  return found;
}

// A customer's WhatsApp message as Twilio posts it, signed with the account's auth token.
async function inboundWebhook(accountId: string, sid: string, body: string) {
  const params = inboundParams({ sid, from: CUSTOMER, to: SENDER, body, profileName: "Giulia" });
  return postTwilioWebhook(accountId, params, { token: TOKEN });
}

// ---- Twilio on every send path -------------------------------------------------------------------

interface Started {
  cookie: string;
  accountSid: string;
  conversationId: string;
  messageId: string;
  send: Extract<JobMessage, { kind: "message.send" }>;
  jobEnv: Env;
}

// Each send path, started through the product's own entry point, up to its queued message.send job.
const sendPaths: Record<string, () => Promise<Started>> = {
  async "AI conversation reply"() {
    const { user, cookie, account, accountSid } = await realAccount();
    const conversation = await openConversation(user.id, account.id);
    const [question] = await db().insert(messages).values({ conversationId: conversation.id, content: "Quanto costa?", sender: "customer", status: "received" }).returning();
    openAi = () => openAiCompletion("Costa 10 euro al mese.", 10, 5);
    const q = capturingEnv({ OPENAI_API_KEY: "sk-test" });
    const job: JobMessage = { kind: "ai.reply", conversationId: conversation.id, replyToId: question!.id, idempotencyKey: `ai.reply:${question!.id}` };
    expect(await deliver(q.env, job, 1)).toEqual({ acked: true });
    const send = q.take("message.send");
    const reply = await messageOf(cookie, conversation.id, send.messageId);
    expect(reply).toMatchObject({ sender: "ai", content: "Costa 10 euro al mese.", status: "queued" });
    return { cookie, accountSid, conversationId: conversation.id, messageId: send.messageId, send, jobEnv: q.env };
  },

  async "manual operator send"() {
    const { user, cookie, account, accountSid } = await realAccount();
    const conversation = await openConversation(user.id, account.id, { operatorMode: true });
    const q = capturingEnv();
    const res = await call(`/api/conversations/${conversation.id}/send-manual`, { cookie, body: { content: "Sono Marco, la richiamo io." }, env: q.env });
    expect(res.status).toBe(201);
    const send = q.take("message.send");
    expect(send.messageId).toBe(res.json.id);
    return { cookie, accountSid, conversationId: conversation.id, messageId: send.messageId, send, jobEnv: q.env };
  },

  async "calendar reminder"() {
    const { cookie, account, accountSid, templateSid } = await realAccount();
    const staff = "+393479990001";
    const start = new Date(Date.now() + 10 * 60_000);
    const created = await call("/api/calendar", {
      cookie,
      body: { title: "Visita cliente", startDate: start.toISOString(), notificationEnabled: true, notificationMinutes: 15, notificationTemplateId: templateSid, notificationPhoneNumbers: [staff] },
    });
    expect(created.status, created.text).toBe(201);
    const q = capturingEnv();
    const reminder: JobMessage = { kind: "calendar.reminder", eventId: created.json.id, occurrenceStart: Date.parse(created.json.startDate), idempotencyKey: "calendar.reminder:fault" };
    expect(await deliver(q.env, reminder, 1)).toEqual({ acked: true });
    const send = q.take("message.send");
    const conversation = await db().query.conversations.findFirst({ where: and(eq(conversations.twilioAccountId, account.id), eq(conversations.phoneNumber, staff)) });
    return { cookie, accountSid, conversationId: conversation!.id, messageId: send.messageId, send, jobEnv: q.env };
  },

  async "template test"() {
    const { cookie, accountSid, templateSid } = await realAccount();
    const q = capturingEnv();
    const res = await call("/api/template-test/send", { cookie, body: { templateSid, phone: CUSTOMER, variables: { "1": "Giulia", "2": "lunedì" } }, env: q.env });
    expect(res.status, res.text).toBe(201);
    expect(res.json).toMatchObject({ content: "Promemoria: Giulia, lunedì", sandbox: false });
    const send = q.take("message.send");
    expect(send.messageId).toBe(res.json.messageId);
    return { cookie, accountSid, conversationId: res.json.conversationId, messageId: send.messageId, send, jobEnv: q.env };
  },
};

const faultText: Record<Exclude<TwilioFault, "hang" | "lost-answer">, string> = {
  "500": "Invio non riuscito (errore Twilio 20500)",
  "429": "Troppe richieste a Twilio: nuovo tentativo a breve",
  timeout: "Invio non riuscito",
};

// After the dead-letter queue the retry promise is dropped from the text.
const givenUpText: Record<Exclude<TwilioFault, "hang" | "lost-answer">, string> = {
  "500": "Invio non riuscito (errore Twilio 20500): abbandonato dopo i tentativi",
  "429": "Troppe richieste a Twilio: abbandonato dopo i tentativi",
  timeout: "Invio non riuscito: abbandonato dopo i tentativi",
};
const dlqFault: Record<string, Exclude<TwilioFault, "hang" | "lost-answer">> = {
  "AI conversation reply": "500",
  "manual operator send": "429",
  "calendar reminder": "timeout",
  "template test": "500",
};

describe("Twilio fails on every send path", () => {
  for (const [path, start] of Object.entries(sendPaths)) {
    for (const fault of ["500", "429", "timeout"] as const) {
      it(`${path}: after ${fault === "timeout" ? "a time-out" : fault} it is retried with backoff and sent exactly once when Twilio recovers`, async () => {
        const s = await start();
        twilioOutage.set(s.accountSid, fault);
        // Two failed deliveries: each hands the job back with a growing delay, and the chat shows why.
        for (const attempts of [1, 2]) {
          expect(await deliver(s.jobEnv, s.send, attempts)).toEqual({ acked: false, delaySeconds: 2 ** attempts });
          expect(await messageOf(s.cookie, s.conversationId, s.messageId)).toMatchObject({ status: "queued", twilioMessageId: null, errorMessage: faultText[fault] });
        }
        twilioOutage.delete(s.accountSid);
        expect(await deliver(s.jobEnv, s.send, 3)).toEqual({ acked: true });
        const sent = await messageOf(s.cookie, s.conversationId, s.messageId);
        expect(sent).toMatchObject({ status: "sent", errorMessage: null });
        expect(sent.twilioMessageId).toMatch(/^SM/);
        // The queue delivers at least once: a late duplicate of the job sends nothing more.
        expect(await deliver(s.jobEnv, s.send, 4)).toEqual({ acked: true });
        expect(twilioCalls(s.accountSid).map((c) => c.accepted)).toEqual([false, false, true]);
        expect((await messagesOf(s.cookie, s.conversationId)).filter((m) => m.id === s.messageId)).toHaveLength(1);
      });
    }

    const fault = dlqFault[path]!;
    it(`${path}: after its retries (${fault}) it goes to the dead-letter queue and the chat shows it failed`, async () => {
      const s = await start();
      twilioOutage.set(s.accountSid, fault);
      for (let attempts = 1; attempts <= DELIVERIES; attempts++) {
        expect(await deliver(s.jobEnv, s.send, attempts)).toEqual({ acked: false, delaySeconds: Math.min(300, 2 ** attempts) });
      }
      expect(await deliver(s.jobEnv, s.send, 1, DEAD_LETTER_QUEUE)).toEqual({ acked: true });
      expect(await messageOf(s.cookie, s.conversationId, s.messageId)).toMatchObject({
        status: "failed",
        twilioMessageId: null,
        errorMessage: givenUpText[fault],
      });
      // Given up means given up: Twilio recovering later does not send it behind the user's back.
      twilioOutage.delete(s.accountSid);
      expect(await deliver(s.jobEnv, s.send, DELIVERIES + 1)).toEqual({ acked: true });
      expect(twilioCalls(s.accountSid)).toHaveLength(DELIVERIES);
      expect((await messageOf(s.cookie, s.conversationId, s.messageId)).status).toBe("failed");
    });
  }

  it("end to end on the real queue: a webhook's AI reply that Twilio refuses once is retried by the queue and sent once", async () => {
    const { cookie, account, accountSid } = await realAccount();
    twilioOutage.set(accountSid, "500");
    expect((await inboundWebhook(account.id, newSid(), "Ciao, siete aperti oggi?")).status).toBe(200);
    await waitFor(async () => expect(twilioCalls(accountSid)).toHaveLength(1));
    twilioOutage.delete(accountSid);
    const conversation = await db().query.conversations.findFirst({ where: and(eq(conversations.twilioAccountId, account.id), eq(conversations.phoneNumber, CUSTOMER)) });
    await waitFor(async () => expect((await messagesOf(cookie, conversation!.id)).find((m) => m.sender === "ai")).toMatchObject({ status: "sent", errorMessage: null }));
    await new Promise((r) => setTimeout(r, 1500));
    expect(twilioCalls(accountSid).map((c) => c.accepted)).toEqual([false, true]);
  });

  it("a PUBLIC_BASE_URL set with a trailing slash still gives Twilio a status callback URL the Worker serves", async () => {
    const s = await sendPaths["manual operator send"]!();
    expect(await deliver({ ...s.jobEnv, PUBLIC_BASE_URL: `${env.PUBLIC_BASE_URL}/` }, s.send, 1)).toEqual({ acked: true });
    const [sent] = twilioCalls(s.accountSid);
    expect(sent!.statusCallback).toMatch(/^https:\/\/agentbot\.test\/webhooks\/twilio\/[\w-]+\/status$/);
  });

  it("a Twilio request that never answers is cut off by the provider's time-out and retried", async () => {
    const s = await sendPaths["manual operator send"]!();
    twilioOutage.set(s.accountSid, "hang");
    const started = Date.now();
    expect(await deliver(s.jobEnv, s.send, 1)).toEqual({ acked: false, delaySeconds: 2 });
    expect(Date.now() - started).toBeGreaterThanOrEqual(9_000);
    expect(await messageOf(s.cookie, s.conversationId, s.messageId)).toMatchObject({ status: "queued", errorMessage: faultText.timeout });
    twilioOutage.delete(s.accountSid);
    expect(await deliver(s.jobEnv, s.send, 2)).toEqual({ acked: true });
    expect(twilioCalls(s.accountSid).map((c) => c.accepted)).toEqual([false, true]);
  }, 30_000);
});

// ---- The outbox: the Worker killed around the Twilio call ------------------------------------------

// The Worker dies at the first SQL statement matching `at`: the statement never runs and the job ends
// with an error nothing catches, as when the isolate is killed there.
function killedAt(e: Env, at: RegExp) {
  const real = e.DB;
  const DB = {
    prepare: (query: string) => {
      if (at.test(query)) throw new Error(`the Worker was killed before: ${query.slice(0, 60)}`);
      return real.prepare(query);
    },
    batch: (statements: D1PreparedStatement[]) => real.batch(statements),
    exec: (query: string) => real.exec(query),
  } as unknown as D1Database;
  return { ...e, DB } as Env;
}

// What the dead Worker left behind is seen by the sweep only after the lease: this moves it back in time.
async function ageOutbound(messageId: string) {
  const past = new Date(Date.now() - OUTBOX_LEASE_MS - 60_000);
  await db().update(messages).set({ createdAt: past, claimedAt: past }).where(eq(messages.id, messageId));
}

describe("the outbox always drains, exactly once", () => {
  it("a customer who opted out after the message was queued gets nothing: it fails with the reason, unmarked", async () => {
    const s = await sendPaths["manual operator send"]!();
    const [row] = await db().select().from(conversations).where(eq(conversations.id, s.conversationId));
    await db().insert(optOuts).values({ twilioAccountId: row!.twilioAccountId, phoneNumber: row!.phoneNumber, keyword: "STOP" });
    expect(await deliver(s.jobEnv, s.send, 1)).toEqual({ acked: true });
    expect(twilioCalls(s.accountSid)).toEqual([]);
    const [message] = await db().select().from(messages).where(eq(messages.id, s.messageId));
    expect(message).toMatchObject({ status: "failed", errorCode: "opt-out", errorMessage: "Il cliente ha chiesto di non ricevere messaggi", twilioAttemptAt: null, twilioMessageId: null });
  });

  it("a send whose slot is more than 10 s away goes back to the queue unmarked; an earlier unknown attempt's mark is kept", async () => {
    const s = await sendPaths["manual operator send"]!();
    const [row] = await db().select({ accountId: conversations.twilioAccountId }).from(conversations).where(eq(conversations.id, s.conversationId));
    // The sender has no free slot for a minute (as after a 429 from Twilio).
    await env.SENDER_LIMITER.get(env.SENDER_LIMITER.idFromName(row!.accountId)).holdFor(60_000);
    const handedBack = await deliver(s.jobEnv, s.send, 1);
    expect(handedBack.acked).toBe(false);
    expect(handedBack.delaySeconds).toBeGreaterThan(10);
    const stored = async () => (await db().select().from(messages).where(eq(messages.id, s.messageId)))[0]!;
    // Twilio was not called, so no attempt is left to reconcile.
    expect(await stored()).toMatchObject({ status: "queued", twilioAttemptAt: null, twilioMessageId: null });
    // An attempt whose outcome is unknown keeps its mark through a later claim that hands the send back.
    const unknownAt = new Date(Date.now() - 30_000);
    await db().update(messages).set({ twilioAttemptAt: unknownAt }).where(eq(messages.id, s.messageId));
    expect((await deliver(s.jobEnv, s.send, 2)).acked).toBe(false);
    expect(await stored()).toMatchObject({ status: "queued", twilioAttemptAt: unknownAt });
    expect(twilioCalls(s.accountSid)).toEqual([]);
  });

  it("killed after claiming, before calling Twilio: a duplicate job waits out the lease, the sweep re-queues it, and it is sent once", async () => {
    const s = await sendPaths["manual operator send"]!();
    // The claim marked the attempt; the Worker dies reading the message's attachments, before Twilio.
    expect(await deliver(killedAt(s.jobEnv, /from "message_media"/), s.send, 1)).toMatchObject({ acked: false });
    expect(await messageOf(s.cookie, s.conversationId, s.messageId)).toMatchObject({ status: "sending", twilioMessageId: null });
    // The queue's redelivery within the lease finds it claimed by the dead consumer and sends nothing.
    expect(await deliver(s.jobEnv, s.send, 2)).toEqual({ acked: true });
    expect(twilioCalls(s.accountSid)).toEqual([]);
    // Nothing re-queues a message before its lease runs out.
    const early = capturingEnv();
    await sweepOutbox(early.env, db());
    expect(early.jobs.filter((j) => j.kind === "message.send" && j.messageId === s.messageId)).toEqual([]);

    await ageOutbound(s.messageId);
    const q = capturingEnv();
    await sweepOutbox(q.env, db());
    const again = q.jobs.find((j) => j.kind === "message.send" && j.messageId === s.messageId) as Extract<JobMessage, { kind: "message.send" }>;
    expect(again).toBeDefined();
    expect(await deliver(q.env, again, 1)).toEqual({ acked: true });
    expect(twilioCalls(s.accountSid).map((c) => c.accepted)).toEqual([true]);
    expect(await messageOf(s.cookie, s.conversationId, s.messageId)).toMatchObject({ status: "sent", twilioMessageId: expect.stringMatching(/^SM/) });
  });

  it("killed after Twilio took the message, before its sid was stored: the retry finds it on Twilio and adopts it instead of sending again", async () => {
    const s = await sendPaths["manual operator send"]!();
    expect(await deliver(killedAt(s.jobEnv, /^update "messages" set "twilio_message_id"/), s.send, 1)).toMatchObject({ acked: false });
    expect(twilioCalls(s.accountSid).map((c) => c.accepted)).toEqual([true]);
    expect(await messageOf(s.cookie, s.conversationId, s.messageId)).toMatchObject({ status: "sending", twilioMessageId: null });

    await ageOutbound(s.messageId);
    const q = capturingEnv();
    await sweepOutbox(q.env, db());
    const again = q.jobs.find((j) => j.kind === "message.send" && j.messageId === s.messageId) as Extract<JobMessage, { kind: "message.send" }>;
    expect(await deliver(q.env, again, 1)).toEqual({ acked: true });
    // One message on Twilio, and ours carries its sid.
    expect(twilioCalls(s.accountSid)).toHaveLength(1);
    const onTwilio = twilioStore.filter((m) => m.accountSid === s.accountSid);
    expect(onTwilio).toHaveLength(1);
    expect(await messageOf(s.cookie, s.conversationId, s.messageId)).toMatchObject({ status: "sent", twilioMessageId: onTwilio[0]!.sid });
    // Later deliveries of any of its jobs change nothing.
    expect(await deliver(q.env, s.send, 3)).toEqual({ acked: true });
    expect(twilioCalls(s.accountSid)).toHaveLength(1);
  });

  it("Twilio took the message but its answer was lost: the retry reconciles and sends nothing twice", async () => {
    const s = await sendPaths["manual operator send"]!();
    twilioOutage.set(s.accountSid, "lost-answer");
    expect(await deliver(s.jobEnv, s.send, 1)).toEqual({ acked: false, delaySeconds: 2 });
    twilioOutage.delete(s.accountSid);
    expect(await deliver(s.jobEnv, s.send, 2)).toEqual({ acked: true });
    expect(twilioCalls(s.accountSid).map((c) => c.accepted)).toEqual([true]);
    const [onTwilio] = twilioStore.filter((m) => m.accountSid === s.accountSid);
    expect(await messageOf(s.cookie, s.conversationId, s.messageId)).toMatchObject({ status: "sent", twilioMessageId: onTwilio!.sid });
  });

  it("a queued message whose job was lost is re-queued; one stuck for a day is marked failed instead of sent late", async () => {
    const s = await sendPaths["manual operator send"]!();
    await ageOutbound(s.messageId);
    const q = capturingEnv();
    await sweepOutbox(q.env, db());
    const again = q.jobs.find((j) => j.kind === "message.send" && j.messageId === s.messageId) as Extract<JobMessage, { kind: "message.send" }>;
    expect(await deliver(q.env, again, 1)).toEqual({ acked: true });
    expect(twilioCalls(s.accountSid).map((c) => c.accepted)).toEqual([true]);

    const late = await sendPaths["manual operator send"]!();
    await db().update(messages).set({ createdAt: new Date(Date.now() - 25 * 3_600_000) }).where(eq(messages.id, late.messageId));
    const q2 = capturingEnv();
    await sweepOutbox(q2.env, db());
    expect(q2.jobs.filter((j) => j.kind === "message.send" && j.messageId === late.messageId)).toEqual([]);
    expect(await messageOf(late.cookie, late.conversationId, late.messageId)).toMatchObject({ status: "failed", errorMessage: "Invio non riuscito: troppo tardi per inviarlo" });
    expect(twilioCalls(late.accountSid)).toEqual([]);
  });
});

// ---- OpenAI --------------------------------------------------------------------------------------

async function waitingCustomer() {
  const { user, cookie } = await signedInUser();
  const res = await call("/api/twilio-accounts", { cookie, body: { name: "Sandbox", sandbox: true, phoneNumber: "+15005550006", gptModel: "gpt-4o-mini" } });
  const conversation = await openConversation(user.id, res.json.id);
  const [question] = await db().insert(messages).values({ conversationId: conversation.id, content: "Vorrei un preventivo", sender: "customer", status: "received" }).returning();
  const job: JobMessage = { kind: "ai.reply", conversationId: conversation.id, replyToId: question!.id, idempotencyKey: `ai.reply:${question!.id}` };
  return { cookie, conversationId: conversation.id, job };
}

async function chat(cookie: string, conversationId: string) {
  const res = await call(`/api/conversations/${conversationId}`, { cookie });
  expect(res.status).toBe(200);
  return res.json as { aiStatus: string; aiError: string | null; messages: ApiMessage[] };
}

const modelFaults: Record<string, Handler> = {
  "times out": () => Promise.reject(new DOMException("The operation was aborted due to timeout", "TimeoutError")),
  "answers an HTML page": () => new Response("<html><body>502 Bad Gateway</body></html>", { status: 200, headers: { "Content-Type": "text/html" } }),
  "answers broken JSON": () => new Response('{"id": "chatcmpl-x", "choices": [', { status: 200, headers: { "Content-Type": "application/json" } }),
  "answers JSON without choices": () => Response.json({ id: "chatcmpl-x", object: "chat.completion", created: 1, model: "gpt-4o-mini" }),
  "answers 500": () => Response.json({ error: { message: "The server had an error while processing your request.", type: "server_error" } }, { status: 500 }),
};

describe("OpenAI fails", () => {
  for (const [label, fault] of Object.entries(modelFaults)) {
    it(`the model ${label}: the customer's message is kept, the chat shows the AI failed, and the retry replies once`, async () => {
      const { cookie, conversationId, job } = await waitingCustomer();
      const q = capturingEnv({ OPENAI_API_KEY: "sk-test" });
      openAi = fault;
      expect(await deliver(q.env, job, 1)).toEqual({ acked: false, delaySeconds: 2 });
      const failed = await chat(cookie, conversationId);
      expect(failed.aiStatus).toBe("failed");
      expect(failed.aiError).toContain(TX.aiFailed);
      expect(failed.messages.map((m) => [m.sender, m.content])).toEqual([["customer", "Vorrei un preventivo"]]);

      openAi = () => openAiCompletion("Certo! Per quale importo?", 20, 8, "gpt-4o-mini");
      expect(await deliver(q.env, job, 2)).toEqual({ acked: true });
      // A duplicate delivery of the same job does not answer twice.
      expect(await deliver(q.env, job, 3)).toEqual({ acked: true });
      const answered = await chat(cookie, conversationId);
      expect(answered).toMatchObject({ aiStatus: "idle", aiError: null });
      expect(answered.messages.map((m) => [m.sender, m.content])).toEqual([
        ["customer", "Vorrei un preventivo"],
        ["ai", "Certo! Per quale importo?"],
      ]);
      expect(q.jobs.filter((j) => j.kind === "message.send")).toHaveLength(1);
    });
  }

  it("after its retries the reply goes to the dead-letter queue and the chat asks a person to answer", async () => {
    const { cookie, conversationId, job } = await waitingCustomer();
    const q = capturingEnv({ OPENAI_API_KEY: "sk-test" });
    openAi = modelFaults["answers 500"]!;
    for (let attempts = 1; attempts <= DELIVERIES; attempts++) expect((await deliver(q.env, job, attempts)).acked).toBe(false);
    expect(await deliver(q.env, job, 1, DEAD_LETTER_QUEUE)).toEqual({ acked: true });
    const failed = await chat(cookie, conversationId);
    expect(failed).toMatchObject({ aiStatus: "failed", aiError: "L'AI non è riuscita a rispondere dopo diversi tentativi: rispondi tu dalla chat." });
    expect(failed.messages.map((m) => m.sender)).toEqual(["customer"]);
  });
});

// ---- Airtable ------------------------------------------------------------------------------------

const AIRTABLE_KEY = "patFaults1234567.0123456789abcdef0123456789abcdef";
const airtableRecords = (n: number) =>
  Array.from({ length: n }, (_, i) => ({
    id: `rec${String(i).padStart(6, "0")}`,
    fields: { Nome: `Nome${i}`, Telefono: `333 ${String(2_000_000 + i)}` },
  }));

describe("Airtable fails mid-import", () => {
  for (const status of [500, 429] as const) {
    it(`keeps the rows already imported when a later page keeps answering ${status}, fails clearly, and a re-run adds no duplicates`, async () => {
      const { cookie } = await signedInUser();
      await call("/api/twilio-accounts", { cookie, body: { name: "Sandbox", sandbox: true, phoneNumber: "+15005550006", gptModel: "gpt-4o-mini" } });
      const baseId = `app${crypto.randomUUID().replaceAll("-", "").slice(0, 14)}`;
      airtableTables[`${baseId}/tblContatti`] = { apiKey: AIRTABLE_KEY, records: airtableRecords(600), fields: ["Nome", "Telefono"] };
      const created = await call("/api/lists", { cookie, body: { name: "Clienti", listType: "static", source: "airtable", config: { apiKey: AIRTABLE_KEY, baseId, tableId: "tblContatti" } } });
      expect(created.status, created.text).toBe(201);
      const listId = created.json.id as string;
      const list = async () => (await call(`/api/lists/${listId}`, { cookie })).json;

      const q = capturingEnv();
      const mapping = await call(`/api/lists/${listId}/mapping`, { method: "PUT", cookie, body: { fieldMapping: { nome: "Nome", numeroTelefono: "Telefono" } }, env: q.env });
      expect(mapping.status, mapping.text).toBe(202);
      // The first job reads pages 1-5 (500 rows) and hands the cursor of page 6 to the next job.
      expect(await deliver(q.env, q.take("list.import.airtable"), 1)).toEqual({ acked: true });
      const pageSix = q.take("list.import.airtable");
      expect(pageSix.offset).toBe("itr500");

      airtableOutage.set(baseId, { offset: "itr500", status });
      for (let attempts = 1; attempts <= DELIVERIES; attempts++) {
        // Airtable being down is retried after a pause, not with the short backoff.
        expect(await deliver(q.env, pageSix, attempts)).toEqual({ acked: false, delaySeconds: 30 });
      }
      expect((await list()).lastImport).toMatchObject({ status: "running", created: 500 });
      expect(await deliver(q.env, pageSix, 1, DEAD_LETTER_QUEUE)).toEqual({ acked: true });
      const failed = await list();
      expect(failed.lastImport).toMatchObject({ status: "failed", error: LIST_TEXTS.importGaveUp, processed: 500, created: 500 });
      expect(failed.leadCount).toBe(500);

      airtableOutage.delete(baseId);
      // After a 429 the base stays held for Airtable's 30 s penalty: the clock moves past it.
      vi.useFakeTimers({ toFake: ["Date"], shouldAdvanceTime: true });
      onTestFinished(() => void vi.useRealTimers());
      vi.setSystemTime(Date.now() + 31_000);
      const again = await call(`/api/lists/${listId}/import`, { method: "POST", cookie, env: q.env });
      expect(again.status, again.text).toBe(202);
      expect(await deliver(q.env, q.take("list.import.airtable"), 1)).toEqual({ acked: true });
      expect(await deliver(q.env, q.take("list.import.airtable"), 1)).toEqual({ acked: true });
      const done = await list();
      expect(done.lastImport).toMatchObject({ status: "completed", processed: 600, created: 100, unchanged: 500, updated: 0, invalid: 0, error: null });
      expect(done.leadCount).toBe(600);
      const stored = await db().select({ externalId: listLeads.externalId }).from(listLeads).where(eq(listLeads.listId, listId));
      expect(stored).toHaveLength(600);
      expect(new Set(stored.map((l) => l.externalId)).size).toBe(600);
    });
  }
});

// ---- Durable Objects evicted mid-conversation ----------------------------------------------------

const conversationObject = (conversationId: string) => env.CONVERSATIONS.get(env.CONVERSATIONS.idFromName(conversationId));

// Tears down the object's instance (its memory) and keeps its storage, as Cloudflare does when it evicts one.
async function evict(stub: DurableObjectStub) {
  await runInDurableObject(stub, () => {}); // make sure it is running: only a running object can be evicted
  await evictDurableObject(stub);
}

const storedMessages = (conversationId: string) => db().select().from(messages).where(eq(messages.conversationId, conversationId));

describe("a Durable Object evicted mid-conversation", () => {
  it("loses no customer message, keeps their order, and the AI still replies once to each turn", async () => {
    const { cookie, account, accountSid } = await realAccount();
    expect((await inboundWebhook(account.id, newSid(), "primo")).status).toBe(200);
    const conversation = await db().query.conversations.findFirst({ where: and(eq(conversations.twilioAccountId, account.id), eq(conversations.phoneNumber, CUSTOMER)) });
    const id = conversation!.id;

    // A console is watching; its socket hibernates through the evictions.
    const { ws, frames } = await openLiveSocket(id, cookie);

    // Both objects lose their memory between the messages of one turn, inside the reply's debounce.
    for (const body of ["secondo", "terzo"]) {
      await evict(conversationObject(id));
      await evict(ingestObject(env, account.id));
      expect((await inboundWebhook(account.id, newSid(), body)).status).toBe(200);
    }
    await waitFor(async () => expect((await messagesOf(cookie, id)).map((m) => m.sender)).toEqual(["customer", "customer", "customer", "ai"]));

    // And again after the reply went out.
    await evict(conversationObject(id));
    await evict(ingestObject(env, account.id));
    expect((await inboundWebhook(account.id, newSid(), "quarto")).status).toBe(200);
    await waitFor(async () => expect((await messagesOf(cookie, id)).map((m) => m.sender)).toEqual(["customer", "customer", "customer", "ai", "customer", "ai"]));
    await new Promise((r) => setTimeout(r, 1000));

    const listed = await messagesOf(cookie, id);
    expect(listed.filter((m) => m.sender === "customer").map((m) => m.content)).toEqual(["primo", "secondo", "terzo", "quarto"]);
    // Each reply answers the last message of its turn, and went to Twilio once.
    const rows = await storedMessages(id);
    const byId = new Map(rows.map((r) => [r.id, r]));
    expect(listed.filter((m) => m.sender === "ai").map((m) => byId.get(byId.get(m.id)!.replyToId!)?.content)).toEqual(["terzo", "quarto"]);
    expect(twilioCalls(accountSid)).toHaveLength(2);
    // The hibernated socket woke up for the messages that came after the evictions.
    expect(frames.filter((f) => f.type === "message").map((f) => f.message.content)).toEqual(expect.arrayContaining(["secondo", "terzo", "quarto"]));
    ws.close();
  });

  it("an ingest object evicted during a burst of webhooks stores every message once, and Twilio's replays add nothing", async () => {
    const { cookie, account } = await realAccount();
    const burst = Array.from({ length: 12 }, (_, i) => ({ sid: newSid(), body: `messaggio ${i + 1}` }));
    const results = await Promise.all([
      ...burst.map((m) => inboundWebhook(account.id, m.sid, m.body)),
      evict(ingestObject(env, account.id)).catch(() => undefined),
    ]);
    expect(results.slice(0, burst.length).map((r) => r!.status)).toEqual(burst.map(() => 200));
    await evict(ingestObject(env, account.id));
    for (const m of burst) expect((await inboundWebhook(account.id, m.sid, m.body)).status).toBe(200);

    const conversation = await db().query.conversations.findFirst({ where: and(eq(conversations.twilioAccountId, account.id), eq(conversations.phoneNumber, CUSTOMER)) });
    const rows = (await storedMessages(conversation!.id)).filter((m) => m.sender === "customer");
    expect(rows.map((m) => m.twilioMessageId).sort()).toEqual(burst.map((m) => m.sid).sort());
    // The listing is the storage order.
    const listed = (await messagesOf(cookie, conversation!.id)).filter((m) => m.sender === "customer");
    const byId = new Map(rows.map((r) => [r.id, r]));
    const times = listed.map((m) => byId.get(m.id)!.createdAt.getTime());
    expect(times).toEqual([...times].sort((a, b) => a - b));
    // One reply to the burst, to its last stored message.
    await waitFor(async () => expect((await messagesOf(cookie, conversation!.id)).filter((m) => m.sender === "ai")).toHaveLength(1));
    await new Promise((r) => setTimeout(r, 1000));
    const ai = (await storedMessages(conversation!.id)).filter((m) => m.sender === "ai");
    expect(ai).toHaveLength(1);
    expect(ai[0]!.replyToId).toBe(listed.at(-1)!.id);
  });

  it("an ingest object reset while it schedules a message's reply: Twilio's retry of the webhook still gets the message answered", async () => {
    const { cookie, account } = await realAccount();
    const first = await inboundWebhook(account.id, newSid(), "buongiorno");
    expect(first.status).toBe(200);
    const conversation = await db().query.conversations.findFirst({ where: and(eq(conversations.twilioAccountId, account.id), eq(conversations.phoneNumber, CUSTOMER)) });
    const id = conversation!.id;
    await waitFor(async () => expect((await messagesOf(cookie, id)).map((m) => m.sender)).toEqual(["customer", "ai"]));

    // The next reply scheduling fails as a reset object's would (e.g. during a deploy).
    const stub = ingestObject(env, account.id);
    await runInDurableObject(stub, (instance) => {
      const replies = (instance as unknown as { replies: { schedule: (...args: unknown[]) => Promise<void> } }).replies;
      const schedule = replies.schedule;
      replies.schedule = async () => {
        replies.schedule = schedule;
        throw new Error("Durable Object reset because its code was updated.");
      };
    });
    const sid = newSid();
    const failed = await inboundWebhook(account.id, sid, "avete disponibilità sabato?");
    expect(failed.status).toBe(500);
    // The message itself was stored before the scheduling failed.
    expect((await storedMessages(id)).filter((m) => m.twilioMessageId === sid)).toHaveLength(1);
    await evict(stub);
    // Twilio retries the failed webhook with the same MessageSid.
    expect((await inboundWebhook(account.id, sid, "avete disponibilità sabato?")).status).toBe(200);
    await waitFor(async () => expect((await messagesOf(cookie, id)).map((m) => m.sender)).toEqual(["customer", "ai", "customer", "ai"]));
    await new Promise((r) => setTimeout(r, 1000));
    expect((await messagesOf(cookie, id)).map((m) => m.sender)).toEqual(["customer", "ai", "customer", "ai"]);
    expect(await runDurableObjectAlarm(stub)).toBe(false);
  });
});
