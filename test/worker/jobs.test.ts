import { createExecutionContext, createMessageBatch, createScheduledController, getQueueResult, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import worker from "@worker/index";
import { sessions } from "@worker/db/schema";
import { reserveSendSlot } from "@worker/jobs/sender-slots";
import { db, signedInUser, waitFor } from "./helpers";

describe("cron and the jobs queue", () => {
  it("the cron enqueues the due work", async () => {
    const send = vi.spyOn(env.JOBS, "sendBatch");
    const ctx = createExecutionContext();
    await worker.scheduled(createScheduledController({ scheduledTime: new Date("2026-11-21T10:05:00Z"), cron: "* * * * *" }), env, ctx);
    await waitOnExecutionContext(ctx);
    const bodies = send.mock.calls.flatMap(([batch]) => [...batch].map((m) => m.body));
    expect(bodies).toEqual(
      expect.arrayContaining([
        { kind: "sessions.purge", idempotencyKey: "sessions.purge:2026-11-21T10:05" },
        { kind: "operator-questions.expire", idempotencyKey: "operator-questions.expire:2026-11-21T10:05" },
      ]),
    );
    send.mockRestore();
  });

  it("the consumer purges expired sessions, acks unknown bodies, and retries with backoff on failure", async () => {
    const { user } = await signedInUser();
    await db().update(sessions).set({ expire: new Date(Date.now() - 1000) }).where(eq(sessions.userId, user.id));
    const batch = createMessageBatch("agentbot-jobs", [
      { id: "a", timestamp: new Date(), attempts: 1, body: { kind: "sessions.purge", idempotencyKey: "k1" } },
      { id: "b", timestamp: new Date(), attempts: 1, body: { kind: "no-such-job" } },
    ]);
    const ctx = createExecutionContext();
    await worker.queue(batch, env, ctx);
    const result = await getQueueResult(batch, ctx);
    expect(result.explicitAcks.sort()).toEqual(["a", "b"]);
    expect(result.retryMessages).toEqual([]);
    expect(await db().select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(0);

    // A failing job is retried with a growing delay instead of being dropped.
    const failingEnv = { ...env, DB: { prepare: () => { throw new Error("D1 down"); }, batch: () => { throw new Error("D1 down"); } } as unknown as D1Database };
    const retryBatch = createMessageBatch("agentbot-jobs", [
      { id: "c", timestamp: new Date(), attempts: 3, body: { kind: "sessions.purge", idempotencyKey: "k2" } },
    ]);
    const retrySpy = vi.spyOn(retryBatch.messages[0]!, "retry");
    const retryCtx = createExecutionContext();
    await worker.queue(retryBatch, failingEnv, retryCtx);
    const retried = await getQueueResult(retryBatch, retryCtx);
    expect(retried.retryMessages.map((m) => m.msgId)).toEqual(["c"]);
    expect(retried.explicitAcks).toEqual([]);
    expect(retrySpy).toHaveBeenCalledWith({ delaySeconds: 8 });
  });

  it("the dead-letter consumer acknowledges what failed after its retries", async () => {
    const batch = createMessageBatch("agentbot-jobs-dlq", [
      { id: "d", timestamp: new Date(), attempts: 1, body: { kind: "sessions.purge", idempotencyKey: "k3" } },
    ]);
    const ctx = createExecutionContext();
    await worker.queue(batch, env, ctx);
    expect((await getQueueResult(batch, ctx)).explicitAcks).toEqual(["d"]);
  });
});

describe("conversation Durable Object", () => {
  it("accepts a live socket, answers frames validated by the shared schema, and broadcasts", async () => {
    const stub = env.CONVERSATIONS.get(env.CONVERSATIONS.idFromName(`conv-${crypto.randomUUID()}`));
    // The route tells the object whose session the socket belongs to (a socket without one gets no frame).
    const session = { "X-User-Id": "u1", "X-Session-Id": "sid-1", "X-Socket-Id": crypto.randomUUID(), "X-Session-Expire": String(Date.now() + 60_000) };
    const res = await stub.fetch("https://do/live", { headers: { Upgrade: "websocket", ...session } });
    expect(res.status).toBe(101);
    const ws = res.webSocket!;
    ws.accept();
    const frames: unknown[] = [];
    ws.addEventListener("message", (e) => frames.push(JSON.parse(e.data as string)));
    ws.send(JSON.stringify({ type: "ping" }));
    ws.send("not json");
    await waitFor(() => expect(frames).toHaveLength(2), 10_000);
    expect(frames[0]).toMatchObject({ type: "pong" });
    expect(frames[1]).toEqual({ type: "error", message: "Messaggio non valido" });
    expect(await stub.publish({ type: "error", message: "prova" })).toBe(1);
    await waitFor(() => expect(frames).toHaveLength(3), 10_000);
    ws.close();
  });

  it("refuses a plain request", async () => {
    const stub = env.CONVERSATIONS.get(env.CONVERSATIONS.idFromName(`conv-${crypto.randomUUID()}`));
    expect((await stub.fetch("https://do/live")).status).toBe(426);
  });
});

describe("sender rate limit", () => {
  it("spaces a sender's sends to its messages-per-second limit", async () => {
    const limiter = env.SENDER_LIMITER.get(env.SENDER_LIMITER.idFromName(`sender-${crypto.randomUUID()}`));
    const waits: number[] = [];
    for (let i = 0; i < 10; i++) waits.push(await limiter.reserve(80));
    // 80 per second → one slot every 12.5 ms: the tenth send waits about 112.5 ms.
    expect(waits[0]).toBe(0);
    for (let i = 1; i < 10; i++) expect(waits[i]!).toBeGreaterThanOrEqual(waits[i - 1]! + 5);
    expect(waits[9]!).toBeGreaterThan(90);
    expect(waits[9]!).toBeLessThanOrEqual(112.5);
    // Another sender has its own slots.
    const other = env.SENDER_LIMITER.get(env.SENDER_LIMITER.idFromName(`sender-${crypto.randomUUID()}`));
    expect(await other.reserve(80)).toBe(0);
  });

  it("reserves a run of slots in one call, spaced exactly at the limit", async () => {
    const limiter = env.SENDER_LIMITER.get(env.SENDER_LIMITER.idFromName(`sender-${crypto.randomUUID()}`));
    const startedAt = Date.now();
    const waits = await limiter.reserveMany(80, 10);
    expect(waits).toHaveLength(10);
    expect(waits[0]).toBe(0);
    for (let i = 1; i < 10; i++) expect(waits[i]! - waits[i - 1]!).toBe(12.5);
    // The slots are taken: the next reservation comes after them (less the time that passed meanwhile).
    const next = await limiter.reserve(80);
    expect(next).toBeGreaterThanOrEqual(10 * 12.5 - (Date.now() - startedAt) - 1);
  });

  it("counts a run's waits from one instant, so a slow loop does not shorten them", async () => {
    const limiter = env.SENDER_LIMITER.get(env.SENDER_LIMITER.idFromName(`sender-${crypto.randomUUID()}`));
    // A clock that moves 1 ms at every reading, as on a loaded machine where the loop is slow.
    let tick = Date.now();
    const now = vi.spyOn(Date, "now").mockImplementation(() => tick++);
    try {
      expect(await limiter.reserveMany(80, 5)).toEqual([0, 12.5, 25, 37.5, 50]);
    } finally {
      now.mockRestore();
    }
  });

  it("lets a sender take back the slots a short pause left unused, never more than it missed", async () => {
    const limiter = env.SENDER_LIMITER.get(env.SENDER_LIMITER.idFromName(`sender-${crypto.randomUUID()}`));
    // A new sender starts from now, catch-up or not: no burst. (A catch-up of 2 s here, so that a timer
    // late on a loaded machine still pauses within it.)
    const first = await limiter.reserveMany(80, 4, 2_000);
    expect(first).toEqual([0, 12.5, 25, 37.5]);
    // The queue pauses between two batches; the slots it left unused go out at once...
    const pausedAt = Date.now();
    await new Promise((resolve) => setTimeout(resolve, 150));
    const afterPause = await limiter.reserveMany(80, 40, 2_000);
    const paused = Date.now() - pausedAt;
    const atOnce = afterPause.filter((wait) => wait === 0).length;
    expect(atOnce).toBeGreaterThanOrEqual(5);
    // ...and no more than the missed ones (from the last slot reserved, 50 ms in, to now): the rest stay 12.5 ms apart.
    expect(atOnce).toBeLessThanOrEqual(Math.ceil((paused - 50) / 12.5) + 1);
    const later = afterPause.slice(atOnce);
    for (let i = 1; i < later.length; i++) expect(later[i]! - later[i - 1]!).toBe(12.5);
    // Without catch-up (Airtable's pacing) the same pause is simply lost.
    const strict = env.SENDER_LIMITER.get(env.SENDER_LIMITER.idFromName(`sender-${crypto.randomUUID()}`));
    await strict.reserveMany(80, 4);
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(await strict.reserveMany(80, 3)).toEqual([0, 12.5, 25]);
  });

  it("shares one reservation among the sends that ask at the same time, each with its own slot", async () => {
    const sender = `sender-${crypto.randomUUID()}`;
    const get = vi.spyOn(env.SENDER_LIMITER, "get");
    const startedAt = Date.now();
    const batch = {};
    const waits = await Promise.all(Array.from({ length: 20 }, () => reserveSendSlot(env, batch, sender, 80)));
    expect(get).toHaveBeenCalledTimes(1);
    get.mockRestore();
    // In the order they asked, one slot each, none shared.
    for (let i = 1; i < 20; i++) expect(waits[i]! - waits[i - 1]!).toBe(12.5);
    // A later send gets the slot after them (less the time that passed meanwhile).
    const next = await reserveSendSlot(env, batch, sender, 80);
    expect(next).toBeGreaterThanOrEqual(20 * 12.5 - (Date.now() - startedAt) - 1);
  });

  it("never shares a reservation between two invocations (queue batches): each asks the object, and no slot is given twice", async () => {
    const sender = `sender-${crypto.randomUUID()}`;
    const get = vi.spyOn(env.SENDER_LIMITER, "get");
    const [first, second] = [{}, {}];
    // When each send may leave: its wait counts from when its reservation answered.
    const slots = await Promise.all(Array.from({ length: 10 }, (_, i) => reserveSendSlot(env, i % 2 ? second : first, sender, 80).then((wait) => Date.now() + wait)));
    expect(get).toHaveBeenCalledTimes(2);
    get.mockRestore();
    // Ten slots at least 12.5 ms apart, however the two reservations were ordered (1 ms for the clock).
    const sorted = [...slots].sort((a, b) => a - b);
    for (let i = 1; i < 10; i++) expect(sorted[i]! - sorted[i - 1]!).toBeGreaterThanOrEqual(11.5);
  });
});
