import type { TemplatePerformance } from "@shared/schemas/analytics";
import { ANALYTICS_TEXTS as UI } from "@shared/texts/analytics";
import { EmptyState } from "@web/components/empty-state";
import { Card, CardContent, CardHeading } from "@web/components/ui/card";
import { cn } from "@web/lib/cn";
import { formatEur } from "@web/lib/euros";
import { useAnalyticsStats } from "../api/get-analytics-stats";
import { formatCount, formatPercent } from "../lib/format";
import { categoryTone, TONE_CLASSES, toneLabel } from "../lib/performance";
import { FiguresTable, type FigureColumn } from "./figures-table";

function Category({ category }: { category: string | null }) {
  const tone = categoryTone(category);
  return (
    <span className="inline-flex items-center gap-1.5 text-muted-foreground">
      <span className={cn("size-2.5 rounded-sm", TONE_CLASSES[tone])} aria-hidden />
      {toneLabel(tone)}
    </span>
  );
}

const head = "py-2 pr-3 text-right font-medium";
const cell = "py-2 pr-3 text-right tabular-nums";
const COLUMNS: readonly FigureColumn<TemplatePerformance>[] = [
  {
    header: UI.performanceCategory,
    headClassName: "hidden py-2 pr-3 font-medium sm:table-cell",
    cellClassName: "hidden py-2 pr-3 sm:table-cell",
    cell: (p) => <Category category={p.category} />,
  },
  { header: UI.performanceStarted, headClassName: head, cellClassName: cell, cell: (p) => formatCount(p.started) },
  { header: UI.performanceConverted, headClassName: `hidden ${head} sm:table-cell`, cellClassName: `hidden ${cell} sm:table-cell`, cell: (p) => formatCount(p.converted) },
  { header: UI.performanceRate, headClassName: head, cellClassName: `${cell} font-semibold`, cell: (p) => formatPercent(p.conversionRate) },
  { header: UI.performanceRevenue, headClassName: "py-2 text-right font-medium", cellClassName: "py-2 text-right tabular-nums", cell: (p) => formatEur(p.revenue) },
];

// Every template that started conversations, with its started, converted, conversion rate and revenue.
export function PerformanceTable() {
  const { data, isPending } = useAnalyticsStats();
  const rows = data?.performance ?? [];
  return (
    <Card className="min-w-0" data-testid="performance-table">
      <CardHeading title={UI.performanceTitle} />
      <CardContent>
        {isPending ? (
          <div className="h-24 animate-pulse rounded-lg bg-muted" aria-busy="true" />
        ) : rows.length === 0 ? (
          <EmptyState title={UI.noData} className="py-8" />
        ) : (
          <FiguresTable
            label={UI.performanceTitle}
            nameHeader={UI.performanceTemplate}
            nameWidth="max-w-36 sm:max-w-64"
            name={(p) => p.templateName}
            rows={rows}
            rowKey={(p) => p.templateId || p.templateName}
            columns={COLUMNS}
          />
        )}
      </CardContent>
    </Card>
  );
}
