import { env } from "cloudflare:workers";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import migration from "../../migrations/0009_usage_daily_rollup.sql?raw";
import { nextRomeDay, romeDay, romeDayStart } from "@shared/rome-time";
import { conversations, openaiUsage, twilioAccounts, usageDailyRollup } from "@worker/db/schema";
import { type Aggregates, scanAggregates, type UsageFilter, usageReport } from "@worker/features/usage/repo";
import { formatCostE8, recordUsage } from "@worker/features/usage/service";
import { accountOwner, call, db, SQL_COUNTING } from "./helpers";

// The migration's hand-written statements: the Rome day of a timestamp in SQL, and the backfill.
const statements = migration.split("--> statement-breakpoint").map((s) => s.replace(/^\s*--.*$/gm, "").trim());
const BACKFILL = statements.find((s) => s.startsWith("INSERT INTO `usage_daily_rollup`"))!;
const ROME_DAY_SQL = /SELECT `twilio_account_id`, (date\(.*\)) AS `rome_day`/.exec(BACKFILL)![1]!;

type Row = { at: string; model: string; op: string; cost: string; prompt: number; completion: number };

// D1 binds at most 100 parameters per statement: a few rows at a time.
async function insert(userId: string, accountId: string | null, rows: Row[]) {
  for (let i = 0; i < rows.length; i += 6) {
    await db()
      .insert(openaiUsage)
      .values(
        rows.slice(i, i + 6).map((r) => ({
          userId,
          twilioAccountId: accountId,
          model: r.model,
          operationType: r.op,
          promptTokens: r.prompt,
          completionTokens: r.completion,
          totalTokens: r.prompt + r.completion,
          totalCost: r.cost,
          createdAt: new Date(r.at),
        })),
      );
  }
}

// The aggregates the report answers with (from the rollup, or the rows for a bound inside a day).
const reportAggregates = async (f: UsageFilter) => (await usageReport(db(), f, 10)).aggregates;

// Instants around Rome midnights and both 2026 DST changes (29 March, 25 October), a millisecond
// either side of each edge.
const EDGES = [
  "2026-03-27T22:59:59.999Z", // 23:59:59.999 on 27 March (winter, UTC+1)
  "2026-03-27T23:00:00.000Z", // 00:00 on 28 March
  "2026-03-28T22:59:59.999Z", // 23:59:59.999 on 28 March
  "2026-03-28T23:00:00.000Z", // 00:00 on 29 March, the day clocks go forward
  "2026-03-29T00:59:59.999Z", // 01:59:59.999 in Rome, just before the change
  "2026-03-29T01:00:00.000Z", // 03:00 in Rome, summer time
  "2026-03-29T21:59:59.999Z", // 23:59:59.999 on 29 March (UTC+2)
  "2026-03-29T22:00:00.000Z", // 00:00 on 30 March
  "2026-10-24T21:59:59.999Z", // 23:59:59.999 on 24 October (summer)
  "2026-10-24T22:00:00.000Z", // 00:00 on 25 October, the day clocks go back
  "2026-10-25T00:59:59.999Z", // 02:59:59.999 summer time
  "2026-10-25T01:00:00.000Z", // 02:00 winter time
  "2026-10-25T22:59:59.999Z", // 23:59:59.999 on 25 October (UTC+1)
  "2026-10-25T23:00:00.000Z", // 00:00 on 26 October
  "2026-12-31T22:59:59.999Z", // New Year's Eve in Rome
  "2026-12-31T23:00:00.000Z", // 1 January 2027 in Rome, still 2026 in UTC
];
const MODELS = ["gpt-4o-mini", "gpt-4o", "gpt-4"];
const OPS = ["chat_response", "prompt_test", "conversation_summary"];

// A deterministic mix: every edge with several models and operations, costs with all 8 decimals.
function mixedRows(): Row[] {
  let seed = 11;
  const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31);
  return EDGES.flatMap((at, i) =>
    Array.from({ length: 1 + (i % 3) }, (_, j) => ({
      at,
      model: MODELS[(i + j) % MODELS.length]!,
      op: OPS[(i * 2 + j) % OPS.length]!,
      cost: `0.${String(next() % 100_000_000).padStart(8, "0")}`,
      prompt: next() % 2000,
      completion: next() % 300,
    })),
  );
}

