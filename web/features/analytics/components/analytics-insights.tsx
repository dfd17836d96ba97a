import { useState } from "react";
import { CardSkeletons } from "@web/components/card-skeletons";
import { ANALYTICS_TEXTS as UI } from "@shared/texts/analytics";
import { T } from "@shared/strings";
import { EmptyState } from "@web/components/empty-state";
import { Button } from "@web/components/ui/button";
import { useNow } from "@web/lib/use-now";
import { useTimeseries } from "../api/get-timeseries";
import { DEFAULT_PRESET, presetRange, type DayRange, type RangePreset } from "../lib/date-range";
import { formatCount, formatUsd } from "../lib/format";
import { formatEur } from "@web/lib/euros";
import { CampaignFiguresTable } from "./campaign-figures-table";
import { PerformanceTable } from "./performance-table";
import { RangePicker, type RangeSelection } from "./range-picker";
import { SentimentPanel } from "./sentiment-panel";
import { TimeChart } from "./time-chart";

type Choice = { preset: RangePreset } | { preset: "custom"; range: DayRange };

const count = (v: number) => formatCount(v);
const usd = (v: number) => formatUsd(v);
const eur = (v: number) => formatEur(v);

// /analytics: the period picker, the day-by-day charts, the per-template table and the sentiment.
export function AnalyticsInsights() {
  // A preset follows the Rome calendar: at midnight "last 7 days" moves by itself.
  const now = useNow(60_000);
  const [choice, setChoice] = useState<Choice>({ preset: DEFAULT_PRESET });
  const selection: RangeSelection = choice.preset === "custom" ? choice : { preset: choice.preset, range: presetRange(choice.preset, now) };
  const { data, isPending, isError, refetch, isPlaceholderData } = useTimeseries(selection.range);
  const points = data ?? [];
  const days = points.map((p) => p.day);

  let charts;
  if (isPending) {
    charts = <CardSkeletons count={3} cardClassName="h-72" className="grid-cols-1 xl:grid-cols-2" />;
  } else if (isError) {
    charts = (
      <EmptyState title={UI.timeseriesError} className="py-10">
        <Button variant="outline" size="sm" onClick={() => void refetch()}>
          {T.retry}
        </Button>
      </EmptyState>
    );
  } else {
    charts = (
      <div className={isPlaceholderData ? "grid grid-cols-1 gap-4 opacity-60 transition-opacity xl:grid-cols-2" : "grid grid-cols-1 gap-4 transition-opacity xl:grid-cols-2"}>
        <div className="min-w-0 xl:col-span-2">
          <TimeChart
            testId="chart-conversations"
            title={UI.conversationsChart}
            days={days}
            integer
            format={count}
            series={[
              { label: UI.seriesStarted, values: points.map((p) => p.started), fill: "fill-primary", stroke: "stroke-primary", swatch: "bg-primary" },
              { label: UI.seriesReplied, values: points.map((p) => p.replied), fill: "fill-sky-500", stroke: "stroke-sky-500", swatch: "bg-sky-500" },
            ]}
          />
        </div>
        <TimeChart
          testId="chart-cost"
          title={UI.costChart}
          days={days}
          format={usd}
          area
          series={[{ label: UI.seriesCost, values: points.map((p) => p.aiCost), fill: "fill-amber-500", stroke: "stroke-amber-500", swatch: "bg-amber-500" }]}
        />
        <TimeChart
          testId="chart-campaigns"
          title={UI.campaignChart}
          days={days}
          integer
          format={count}
          series={[
            { label: UI.seriesSent, values: points.map((p) => p.campaignSent), fill: "fill-violet-500", stroke: "stroke-violet-500", swatch: "bg-violet-500" },
            { label: UI.seriesDelivered, values: points.map((p) => p.campaignDelivered), fill: "fill-emerald-500", stroke: "stroke-emerald-500", swatch: "bg-emerald-500" },
            { label: UI.campaignChartRead, values: points.map((p) => p.campaignRead), fill: "fill-sky-500", stroke: "stroke-sky-500", swatch: "bg-sky-500" },
            { label: UI.campaignChartReplied, values: points.map((p) => p.campaignReplied), fill: "fill-primary", stroke: "stroke-primary", swatch: "bg-primary" },
            { label: UI.campaignChartFailed, values: points.map((p) => p.campaignFailed), fill: "fill-rose-500", stroke: "stroke-rose-500", swatch: "bg-rose-500" },
          ]}
        />
        <TimeChart
          testId="chart-revenue"
          title={UI.revenueChart}
          days={days}
          format={eur}
          currency="€"
          area
          series={[{ label: UI.seriesRevenue, values: points.map((p) => p.revenue), fill: "fill-emerald-500", stroke: "stroke-emerald-500", swatch: "bg-emerald-500" }]}
        />
        <TimeChart
          testId="chart-converted"
          title={UI.seriesConverted}
          days={days}
          integer
          format={count}
          series={[{ label: UI.seriesConverted, values: points.map((p) => p.converted), fill: "fill-violet-500", stroke: "stroke-violet-500", swatch: "bg-violet-500" }]}
        />
      </div>
    );
  }

  return (
    <section className="grid min-w-0 grid-cols-1 gap-6" aria-labelledby="analytics-trends-title" data-testid="analytics-insights">
      <div className="grid min-w-0 grid-cols-1 gap-4 rounded-xl border bg-card p-4 shadow-sm sm:p-5">
        <h3 id="analytics-trends-title" className="text-base font-semibold">
          {UI.trendsTitle}
        </h3>
        <RangePicker
          selection={selection}
          now={now}
          onPreset={(preset) => setChoice({ preset })}
          onCustom={(range) => setChoice({ preset: "custom", range })}
        />
      </div>
      {charts}
      <CampaignFiguresTable range={selection.range} />
      <PerformanceTable />
      <SentimentPanel />
    </section>
  );
}
