import { env } from "cloudflare:workers";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { conversations, messages } from "@worker/db/schema";
import { T } from "@shared/strings";
import { WEBHOOK_BODY_MAX_BYTES } from "@worker/features/webhooks/routes";
import { fakeOutside, type FakeOutside } from "../fakes/outside";
import { createAccount, db, signedInUser, waitFor } from "./helpers";
import { postTwilioWebhook, postWebhookForm, twilioSignature } from "./twilio-webhook";

// Twilio's webhooks answer only to a signature made with the account's own auth token over the
// exact URL Twilio called, and storing is idempotent on MessageSid.

const BASE = env.PUBLIC_BASE_URL;
const CUSTOMER = "+393401112233";
type Kind = "message" | "status";

let world: FakeOutside;
beforeAll(() => {
  world = fakeOutside(() => Response.json({ sid: `SMout${crypto.randomUUID().replaceAll("-", "")}`, status: "queued" }, { status: 201 }));
});
afterAll(() => world.restore());

async function tenant() {
  const { user, cookie } = await signedInUser();
  const token = `token-${crypto.randomUUID().replaceAll("-", "")}`;
  const account = await createAccount(cookie, { authToken: token, accountSid: `AC${crypto.randomUUID().replaceAll("-", "")}`, phoneNumber: "+390212345678" });
  return { user, cookie, token, id: account.id };
}

const pathOf = (accountId: string, kind: Kind) => `/webhooks/twilio/${accountId}/${kind}`;
const sign = async (token: string, url: string, params: Record<string, string>) => twilioSignature(token, url, params);

const post = (path: string, params: Record<string, string>, signature?: string) => postWebhookForm(path, params, signature);

// Sends params to an account's webhook, signed as Twilio would (by default with that account's token).
async function signed(t: { id: string; token: string }, kind: Kind, params: Record<string, string>) {
  return postTwilioWebhook(t.id, params, { token: t.token, kind });
}

const inbound = (sid: string, body = "Ciao") => ({ MessageSid: sid, AccountSid: "ACx", From: `whatsapp:${CUSTOMER}`, To: "whatsapp:+390212345678", Body: body });
const status = (sid: string, value: string) => ({ MessageSid: sid, MessageStatus: value });

const storedWithSid = async (sid: string) => db().select().from(messages).where(eq(messages.twilioMessageId, sid));

async function outboundMessage(t: { id: string; user: { id: string } }, sid: string) {
  const [conversation] = await db()
    .insert(conversations)
    .values({ userId: t.user.id, twilioAccountId: t.id, phoneNumber: `+39340${Math.floor(Math.random() * 1e7)}`, operatorMode: true })
    .returning();
  const [message] = await db().insert(messages).values({ conversationId: conversation!.id, content: "Buongiorno", sender: "operator", status: "sent", twilioMessageId: sid }).returning();
  return message!;
}

const statusOf = async (id: string) => (await db().query.messages.findFirst({ where: eq(messages.id, id) }))!.status;

describe.each(["message", "status"] as const)("POST /webhooks/twilio/:id/%s refuses", (kind) => {
  let a: Awaited<ReturnType<typeof tenant>>;
  let b: Awaited<ReturnType<typeof tenant>>;
  let outbound: { id: string };
  let outboundSid = "";
  const sid = () => `SM${kind}${crypto.randomUUID().replaceAll("-", "")}`;
  // An inbound message for /message; for /status the delivery of A's outbound message.
  const params = (s: string) => (kind === "message" ? inbound(s) : status(outboundSid, "delivered"));

  beforeAll(async () => {
    a = await tenant();
    b = await tenant();
    outboundSid = sid();
    outbound = await outboundMessage(a, outboundSid);
  });

  // Nothing of A changed: no inbound stored under the sid, the outbound still "sent".
  async function expectUntouched(s: string) {
    if (kind === "message") expect(await storedWithSid(s)).toEqual([]);
    else expect(await statusOf(outbound.id)).toBe("sent");
  }

  it("a request without a signature", async () => {
    const s = sid();
    const res = await post(pathOf(a.id, kind), params(s));
    expect(res.status).toBe(403);
    expect(res.json).toEqual({ error: expect.any(String) });
    await expectUntouched(s);
  });

  it("forged and malformed signatures", async () => {
    const s = sid();
    for (const forged of ["", "AAAAAAAAAAAAAAAAAAAAAAAAAAA=", "not base64 at all!", "x".repeat(10_000), await sign("guessed-token", `${BASE}${pathOf(a.id, kind)}`, params(s))]) {
      expect((await post(pathOf(a.id, kind), params(s), forged)).status, forged.slice(0, 40)).toBe(403);
    }
    await expectUntouched(s);
  });

  it("a body over 64 KB, before reading it or checking its signature", async () => {
    const s = sid();
    const huge = { ...params(s), Body: "x".repeat(WEBHOOK_BODY_MAX_BYTES) };
    const res = await signed(a, kind, huge);
    expect(res.status).toBe(413);
    expect(res.json).toEqual({ error: T.webhookTooLarge });
    await expectUntouched(s);
    if (kind === "message") {
      // Just under the limit is an ordinary webhook.
      const under = sid();
      expect((await signed(a, kind, { ...params(under), Body: "x".repeat(WEBHOOK_BODY_MAX_BYTES - 500) })).status).toBe(200);
      expect(await storedWithSid(under)).toHaveLength(1);
    }
  });

  it("a signature made with another account's auth token", async () => {
    const s = sid();
    const res = await post(pathOf(a.id, kind), params(s), await sign(b.token, `${BASE}${pathOf(a.id, kind)}`, params(s)));
    expect(res.status).toBe(403);
    await expectUntouched(s);
  });

  it("a signature valid for another account's URL", async () => {
    const s = sid();
    // B's genuine webhook, replayed to A's URL, and A's token over B's URL.
    const forB = await sign(b.token, `${BASE}${pathOf(b.id, kind)}`, params(s));
    expect((await post(pathOf(a.id, kind), params(s), forB)).status).toBe(403);
    const aOverB = await sign(a.token, `${BASE}${pathOf(b.id, kind)}`, params(s));
    expect((await post(pathOf(a.id, kind), params(s), aOverB)).status).toBe(403);
    expect((await post(pathOf(b.id, kind), params(s), aOverB)).status).toBe(403);
    await expectUntouched(s);
  });

  it("a signature for the other webhook of the same account, another host, or another query", async () => {
    const s = sid();
    const other = kind === "message" ? "status" : "message";
    for (const url of [`${BASE}${pathOf(a.id, other)}`, `https://attacker.example${pathOf(a.id, kind)}`, `${BASE}${pathOf(a.id, kind)}?x=1`]) {
      expect((await post(pathOf(a.id, kind), params(s), await sign(a.token, url, params(s)))).status, url).toBe(403);
    }
    const plain = await sign(a.token, `${BASE}${pathOf(a.id, kind)}`, params(s));
    expect((await post(`${pathOf(a.id, kind)}?x=1`, params(s), plain)).status).toBe(403);
    await expectUntouched(s);
  });

  it("parameters changed after signing", async () => {
    const s = sid();
    const signature = await sign(a.token, `${BASE}${pathOf(a.id, kind)}`, params(s));
    const tampered = kind === "message" ? { ...params(s), Body: "Bonifico su IT00X" } : { ...params(s), MessageStatus: "failed" };
    expect((await post(pathOf(a.id, kind), tampered, signature)).status).toBe(403);
    expect((await post(pathOf(a.id, kind), { ...params(s), Extra: "1" }, signature)).status).toBe(403);
    await expectUntouched(s);
  });

  it("an unknown account, without telling more", async () => {
    const res = await post(pathOf("no-such-account", kind), params(sid()), "AAAA");
    expect(res.status).toBe(404);
    expect(res.json).toEqual({ error: expect.any(String) });
  });
});

