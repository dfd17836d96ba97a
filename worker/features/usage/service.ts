import type { z } from "zod";
import { costOf, formatCost } from "../../../src/shared/models";
import { romeDay, romeDayStart, romeMonth, nextRomeDay } from "../../../src/shared/rome-time";
import {
  type BudgetStatus,
  type OperationType,
  USAGE_TEXTS as TX,
  type UsageReport,
  type usageListQuery,
} from "../../../src/shared/schemas/ai-usage";
import type { UsageStats } from "../../../src/shared/schemas/usage";
import type { Db } from "../../db/client";
import { forbidden } from "../../lib/http-error";
import type { ChatResult } from "../../providers/openai";
import type { SessionUser } from "../../types";
import { resolveActiveAccount } from "../accounts/service";
import * as repo from "./repo";

export type { OperationType };

// Every model call is recorded with its tokens, cost from the shared price table, and duration.
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

export async function usageStats(db: Db, accountId: string | null): Promise<UsageStats> {
  if (!accountId) return { totalCost: formatCost(0), totalRequests: 0 };
  const totals = await repo.usageTotals(db, accountId);
  return { totalCost: formatCost(Number(totals.totalCost)), totalRequests: totals.totalRequests };
}

// Usage reports and the budget are for the account's owner or a super_admin (the spec's admin-only page).
export async function managedActiveAccount(db: Db, user: SessionUser) {
  const active = await resolveActiveAccount(db, user);
  if (active && !active.isOwner) throw forbidden(TX.managersOnly);
  return active?.account ?? null;
}

type ListQuery = z.output<typeof usageListQuery>;

const group = (r: { cost: number; requests: number; tokens: number }) => ({
  totalCost: formatCost(Number(r.cost)),
  requests: r.requests,
  tokens: Number(r.tokens),
});

export async function usageReport(db: Db, accountId: string | null, q: ListQuery): Promise<UsageReport> {
  const filters = {
    limit: q.limit,
    startDate: q.startDate ?? null,
    endDate: q.endDate ?? null,
    model: q.model ?? null,
    operationType: q.operationType ?? null,
  };
  if (!accountId) {
    return { items: [], totals: { totalCost: formatCost(0), totalRequests: 0, totalTokens: 0 }, byModel: [], byOperation: [], byDay: [], filters };
  }
  // Rome calendar days, the end day included: [start 00:00, day after end 00:00).
  const f: repo.UsageFilter = {
    accountId,
    from: q.startDate ? romeDayStart(q.startDate) : undefined,
    to: q.endDate ? romeDayStart(nextRomeDay(q.endDate)) : undefined,
    model: q.model,
    operationType: q.operationType,
  };
  const [items, totals, byModel, byOperation, hours] = await Promise.all([
    repo.listUsage(db, f, q.limit),
    repo.filteredTotals(db, f),
    repo.totalsByModel(db, f),
    repo.totalsByOperation(db, f),
    repo.costByHour(db, f),
  ]);
  const days = new Map<string, { cost: number; requests: number }>();
  for (const h of hours) {
    const day = romeDay(Number(h.hour) * 3_600_000);
    const d = days.get(day) ?? { cost: 0, requests: 0 };
    d.cost += Number(h.cost);
    d.requests += h.requests;
    days.set(day, d);
  }
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
    totals: { totalCost: formatCost(Number(totals.cost)), totalRequests: totals.requests, totalTokens: Number(totals.tokens) },
    byModel: byModel.map((r) => ({ model: r.key, ...group(r) })),
    byOperation: byOperation.map((r) => ({ operationType: r.key, ...group(r) })),
    byDay: [...days.entries()].map(([day, d]) => ({ day, totalCost: formatCost(d.cost), requests: d.requests })),
    filters,
  };
}

const dollars = (n: number) => n.toFixed(2);

export async function budgetStatus(db: Db, accountId: string, now = new Date()): Promise<BudgetStatus> {
  const { month, start } = romeMonth(now);
  const [budget, spent] = await Promise.all([repo.findBudget(db, accountId), repo.spentSince(db, accountId, start)]);
  const limit = budget?.monthlyLimitUsd ?? null;
  const allowed = limit === null || spent < limit;
  return {
    monthlyLimitUsd: limit,
    month,
    spentThisMonth: formatCost(spent),
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
