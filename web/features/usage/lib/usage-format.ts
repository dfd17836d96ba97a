import { OPERATION_LABELS, USAGE_TEXTS as TX } from "@shared/texts/usage";
import { findModel, MODELS, OFFLINE_MODEL } from "@shared/models";
import { ROME_TZ } from "@shared/rome-time";
import {
  BUDGET_MAX_USD,
  USAGE_COST_DECIMALS,
  USAGE_DEFAULT_PAGE_SIZE,
  USAGE_MODEL_FILTERS,
  USAGE_RECENT_SHOWN,
  type OperationType,
} from "@shared/schemas/ai-usage";
import { T } from "@shared/strings";

// Costs arrive as decimal strings with 8 places; the detail card shows dollars with 4.
export function formatUsd(cost: string | number | null | undefined, decimals: number = USAGE_COST_DECIMALS): string {
  const value = Number(cost ?? 0);
  return `$${(Number.isFinite(value) ? value : 0).toFixed(decimals)}`;
}

export function formatCount(n: number): string {
  return n.toLocaleString("it-IT");
}

export function formatDuration(ms: number): string {
  if (!Number.isFinite(ms) || ms < 0) return "–";
  if (ms < 1000) return `${Math.round(ms)} ms`;
  return `${(ms / 1000).toLocaleString("it-IT", { maximumFractionDigits: 1 })} s`;
}

export function operationLabel(operation: string): string {
  return OPERATION_LABELS[operation as OperationType] ?? operation;
}

export function usageModelLabel(model: string): string {
  if (model === OFFLINE_MODEL) return TX.offlineModel;
  return findModel(model)?.label ?? model;
}

// The spec's three models first, then the rest of the price table, then the offline responder.
export const USAGE_FILTER_MODELS: readonly string[] = [
  ...USAGE_MODEL_FILTERS,
  ...MODELS.map((m) => m.id).filter((id) => !(USAGE_MODEL_FILTERS as readonly string[]).includes(id)),
  OFFLINE_MODEL,
];

export interface UsageFilterValues {
  startDate: string;
  endDate: string;
  model: string;
  operationType: string;
  limit: number;
}

export function emptyUsageFilter(): UsageFilterValues {
  return { startDate: "", endDate: "", model: "", operationType: "", limit: USAGE_DEFAULT_PAGE_SIZE };
}

export function rangeError(f: Pick<UsageFilterValues, "startDate" | "endDate">): string | null {
  return f.startDate && f.endDate && f.endDate < f.startDate ? T.endBeforeStart : null;
}

// The query parameters of GET /api/openai-usage: blank filters are left out.
export function usageQuery(f: UsageFilterValues) {
  return {
    limit: f.limit,
    ...(f.startDate ? { startDate: f.startDate } : {}),
    ...(f.endDate ? { endDate: f.endDate } : {}),
    ...(f.model ? { model: f.model } : {}),
    ...(f.operationType ? { operationType: f.operationType as OperationType } : {}),
  };
}

export function isFiltered(f: UsageFilterValues): boolean {
  return !!(f.startDate || f.endDate || f.model || f.operationType);
}

// The recent list shows the first 10 until "Mostra tutti".
export function visibleItems<T>(items: readonly T[], showAll: boolean): T[] {
  return showAll ? [...items] : items.slice(0, USAGE_RECENT_SHOWN);
}

export function averageCost(totalCost: string | number, requests: number): number {
  const total = Number(totalCost);
  return requests > 0 && Number.isFinite(total) ? total / requests : 0;
}

const dateTime = new Intl.DateTimeFormat("it-IT", { timeZone: ROME_TZ, dateStyle: "short", timeStyle: "medium" });
const timeOnly = new Intl.DateTimeFormat("it-IT", { timeZone: ROME_TZ, timeStyle: "medium" });

export function romeDateTime(iso: string): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : dateTime.format(d);
}

export function romeTime(ms: number): string {
  return timeOnly.format(new Date(ms));
}

// "2026-03" → "marzo 2026".
export function monthLabel(month: string): string {
  const [y, m] = month.split("-").map(Number);
  if (!y || !m) return month;
  return new Intl.DateTimeFormat("it-IT", { month: "long", year: "numeric", timeZone: "UTC" }).format(new Date(Date.UTC(y, m - 1, 15)));
}

// The budget field takes "50", "12.5" or "12,5"; blank is not a limit (clearing has its own button).
export function parseBudget(input: string): { ok: true; value: number } | { ok: false; error: string } {
  const text = input.trim().replace(",", ".");
  const value = Number(text);
  if (!text || !/^\d+(\.\d+)?$/.test(text) || !(value > 0) || value > BUDGET_MAX_USD) return { ok: false, error: TX.budgetInvalid };
  return { ok: true, value: Math.round(value * 100) / 100 };
}

export function budgetPercent(spent: string | number, limit: number | null): number | null {
  if (limit === null || limit <= 0) return null;
  const value = Number(spent);
  if (!Number.isFinite(value)) return 0;
  return Math.min(100, Math.max(0, Math.round((value / limit) * 100)));
}
