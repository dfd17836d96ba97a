import { env } from "cloudflare:workers";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { AIRTABLE_TEXTS } from "@shared/texts/airtable";
import { AirtableError, listAllRecords, listRecordsPage } from "@worker/providers/airtable";
import { fakeAirtable, type FakeTable } from "../fakes/airtable";
import { fakeOutside, type FakeOutside } from "../fakes/outside";

// The shared Airtable client that list imports, dynamic list re-syncs, memory syncs and lead-source
// syncs all call, against the fake that answers as Airtable does.
const KEY = "patClient1234567.0123456789abcdef0123456789abcdef";
const tables: Record<string, FakeTable> = {};
const airtable = fakeAirtable(tables);
let world: FakeOutside;
beforeAll(() => {
  world = fakeOutside((request) => airtable.handler(request));
});
afterAll(() => world.restore());

const records = (n: number) => Array.from({ length: n }, (_, i) => ({ id: `rec${String(i).padStart(6, "0")}`, fields: { Nome: `Nome${i}` } }));

// A base of its own per test: the pacer and the penalty are per base and outlive a test.
function newBase(tableIds: string[], extra: Partial<FakeTable> = {}) {
  const baseId = `app${crypto.randomUUID().replaceAll("-", "").slice(0, 14)}`;
  for (const tableId of tableIds) tables[`${baseId}/${tableId}`] = { apiKey: KEY, records: records(250), ...extra };
  return baseId;
}
const config = (baseId: string, tableId: string) => ({ apiKey: KEY, baseId, tableId });
const callsTo = (baseId: string) => airtable.calls.filter((c) => c.baseId === baseId).sort((a, b) => a.at - b.at);

describe("the shared Airtable client", () => {
  it("paces every caller of a base together at 5 requests a second, and another base apart", async () => {
    const shared = newBase(["tblA", "tblB"]);
    const other = newBase(["tblC"]);
    const started = Date.now();
    // Two syncs of the same base at once (say a list import and a memory sync), and one of another base.
    const [a, b, c] = await Promise.all([
      listAllRecords(env, config(shared, "tblA")),
      listAllRecords(env, config(shared, "tblB")),
      listAllRecords(env, config(other, "tblC")),
    ]);
    expect([a.length, b.length, c.length]).toEqual([250, 250, 250]);
    const calls = callsTo(shared);
    expect(calls).toHaveLength(6);
    // Both listings interleave, and the base never sees two requests closer than 200 ms.
    expect(new Set(calls.slice(0, 2).map((call) => call.tableId))).toEqual(new Set(["tblA", "tblB"]));
    for (let i = 1; i < calls.length; i++) expect(calls[i]!.at - calls[i - 1]!.at).toBeGreaterThanOrEqual(195);
    // The other base kept its own pace: its three pages took about 400 ms, not the shared base's second.
    expect(callsTo(other).at(-1)!.at - started).toBeLessThan(900);
  });

  it("after a 429 holds the base for Airtable's 30 s penalty without sending, then reads again", async () => {
    const baseId = newBase(["tblA"], { throttle: 1 });
    vi.useFakeTimers({ toFake: ["Date"], shouldAdvanceTime: true });
    try {
      const refused = await listRecordsPage(env, config(baseId, "tblA"), null).catch((err: unknown) => err);
      expect(refused).toBeInstanceOf(AirtableError);
      expect(refused).toMatchObject({ kind: "rate_limited", status: 429, retryAfterSeconds: 30, message: AIRTABLE_TEXTS.rateLimited });
      expect(callsTo(baseId)).toHaveLength(1);

      // Within the penalty nothing is sent; the caller is told when to come back (queue jobs retry then).
      vi.setSystemTime(Date.now() + 12_000);
      const held = await listRecordsPage(env, config(baseId, "tblA"), null).catch((err: unknown) => err);
      expect(held).toMatchObject({ kind: "rate_limited", retryAfterSeconds: 18, message: AIRTABLE_TEXTS.rateLimitedFor(18) });
      expect(callsTo(baseId)).toHaveLength(1);

      vi.setSystemTime(Date.now() + 18_500);
      const page = await listRecordsPage(env, config(baseId, "tblA"), null);
      expect(page).toMatchObject({ offset: "itr100", restarted: false });
      expect(page.records).toHaveLength(100);
      expect(callsTo(baseId)).toHaveLength(2);
    } finally {
      vi.useRealTimers();
    }
  });

  it("starts a listing again from the first page when Airtable says its offset expired", async () => {
    const baseId = newBase(["tblA"], { expireOffsets: 1 });
    const page = await listRecordsPage(env, config(baseId, "tblA"), "itr100");
    expect(page).toMatchObject({ restarted: true, offset: "itr100" });
    expect(page.records[0]!.id).toBe("rec000000");
    expect(callsTo(baseId).map((c) => c.offset)).toEqual(["itr100", null]);

    // A listing that keeps expiring gives up with a clear reason instead of reading forever.
    const stuck = newBase(["tblA"], { expireOffsets: 10 });
    await expect(listAllRecords(env, config(stuck, "tblA"))).rejects.toMatchObject({ message: AIRTABLE_TEXTS.restartedTooOften });
  });
});
