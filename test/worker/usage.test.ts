import { describe, expect, it } from "vitest";
import { nextRomeDay, romeDay, romeDayStart, romeMonth } from "@shared/rome-time";
import { T } from "@shared/strings";
import { USAGE_TEXTS as TX } from "@shared/texts/usage";
import { openaiUsage } from "@worker/db/schema";
import { checkBudget } from "@worker/features/usage/service";
import { accountOwner, addMember, call, db, signedInUser } from "./helpers";

type Row = { at: string | Date; cost?: string; model?: string; op?: string; tokens?: number };
// D1 binds at most 100 parameters per statement: a few rows at a time.
async function usage(userId: string, accountId: string, rows: Row[]) {
  for (let i = 0; i < rows.length; i += 7) await insertRows(userId, accountId, rows.slice(i, i + 7));
}

async function insertRows(userId: string, accountId: string, rows: Row[]) {
  await db()
    .insert(openaiUsage)
    .values(
      rows.map((r) => ({
        userId,
        twilioAccountId: accountId,
        model: r.model ?? "gpt-4o-mini",
        operationType: r.op ?? "chat_response",
        totalTokens: r.tokens ?? 100,
        totalCost: r.cost ?? "0.01000000",
        createdAt: new Date(r.at),
      })),
    );
}

describe("Europe/Rome days", () => {
  it("finds where Rome days begin across daylight saving time", () => {
    expect(romeDayStart("2026-01-15").toISOString()).toBe("2026-01-14T23:00:00.000Z");
    expect(romeDayStart("2026-07-15").toISOString()).toBe("2026-07-14T22:00:00.000Z");
    // The days of the changes: 29 March and 25 October 2026.
    expect(romeDayStart("2026-03-29").toISOString()).toBe("2026-03-28T23:00:00.000Z");
    expect(romeDayStart("2026-03-30").toISOString()).toBe("2026-03-29T22:00:00.000Z");
    expect(romeDayStart("2026-10-25").toISOString()).toBe("2026-10-24T22:00:00.000Z");
    expect(romeDayStart("2026-10-26").toISOString()).toBe("2026-10-25T23:00:00.000Z");
    expect(romeDay(new Date("2026-03-10T23:30:00Z"))).toBe("2026-03-11");
    expect(romeDay(new Date("2026-07-01T21:59:59Z"))).toBe("2026-07-01");
    expect(nextRomeDay("2026-02-28")).toBe("2026-03-01");
    expect(nextRomeDay("2026-12-31")).toBe("2027-01-01");
    expect(romeMonth(new Date("2026-04-30T22:30:00Z"))).toEqual({ month: "2026-05", start: new Date("2026-04-30T22:00:00Z") });
  });
});

