import { and, eq, gte, lt, type Placeholder, type SQL, sql } from "drizzle-orm";
import { romeDay, romeDayStart } from "@shared/rome-time";
import type { Db } from "@worker/db/client";
import { openaiUsage, usageBudgets, usageDailyRollup as rollup, usageVersions } from "@worker/db/schema";
import { afterCursor, cursorPage, newestFirst } from "@worker/db/paging";
import { bound, compiledByShape, compileRead, readRows, runStatements } from "@worker/db/compiled";
import { HeldByVersion } from "@worker/lib/held-by-version";

export function insertUsage(db: Db, values: typeof openaiUsage.$inferInsert) {
  return db.insert(openaiUsage).values(values).returning();
}

// Costs are summed as whole hundred-millionths of a dollar (total_cost is decimal text with 8 places),
// as the rollup stores them, so a sum is exact whichever way it is read.
const costE8 = sql<number>`cast(round(cast(${openaiUsage.totalCost} as real) * 100000000) as integer)`;

export interface UsageFilter {
  accountId: string;
  from?: Date;
  // Exclusive.
  to?: Date;
  model?: string;
  operationType?: string;
}

// Which filters a report has; the statements are built from it, the values bound as placeholders.
type UsageShape = { from: boolean; to: boolean; model: boolean; operationType: boolean };
const shapeOf = (f: UsageFilter): UsageShape => ({ from: !!f.from, to: !!f.to, model: !!f.model, operationType: !!f.operationType });

// The filter's conditions (times bound as epoch milliseconds, as stored).
function where(f: UsageShape): SQL | undefined {
  const p = sql.placeholder;
  return and(
    eq(openaiUsage.twilioAccountId, p("accountId")),
    f.from ? gte(openaiUsage.createdAt, p("from")) : undefined,
    f.to ? lt(openaiUsage.createdAt, p("to")) : undefined,
    f.model ? eq(openaiUsage.model, p("model")) : undefined,
    f.operationType ? eq(openaiUsage.operationType, p("operationType")) : undefined,
  );
}

// The columns the report lists of each row.
const itemColumns = {
  id: openaiUsage.id,
  model: openaiUsage.model,
  operationType: openaiUsage.operationType,
  totalCost: openaiUsage.totalCost,
  promptTokens: openaiUsage.promptTokens,
  completionTokens: openaiUsage.completionTokens,
  totalTokens: openaiUsage.totalTokens,
  requestDuration: openaiUsage.requestDuration,
  conversationId: openaiUsage.conversationId,
  promptId: openaiUsage.promptId,
  createdAt: openaiUsage.createdAt,
};

// A page of the report's rows, newest first (after the row `before`, when given): one more than
// `limit`, which tells whether there is a next page. No row when the account's usage version is the
// known one (a LIMIT of 0, which SQLite evaluates once).
function pageQuery(db: Db, f: UsageShape, before: boolean) {
  const p = sql.placeholder;
  const older = before ? afterCursor(openaiUsage, p("before"), { column: openaiUsage.twilioAccountId, value: p("accountId") }) : undefined;
  return db
    .select(itemColumns)
    .from(openaiUsage)
    .where(and(where(f), older))
    .orderBy(...newestFirst(openaiUsage))
    .limit(sql`(case when ${versionNow} <> ${p("known")} then ${p("limit")} else 0 end)` as unknown as Placeholder);
}

// The report in one round trip to the database (a batch of two statements, read from one snapshot):
// a page of its rows with the cursor of the next page (the `before` of the page after it), and the
// aggregates over every row the filter matches. Both are compiled once per combination of filters.
// The report is held per isolate by account, filter and page at the account's usage version: the
// statements read their rows only when the version differs from the held report's (heldReports).
export async function usageReport(db: Db, f: UsageFilter, limit: number, before?: string): Promise<Report> {
  const days = rollupDays(f);
  const key = JSON.stringify([f.accountId, f.from?.getTime() ?? null, f.to?.getTime() ?? null, f.model ?? null, f.operationType ?? null, limit, before ?? null]);
  const report = reportReads(db, { filter: shapeOf(f), days: days && { startDay: !!days.startDay, endDay: !!days.endDay }, before: !!before });
  return heldReports.answer(key, async (known) => {
    const values = {
      accountId: f.accountId,
      from: f.from?.getTime(),
      to: f.to?.getTime(),
      startDay: days?.startDay,
      endDay: days?.endDay,
      model: f.model,
      operationType: f.operationType,
      before,
      limit: limit + 1,
      known,
    };
    const [rows, sums] = await runStatements(db, [bound(db, report.page, values), bound(db, report.aggregates, values)]);
    const version = Number(sums.find((r) => r.kind === "version")?.cost);
    const build = () => {
      const { page, nextCursor } = cursorPage(rows, limit);
      return { items: page, nextCursor, aggregates: days ? shape(sums, String) : shape(sums, hourToRomeDay) };
    };
    return { version, build };
  });
}
export type Report = { items: Pick<typeof openaiUsage.$inferSelect, keyof typeof itemColumns>[]; nextCursor: string | null; aggregates: Aggregates };

