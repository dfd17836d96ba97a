import { useState } from "react";
import type { DayPoint } from "@shared/schemas/analytics";
import { CardSkeletons } from "@web/components/card-skeletons";
import { ANALYTICS_TEXTS as UI } from "@shared/texts/analytics";
import { LoadErrorState } from "@web/components/load-error-state";
import { useNow } from "@web/lib/use-now";
import { useTimeseries } from "../api/get-timeseries";
import { DEFAULT_PRESET, presetRange, type DayRange, type RangePreset } from "../lib/date-range";
import { formatCount, formatUsd } from "../lib/format";
import { formatEur } from "@web/lib/euros";
import { CampaignFiguresTable } from "./campaign-figures-table";
import { PerformanceTable } from "./performance-table";
import { RangePicker, type RangeSelection } from "./range-picker";
import { SentimentPanel } from "./sentiment-panel";
import { CHART_COLOURS, TimeChart, type ChartSeries } from "./time-chart";

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
  const serie = (label: string, value: (p: DayPoint) => number, colour: keyof typeof CHART_COLOURS): ChartSeries => ({
    label,
    values: points.map(value),
    ...CHART_COLOURS[colour],
  });

  let charts;
  if (isPending) {
    charts = <CardSkeletons count={3} cardClassName="h-72" className="grid-cols-1 xl:grid-cols-2" />;
  } else if (isError) {
    charts = <LoadErrorState title={UI.timeseriesError} onRetry={refetch} className="py-10" small />;
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
              serie(UI.seriesStarted, (p) => p.started, "primary"),
              serie(UI.seriesReplied, (p) => p.replied, "sky"),
            ]}
          />
        </div>
        <TimeChart
          testId="chart-cost"
          title={UI.costChart}
          days={days}
          format={usd}
          area
          series={[serie(UI.seriesCost, (p) => p.aiCost, "amber")]}
        />
        <TimeChart
          testId="chart-campaigns"
          title={UI.campaignChart}
          days={days}
          integer
          format={count}
          series={[
            serie(UI.seriesSent, (p) => p.campaignSent, "violet"),
            serie(UI.seriesDelivered, (p) => p.campaignDelivered, "emerald"),
            serie(UI.campaignChartRead, (p) => p.campaignRead, "sky"),
            serie(UI.campaignChartReplied, (p) => p.campaignReplied, "primary"),
            serie(UI.campaignChartFailed, (p) => p.campaignFailed, "rose"),
          ]}
        />
        <TimeChart
          testId="chart-revenue"
          title={UI.revenueChart}
          days={days}
          format={eur}
          currency="€"
          area
          series={[serie(UI.seriesRevenue, (p) => p.revenue, "emerald")]}
        />
        <TimeChart
          testId="chart-converted"
          title={UI.seriesConverted}
          days={days}
          integer
          format={count}
          series={[serie(UI.seriesConverted, (p) => p.converted, "violet")]}
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