// The report computed here from the rows, with Intl's Europe/Rome and exact integer cents-of-cents.
function oracle(rows: Row[], f: { from?: Date; to?: Date; model?: string; operationType?: string }): Aggregates {
  const match = rows.filter(
    (r) =>
      (!f.from || Date.parse(r.at) >= f.from.getTime()) &&
      (!f.to || Date.parse(r.at) < f.to.getTime()) &&
      (!f.model || r.model === f.model) &&
      (!f.operationType || r.op === f.operationType),
  );
  const e8 = (cost: string) => Number(cost.replace(".", ""));
  const sum = (list: Row[]) => ({ costE8: list.reduce((n, r) => n + e8(r.cost), 0), requests: list.length, tokens: list.reduce((n, r) => n + r.prompt + r.completion, 0) });
  const groups = (key: (r: Row) => string) => {
    const by = new Map<string, Row[]>();
    for (const r of match) by.set(key(r), [...(by.get(key(r)) ?? []), r]);
    return [...by].map(([k, list]) => ({ key: k, ...sum(list) })).sort((a, b) => b.costE8 - a.costE8 || (a.key < b.key ? -1 : 1));
  };
  return {
    totals: sum(match),
    byModel: groups((r) => r.model),
    byOperation: groups((r) => r.op),
    byDay: groups((r) => romeDay(new Date(r.at)))
      .map(({ key, costE8, requests }) => ({ day: key, costE8, requests }))
      .sort((a, b) => (a.day < b.day ? -1 : 1)),
  };
}

const days = (start?: string, end?: string) => ({ from: start ? romeDayStart(start) : undefined, to: end ? romeDayStart(nextRomeDay(end)) : undefined });
const FILTERS = [
  {},
  days("2026-03-28"),
  days(undefined, "2026-03-28"),
  days("2026-03-29", "2026-03-29"),
  days("2026-03-28", "2026-03-30"),
  days("2026-10-25", "2026-10-25"),
  days("2026-10-24", "2026-10-26"),
  days("2027-01-01", "2027-01-01"),
  { model: "gpt-4o" },
  { operationType: "prompt_test" },
  { ...days("2026-03-29", "2026-10-25"), model: "gpt-4o-mini", operationType: "chat_response" },
  { model: "gpt-4.1" },
];

async function rollupRows() {
  return (await db().select().from(usageDailyRollup)).sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));
}