// The reports this isolate read last, by account, filter and page, at the account's usage version: at
// most 200, of up to 200 rows each (50 as the console reads them, about 15 KB).
const heldReports = new HeldByVersion<Report>(200);

const reportReads = compiledByShape((db: Db, shape: { filter: UsageShape; days: { startDay: boolean; endDay: boolean } | null; before: boolean }) => ({
  page: compileRead(pageQuery(db, shape.filter, shape.before)),
  aggregates: compileRead(shape.days ? rollupQuery(db, shape.filter, shape.days) : scanQuery(db, shape.filter)),
}));

// Sums; costE8 in hundred-millionths of a dollar.
export type Group = { costE8: number; requests: number; tokens: number };
export interface Aggregates {
  totals: Group;
  byModel: (Group & { key: string })[];
  byOperation: (Group & { key: string })[];
  // Rome days, oldest first.
  byDay: { day: string; costE8: number; requests: number }[];
}

type AggregateRow = { kind: "version" | "total" | "model" | "operation" | "day"; key: string | number | null; cost: number | null; requests: number | null; tokens: number | null };

// The aggregates' rows, selected from their statement so that the query can join a batch (drizzle's
// batch takes query builders, not raw SQL with parameters).
function aggregateRows(db: Db, statement: SQL) {
  return db
    .select({
      kind: sql<AggregateRow["kind"]>`kind`,
      key: sql<AggregateRow["key"]>`key`,
      cost: sql<AggregateRow["cost"]>`cost`,
      requests: sql<AggregateRow["requests"]>`requests`,
      tokens: sql<AggregateRow["tokens"]>`tokens`,
    })
    .from(sql`(${statement})`);
}

const group = (r: AggregateRow): Group => ({ costE8: Number(r.cost ?? 0), requests: Number(r.requests ?? 0), tokens: Number(r.tokens ?? 0) });
// Costliest first; ties by name, so the order does not depend on how the rows were read.
const byCost = (a: Group & { key: string }, b: Group & { key: string }) => b.costE8 - a.costE8 || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0);

function shape(rows: AggregateRow[], dayOf: (key: string | number) => string): Aggregates {
  const of = (kind: AggregateRow["kind"]) => rows.filter((r) => r.kind === kind);
  const keyed = (kind: AggregateRow["kind"]) => of(kind).map((r) => ({ key: String(r.key), ...group(r) })).sort(byCost);
  const days = new Map<string, { costE8: number; requests: number }>();
  for (const r of of("day")) {
    const day = dayOf(r.key!);
    const d = days.get(day) ?? { costE8: 0, requests: 0 };
    d.costE8 += Number(r.cost ?? 0);
    d.requests += Number(r.requests ?? 0);
    days.set(day, d);
  }
  return {
    totals: group(of("total")[0] ?? { kind: "total", key: null, cost: 0, requests: 0, tokens: 0 }),
    byModel: keyed("model"),
    byOperation: keyed("operation"),
    byDay: [...days.entries()].sort(([a], [b]) => (a < b ? -1 : 1)).map(([day, d]) => ({ day, ...d })),
  };
}

// The Rome days a filter's time bounds cover, when both fall on Rome midnights (as the report's date
// filters do): [startDay, endDay), either open. null when a bound cuts a day, which the rollup cannot split.
function rollupDays(f: UsageFilter): { startDay?: string; endDay?: string } | null {
  const dayAt = (at: Date) => {
    const day = romeDay(at);
    return romeDayStart(day).getTime() === at.getTime() ? day : null;
  };
  const startDay = f.from ? dayAt(f.from) : undefined;
  const endDay = f.to ? dayAt(f.to) : undefined;
  return startDay === null || endDay === null ? null : { startDay, endDay };
}

// The account's usage version (usage_versions), and the condition under which the aggregates read their
// rows: the version differs from the one of the report the isolate holds (`known`, -1 when none). The version
// is the statement's first row; when it is the known one, the rest is the sums of no rows, left unused.
const versionNow = sql`coalesce((select ${usageVersions.version} from ${usageVersions} where ${usageVersions.twilioAccountId} = ${sql.placeholder("accountId")}), 0)`;
const usageVersion = sql`v as (select ${versionNow} as version)`;
const unlessKnown = sql`(select version from v) <> ${sql.placeholder("known")}`;
const versionRow = sql`select 'version' as kind, null as key, version as cost, null as requests, null as tokens from v`;