describe("GET /api/openai-usage", () => {
  it("filters by Rome calendar days, end day included, and totals the whole range", async () => {
    const { user, cookie, account } = await accountOwner();
    await usage(user.id, account.id, [
      { at: "2026-03-10T22:30:00Z", cost: "0.10000000" }, // 23:30 on 10 March in Rome
      { at: "2026-03-10T23:30:00Z", cost: "0.20000000" }, // 00:30 on 11 March
      { at: "2026-03-11T22:59:59Z", cost: "0.30000000" }, // 23:59:59 on 11 March
      { at: "2026-03-11T23:00:00Z", cost: "0.40000000" }, // 00:00 on 12 March
      { at: "2026-07-01T21:59:00Z", cost: "0.50000000" }, // 23:59 on 1 July (summer time)
      { at: "2026-07-01T22:00:00Z", cost: "0.60000000" }, // 00:00 on 2 July
    ]);
    const oneDay = await call("/api/openai-usage?startDate=2026-03-11&endDate=2026-03-11", { cookie });
    expect(oneDay.status).toBe(200);
    expect(oneDay.json.items.map((i: any) => i.totalCost)).toEqual(["0.30000000", "0.20000000"]);
    expect(oneDay.json.totals).toEqual({ totalCost: "0.50000000", totalRequests: 2, totalTokens: 200 });
    expect(oneDay.json.byDay).toEqual([{ day: "2026-03-11", totalCost: "0.50000000", requests: 2 }]);

    const summer = await call("/api/openai-usage?startDate=2026-07-02", { cookie });
    expect(summer.json.items.map((i: any) => i.totalCost)).toEqual(["0.60000000"]);
    const until = await call("/api/openai-usage?endDate=2026-07-01", { cookie });
    expect(until.json.totals.totalRequests).toBe(5);
    // The spec's snake_case names work too.
    const snake = await call("/api/openai-usage?start_date=2026-03-10&end_date=2026-03-10", { cookie });
    expect(snake.json.items.map((i: any) => i.totalCost)).toEqual(["0.10000000"]);
    expect(snake.json.filters).toMatchObject({ startDate: "2026-03-10", endDate: "2026-03-10", limit: 50 });

    const all = await call("/api/openai-usage", { cookie });
    expect(all.json.byDay.map((d: any) => [d.day, d.totalCost])).toEqual([
      ["2026-03-10", "0.10000000"],
      ["2026-03-11", "0.50000000"],
      ["2026-03-12", "0.40000000"],
      ["2026-07-01", "0.50000000"],
      ["2026-07-02", "0.60000000"],
    ]);
    expect(all.json.items[0]).toEqual({
      id: expect.any(String),
      model: "gpt-4o-mini",
      operationType: "chat_response",
      totalCost: "0.60000000",
      promptTokens: 0,
      completionTokens: 0,
      totalTokens: 100,
      requestDuration: 0,
      conversationId: null,
      promptId: null,
      createdAt: "2026-07-01T22:00:00.000Z",
    });
  });

  it("lists 50 by default and 10, 25, 50 or 100 on request; any other limit is refused", async () => {
    const { user, cookie, account } = await accountOwner();
    const start = Date.parse("2026-05-01T08:00:00Z");
    await usage(
      user.id,
      account.id,
      Array.from({ length: 120 }, (_, i) => ({ at: new Date(start + i * 60_000) })),
    );
    const byDefault = await call("/api/openai-usage", { cookie });
    expect(byDefault.json.items).toHaveLength(50);
    expect(byDefault.json.totals.totalRequests).toBe(120);
    // Newest first.
    expect(byDefault.json.items[0].createdAt).toBe(new Date(start + 119 * 60_000).toISOString());
    for (const limit of [10, 25, 50, 100]) {
      const res = await call(`/api/openai-usage?limit=${limit}`, { cookie });
      expect(res.json.items, String(limit)).toHaveLength(limit);
    }
    for (const limit of ["5", "20", "101", "abc", "50.0", ""]) {
      const res = await call(`/api/openai-usage?limit=${limit}`, { cookie });
      expect(res.status, `limit=${limit}`).toBe(400);
      expect(res.json.error).toBe(TX.limitInvalid);
    }
  });

  it("filters by model and operation, groups by both, and leaves other accounts out", async () => {
    const { user, cookie, account } = await accountOwner();
    const other = await accountOwner();
    await usage(user.id, account.id, [
      { at: "2026-05-02T10:00:00Z", model: "gpt-4", op: "chat_response", cost: "0.03000000", tokens: 1000 },
      { at: "2026-05-02T11:00:00Z", model: "gpt-4", op: "prompt_test", cost: "0.06000000", tokens: 2000 },
      { at: "2026-05-02T12:00:00Z", model: "gpt-3.5-turbo", op: "feedback_analysis", cost: "0.00100000", tokens: 600 },
    ]);
    await usage(other.user.id, other.account.id, [{ at: "2026-05-02T10:00:00Z", model: "gpt-4", cost: "9.00000000" }]);
    const res = await call("/api/openai-usage", { cookie });
    expect(res.json.totals).toEqual({ totalCost: "0.09100000", totalRequests: 3, totalTokens: 3600 });
    expect(res.json.byModel).toEqual([
      { model: "gpt-4", totalCost: "0.09000000", requests: 2, tokens: 3000 },
      { model: "gpt-3.5-turbo", totalCost: "0.00100000", requests: 1, tokens: 600 },
    ]);
    expect(res.json.byOperation.map((o: any) => [o.operationType, o.requests])).toEqual([
      ["prompt_test", 1],
      ["chat_response", 1],
      ["feedback_analysis", 1],
    ]);
    const gpt4 = await call("/api/openai-usage?model=gpt-4", { cookie });
    expect(gpt4.json.totals.totalRequests).toBe(2);
    const tests = await call("/api/openai-usage?model=gpt-4&operationType=prompt_test", { cookie });
    expect(tests.json.items.map((i: any) => i.totalCost)).toEqual(["0.06000000"]);
    // The sidebar's stats are unchanged: all time, this account.
    const stats = await call("/api/openai-usage/stats", { cookie });
    expect(stats.json).toEqual({ totalCost: "0.09100000", totalRequests: 3 });
  });

  it("pages the rows with X-Next-Cursor: ties included, stable under inserts, scoped to the account", async () => {
    const { user, cookie, account } = await accountOwner();
    // 8 rows at distinct times, then 6 in one millisecond: the page boundary (10) falls inside the tie.
    const rows: Row[] = Array.from({ length: 14 }, (_, i) => ({ at: i < 8 ? `2026-05-0${i + 1}T10:00:00Z` : "2026-04-01T10:00:00Z", tokens: i + 1 }));
    await usage(user.id, account.id, rows);
    const first = await call("/api/openai-usage?limit=10", { cookie });
    expect(first.status).toBe(200);
    expect(first.json.items).toHaveLength(10);
    expect(first.json.totals.totalRequests).toBe(14);
    const cursor = first.headers.get("X-Next-Cursor");
    expect(cursor).toBe(first.json.items[9].id);

    // Newer uses arrive meanwhile: they belong before the first page and never shift the next one.
    // One lands in the tied millisecond: inserted later, it sorts before the cursor's row.
    await usage(user.id, account.id, [{ at: "2026-06-01T10:00:00Z" }, { at: "2026-04-01T10:00:00Z" }, { at: "2026-06-02T10:00:00Z" }]);
    const second = await call(`/api/openai-usage?limit=10&before=${cursor}`, { cookie });
    expect(second.status).toBe(200);
    expect(second.headers.get("X-Next-Cursor")).toBeNull();
    const seen = [...first.json.items, ...second.json.items].map((i: any) => i.id);
    expect(seen).toHaveLength(14);
    expect(new Set(seen).size).toBe(14);
    expect([...first.json.items, ...second.json.items].map((i: any) => i.totalTokens).sort((a: number, b: number) => a - b)).toEqual(
      Array.from({ length: 14 }, (_, i) => i + 1),
    );
    // Newest first across the boundary.
    const times = [...first.json.items, ...second.json.items].map((i: any) => Date.parse(i.createdAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));

    // Another account's owner cannot page through this account's rows with its cursor.
    const other = await accountOwner();
    await usage(other.user.id, other.account.id, [{ at: "2026-01-01T10:00:00Z" }]);
    const foreign = await call(`/api/openai-usage?limit=10&before=${cursor}`, { cookie: other.cookie });
    expect(foreign.status).toBe(200);
    expect(foreign.json.items).toEqual([]);
    const tooLong = await call(`/api/openai-usage?before=${"x".repeat(65)}`, { cookie });
    expect(tooLong.status).toBe(400);
  });

  it("refuses bad filters with 400 and a plain member with 403", async () => {
    const { cookie, account } = await accountOwner();
    const bad: [string, string][] = [
      ["startDate=2026-02-30", TX.dateInvalid],
      ["startDate=11/03/2026", TX.dateInvalid],
      ["endDate=domani", TX.dateInvalid],
      ["startDate=2026-03-12&endDate=2026-03-11", T.endBeforeStart],
      ["model=gpt-zero", TX.modelInvalid],
      ["operationType=mining", TX.operationInvalid],
      ["limit=10&limit=25", TX.limitInvalid],
    ];
    for (const [query, message] of bad) {
      const res = await call(`/api/openai-usage?${query}`, { cookie });
      expect(res.status, query).toBe(400);
      expect(res.json.error, query).toBe(message);
    }
    const member = await signedInUser();
    await addMember(member.user.id, account.id);
    const denied = await call("/api/openai-usage", { cookie: member.cookie });
    expect(denied.status).toBe(403);
    expect(denied.json.error).toBe(TX.managersOnly);
    expect((await call("/api/openai-usage/stats", { cookie: member.cookie })).status).toBe(200);
    expect((await call("/api/openai-usage/budget", { cookie: member.cookie })).status).toBe(403);
    expect((await call("/api/openai-usage/budget", { method: "PUT", cookie: member.cookie, body: { monthlyLimitUsd: 1 } })).status).toBe(403);
    // A super_admin sees any account's usage.
    const admin = await signedInUser("super_admin");
    await call(`/api/twilio-accounts/${account.id}/activate`, { method: "PUT", cookie: admin.cookie });
    expect((await call("/api/openai-usage", { cookie: admin.cookie })).status).toBe(200);
  });

  it("answers an empty report without an account", async () => {
    const { cookie } = await signedInUser();
    const res = await call("/api/openai-usage", { cookie });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ items: [], totals: { totalCost: "0.00000000", totalRequests: 0, totalTokens: 0 }, byModel: [], byDay: [] });
  });
});

