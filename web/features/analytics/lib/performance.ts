import { ANALYTICS_TEXTS as UI } from "@shared/texts/analytics";
import { CATEGORY_LABELS } from "@shared/constants";
import type { TemplatePerformance } from "@shared/schemas/analytics";
import { niceTicks } from "@web/lib/chart-scale";

// The three business categories get their own colour; every other category is neutral.
export const CHART_CATEGORIES = ["loans", "stationery", "agency"] as const;
export type CategoryTone = (typeof CHART_CATEGORIES)[number] | "other";

export function categoryTone(category: string | null | undefined): CategoryTone {
  return (CHART_CATEGORIES as readonly string[]).includes(category ?? "") ? (category as CategoryTone) : "other";
}

export function toneLabel(tone: CategoryTone): string {
  return tone === "other" ? UI.categoryOther : CATEGORY_LABELS[tone]!;
}

// Readable on both themes: mid-tone fills, no reliance on the page background.
export const TONE_CLASSES: Record<CategoryTone, string> = {
  loans: "bg-sky-500",
  stationery: "bg-amber-500",
  agency: "bg-violet-500",
  other: "bg-slate-400 dark:bg-slate-500",
};

export const QUICK_CHART_BARS = 8;

// The best templates first (the server sorts them), the axis rounded up and capped at 100%.
export function quickChart(performance: readonly TemplatePerformance[], limit = QUICK_CHART_BARS) {
  const shown = performance.slice(0, limit);
  const max = Math.max(0, ...shown.map((p) => p.conversionRate));
  const ticks = niceTicks(Math.min(100, max), { count: 4 }).filter((t) => t <= 100);
  const top = max > 0 ? Math.min(100, ticks[ticks.length - 1]!) : 100;
  return { shown, hidden: Math.max(0, performance.length - shown.length), top, tones: [...new Set(shown.map((p) => categoryTone(p.category)))] };
}
