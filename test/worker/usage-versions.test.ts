import { env } from "cloudflare:workers";
import { desc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { conversations, openaiUsage, twilioAccounts, usageVersions } from "@worker/db/schema";
import { scanAggregates, type UsageFilter, usageReport } from "@worker/features/usage/repo";
import { accountOwner, db, recordingDb } from "./helpers";

// The usage report reads its page and sums again only when the account's usage version moved since this
// isolate read them for the same filter and page; every change to a usage row it shows moves it, in the
// same statement.

async function addUsage(userId: string, accountId: string, at: string, cost = "0.00100000", model = "gpt-4o") {
  const [row] = await db()
    .insert(openaiUsage)
    .values({ userId, twilioAccountId: accountId, model, operationType: "chat_response", promptTokens: 100, completionTokens: 10, totalTokens: 110, totalCost: cost, createdAt: new Date(at) })
    .returning();
  return row!;
}

const versionOf = async (accountId: string) => (await db().select().from(usageVersions).where(eq(usageVersions.twilioAccountId, accountId)))[0]?.version ?? 0;
const sumsOf = async (f: UsageFilter) => (await usageReport(db(), f, 10)).aggregates;

describe("the usage report's known sums", () => {
  it("answers the sums read before while the version holds, and reads them again once it moves", async () => {
    const { user, account } = await accountOwner();
    await addUsage(user.id, account.id, "2026-11-02T10:00:00Z");
    await addUsage(user.id, account.id, "2026-11-03T10:00:00Z", "0.00200000", "gpt-4");
    const all: UsageFilter = { accountId: account.id };
    const first = await sumsOf(all);
    expect(first).toEqual(await scanAggregates(db(), all));
    expect(first.totals).toEqual({ costE8: 300_000, requests: 2, tokens: 220 });

    // A change the triggers do not see (the rollup written directly) leaves the version as it was: the
    // report answers the sums it holds, so it did not read them again.
    await env.DB.prepare("UPDATE usage_daily_rollup SET total_cost_e8 = total_cost_e8 + 100000000 WHERE twilio_account_id = ?").bind(account.id).run();
    expect(await sumsOf(all)).toEqual(first);
    await env.DB.prepare("UPDATE usage_daily_rollup SET total_cost_e8 = total_cost_e8 - 100000000 WHERE twilio_account_id = ?").bind(account.id).run();

    // A new usage row moves the version: the next report has it.
    await addUsage(user.id, account.id, "2026-11-03T11:00:00Z");
    const second = await sumsOf(all);
    expect(second).toEqual(await scanAggregates(db(), all));
    expect(second.totals.requests).toBe(3);
  });

  it("keeps each account's and each filter's sums apart, and the rows' own path (a bound inside a day) too", async () => {
    const a = await accountOwner();
    const b = await accountOwner();
    await addUsage(a.user.id, a.account.id, "2026-11-02T10:00:00Z");
    await addUsage(b.user.id, b.account.id, "2026-11-02T10:00:00Z", "0.05000000", "gpt-4");
    await addUsage(b.user.id, b.account.id, "2026-11-04T10:00:00Z", "0.07000000");
    const filters: UsageFilter[] = [
      { accountId: a.account.id },
      { accountId: b.account.id },
      { accountId: b.account.id, model: "gpt-4" },
      { accountId: b.account.id, from: new Date("2026-11-02T12:00:00Z") },
      { accountId: b.account.id, from: new Date("2026-11-03T23:00:00Z") },
    ];
    for (let round = 0; round < 2; round++) {
      for (const f of filters) expect(await sumsOf(f), JSON.stringify(f)).toEqual(await scanAggregates(db(), f));
    }
    // The version is per account: a row of b's leaves a's sums, and moves b's on every path.
    await addUsage(b.user.id, b.account.id, "2026-11-04T11:00:00Z", "0.01000000", "gpt-4");
    for (const f of filters) expect(await sumsOf(f), JSON.stringify(f)).toEqual(await scanAggregates(db(), f));
  });

  it("moves with every write to a row the report sums: insert, update, a row moved between accounts, delete, and goes with its account", async () => {
    const a = await accountOwner();
    const b = await accountOwner();
    expect(await versionOf(a.account.id)).toBe(0);
    const row = await addUsage(a.user.id, a.account.id, "2026-11-02T10:00:00Z");
    expect(await versionOf(a.account.id)).toBe(1);
    // A column the report neither sums, filters by nor lists: no move.
    await db().update(openaiUsage).set({ promptCost: "0.00100000", completionCost: "0.00010000" }).where(eq(openaiUsage.id, row.id));
    expect(await versionOf(a.account.id)).toBe(1);
    // One its page lists.
    await db().update(openaiUsage).set({ requestDuration: 99 }).where(eq(openaiUsage.id, row.id));
    expect(await versionOf(a.account.id)).toBe(2);
    await db().update(openaiUsage).set({ totalCost: "0.00500000" }).where(eq(openaiUsage.id, row.id));
    const moved = await versionOf(a.account.id);
    expect(moved).toBeGreaterThan(1);
    await db().update(openaiUsage).set({ twilioAccountId: b.account.id }).where(eq(openaiUsage.id, row.id));
    expect(await versionOf(a.account.id)).toBeGreaterThan(moved);
    expect(await versionOf(b.account.id)).toBe(1);
    await db().delete(openaiUsage).where(eq(openaiUsage.id, row.id));
    expect(await versionOf(b.account.id)).toBe(2);
    // The account's rows go with it (their delete trigger finds the version gone, or going): no error.
    await addUsage(b.user.id, b.account.id, "2026-11-05T10:00:00Z");
    await db().delete(twilioAccounts).where(eq(twilioAccounts.id, b.account.id));
    expect(await db().select().from(usageVersions).where(eq(usageVersions.twilioAccountId, b.account.id))).toEqual([]);
  });
});

// The rows of an account's report as a fresh read lists them, newest first.
const newestRows = async (accountId: string) =>
  (await db().select().from(openaiUsage).where(eq(openaiUsage.twilioAccountId, accountId)).orderBy(desc(openaiUsage.createdAt))).map((r) => ({
    id: r.id,
    requestDuration: r.requestDuration,
    conversationId: r.conversationId,
    totalCost: r.totalCost,
  }));
const listed = (items: { id: string; requestDuration: number | null; conversationId: string | null; totalCost: string }[]) =>
  items.map(({ id, requestDuration, conversationId, totalCost }) => ({ id, requestDuration, conversationId, totalCost }));

describe("the usage report's held pages", () => {
  it("answers a page without reading its rows while the version holds, and each page apart, through changes", async () => {
    const { user, account } = await accountOwner();
    for (let i = 0; i < 5; i++) await addUsage(user.id, account.id, `2026-11-0${i + 1}T10:00:00Z`);
    const all: UsageFilter = { accountId: account.id };
    const pages = async () => {
      const first = await usageReport(db(), all, 2);
      const second = await usageReport(db(), all, 2, first.nextCursor!);
      const third = await usageReport(db(), all, 2, second.nextCursor!);
      expect(third.nextCursor).toBeNull();
      return [...first.items, ...second.items, ...third.items];
    };
    expect(listed(await pages())).toEqual(await newestRows(account.id));

    // Read again unchanged: the page statement answers no row.
    const recording = recordingDb();
    const held = await usageReport(recording.db, all, 2);
    // The page's statement, then the aggregates': their version and the sums of no rows.
    expect(recording.answered[0]).toBe(0);
    expect(held).toEqual(await usageReport(db(), all, 2));

    // A duration written, and a conversation deleted (its rows keep their cost, without the link): each
    // moves the version, and every page reads its rows again.
    const [c] = await db().insert(conversations).values({ userId: user.id, twilioAccountId: account.id, phoneNumber: "+393330001111" }).returning();
    const rows = await newestRows(account.id);
    await db().update(openaiUsage).set({ conversationId: c!.id }).where(eq(openaiUsage.id, rows[1]!.id));
    expect(listed(await pages())).toEqual(await newestRows(account.id));
    await db().update(openaiUsage).set({ requestDuration: 1234 }).where(eq(openaiUsage.id, rows[3]!.id));
    expect(listed(await pages())).toEqual(await newestRows(account.id));
    await db().delete(conversations).where(eq(conversations.id, c!.id));
    const after = listed(await pages());
    expect(after).toEqual(await newestRows(account.id));
    expect(after[1]!.conversationId).toBeNull();
    expect(after[3]!.requestDuration).toBe(1234);
  });

  it("moves with an update of every column the page lists or the report sums (a column added must be added to the trigger)", async () => {
    const trigger = await env.DB.prepare("SELECT sql FROM sqlite_master WHERE type = 'trigger' AND name = 'usage_versions_update'").first<{ sql: string }>();
    const watched = trigger!.sql.slice(0, trigger!.sql.indexOf(" ON "));
    for (const column of ["id", "twilio_account_id", "model", "operation_type", "prompt_tokens", "completion_tokens", "total_tokens", "total_cost", "request_duration", "conversation_id", "prompt_id", "created_at"])
      expect(watched, column).toContain(`\`${column}\``);
  });
});