describe("the monthly budget", () => {
  it("stores a cap, and checkBudget stops the AI once this Rome month's spend reaches it", async () => {
    const { user, cookie, account } = await accountOwner();
    const none = await call("/api/openai-usage/budget", { cookie });
    expect(none.json).toMatchObject({ monthlyLimitUsd: null, allowed: true, reason: null, remaining: null });
    expect(await checkBudget(db(), account.id)).toEqual({ allowed: true });

    const set = await call("/api/openai-usage/budget", { method: "PUT", cookie, body: { monthlyLimitUsd: 5 } });
    expect(set.status).toBe(200);
    expect(set.json).toMatchObject({ monthlyLimitUsd: 5, spentThisMonth: "0.00000000", remaining: "5.00000000", allowed: true });

    const now = new Date();
    const { start } = romeMonth(now);
    // Last month's spend and another account's spend do not count.
    await usage(user.id, account.id, [{ at: new Date(start.getTime() - 60_000), cost: "50.00000000" }]);
    const other = await accountOwner();
    await usage(other.user.id, other.account.id, [{ at: now, cost: "50.00000000" }]);
    await usage(user.id, account.id, [{ at: start, cost: "4.99000000" }]);
    expect(await checkBudget(db(), account.id)).toEqual({ allowed: true });

    await usage(user.id, account.id, [{ at: now, cost: "0.01000000" }]);
    const blocked = await checkBudget(db(), account.id);
    expect(blocked.allowed).toBe(false);
    expect(blocked.reason).toBe(TX.budgetReached("5.00", "5.00"));
    const status = await call("/api/openai-usage/budget", { cookie });
    expect(status.json).toMatchObject({ allowed: false, remaining: "0.00000000", spentThisMonth: "5.00000000", reason: blocked.reason });

    // A new month starts from zero.
    const nextMonth = new Date(start.getTime() + 32 * 24 * 3600_000);
    expect(await checkBudget(db(), account.id, nextMonth)).toEqual({ allowed: true });
    // Raising the cap, or removing it, lets the AI answer again.
    await call("/api/openai-usage/budget", { method: "PUT", cookie, body: { monthlyLimitUsd: 10 } });
    expect((await checkBudget(db(), account.id)).allowed).toBe(true);
    await call("/api/openai-usage/budget", { method: "PUT", cookie, body: { monthlyLimitUsd: 4 } });
    expect((await checkBudget(db(), account.id)).allowed).toBe(false);
    const removed = await call("/api/openai-usage/budget", { method: "PUT", cookie, body: { monthlyLimitUsd: null } });
    expect(removed.json).toMatchObject({ monthlyLimitUsd: null, allowed: true });
    expect(await checkBudget(db(), account.id)).toEqual({ allowed: true });
  });

  it("refuses a bad cap with 400 and never 500", async () => {
    const { cookie } = await accountOwner();
    for (const body of [{ monthlyLimitUsd: 0 }, { monthlyLimitUsd: -1 }, { monthlyLimitUsd: "10" }, { monthlyLimitUsd: 2_000_000 }, {}, []]) {
      const res = await call("/api/openai-usage/budget", { method: "PUT", cookie, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.json.error).toBeTypeOf("string");
    }
    for (const raw of ['{"monthlyLimitUsd": ', "null", '"x"']) {
      const res = await call("/api/openai-usage/budget", { method: "PUT", cookie, rawBody: raw, headers: { "Content-Type": "application/json" } });
      expect(res.status, raw).toBe(400);
    }
    const none = await signedInUser();
    const res = await call("/api/openai-usage/budget", { method: "PUT", cookie: none.cookie, body: { monthlyLimitUsd: 3 } });
    expect(res.status).toBe(400);
    expect(res.json.error).toBe(T.noActiveAccount);
  });
});
