import { ANALYTICS_TEXTS as UI } from "@shared/texts/analytics";
import { EmptyState } from "@web/components/empty-state";
import { Card, CardContent, CardHeader, CardTitle } from "@web/components/ui/card";
import { cn } from "@web/lib/cn";
import { useAnalyticsStats } from "../api/get-analytics-stats";
import { formatCount, formatPercent } from "../lib/format";
import { formatEur } from "@web/lib/euros";
import { categoryTone, TONE_CLASSES, toneLabel } from "../lib/performance";

// Every template that started conversations, with its started, converted, conversion rate and revenue.
export function PerformanceTable() {
  const { data, isPending } = useAnalyticsStats();
  const rows = data?.performance ?? [];
  return (
    <Card className="min-w-0" data-testid="performance-table">
      <CardHeader>
        <CardTitle>{UI.performanceTitle}</CardTitle>
      </CardHeader>
      <CardContent>
        {isPending ? (
          <div className="h-24 animate-pulse rounded-lg bg-muted" aria-busy="true" />
        ) : rows.length === 0 ? (
          <EmptyState title={UI.noData} className="py-8" />
        ) : (
          <div className="overflow-x-auto" tabIndex={0} role="region" aria-label={UI.performanceTitle}>
            <table className="w-full text-sm">
              <thead>
                <tr className="border-b text-left text-xs text-muted-foreground">
                  <th scope="col" className="py-2 pr-3 font-medium">
                    {UI.performanceTemplate}
                  </th>
                  <th scope="col" className="hidden py-2 pr-3 font-medium sm:table-cell">
                    {UI.performanceCategory}
                  </th>
                  <th scope="col" className="py-2 pr-3 text-right font-medium">
                    {UI.performanceStarted}
                  </th>
                  <th scope="col" className="hidden py-2 pr-3 text-right font-medium sm:table-cell">
                    {UI.performanceConverted}
                  </th>
                  <th scope="col" className="py-2 pr-3 text-right font-medium">
                    {UI.performanceRate}
                  </th>
                  <th scope="col" className="py-2 text-right font-medium">
                    {UI.performanceRevenue}
                  </th>
                </tr>
              </thead>
              <tbody>
                {rows.map((p) => {
                  const tone = categoryTone(p.category);
                  return (
                    <tr key={p.templateId || p.templateName} className="border-b last:border-0">
                      <th scope="row" className="py-2 pr-3 text-left font-medium" title={p.templateName}>
                        <span className="block max-w-36 truncate sm:max-w-64">{p.templateName}</span>
                      </th>
                      <td className="hidden py-2 pr-3 sm:table-cell">
                        <span className="inline-flex items-center gap-1.5 text-muted-foreground">
                          <span className={cn("size-2.5 rounded-sm", TONE_CLASSES[tone])} aria-hidden />
                          {toneLabel(tone)}
                        </span>
                      </td>
                      <td className="py-2 pr-3 text-right tabular-nums">{formatCount(p.started)}</td>
                      <td className="hidden py-2 pr-3 text-right tabular-nums sm:table-cell">{formatCount(p.converted)}</td>
                      <td className="py-2 pr-3 text-right font-semibold tabular-nums">{formatPercent(p.conversionRate)}</td>
                      <td className="py-2 text-right tabular-nums">{formatEur(p.revenue)}</td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        )}
      </CardContent>
    </Card>
  );
}
