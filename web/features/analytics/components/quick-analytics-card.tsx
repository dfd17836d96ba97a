import { BarChart3 } from "lucide-react";
import { ANALYTICS_TEXTS as UI } from "@shared/texts/analytics";
import { EmptyState } from "@web/components/empty-state";
import { Card, CardContent, CardHeading } from "@web/components/ui/card";
import { cn } from "@web/lib/cn";
import { useAnalyticsStats } from "../api/get-analytics-stats";
import { formatAxisPercent, formatPercent } from "../lib/format";
import { CHART_CATEGORIES, categoryTone, quickChart, TONE_CLASSES, toneLabel, type CategoryTone } from "../lib/performance";
import { PulseRows } from "./pulse-rows";

const GRID = [0.25, 0.5, 0.75, 1];

// 'Analytics Rapide': one horizontal bar per template, its length the conversion rate, its colour the category.
export function QuickAnalyticsCard() {
  const { data, isPending } = useAnalyticsStats();
  const chart = quickChart(data?.performance ?? []);

  let body;
  if (isPending) {
    body = <PulseRows className="gap-3" rowClassName="h-6 rounded-md" />;
  } else if (chart.shown.length === 0) {
    body = <EmptyState title={UI.noData} icon={<BarChart3 className="size-6" aria-hidden />} className="py-8" />;
  } else {
    const legend: CategoryTone[] = [...CHART_CATEGORIES, ...(chart.tones.includes("other") ? (["other"] as const) : [])];
    body = (
      <figure className="grid grid-cols-1 gap-3" aria-label={UI.chartLabel}>
        <ul className="grid grid-cols-1 gap-2.5">
          {chart.shown.map((p) => {
            const tone = categoryTone(p.category);
            const width = chart.top > 0 ? Math.min(100, (p.conversionRate / chart.top) * 100) : 0;
            const rate = formatPercent(p.conversionRate);
            return (
              <li
                key={p.templateId || p.templateName}
                className="grid grid-cols-[minmax(0,7rem)_1fr_3.5rem] items-center gap-2 sm:grid-cols-[minmax(0,10rem)_1fr_4rem]"
                title={UI.barText(p.templateName, rate, p.converted, p.started)}
                data-testid="quick-analytics-bar"
                data-category={tone}
              >
                <span className="truncate text-xs font-medium sm:text-sm">{p.templateName}</span>
                <span className="relative h-5 rounded-md bg-muted" aria-hidden>
                  {GRID.slice(0, -1).map((g) => (
                    <span key={g} className="absolute inset-y-0 border-l border-dashed border-border" style={{ left: `${g * 100}%` }} />
                  ))}
                  <span
                    className={cn("absolute inset-y-0 left-0 rounded-md", TONE_CLASSES[tone])}
                    style={{ width: `${width > 0 ? Math.max(width, 1.5) : 0}%` }}
                  />
                </span>
                <span className="text-right text-xs font-semibold tabular-nums sm:text-sm">
                  {rate}
                  <span className="sr-only">
                    {" "}
                    ({toneLabel(tone)}, {p.converted}/{p.started})
                  </span>
                </span>
              </li>
            );
          })}
        </ul>
        <div className="grid grid-cols-[minmax(0,7rem)_1fr_3.5rem] gap-2 sm:grid-cols-[minmax(0,10rem)_1fr_4rem]" aria-hidden>
          <span />
          <span className="relative h-4 text-[10px] text-muted-foreground tabular-nums">
            <span className="absolute left-0">0%</span>
            <span className="absolute right-0">{formatAxisPercent(chart.top)}</span>
          </span>
          <span />
        </div>
        <figcaption className="flex flex-wrap items-center gap-x-4 gap-y-1 text-xs text-muted-foreground">
          {legend.map((tone) => (
            <span key={tone} className="inline-flex items-center gap-1.5">
              <span className={cn("size-2.5 rounded-sm", TONE_CLASSES[tone])} aria-hidden />
              {toneLabel(tone)}
            </span>
          ))}
          {chart.hidden > 0 ? <span className="ml-auto">{UI.moreTemplates(chart.hidden)}</span> : null}
        </figcaption>
      </figure>
    );
  }

  return (
    <Card className="min-w-0" data-testid="quick-analytics">
      <CardHeading title={UI.quickAnalytics} description={UI.quickAnalyticsDescription} />
      <CardContent>{body}</CardContent>
    </Card>
  );
}
