import { runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { and, eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { SANDBOX_TEMPLATES } from "@shared/sandbox-templates";
import { ConversationDO } from "@worker/conversation-do";
import { REPLY_BACKSTOP_MS } from "@worker/reply-debounce";
import { conversations, memories, messages, optOuts, twilioAccounts } from "@worker/db/schema";
import { ACCOUNT_TOKEN_TTL_MS, accountWithAuthToken } from "@worker/features/accounts/service";
import { insertMessageOnce, storeInbounds } from "@worker/features/conversations/repo";
import { ingestObject } from "@worker/features/conversations/service";
import { encryptSecret } from "@worker/lib/crypto";
import { fakeOutside, type FakeOutside } from "../fakes/outside";
import { call, createAccount, db, openLiveSocket, setFirstContactPrompt, signedInUser, waitFor } from "./helpers";
import { inboundParams, postTwilioWebhook, postWebhookForm, twilioSignature, webhookUrl } from "./twilio-webhook";

// The inbound webhook path: the per-isolate account cache, the group commit of InboundIngest with one
// announcement per conversation and flush, and the account's reply debounce it keeps.

const TOKEN = "webhook-ingest-token-00000000000";
const debounceMs = Number(env.AI_REPLY_DEBOUNCE_MS);

let world: FakeOutside;
beforeAll(() => {
  world = fakeOutside(() => Response.json({ sid: `SMout${crypto.randomUUID().replaceAll("-", "")}`, status: "queued" }, { status: 201 }));
});
afterAll(() => world.restore());
afterEach(() => vi.restoreAllMocks());

async function realAccount(token = TOKEN) {
  const { user, cookie } = await signedInUser();
  const account = await createAccount(cookie, { authToken: token, accountSid: `AC${crypto.randomUUID().replaceAll("-", "")}`, phoneNumber: "+390212345678" });
  await setFirstContactPrompt(cookie, account.id);
  return { user, cookie, account };
}

async function sandbox() {
  const { user, cookie } = await signedInUser();
  const res = await call("/api/twilio-accounts", { cookie, body: { name: "Sandbox", sandbox: true, phoneNumber: "+15005550006", gptModel: "gpt-4o-mini" } });
  return { user, cookie, account: res.json as { id: string } };
}

const inbound = (sid: string, body: string, from: string) => inboundParams({ sid, from, to: "+390212345678", body });
const newSid = () => `SM${crypto.randomUUID().replaceAll("-", "")}`;

async function webhook(accountId: string, params: Record<string, string>, token = TOKEN) {
  return postTwilioWebhook(accountId, params, { token });
}

const conversationObject = (id: string) => env.CONVERSATIONS.get(env.CONVERSATIONS.idFromName(id));
const alarmOf = (accountId: string) => runInDurableObject(ingestObject(env, accountId), (_instance, state) => state.storage.getAlarm());
// The conversations whose reply the account's ingest object has pending, as stored.
const pendingOf = async (accountId: string) =>
  runInDurableObject(ingestObject(env, accountId), async (_instance, state) => [...(await state.storage.list({ prefix: "reply:" })).keys()].map((k) => k.slice("reply:".length)));
const sendersOf = async (conversationId: string) =>
  (await db().select().from(messages).where(eq(messages.conversationId, conversationId)).orderBy(messages.createdAt)).map((m) => m.sender);

// A conversation whose first customer message the AI has answered.
async function answeredConversation(customer: string) {
  const { cookie, account } = await realAccount();
  expect((await webhook(account.id, inbound(newSid(), "prima", customer))).status).toBe(200);
  const conversation = await db().query.conversations.findFirst({ where: and(eq(conversations.twilioAccountId, account.id), eq(conversations.phoneNumber, customer)) });
  const id = conversation!.id;
  await waitFor(async () => expect(await sendersOf(id)).toEqual(["customer", "ai"]));
  return { cookie, account, id };
}

// As an eviction would: the ingest object's instance forgets its reply timers and due times; its
// stored records and alarm stay.
function forgetReplyTimers(instance: unknown) {
  const memory = (instance as { replies: { timers: Map<string, number>; dueAt: Map<string, number> } }).replies;
  for (const timer of memory.timers.values()) clearTimeout(timer);
  memory.timers.clear();
  memory.dueAt.clear();
}

describe("the account and auth token cache of webhooks", () => {
  it("takes a rotated token and a deleted account at once in the isolate that changed them", async () => {
    const { cookie, account } = await realAccount();
    const CUSTOMER = "+393401000001";
    expect((await webhook(account.id, inbound(newSid(), "prima", CUSTOMER))).status).toBe(200);
    const rotated = "webhook-ingest-token-rotated-0000";
    const update = await call(`/api/twilio-accounts/${account.id}`, {
      method: "PUT",
      cookie,
      body: { name: "Account Principale", accountSid: `AC${"c".repeat(32)}`, authToken: rotated, phoneNumber: "+390212345678", gptModel: "gpt-4o" },
    });
    expect(update.status, update.text).toBe(200);
    expect((await webhook(account.id, inbound(newSid(), "vecchio token", CUSTOMER))).status).toBe(403);
    expect((await webhook(account.id, inbound(newSid(), "nuovo token", CUSTOMER), rotated)).status).toBe(200);

    // A second account makes the first deletable (the default one is not).
    await createAccount(cookie, { name: "Altro", isDefault: true, accountSid: `AC${"d".repeat(32)}` });
    expect((await call(`/api/twilio-accounts/${account.id}`, { method: "DELETE", cookie })).status).toBe(200);
    expect((await webhook(account.id, inbound(newSid(), "dopo", CUSTOMER), rotated)).status).toBe(404);
  });

  it("keeps an entry at most ACCOUNT_TOKEN_TTL_MS when the change comes from elsewhere", async () => {
    const { account } = await realAccount();
    const first = await accountWithAuthToken(env, db(), account.id);
    expect(first!.authToken).toBe(TOKEN);
    // Another isolate rotates the token: this one does not hear of it.
    await db()
      .update(twilioAccounts)
      .set({ authToken: await encryptSecret("rotated-elsewhere-000000000000", env.ENCRYPTION_KEY) })
      .where(eq(twilioAccounts.id, account.id));
    expect((await accountWithAuthToken(env, db(), account.id))!.authToken).toBe(TOKEN);
    const now = Date.now();
    vi.spyOn(Date, "now").mockReturnValue(now + ACCOUNT_TOKEN_TTL_MS + 1);
    expect((await accountWithAuthToken(env, db(), account.id))!.authToken).toBe("rotated-elsewhere-000000000000");
    expect(await accountWithAuthToken(env, db(), "no-such-account")).toBeNull();
  });
});

describe("the group commit of inbound messages", () => {
  it("stores a batch in one transaction: new conversations, arrival order, replays (also within the batch) once, the flags", async () => {
    const { user, account } = await realAccount();
    const owner = { id: account.id, userId: user.id };
    const [a, b, c] = ["+393402000001", "+393402000002", "+393402000003"];
    const template = SANDBOX_TEMPLATES[0]!.sid;
    await db().insert(conversations).values({ userId: user.id, twilioAccountId: account.id, phoneNumber: c, templateSid: template, customerName: "Carla" });
    await db().insert(memories).values({ userId: user.id, twilioAccountId: account.id, name: "Feedback", memoryType: "feedback", linkedTemplates: [template] });
    await db().insert(optOuts).values({ twilioAccountId: account.id, phoneNumber: b, keyword: "STOP" });
    const earlier = newSid();
    await storeInbounds(db(), [{ account: owner, inbound: { sid: earlier, from: c, body: "ieri" }, now: new Date(Date.now() - 60_000) }]);

    const t = Date.now();
    const sids = [newSid(), newSid(), newSid(), newSid()];
    const items = [
      { sid: sids[0]!, from: a, body: "uno", profileName: "Anna" },
      { sid: sids[1]!, from: b, body: "due" },
      { sid: sids[2]!, from: a, body: "tre", profileName: "Anna" },
      { sid: sids[0]!, from: a, body: "uno (di nuovo)" }, // the same sid later in the same batch
      { sid: earlier, from: c, body: "ieri" }, // stored by an earlier batch
      { sid: sids[3]!, from: c, body: "oggi" },
    ].map((inbound, i) => ({ account: owner, inbound, now: new Date(t + i) }));
    const { stored } = await storeInbounds(db(), items);

    expect(stored.map((s) => s?.message.content ?? null)).toEqual(["uno", "due", "tre", null, null, "oggi"]);
    expect(stored.map((s) => s?.optedOut ?? null)).toEqual([false, true, false, null, null, false]);
    expect(stored.map((s) => s?.feedbackMemory ?? null)).toEqual([false, false, false, null, null, true]);
    // Both messages of A see their conversation as the batch left it: created with the profile name,
    // touched by its latest message.
    expect(stored[0]!.conversation).toEqual(stored[2]!.conversation);
    expect(stored[0]!.conversation).toMatchObject({ phoneNumber: a, customerName: "Anna", lastMessage: "tre", lastInboundAt: new Date(t + 2) });
    expect(stored[0]!.message).toMatchObject({ sender: "customer", status: "received", isFromBot: false, twilioMessageId: sids[0], createdAt: new Date(t) });
    expect(stored[5]!.conversation).toMatchObject({ customerName: "Carla", lastMessage: "oggi", templateSid: template });

    const rows = await db().select().from(messages).where(eq(messages.conversationId, stored[0]!.conversation.id)).orderBy(messages.createdAt);
    expect(rows.map((r) => r.content)).toEqual(["uno", "tre"]);
    const all = await db().select().from(conversations).where(eq(conversations.twilioAccountId, account.id));
    expect(all.map((r) => r.phoneNumber).sort()).toEqual([a, b, c]);
  });

  it("announces a burst to the conversation's object in storage order, one call per flush, and replies once", async () => {
    const { cookie, account } = await realAccount();
    const CUSTOMER = "+393403000001";
    expect((await webhook(account.id, inbound(newSid(), "ciao", CUSTOMER))).status).toBe(200);
    const conversation = await db().query.conversations.findFirst({ where: and(eq(conversations.twilioAccountId, account.id), eq(conversations.phoneNumber, CUSTOMER)) });
    const id = conversation!.id;
    await waitFor(async () => expect(await sendersOf(id)).toEqual(["customer", "ai"]));
    const { ws, frames } = await openLiveSocket(id, cookie);
    const bodies = Array.from({ length: 12 }, (_, i) => `messaggio ${i + 1}`);
    const results = await Promise.all(bodies.map((body) => webhook(account.id, inbound(newSid(), body, CUSTOMER))));
    expect(results.map((r) => r.status)).toEqual(bodies.map(() => 200));

    const stored = await db().select().from(messages).where(eq(messages.conversationId, id));
    const storageOrder = (await call(`/api/conversations/${id}/messages`, { cookie })).json.filter((m: any) => bodies.includes(m.content)).map((m: any) => m.content);
    expect(storageOrder.slice().sort()).toEqual(bodies.slice().sort());
    await waitFor(async () => expect(frames.filter((f) => f.type === "message" && bodies.includes(f.message.content))).toHaveLength(bodies.length));
    // The console saw the messages once each, in the order they were stored.
    expect(frames.filter((f) => f.type === "message" && bodies.includes(f.message.content)).map((f) => f.message.content)).toEqual(storageOrder);
    // Fewer "conversation" frames than messages: messages stored in one flush are announced together.
    const conversationFrames = frames.filter((f) => f.type === "conversation").length;
    expect(conversationFrames).toBeGreaterThanOrEqual(1);
    expect(conversationFrames).toBeLessThanOrEqual(bodies.length);
    // One reply to the burst, to its last stored message.
    await waitFor(async () => expect((await sendersOf(id)).filter((s) => s === "ai")).toHaveLength(2));
    await new Promise((r) => setTimeout(r, debounceMs + 500));
    const ai = (await db().select().from(messages).where(eq(messages.conversationId, id))).filter((m) => m.sender === "ai");
    expect(ai).toHaveLength(2);
    const last = stored.find((m) => m.content === storageOrder.at(-1));
    expect(ai.map((m) => m.replyToId)).toContain(last!.id);
    ws.close();
  });
});

describe("Twilio's replays of a sid", () => {
  it("announce nothing again while the ingest object remembers the message: one frame, one reply", async () => {
    const CUSTOMER = "+393404000031";
    const { cookie, account, id } = await answeredConversation(CUSTOMER);
    const { ws, frames } = await openLiveSocket(id, cookie);
    const sid = newSid();
    expect((await webhook(account.id, inbound(sid, "seconda", CUSTOMER))).status).toBe(200);
    // Inside the debounce, the message is the conversation's latest and no reply has started.
    for (let i = 0; i < 3; i++) expect((await webhook(account.id, inbound(sid, "seconda", CUSTOMER))).status).toBe(200);
    await waitFor(async () => expect(await sendersOf(id)).toEqual(["customer", "ai", "customer", "ai"]));
    await new Promise((r) => setTimeout(r, debounceMs + 300));
    expect(await sendersOf(id)).toEqual(["customer", "ai", "customer", "ai"]);
    expect(frames.filter((f) => f.type === "message" && f.message.content === "seconda")).toHaveLength(1);
    ws.close();
  });
});

describe("the reply debounce of the account's ingest object", () => {
  it("writes its alarm once per burst: later messages move only the in-memory timer, and the reply removes the alarm", async () => {
    const { cookie, account } = await sandbox();
    const CUSTOMER = "+393404000001";
    const first = await call("/api/sandbox/inbound", { cookie, body: { phoneNumber: CUSTOMER, body: "Buongiorno" } });
    const id = first.json.conversationId as string;
    const alarm = await alarmOf(account.id);
    const [stored] = await db().select().from(messages).where(eq(messages.conversationId, id));
    // The backstop: REPLY_BACKSTOP_MS after the reply is due.
    expect(alarm! - stored!.createdAt.getTime()).toBeGreaterThanOrEqual(debounceMs + REPLY_BACKSTOP_MS);
    expect(alarm! - stored!.createdAt.getTime()).toBeLessThan(debounceMs + REPLY_BACKSTOP_MS + 5_000);
    expect(await pendingOf(account.id)).toEqual([id]);
    await call("/api/sandbox/inbound", { cookie, body: { phoneNumber: CUSTOMER, body: "vorrei un preventivo" } });
    expect(await alarmOf(account.id)).toBe(alarm);
    await waitFor(async () => expect(await sendersOf(id)).toEqual(["customer", "customer", "ai"]));
    await waitFor(async () => expect(await alarmOf(account.id)).toBeNull());
    expect(await pendingOf(account.id)).toEqual([]);
    const ai = (await db().select().from(messages).where(eq(messages.conversationId, id))).find((m) => m.sender === "ai");
    const second = (await db().select().from(messages).where(and(eq(messages.conversationId, id), eq(messages.content, "vorrei un preventivo"))))[0];
    expect(ai!.replyToId).toBe(second!.id);
  });

  it("keeps each conversation's own debounce: a customer who keeps writing delays only their own reply", async () => {
    const { cookie, account } = await sandbox();
    const quiet = (await call("/api/sandbox/inbound", { cookie, body: { phoneNumber: "+393404000011", body: "Salve" } })).json.conversationId as string;
    const talky = (await call("/api/sandbox/inbound", { cookie, body: { phoneNumber: "+393404000012", body: "Una domanda" } })).json.conversationId as string;
    // The second customer writes again every third of a debounce until the first one is answered,
    // however long that takes on a loaded machine (at least two debounces).
    let written = 1;
    while (written < 7 || (await sendersOf(quiet)).length < 2) {
      expect(written, "the first customer was never answered").toBeLessThan(100);
      await new Promise((r) => setTimeout(r, debounceMs / 3));
      await call("/api/sandbox/inbound", { cookie, body: { phoneNumber: "+393404000012", body: `e poi ${written++}` } });
    }
    expect(await sendersOf(quiet)).toEqual(["customer", "ai"]);
    expect((await sendersOf(talky)).filter((s) => s === "ai")).toEqual([]);
    // One reply to the second customer, after their last message.
    await waitFor(async () => expect(await sendersOf(talky)).toEqual([...Array<string>(written).fill("customer"), "ai"]));
    await waitFor(async () => expect(await alarmOf(account.id)).toBeNull());
  });

  it("answers through the backstop alarm when the object is evicted during the debounce", async () => {
    const { cookie, account } = await sandbox();
    const CUSTOMER = "+393404000002";
    const first = await call("/api/sandbox/inbound", { cookie, body: { phoneNumber: CUSTOMER, body: "Ci siete?" } });
    const id = first.json.conversationId as string;
    const stub = ingestObject(env, account.id);
    await runInDurableObject(stub, forgetReplyTimers);
    await new Promise((r) => setTimeout(r, debounceMs + 300));
    expect(await sendersOf(id)).toEqual(["customer"]);
    expect(await runDurableObjectAlarm(stub)).toBe(true);
    await waitFor(async () => expect(await sendersOf(id)).toEqual(["customer", "ai"]));
    expect(await alarmOf(account.id)).toBeNull();
  });

  it("keeps a reply it could not start (the queue failed) for the alarm to start after the backstop", async () => {
    const { cookie, account } = await sandbox();
    const stub = ingestObject(env, account.id);
    // The ingest object's queue refuses the reply's job once.
    await runInDurableObject(stub, (instance) => {
      vi.spyOn((instance as unknown as { env: Env }).env.JOBS, "send").mockRejectedValueOnce(new Error("coda non raggiungibile"));
    });
    const id = (await call("/api/sandbox/inbound", { cookie, body: { phoneNumber: "+393404000004", body: "C'è qualcuno?" } })).json.conversationId as string;
    await new Promise((r) => setTimeout(r, debounceMs + 300));
    expect(await sendersOf(id)).toEqual(["customer"]);
    const pending = await runInDurableObject(stub, (_instance, state) => state.storage.get<{ backstopAt: number }>(`reply:${id}`));
    expect(pending!.backstopAt).toBeGreaterThan(Date.now());
    // An alarm stands by, at the latest at the record's backstop.
    expect(await alarmOf(account.id)).toBeLessThanOrEqual(pending!.backstopAt);
    expect(await runDurableObjectAlarm(stub)).toBe(true);
    await waitFor(async () => expect(await sendersOf(id)).toEqual(["customer", "ai"]));
    expect(await alarmOf(account.id)).toBeNull();
  });

  it("sends a reply that a conversation object of an earlier version still holds when its alarm fires", async () => {
    const { cookie, account } = await sandbox();
    const id = (await call("/api/sandbox/inbound", { cookie, body: { phoneNumber: "+393404000003", body: "Buonasera" } })).json.conversationId as string;
    await waitFor(async () => expect(await sendersOf(id)).toEqual(["customer", "ai"]));
    await call("/api/sandbox/inbound", { cookie, body: { phoneNumber: "+393404000003", body: "ancora io" } });
    // The new debounce is dropped, and the record an older version wrote stands in for it.
    await runInDurableObject(ingestObject(env, account.id), async (instance, state) => {
      forgetReplyTimers(instance);
      (instance as unknown as { replies: { pending: Map<string, unknown> } }).replies.pending.clear();
      await state.storage.deleteAll();
    });
    const conversation = conversationObject(id);
    await runInDurableObject(conversation, async (_instance, state) => {
      await state.storage.put("pending", { conversationId: id, debounceMs });
      await state.storage.setAlarm(Date.now() + 60_000);
    });
    await new Promise((r) => setTimeout(r, debounceMs + 300));
    expect(await runDurableObjectAlarm(conversation)).toBe(true);
    await waitFor(async () => expect(await sendersOf(id)).toEqual(["customer", "ai", "customer", "ai"]));
    expect(await runInDurableObject(conversation, (_instance, state) => state.storage.get("pending"))).toBeUndefined();
  });
});

describe("objects a message wakes", () => {
  it("calls no conversation object while no console has the conversation open, and one when a console does", async () => {
    const CUSTOMER = "+393404000021";
    const { cookie, account, id } = await answeredConversation(CUSTOMER);
    const frames = vi.spyOn(ConversationDO.prototype, "publishTexts");
    expect((await webhook(account.id, inbound(newSid(), "seconda", CUSTOMER))).status).toBe(200);
    expect(frames).not.toHaveBeenCalled();
    const { ws, frames: seen } = await openLiveSocket(id, cookie);
    expect((await webhook(account.id, inbound(newSid(), "terza", CUSTOMER))).status).toBe(200);
    expect(frames).toHaveBeenCalledTimes(1);
    await waitFor(async () => expect(seen.filter((f) => f.type === "message").map((f) => f.message.content)).toEqual(["terza"]));
    ws.close();
  });
});

describe("the benchmark's floor of a stored webhook", () => {
  it("answers 404 unless BENCH_FLOORS=1, checks the signature as the message webhook does, and stores each sid of a burst once, and nothing else", async () => {
    const { account } = await realAccount();
    const floors = { BENCH_FLOORS: "1" } as Partial<Env>;
    const path = `/webhooks/twilio/${account.id}/stored-floor`;
    const customer = "+393401009999";
    // Signed as the message webhook is: over that URL, with the account's token.
    const floorPost = (params: Record<string, string>, env?: Partial<Env>, signature = twilioSignature(TOKEN, webhookUrl(account.id), params)) =>
      postWebhookForm(path, params, signature, env);
    const first = inbound(newSid(), "ciao", customer);
    expect((await floorPost(first)).status).toBe(404);
    expect((await floorPost(first, floors, twilioSignature("another-token-000000000000000000", webhookUrl(account.id), first))).status).toBe(403);
    expect((await floorPost(first, floors, twilioSignature(TOKEN, `${webhookUrl(account.id)}x`, first))).status).toBe(403);

    // A burst, one sid posted twice: every webhook answered, each sid stored once.
    const sids = Array.from({ length: 12 }, newSid);
    const answers = await Promise.all([...sids, sids[0]!].map((sid) => floorPost(inbound(sid, "ciao", customer), floors)));
    expect(answers.map((a) => a.status)).toEqual(answers.map(() => 200));
    const { results } = await env.DB.prepare(`select "sid", "from", "body" from "bench_stored_floor" where "sid" in (select value from json_each(?1)) order by "sid"`)
      .bind(JSON.stringify(sids))
      .all<{ sid: string; from: string; body: string }>();
    expect(results).toEqual([...sids].sort().map((sid) => ({ sid, from: `whatsapp:${customer}`, body: "ciao" })));
    // The floor builds nothing of the product: no conversation, no message.
    expect(await db().query.conversations.findFirst({ where: and(eq(conversations.twilioAccountId, account.id), eq(conversations.phoneNumber, customer)) })).toBeUndefined();
  });
});

describe("the reply-to index of messages", () => {
  it("keeps one AI reply per customer message, holds only the messages that have a reply-to, and serves their lookup", async () => {
    const { user, account } = await realAccount();
    const [conversation] = await db().insert(conversations).values({ userId: user.id, twilioAccountId: account.id, phoneNumber: "+393404000001" }).returning();
    const message = (content: string, replyToId?: string) => ({ conversationId: conversation!.id, content, sender: replyToId ? ("ai" as const) : ("customer" as const), replyToId });
    const question = await insertMessageOnce(db(), message("Quanto costa?"));
    // Messages without a reply-to repeat freely; a second reply to the same message is not stored.
    expect(await insertMessageOnce(db(), message("Quanto costa?"))).toBeDefined();
    expect(await insertMessageOnce(db(), message("Dipende dal modello.", question!.id))).toBeDefined();
    expect(await insertMessageOnce(db(), message("Dipende dal modello!", question!.id))).toBeUndefined();
    expect((await db().select().from(messages).where(eq(messages.conversationId, conversation!.id))).map((m) => m.content)).toEqual(["Quanto costa?", "Quanto costa?", "Dipende dal modello."]);

    const index = await env.DB.prepare("SELECT sql FROM sqlite_master WHERE type = 'index' AND name = 'messages_reply_uq'").first<{ sql: string }>();
    expect(index!.sql).toMatch(/WHERE `reply_to_id` IS NOT NULL$/);
    const plan = await env.DB.prepare("EXPLAIN QUERY PLAN SELECT id FROM messages WHERE conversation_id = ?1 AND reply_to_id = ?2").bind(conversation!.id, question!.id).all<{ detail: string }>();
    expect(plan.results.map((r) => r.detail).join(" ")).toContain("USING INDEX messages_reply_uq");
  });
});