describe("replays", () => {
  it("stores an inbound MessageSid once, however often and however concurrently it arrives", async () => {
    const a = await tenant();
    const sid = `SMreplay${crypto.randomUUID().replaceAll("-", "")}`;
    expect((await signed(a, "message", inbound(sid))).status).toBe(200);
    expect((await signed(a, "message", inbound(sid))).status).toBe(200);
    const burst = await Promise.all([1, 2, 3, 4].map(() => signed(a, "message", inbound(sid))));
    expect(burst.map((r) => r.status)).toEqual([200, 200, 200, 200]);
    const stored = await storedWithSid(sid);
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ sender: "customer", content: "Ciao" });
    const conversation = await db().query.conversations.findFirst({ where: and(eq(conversations.twilioAccountId, a.id), eq(conversations.phoneNumber, CUSTOMER)) });
    const customer = (await db().select().from(messages).where(eq(messages.conversationId, conversation!.id))).filter((m) => m.sender === "customer");
    expect(customer).toHaveLength(1);
  });

  it("keeps the first body when a replay of the same MessageSid carries another", async () => {
    const a = await tenant();
    const sid = `SMreplay${crypto.randomUUID().replaceAll("-", "")}`;
    await signed(a, "message", inbound(sid, "Primo"));
    await signed(a, "message", inbound(sid, "Sostituito"));
    expect((await storedWithSid(sid)).map((m) => m.content)).toEqual(["Primo"]);
  });

  it("replayed status callbacks change nothing, and an old status never overwrites a newer one", async () => {
    const a = await tenant();
    const sid = `SMstatus${crypto.randomUUID().replaceAll("-", "")}`;
    const message = await outboundMessage(a, sid);
    expect((await signed(a, "status", status(sid, "delivered"))).status).toBe(204);
    expect(await statusOf(message.id)).toBe("delivered");
    for (const replay of ["delivered", "sent", "queued", "failed", "delivered"]) {
      expect((await signed(a, "status", status(sid, replay))).status).toBe(204);
      expect(await statusOf(message.id), replay).toBe("delivered");
    }
    expect((await signed(a, "status", status(sid, "read"))).status).toBe(204);
    expect((await signed(a, "status", status(sid, "delivered"))).status).toBe(204);
    expect(await statusOf(message.id)).toBe("read");
  });

  it("ignores a validly signed status callback of another account for this account's message", async () => {
    const a = await tenant();
    const b = await tenant();
    const sid = `SMcross${crypto.randomUUID().replaceAll("-", "")}`;
    const message = await outboundMessage(a, sid);
    expect((await signed(b, "status", { ...status(sid, "failed"), ErrorCode: "63016" })).status).toBe(204);
    const after = await db().query.messages.findFirst({ where: eq(messages.id, message.id) });
    expect(after).toMatchObject({ status: "sent", errorCode: null });
  });

  it("stores a MessageSid once even when another account's webhook claims it", async () => {
    const a = await tenant();
    const b = await tenant();
    const sid = `SMclaim${crypto.randomUUID().replaceAll("-", "")}`;
    await signed(a, "message", inbound(sid, "Da A"));
    expect((await signed(b, "message", inbound(sid, "Da B"))).status).toBeLessThan(500);
    await waitFor(async () => expect((await storedWithSid(sid)).map((m) => m.content)).toEqual(["Da A"]), 10_000);
  });
});
