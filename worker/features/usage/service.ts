import type { z } from "zod";
import { costOf, formatCost } from "@shared/models";
import { romeDayStart, romeMonth, nextRomeDay } from "@shared/rome-time";
import {
  type BudgetStatus,
  type OperationType,
  type UsageReport,
  type usageListQuery,
} from "@shared/schemas/ai-usage";
import type { UsageStats } from "@shared/schemas/usage";
import { USAGE_TEXTS as TX } from "@shared/texts/usage";
import type { Db } from "@worker/db/client";
import { forbidden } from "@worker/lib/http-error";
import { HeldJson } from "@worker/lib/held-json";
import type { ChatResult } from "@worker/providers/openai";
import type { ActiveAccount } from "../accounts/context";
import * as repo from "./repo";

export type { OperationType };

// Every model call is recorded with its tokens, cost from the shared price table, and duration. The
// same INSERT adds it to the report's daily rollup (usage_daily_rollup, kept by triggers on openai_usage).
export async function recordUsage(
  db: Db,
  result: ChatResult,
  ctx: {
    userId: string;
    twilioAccountId: string | null;
    operationType: OperationType;
    conversationId?: string;
    messageId?: string;
    templateId?: string;
    promptId?: string;
    metadata?: Record<string, unknown>;
  },
) {
  const cost = result.offline
    ? { promptCost: 0, completionCost: 0, totalCost: 0 }
    : costOf(result.model, result.promptTokens, result.completionTokens);
  const [row] = await repo.insertUsage(db, {
    ...ctx,
    model: result.model,
    promptTokens: result.promptTokens,
    completionTokens: result.completionTokens,
    totalTokens: result.promptTokens + result.completionTokens,
    promptCost: formatCost(cost.promptCost),
    completionCost: formatCost(cost.completionCost),
    totalCost: formatCost(cost.totalCost),
    requestDuration: result.durationMs,
  });
  return row!;
}

// Whole hundred-millionths of a dollar as the API's decimal text: formatCost's 8 places, exactly.
export function formatCostE8(e8: number): string {
  const sign = e8 < 0 ? "-" : "";
  const abs = Math.abs(Math.round(e8));
  return `${sign}${Math.floor(abs / 1e8)}.${String(abs % 1e8).padStart(8, "0")}`;
}

export async function usageStats(db: Db, accountId: string | null): Promise<UsageStats> {
  if (!accountId) return { totalCost: formatCost(0), totalRequests: 0 };
  const totals = await repo.rollupTotals(db, accountId);
  return { totalCost: formatCostE8(totals.costE8), totalRequests: totals.requests };
}

// Usage reports and the budget are for the account's owner or a super_admin (the spec's admin-only page).
export function managedActiveAccount<A extends ActiveAccount>(active: A): A {
  if (active && !active.isOwner) throw forbidden(TX.managersOnly);
  return active;
}

type ListQuery = z.output<typeof usageListQuery>;

const group = (r: repo.Group) => ({ totalCost: formatCostE8(r.costE8), requests: r.requests, tokens: r.tokens });

// The report; its rows are a page (the `limit` newest, or those after the row `before`), and nextCursor
// is the `before` of the next page. The totals and breakdowns cover every row the filters match.
// `body` holds the report and its JSON, made once for each report the repo holds (lib/held-json).
export async function usageReport(db: Db, accountId: string | null, q: ListQuery, before?: string): Promise<{ body: HeldJson<UsageReport>; nextCursor: string | null }> {
  const filters = {
    limit: q.limit,
    startDate: q.startDate ?? null,
    endDate: q.endDate ?? null,
    model: q.model ?? null,
    operationType: q.operationType ?? null,
  };
  if (!accountId) {
    return { body: new HeldJson<UsageReport>({ items: [], totals: { totalCost: formatCost(0), totalRequests: 0, totalTokens: 0 }, byModel: [], byOperation: [], byDay: [], filters }), nextCursor: null };
  }
  // Rome calendar days, the end day included: [start 00:00, day after end 00:00).
  const f: repo.UsageFilter = {
    accountId,
    from: q.startDate ? romeDayStart(q.startDate) : undefined,
    to: q.endDate ? romeDayStart(nextRomeDay(q.endDate)) : undefined,
    model: q.model,
    operationType: q.operationType,
  };
  const held = await repo.usageReport(db, f, q.limit, before);
  let body = heldBodies.get(held);
  if (!body) heldBodies.set(held, (body = new HeldJson(apiReport(held, filters))));
  return { body, nextCursor: held.nextCursor };
}

// The answer of each report the repo holds, while it holds it: the same report object for as long as
// the account's usage version stands, held by the same filters (the ones the answer repeats).
const heldBodies = new WeakMap<repo.Report, HeldJson<UsageReport>>();

function apiReport({ items, aggregates }: repo.Report, filters: UsageReport["filters"]): UsageReport {
  const { totals, byModel, byOperation, byDay } = aggregates;
  return {
    items: items.map((u) => ({
      id: u.id,
      model: u.model,
      operationType: u.operationType,
      totalCost: u.totalCost,
      promptTokens: u.promptTokens,
      completionTokens: u.completionTokens,
      totalTokens: u.totalTokens,
      requestDuration: u.requestDuration,
      conversationId: u.conversationId,
      promptId: u.promptId,
      createdAt: u.createdAt.toISOString(),
    })),
    totals: { totalCost: formatCostE8(totals.costE8), totalRequests: totals.requests, totalTokens: totals.tokens },
    byModel: byModel.map((r) => ({ model: r.key, ...group(r) })),
    byOperation: byOperation.map((r) => ({ operationType: r.key, ...group(r) })),
    byDay: byDay.map((d) => ({ day: d.day, totalCost: formatCostE8(d.costE8), requests: d.requests })),
    filters,
  };
}

const dollars = (n: number) => n.toFixed(2);

export async function budgetStatus(db: Db, accountId: string, now = new Date()): Promise<BudgetStatus> {
  const { month } = romeMonth(now);
  // This Rome month's spend, from its first day on.
  const [budget, since] = await Promise.all([repo.findBudget(db, accountId), repo.rollupTotals(db, accountId, `${month}-01`)]);
  const spent = since.costE8 / 1e8;
  const limit = budget?.monthlyLimitUsd ?? null;
  const allowed = limit === null || spent < limit;
  return {
    monthlyLimitUsd: limit,
    month,
    spentThisMonth: formatCostE8(since.costE8),
    remaining: limit === null ? null : formatCost(Math.max(0, limit - spent)),
    allowed,
    reason: allowed ? null : TX.budgetReached(dollars(spent), dollars(limit!)),
  };
}

// The budget guard for AI replies: false once the account's spend this Rome month reaches its cap.
// Accounts without a cap are always allowed.
export async function checkBudget(db: Db, accountId: string, now = new Date()): Promise<{ allowed: boolean; reason?: string }> {
  const status = await budgetStatus(db, accountId, now);
  return status.allowed ? { allowed: true } : { allowed: false, reason: status.reason! };
}

export async function setBudget(db: Db, accountId: string, userId: string, monthlyLimitUsd: number | null) {
  await repo.saveBudget(db, accountId, monthlyLimitUsd, userId);
  return budgetStatus(db, accountId);
}
