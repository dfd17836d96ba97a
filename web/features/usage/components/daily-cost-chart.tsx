import { useId } from "react";
import { USAGE_TEXTS as TX } from "@shared/texts/usage";
import { ChartValueGrid } from "@web/components/chart-value-grid";
import type { UsageReport } from "@shared/schemas/ai-usage";
import { axisDecimals, fullDay, labelEvery, linePath, niceTicks, shortDay, xLabelIndexes, yOf, type Box } from "@web/lib/chart-scale";
import { fillDays, linePoints } from "../lib/daily-series";
import { formatUsd } from "../lib/usage-format";
import { useElementWidth } from "@web/lib/use-element-width";
import { ChartFigure } from "./chart-figure";

const HEIGHT = 200;

// Cost per Rome day as a line, quiet days at 0, with a dollar axis that adapts its decimals.
export function DailyCostChart({ days }: { days: UsageReport["byDay"] }) {
  const id = useId();
  const { ref, width } = useElementWidth<HTMLDivElement>();
  const series = fillDays(days);
  const max = Math.max(0, ...series.map((d) => d.value));
  const ticks = niceTicks(max);
  const top = ticks[ticks.length - 1]!;
  const decimals = axisDecimals(ticks[1] ?? top);
  const tickText = (v: number) => `$${v.toFixed(decimals)}`;
  const left = Math.max(...ticks.map((t) => tickText(t).length)) * 6.5 + 10;
  const box: Box = { width, height: HEIGHT, left, right: 12, top: 10, bottom: 26 };
  const points = linePoints(series, top, box);
  const labelled = new Set(xLabelIndexes(points.length, labelEvery(points.length, width - box.left - box.right)));
  const baseline = yOf(0, top, box);
  const path = linePath(points);
  const area = points.length > 1 ? `${path} L${points[points.length - 1]!.x.toFixed(1)} ${baseline} L${points[0]!.x.toFixed(1)} ${baseline} Z` : "";
  const summary = series.map((d) => `${shortDay(d.day)} ${formatUsd(d.value)}`).join("; ");

  return (
    <ChartFigure title={TX.byDayTitle} testId="day-chart" measure={ref} empty={series.length === 0}>
      <svg width={width} height={HEIGHT} role="img" aria-labelledby={`${id}-title ${id}-desc`} className="block">
        <title id={`${id}-title`}>{TX.byDayTitle}</title>
        <desc id={`${id}-desc`}>{TX.chartDayDesc(summary)}</desc>
        <ChartValueGrid ticks={ticks} top={top} box={box} label={tickText} mono />
        {area ? <path d={area} className="fill-primary/15" /> : null}
        {points.length > 1 ? <path d={path} fill="none" className="stroke-primary" strokeWidth={2} strokeLinejoin="round" strokeLinecap="round" /> : null}
        {points.map((p, i) => (
          <g key={p.day}>
            <circle cx={p.x} cy={p.y} r={points.length > 40 ? 2 : 3.5} className="fill-card stroke-primary" strokeWidth={2}>
              <title>{`${fullDay(p.day)}: ${formatUsd(p.value)} · ${TX.requestsCount(p.requests)}`}</title>
            </circle>
            {labelled.has(i) ? (
              <text x={p.x} y={HEIGHT - 8} textAnchor="middle" className="fill-muted-foreground text-[10px] tabular-nums">
                {shortDay(p.day)}
              </text>
            ) : null}
          </g>
        ))}
      </svg>
    </ChartFigure>
  );
}