// The report's aggregates over every row the filter matches: from the daily rollup (one row per
// account, Rome day, model and operation) when the filter is made of those (rollupDays), else by
// reading the rows (scanQuery).
function rollupQuery(db: Db, f: UsageShape, days: { startDay: boolean; endDay: boolean }) {
  const p = sql.placeholder;
  const match = and(
    eq(rollup.twilioAccountId, p("accountId")),
    days.startDay ? gte(rollup.day, p("startDay")) : undefined,
    days.endDay ? lt(rollup.day, p("endDay")) : undefined,
    f.model ? eq(rollup.model, p("model")) : undefined,
    f.operationType ? eq(rollup.operationType, p("operationType")) : undefined,
  );
  return aggregateRows(db, sql`
    with ${usageVersion}, f as materialized (
      select ${rollup.model} as model, ${rollup.operationType} as operation, ${rollup.day} as day, ${rollup.calls} as calls,
        ${rollup.totalTokens} as tokens, ${rollup.totalCostE8} as cost
      from ${rollup} where ${match} and ${unlessKnown}
    )
    ${versionRow}
    union all select 'total' as kind, null as key, coalesce(sum(cost), 0) as cost, coalesce(sum(calls), 0) as requests, coalesce(sum(tokens), 0) as tokens from f
    union all select 'model', model, sum(cost), sum(calls), sum(tokens) from f group by model
    union all select 'operation', operation, sum(cost), sum(calls), sum(tokens) from f group by operation
    union all select 'day', day, sum(cost), sum(calls), null from f group by day`);
}

// The same aggregates read from the usage rows themselves, in one statement: the filtered rows are
// read once (a materialised CTE), then summed in total, per model, per operation and per UTC hour
// (Rome's offset is a whole number of hours, so hours fold exactly into Rome days).
function scanQuery(db: Db, f: UsageShape) {
  return aggregateRows(db, sql`
    with ${usageVersion}, f as materialized (
      select ${openaiUsage.model} as model, ${openaiUsage.operationType} as operation, ${costE8} as cost,
        ${openaiUsage.totalTokens} as tokens, ${openaiUsage.createdAt} / 3600000 as hour
      from ${openaiUsage} where ${where(f)} and ${unlessKnown}
    )
    ${versionRow}
    union all select 'total' as kind, null as key, coalesce(sum(cost), 0) as cost, count(*) as requests, coalesce(sum(tokens), 0) as tokens from f
    union all select 'model', model, sum(cost), count(*), sum(tokens) from f group by model
    union all select 'operation', operation, sum(cost), count(*), sum(tokens) from f group by operation
    union all select 'day', hour, sum(cost), count(*), null from f group by hour`);
}
const hourToRomeDay = (hour: string | number) => romeDay(Number(hour) * 3_600_000);

// The scan alone, whatever the filter: the reference the tests hold the rollup to.
export async function scanAggregates(db: Db, f: UsageFilter): Promise<Aggregates> {
  const rows = await readRows(db, compileRead(scanQuery(db, shapeOf(f))), { accountId: f.accountId, from: f.from?.getTime(), to: f.to?.getTime(), model: f.model, operationType: f.operationType, known: -1 });
  return shape(rows, hourToRomeDay);
}

// An account's spend (hundred-millionths of a dollar) and calls since a Rome midnight, or ever.
export async function rollupTotals(db: Db, accountId: string, fromDay?: string) {
  const [row] = await db
    .select({ costE8: sql<number>`coalesce(sum(${rollup.totalCostE8}), 0)`, requests: sql<number>`coalesce(sum(${rollup.calls}), 0)` })
    .from(rollup)
    .where(and(eq(rollup.twilioAccountId, accountId), fromDay ? gte(rollup.day, fromDay) : undefined));
  return { costE8: Number(row?.costE8 ?? 0), requests: Number(row?.requests ?? 0) };
}

export function findBudget(db: Db, accountId: string) {
  return db.query.usageBudgets.findFirst({ where: eq(usageBudgets.twilioAccountId, accountId) });
}

export function saveBudget(db: Db, accountId: string, monthlyLimitUsd: number | null, userId: string) {
  return db
    .insert(usageBudgets)
    .values({ twilioAccountId: accountId, monthlyLimitUsd, updatedBy: userId })
    .onConflictDoUpdate({ target: usageBudgets.twilioAccountId, set: { monthlyLimitUsd, updatedBy: userId, updatedAt: new Date() } });
}