describe("the usage report's daily rollup", () => {
  it("writes whole hundred-millionths of a dollar as formatCost's 8 places", () => {
    expect([0, 1, 99_999_999, 100_000_000, 1_496_531_355, 123_456_789_012, 2 ** 53 - 1].map(formatCostE8)).toEqual([
      "0.00000000",
      "0.00000001",
      "0.99999999",
      "1.00000000",
      "14.96531355",
      "1234.56789012",
      "90071992.54740991",
    ]);
  });

  it("computes the Rome day in SQL as Intl does, to the millisecond, 2020–2040", async () => {
    // Every UTC hour and the millisecond before it: each Rome midnight is on a UTC hour, so each day's
    // first and last instant in SQL must be its Rome start and the next day's start less 1 ms.
    const from = Date.UTC(2020, 0, 1);
    const to = Date.UTC(2040, 0, 1);
    const { results } = await env.DB.prepare(
      `with recursive h(ms) as (select ?1 union all select ms + 3600000 from h where ms < ?2),
        t(ms) as (select ms from h union all select ms - 1 from h)
      select day, min(ms) as first, max(ms) as last from (select ${ROME_DAY_SQL.replaceAll("`created_at`", "ms")} as day, ms from t) group by day order by day`,
    )
      .bind(from, to)
      .all<{ day: string; first: number; last: number }>();
    const inner = results.slice(1, -1);
    expect(inner.length).toBeGreaterThan(7000);
    const wrong = inner.filter((r) => r.first !== romeDayStart(r.day).getTime() || r.last !== romeDayStart(nextRomeDay(r.day)).getTime() - 1);
    expect(wrong).toEqual([]);
    // Consecutive days, none missing.
    for (let i = 1; i < inner.length; i++) expect(inner[i]!.day).toBe(nextRomeDay(inner[i - 1]!.day));
  });

  it("answers what a full scan answers, across Rome midnights and DST changes, for every filter", async () => {
    const { user, cookie, account } = await accountOwner();
    const rows = mixedRows();
    await insert(user.id, account.id, rows);
    // Another account's rows and rows without an account are not in the report.
    const other = await accountOwner();
    await insert(other.user.id, other.account.id, rows.slice(0, 5));
    await insert(user.id, null, rows.slice(0, 5));

    for (const filter of FILTERS) {
      const f: UsageFilter = { accountId: account.id, ...filter };
      const fromRollup = await reportAggregates(f);
      expect(fromRollup, JSON.stringify(filter)).toEqual(await scanAggregates(db(), f));
      expect(fromRollup, JSON.stringify(filter)).toEqual(oracle(rows, filter));
    }

    // The API's figures: costs exact to the 8th place, as summing the decimals as floats and rounding
    // to 8 places (the scan's way before the rollup) gives for these rows.
    const report = (await call("/api/openai-usage", { cookie })).json;
    const want = oracle(rows, {});
    const floatSum = rows.reduce((n, r) => n + Number(r.cost), 0).toFixed(8);
    expect(report.totals).toEqual({ totalCost: floatSum, totalRequests: rows.length, totalTokens: want.totals.tokens });
    expect(report.totals.totalCost).toBe(formatCostE8(want.totals.costE8));
    expect(report.byModel).toEqual(want.byModel.map((g) => ({ model: g.key, totalCost: formatCostE8(g.costE8), requests: g.requests, tokens: g.tokens })));
    expect(report.byOperation).toEqual(want.byOperation.map((g) => ({ operationType: g.key, totalCost: formatCostE8(g.costE8), requests: g.requests, tokens: g.tokens })));
    expect(report.byDay).toEqual(want.byDay.map((d) => ({ day: d.day, totalCost: formatCostE8(d.costE8), requests: d.requests })));
    expect(report.byDay.map((d: { day: string }) => d.day)).toEqual(["2026-03-27", "2026-03-28", "2026-03-29", "2026-03-30", "2026-10-24", "2026-10-25", "2026-10-26", "2026-12-31", "2027-01-01"]);
    const dst = (await call("/api/openai-usage?startDate=2026-03-29&endDate=2026-03-29", { cookie })).json;
    expect(dst.totals.totalRequests).toBe(oracle(rows, days("2026-03-29", "2026-03-29")).totals.requests);
    expect((await call("/api/openai-usage/stats", { cookie })).json).toEqual({ totalCost: floatSum, totalRequests: rows.length });
  });

  it("reads the rollup for whole Rome days and the rows for a bound inside a day", async () => {
    const { user, account } = await accountOwner();
    const rows = mixedRows();
    await insert(user.id, account.id, rows);
    // Mark the rollup so that reading it shows: a filter of whole days reads it, others do not.
    const marked = and(eq(usageDailyRollup.twilioAccountId, account.id), eq(usageDailyRollup.day, "2026-10-25"));
    const before = await db().select().from(usageDailyRollup).where(marked);
    await db().update(usageDailyRollup).set({ calls: 1000 }).where(marked);
    const wholeDays = await reportAggregates({ accountId: account.id, ...days("2026-10-25", "2026-10-25") });
    expect(wholeDays.totals.requests).toBe(1000 * before.length);
    for (const filter of [
      { from: new Date("2026-10-25T01:00:00Z") },
      { to: new Date("2026-10-25T01:00:00Z") },
      { from: new Date("2026-03-28T23:00:00Z"), to: new Date("2026-10-25T00:59:59.999Z") },
      { from: new Date("2026-10-24T22:00:00.001Z"), model: "gpt-4" },
    ]) {
      expect(await reportAggregates({ accountId: account.id, ...filter }), JSON.stringify(filter)).toEqual(oracle(rows, filter));
    }
    for (const row of before) {
      await db()
        .update(usageDailyRollup)
        .set({ calls: row.calls })
        .where(and(marked, eq(usageDailyRollup.model, row.model), eq(usageDailyRollup.operationType, row.operationType)));
    }
  });

  it("follows every write: recordUsage, updates, deletes, a deleted conversation and a deleted account", async () => {
    const { user, cookie, account } = await accountOwner();
    const key = and(eq(usageDailyRollup.twilioAccountId, account.id));
    // The product's own write path.
    const conversation = (await db().insert(conversations).values({ userId: user.id, twilioAccountId: account.id, phoneNumber: "+393400000001" }).returning())[0]!;
    const recorded = await recordUsage(
      db(),
      { content: "Ciao", model: "gpt-4o", promptTokens: 1000, completionTokens: 100, durationMs: 800, offline: false },
      { userId: user.id, twilioAccountId: account.id, operationType: "chat_response", conversationId: conversation.id },
    );
    expect(recorded.totalCost).toBe("0.00550000");
    expect(await db().select().from(usageDailyRollup).where(key)).toEqual([
      { twilioAccountId: account.id, day: romeDay(recorded.createdAt), model: "gpt-4o", operationType: "chat_response", calls: 1, promptTokens: 1000, completionTokens: 100, totalTokens: 1100, totalCostE8: 550_000 },
    ]);
    await recordUsage(
      db(),
      { content: "", model: "gpt-4o", promptTokens: 10, completionTokens: 0, durationMs: 1, offline: true },
      { userId: user.id, twilioAccountId: account.id, operationType: "chat_response" },
    );
    // Deleting the conversation sets the row's conversation to null: the rollup is unchanged.
    await db().delete(conversations).where(eq(conversations.id, conversation.id));
    const [both] = await db().select().from(usageDailyRollup).where(key);
    expect(both).toMatchObject({ calls: 2, promptTokens: 1010, totalCostE8: 550_000 });

    // An update moves the row between rollup rows; a delete takes it out, and an emptied row goes.
    await db().update(openaiUsage).set({ model: "gpt-4", totalCost: "0.01000000", createdAt: new Date("2026-03-29T00:30:00Z") }).where(eq(openaiUsage.id, recorded.id));
    expect((await db().select().from(usageDailyRollup).where(key)).map((r) => [r.day, r.model, r.calls, r.totalCostE8]).sort()).toEqual(
      [
        [romeDay(new Date()), "gpt-4o", 1, 0],
        ["2026-03-29", "gpt-4", 1, 1_000_000],
      ].sort(),
    );
    await db().delete(openaiUsage).where(eq(openaiUsage.id, recorded.id));
    expect((await db().select().from(usageDailyRollup).where(key)).map((r) => r.model)).toEqual(["gpt-4o"]);
    expect((await call("/api/openai-usage", { cookie })).json.totals).toEqual({ totalCost: "0.00000000", totalRequests: 1, totalTokens: 10 });

    // Deleting the account takes its rollup with it.
    await db().delete(twilioAccounts).where(eq(twilioAccounts.id, account.id));
    expect(await db().select().from(usageDailyRollup).where(key)).toEqual([]);
  });

  it("is rebuilt identically by the migration's backfill", async () => {
    const { user, account } = await accountOwner();
    await insert(user.id, account.id, mixedRows());
    const other = await accountOwner();
    await insert(other.user.id, other.account.id, mixedRows().slice(3, 17));
    await insert(user.id, null, mixedRows().slice(0, 4));
    const kept = await rollupRows();
    expect(kept.length).toBeGreaterThan(20);
    await env.DB.prepare("DELETE FROM usage_daily_rollup").run();
    await env.DB.prepare(BACKFILL).run();
    expect(await rollupRows()).toEqual(kept);
  });

  it("answers the report in at most 3 SQL statements, whatever the filters and the number of rows", async () => {
    const small = await accountOwner();
    await insert(small.user.id, small.account.id, mixedRows().slice(0, 1));
    const large = await accountOwner();
    await insert(large.user.id, large.account.id, [...mixedRows(), ...mixedRows(), ...mixedRows()]);
    for (const query of ["", "?limit=10", "?startDate=2026-03-29&endDate=2026-10-25", "?model=gpt-4o&operationType=chat_response", "?startDate=2026-03-28&model=gpt-4"]) {
      const counts = [];
      for (const { cookie } of [small, large]) {
        const res = await call(`/api/openai-usage${query}`, { cookie, env: SQL_COUNTING, headers: { "X-Count-SQL": "1" } });
        expect(res.status).toBe(200);
        counts.push(Number(res.headers.get("X-SQL-Statements")));
      }
      expect(counts[0], query).toBeLessThanOrEqual(3);
      expect(counts[1], query).toBe(counts[0]);
    }
    for (const path of ["/api/openai-usage/stats", "/api/openai-usage/budget"]) {
      const res = await call(path, { cookie: large.cookie, env: SQL_COUNTING, headers: { "X-Count-SQL": "1" } });
      expect(Number(res.headers.get("X-SQL-Statements")), path).toBeLessThanOrEqual(3);
    }
  });
});
