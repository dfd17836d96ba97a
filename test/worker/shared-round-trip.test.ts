import { env } from "cloudflare:workers";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { countStatements, createDb } from "@worker/db/client";
import { bound, compileRead, compileWrite, slot } from "@worker/db/compiled";
import { conversations } from "@worker/db/schema";
import { runCallers, runStatementsShared, sharingRoundTrips } from "@worker/db/shared-round-trip";
import { accountOwner, db } from "./helpers";

// Callers of one invocation that do not wait for each other share D1 round trips; each gets its own
// rows, and one caller's failing statement is never another's failure. Other callers (requests, which
// the runtime does not let wait on each other's I/O) never share.
async function conversationsOf(n: number) {
  const { user, account } = await accountOwner();
  const rows = await db()
    .insert(conversations)
    .values(Array.from({ length: n }, (_, i) => ({ userId: user.id, twilioAccountId: account.id, phoneNumber: `+39333444${String(i).padStart(4, "0")}`, customerName: `Cliente ${i}` })))
    .returning();
  return rows;
}

// A binding that counts its round trips, and an invocation's Db on it whose callers share them.
function counted({ sharing = true } = {}) {
  const counting = countStatements(env.DB);
  const base = createDb(counting.d1);
  return { db: sharing ? sharingRoundTrips(base) : base, roundTrips: counting.roundTrips };
}

const nameOf = compileRead(db().select({ id: conversations.id, name: conversations.customerName }).from(conversations).where(eq(conversations.id, sql.placeholder("id"))));
const rename = compileWrite(db().update(conversations).set({ customerName: slot("name"), updatedAt: slot("now") }).where(eq(conversations.id, sql.placeholder("id"))).returning({ id: conversations.id, name: conversations.customerName }));

describe("shared D1 round trips", () => {
  it("callers that ask in the same turn go in one round trip, each with its own rows in its own order", async () => {
    const rows = await conversationsOf(5);
    const { db: d, roundTrips } = counted();
    const answers = await Promise.all(
      rows.map((row, i) => runStatementsShared(d, [bound(d, rename, { id: row.id, name: `Nuovo ${i}`, now: new Date() }), bound(d, nameOf, { id: row.id })])),
    );
    expect(roundTrips()).toBe(1);
    answers.forEach(([renamed, read], i) => {
      expect(renamed).toEqual([{ id: rows[i]!.id, name: `Nuovo ${i}` }]);
      // The caller's second statement sees its first: its statements stay together and in order.
      expect(read).toEqual([{ id: rows[i]!.id, name: `Nuovo ${i}` }]);
    });
  });

  it("a Db of no invocation does not share: each caller takes its own round trip", async () => {
    const rows = await conversationsOf(3);
    const { db: d, roundTrips } = counted({ sharing: false });
    await Promise.all(rows.map((row) => runStatementsShared(d, [bound(d, nameOf, { id: row.id })])));
    expect(roundTrips()).toBe(3);
  });

  it("callers that ask while a round trip is out go together in the next one", async () => {
    const rows = await conversationsOf(4);
    const { db: d, roundTrips } = counted();
    const first = runStatementsShared(d, [bound(d, nameOf, { id: rows[0]!.id })]);
    // Asked after the first round trip left (a macrotask later), before it answered.
    await new Promise((r) => setTimeout(r, 0));
    const later = rows.slice(1).map((row) => runStatementsShared(d, [bound(d, nameOf, { id: row.id })]));
    const answers = await Promise.all([first, ...later]);
    expect(answers.map(([r]) => r[0]!.name)).toEqual(rows.map((r) => r.customerName));
    expect(roundTrips()).toBe(2);
  });

  it("a held round trip leaves as soon as every running caller of the invocation has asked", async () => {
    const rows = await conversationsOf(2);
    const { db: d, roundTrips } = counted();
    const read = (i: number) => runStatementsShared(d, [bound(d, nameOf, { id: rows[i]!.id })], { waitMs: 5_000 });
    const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
    // A caller alone (a batch of one job): nobody else can come, so it does not wait.
    let started = Date.now();
    await runCallers(d, [() => read(0)]);
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(roundTrips()).toBe(1);
    // Two callers: the first's round trip waits for the second, which asks later; both go together then.
    started = Date.now();
    await runCallers(d, [() => read(0), () => sleep(100).then(() => read(1))]);
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(roundTrips()).toBe(2);
    // A caller that ends without asking: the other's round trip leaves when it ends.
    started = Date.now();
    await runCallers(d, [() => read(0), () => sleep(100)]);
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(roundTrips()).toBe(3);
  });

  it("a caller that can wait holds the round trip for later ones, until one that cannot wait asks", async () => {
    const rows = await conversationsOf(4);
    const { db: d, roundTrips } = counted();
    const read = (i: number, waitMs = 0) => runStatementsShared(d, [bound(d, nameOf, { id: rows[i]!.id })], { waitMs });
    const settled: number[] = [];
    const held = [read(0, 200), read(1, 200)].map((p, i) => p.then(() => settled.push(i)));
    await new Promise((r) => setTimeout(r, 20));
    // Asked 20 ms later: still held, so they go together.
    held.push(read(2, 200).then(() => settled.push(2)));
    await new Promise((r) => setTimeout(r, 20));
    expect(settled).toEqual([]);
    expect(roundTrips()).toBe(0);
    // One that cannot wait takes them all along at once.
    await Promise.all([read(3), ...held]);
    expect(settled.sort()).toEqual([0, 1, 2]);
    expect(roundTrips()).toBe(1);
  });

  it("a failing statement fails only its caller: the others' statements are applied", async () => {
    const [a, b] = await conversationsOf(2);
    const { db: d } = counted();
    // The same id again: the primary key refuses it, and the shared batch (one transaction) with it.
    const duplicate = d.insert(conversations).values({ id: a!.id, userId: a!.userId, twilioAccountId: a!.twilioAccountId, phoneNumber: "+393330000001" });
    const [ok, failed] = await Promise.allSettled([
      runStatementsShared(d, [bound(d, rename, { id: b!.id, name: "Salvato", now: new Date() })]),
      runStatementsShared(d, [duplicate]),
    ]);
    expect(ok).toMatchObject({ status: "fulfilled", value: [[{ id: b!.id, name: "Salvato" }]] });
    expect(failed.status).toBe("rejected");
    expect((await db().query.conversations.findFirst({ where: eq(conversations.id, b!.id) }))!.customerName).toBe("Salvato");
  });
});
