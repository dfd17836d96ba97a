import { createExecutionContext, createMessageBatch, getQueueResult } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { asc, eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { MAX_MESSAGE_CHARS, splitMessage } from "@shared/messaging";
import { SANDBOX_TEMPLATES } from "@shared/sandbox-templates";
import { CONVERSATION_TEXTS as TX } from "@shared/texts/conversations";
import { conversations, messages, openaiUsage, prompts } from "@worker/db/schema";
import worker from "@worker/index";
import { runAiReply } from "@worker/features/agent/reply";
import { RetryLater } from "@worker/jobs/send-message";
import { retryAfterSeconds } from "@worker/providers/openai";
import { fakeOutside, type FakeOutside, openAiCompletion, OPENAI_ERRORS } from "../fakes/outside";
import { call, createAccount, db, signedInUser } from "./helpers";

const waitFor = <T>(fn: () => Promise<T>, timeout = 20_000) => vi.waitFor(fn, { timeout, interval: 150 });
const TOKEN = "ai-limits-auth-token-000000000000";
const CUSTOMER = "+393401112233";
const keyed = () => ({ ...env, OPENAI_API_KEY: "sk-test" });

type Handler = (request: Request) => Response | Promise<Response>;
const twilioBySid = new Map<string, Handler>();
let openAi: Handler = () => openAiCompletion("ok", 1, 1);
let world: FakeOutside;
beforeAll(() => {
  world = fakeOutside((request) => {
    const url = new URL(request.url);
    if (url.hostname === "twilio.fake") {
      const handler = twilioBySid.get(url.pathname.split("/")[3] ?? "");
      if (handler) return handler(request);
      return Response.json({ sid: `SM${crypto.randomUUID().replaceAll("-", "")}`, status: "queued" }, { status: 201 });
    }
    if (url.hostname === "openai.fake") return openAi(request);
    return new Response("unknown fake host", { status: 404 });
  });
});
afterAll(() => world.restore());
afterEach(() => {
  openAi = () => openAiCompletion("ok", 1, 1);
});

const openAiBodies = () => world.requests.map((r, i) => ({ r, body: world.bodies[i] as any })).filter(({ r }) => new URL(r.url).hostname === "openai.fake");

async function waitingCustomer(opts: { real?: Handler } = {}) {
  const { user, cookie } = await signedInUser();
  let account: { id: string };
  let accountSid: string | null = null;
  if (opts.real) {
    accountSid = `AC${crypto.randomUUID().replaceAll("-", "")}`;
    twilioBySid.set(accountSid, opts.real);
    account = await createAccount(cookie, { authToken: TOKEN, phoneNumber: "+390212345678", accountSid });
  } else {
    account = (await call("/api/twilio-accounts", { cookie, body: { name: "Sandbox", sandbox: true, phoneNumber: "+15005550006", gptModel: "gpt-4o-mini" } })).json;
  }
  // Every reply needs a prompt: the conversation's own (a sandbox account has one linked to its templates).
  const [prompt] = opts.real
    ? await db().insert(prompts).values({ userId: user.id, twilioAccountId: account.id, name: "Vendite", content: "Sei l'assistente vendite.", model: "gpt-4o-mini" }).returning()
    : [];
  const [conversation] = await db()
    .insert(conversations)
    .values({ userId: user.id, twilioAccountId: account.id, phoneNumber: CUSTOMER, lastInboundAt: new Date(), templateSid: SANDBOX_TEMPLATES[0]!.sid, promptId: prompt?.id ?? null })
    .returning();
  const [message] = await db().insert(messages).values({ conversationId: conversation!.id, content: "Mi spiega tutto?", sender: "customer", status: "received" }).returning();
  return { cookie, account, accountSid, conversation: conversation!, message: message! };
}

const conversationRow = (id: string) => db().query.conversations.findFirst({ where: eq(conversations.id, id) });
const outbound = (conversationId: string) => db().select().from(messages).where(eq(messages.conversationId, conversationId)).orderBy(asc(messages.createdAt));

describe("message limits", () => {
  it("splits at sentence ends, keeps every part within 1,600 characters and drops nothing", () => {
    const sentence = (n: number) => `Frase numero ${n} ${"parola ".repeat(40).trim()}.`;
    const text = Array.from({ length: 20 }, (_, i) => sentence(i + 1)).join(" ");
    const parts = splitMessage(text);
    expect(parts.length).toBeGreaterThan(1);
    for (const part of parts) {
      expect(part.length).toBeLessThanOrEqual(MAX_MESSAGE_CHARS);
      expect(part.endsWith(".")).toBe(true);
    }
    expect(parts.join(" ")).toBe(text);
    // A sentence that ends exactly at the limit stays whole.
    const exact = `${"a".repeat(MAX_MESSAGE_CHARS - 1)}. Seconda frase.`;
    expect(splitMessage(exact)).toEqual([`${"a".repeat(MAX_MESSAGE_CHARS - 1)}.`, "Seconda frase."]);
    // No sentence end: a space, else a hard cut; short text is one part.
    expect(splitMessage("x".repeat(3300)).map((p) => p.length)).toEqual([1600, 1600, 100]);
    expect(splitMessage("Ciao!")).toEqual(["Ciao!"]);
  });

  it("refuses a manual message over 1,600 characters with the count, and takes one of exactly 1,600", async () => {
    const { cookie, conversation } = await waitingCustomer();
    const long = await call(`/api/conversations/${conversation.id}/send-manual`, { cookie, body: { content: "b".repeat(MAX_MESSAGE_CHARS + 1) } });
    expect(long.status).toBe(400);
    expect(long.json.error).toBe(TX.messageTooLong(1601, MAX_MESSAGE_CHARS));
    const exact = await call(`/api/conversations/${conversation.id}/send-manual`, { cookie, body: { content: "b".repeat(MAX_MESSAGE_CHARS) } });
    expect(exact.status).toBe(201);
  });

  it("sends a long AI reply as parts, in order and once each, even when Twilio fails the first part once", async () => {
    let calls = 0;
    const bodies: string[] = [];
    const { conversation, message } = await waitingCustomer({
      real: async (request) => {
        calls += 1;
        if (calls === 1) return Response.json({ code: 20500, message: "Internal Server Error", more_info: "https://www.twilio.com/docs/errors/20500", status: 500 }, { status: 500 });
        bodies.push(new URLSearchParams(await request.text()).get("Body") ?? "");
        return Response.json({ sid: `SM${crypto.randomUUID().replaceAll("-", "")}`, status: "queued" }, { status: 201 });
      },
    });
    const reply = Array.from({ length: 9 }, (_, i) => `Punto ${i + 1}: ${"dettaglio importante ".repeat(18).trim()}.`).join(" ");
    expect(reply.length).toBeGreaterThan(2 * MAX_MESSAGE_CHARS);
    openAi = () => openAiCompletion(reply, 100, 900, "gpt-4o-mini");
    await runAiReply(keyed(), db(), { conversationId: conversation.id, replyToId: message.id });
    // A redelivered job stores no part twice.
    await runAiReply(keyed(), db(), { conversationId: conversation.id, replyToId: message.id });
    const parts = splitMessage(reply);
    expect(parts).toHaveLength(3);
    await waitFor(async () => expect(bodies).toHaveLength(3));
    expect(bodies).toEqual(parts);
    const rows = (await outbound(conversation.id)).filter((m) => m.sender === "ai");
    expect(rows.map((m) => m.content)).toEqual(parts);
    expect(rows.map((m) => m.replyToId)).toEqual([message.id, `${message.id}#2`, `${message.id}#3`]);
    await waitFor(async () => expect((await outbound(conversation.id)).filter((m) => m.sender === "ai").every((m) => m.status === "sent")).toBe(true));
    expect(calls).toBe(4);
  });
});

describe("empty and cut-off answers", () => {
  it("retries a cut-off answer once with a larger budget and sends the complete one", async () => {
    const { conversation, message } = await waitingCustomer();
    const before = openAiBodies().length;
    let n = 0;
    openAi = () => (++n === 1 ? openAiCompletion("La rata mensile sarebbe di circa", 100, 500, "gpt-4o-mini", "length") : openAiCompletion("La rata mensile sarebbe di circa 180 euro.", 100, 40, "gpt-4o-mini"));
    await runAiReply(keyed(), db(), { conversationId: conversation.id, replyToId: message.id });
    const sent = openAiBodies().slice(before).map(({ body }) => body.max_tokens);
    expect(sent).toEqual([500, 1000]);
    expect((await outbound(conversation.id)).filter((m) => m.sender === "ai").map((m) => m.content)).toEqual(["La rata mensile sarebbe di circa 180 euro."]);
    // Both calls cost tokens and are recorded.
    expect(await db().select().from(openaiUsage).where(eq(openaiUsage.conversationId, conversation.id))).toHaveLength(2);
  });

  it("never sends an answer still cut off, nor an empty one: the chat says so and waits for an operator", async () => {
    for (const answer of [
      () => openAiCompletion("Dunque, per il prestito", 100, 500, "gpt-4o-mini", "length"),
      () => openAiCompletion("   ", 100, 0, "gpt-4o-mini"),
      // A reasoning model that spent its whole budget thinking answers with no content at all.
      () => openAiCompletion(null, 100, 500, "gpt-5-mini"),
    ]) {
      const { conversation, message } = await waitingCustomer();
      openAi = answer;
      await runAiReply(keyed(), db(), { conversationId: conversation.id, replyToId: message.id });
      expect((await outbound(conversation.id)).map((m) => m.sender)).toEqual(["customer"]);
      expect(await conversationRow(conversation.id)).toMatchObject({ aiStatus: "failed", aiError: TX.aiNoAnswer, operatorMode: true });
    }
  });
});

describe("OpenAI under real limits", () => {
  it("reads Retry-After as seconds, milliseconds or an HTTP date", () => {
    expect(retryAfterSeconds(new Headers({ "retry-after": "17" }))).toBe(17);
    expect(retryAfterSeconds(new Headers({ "retry-after-ms": "1500", "retry-after": "1" }))).toBe(2);
    const now = Date.parse("2026-11-25T10:00:00Z");
    expect(retryAfterSeconds(new Headers({ "retry-after": "Wed, 25 Nov 2026 10:00:30 GMT" }), now)).toBe(30);
    expect(retryAfterSeconds(new Headers({}))).toBeNull();
  });

  it("waits as long as a 429's Retry-After asks, through the queue's retry delay", async () => {
    const { conversation, message } = await waitingCustomer();
    openAi = () => OPENAI_ERRORS.rateLimited(23);
    await expect(runAiReply(keyed(), db(), { conversationId: conversation.id, replyToId: message.id })).rejects.toEqual(new RetryLater(23));
    expect((await conversationRow(conversation.id))!.aiError).toContain(TX.aiFailed);

    const batch = createMessageBatch("agentbot-jobs", [
      { id: "ai1", timestamp: new Date(), attempts: 1, body: { kind: "ai.reply", conversationId: conversation.id, replyToId: message.id, idempotencyKey: `ai.reply:${message.id}` } },
    ]);
    // The batch's result records that a message was retried, not the delay asked for.
    const retry = vi.spyOn(batch.messages[0]!, "retry");
    const ctx = createExecutionContext();
    await worker.queue(batch, { ...env, OPENAI_API_KEY: "sk-test" }, ctx);
    expect((await getQueueResult(batch, ctx)).retryMessages).toEqual([{ msgId: "ai1" }]);
    expect(retry).toHaveBeenCalledWith({ delaySeconds: 23 });
  });

  it("does not retry what cannot succeed (wrong key, unknown model, no credit): the chat shows it at once", async () => {
    for (const [answer, words] of [
      [OPENAI_ERRORS.invalidKey, "401"],
      [() => OPENAI_ERRORS.modelNotFound("gpt-9"), "gpt-9"],
      [OPENAI_ERRORS.insufficientQuota, "exceeded your current quota"],
    ] as const) {
      const { conversation, message } = await waitingCustomer();
      openAi = answer;
      const before = openAiBodies().length;
      const batch = createMessageBatch("agentbot-jobs", [
        { id: "ai2", timestamp: new Date(), attempts: 1, body: { kind: "ai.reply", conversationId: conversation.id, replyToId: message.id, idempotencyKey: `ai.reply:${message.id}` } },
      ]);
      const ctx = createExecutionContext();
      await worker.queue(batch, { ...env, OPENAI_API_KEY: "sk-test" }, ctx);
      const result = await getQueueResult(batch, ctx);
      expect(result.retryMessages).toEqual([]);
      expect(result.explicitAcks).toEqual(["ai2"]);
      expect(openAiBodies().length - before).toBe(1);
      const row = await conversationRow(conversation.id);
      expect(row).toMatchObject({ aiStatus: "failed", operatorMode: true });
      expect(row!.aiError).toMatch(/^L'AI non può rispondere: /);
      expect(row!.aiError).toContain(words);
      expect((await outbound(conversation.id)).map((m) => m.sender)).toEqual(["customer"]);
    }
  });
});
