import { ANALYTICS_TEXTS as UI } from "@shared/texts/analytics";
import { Card, CardContent, CardHeading } from "@web/components/ui/card";
import { useNow } from "@web/lib/use-now";
import { useAnalyticsStats } from "../api/get-analytics-stats";
import { useCampaignFigures } from "../api/get-campaign-figures";
import { useTimeseries } from "../api/get-timeseries";
import { presetRange } from "../lib/date-range";
import { formatPercent } from "../lib/format";
import { formatEur } from "@web/lib/euros";
import { TimeChart } from "./time-chart";

const eur = (v: number) => formatEur(v);

// The admin dashboard's revenue: all-time and over the last 30 Rome days, per day, with the conversion
// rate, and the campaigns and templates it came from.
export function RevenueCard() {
  const now = useNow(60_000);
  const range = presetRange(30, now);
  const stats = useAnalyticsStats();
  const days = useTimeseries(range);
  const campaigns = useCampaignFigures(range);
  const points = days.data ?? [];
  const last30 = points.reduce((t, p) => t + p.revenue, 0);
  const started = points.reduce((t, p) => t + p.started, 0);
  const converted = points.reduce((t, p) => t + p.converted, 0);
  const topCampaigns = (campaigns.data ?? []).filter((c) => c.revenue > 0).sort((a, b) => b.revenue - a.revenue).slice(0, 3);
  const topTemplates = (stats.data?.performance ?? []).filter((p) => p.revenue > 0).sort((a, b) => b.revenue - a.revenue).slice(0, 3);
  return (
    <Card className="min-w-0" data-testid="revenue-card">
      <CardHeading title={UI.revenueTitle} description={UI.revenueDescription} />
      <CardContent className="grid min-w-0 grid-cols-1 gap-4">
        <dl className="grid grid-cols-2 gap-3 text-sm sm:grid-cols-3">
          <div>
            <dt className="text-xs text-muted-foreground">{UI.revenueTotal}</dt>
            <dd className="text-lg font-semibold tabular-nums" data-testid="revenue-total">
              {stats.data ? formatEur(stats.data.revenue) : UI.statUnavailable}
            </dd>
          </div>
          <div>
            <dt className="text-xs text-muted-foreground">{UI.revenueLast30}</dt>
            <dd className="text-lg font-semibold tabular-nums" data-testid="revenue-last30">
              {days.data ? formatEur(last30) : UI.statUnavailable}
            </dd>
          </div>
          <div>
            <dt className="text-xs text-muted-foreground">{UI.conversionRate}</dt>
            <dd className="text-lg font-semibold tabular-nums">{days.data ? formatPercent(started === 0 ? 0 : Math.round((converted / started) * 1000) / 10) : UI.statUnavailable}</dd>
          </div>
        </dl>
        {days.data ? (
          <TimeChart
            testId="chart-revenue-dashboard"
            title={UI.revenueChart}
            days={points.map((p) => p.day)}
            format={eur}
            currency="€"
            area
            series={[{ label: UI.seriesRevenue, values: points.map((p) => p.revenue), fill: "fill-emerald-500", stroke: "stroke-emerald-500", swatch: "bg-emerald-500" }]}
          />
        ) : null}
        {topCampaigns.length + topTemplates.length > 0 ? (
          <div className="grid grid-cols-1 gap-3 text-sm sm:grid-cols-2">
            <RevenueList title={UI.colCampaign} rows={topCampaigns.map((c) => ({ key: c.campaignId, name: c.name, revenue: c.revenue, rate: c.conversionRate }))} />
            <RevenueList title={UI.performanceTemplate} rows={topTemplates.map((t) => ({ key: t.templateId, name: t.templateName, revenue: t.revenue, rate: t.conversionRate }))} />
          </div>
        ) : (
          <p className="text-xs text-muted-foreground">{UI.revenueHint}</p>
        )}
      </CardContent>
    </Card>
  );
}

function RevenueList({ title, rows }: { title: string; rows: { key: string; name: string; revenue: number; rate: number }[] }) {
  if (rows.length === 0) return null;
  return (
    <div className="min-w-0">
      <h4 className="mb-1 text-xs font-medium text-muted-foreground">{title}</h4>
      <ul className="grid gap-1">
        {rows.map((r) => (
          <li key={r.key} className="flex min-w-0 items-baseline justify-between gap-2">
            <span className="truncate" title={r.name}>
              {r.name}
            </span>
            <span className="shrink-0 tabular-nums">
              {formatEur(r.revenue)} <span className="text-xs text-muted-foreground">· {formatPercent(r.rate)}</span>
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}
