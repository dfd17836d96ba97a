import { useId } from "react";
import { USAGE_TEXTS as TX } from "@shared/texts/usage";
import type { UsageReport } from "@shared/schemas/ai-usage";
import { barFractions } from "@web/lib/chart-scale";
import { formatUsd, usageModelLabel } from "../lib/usage-format";
import { useElementWidth } from "@web/lib/use-element-width";
import { ChartFigure } from "./chart-figure";

const ROW = 34;
const BAR = 14;

// Cost per model as horizontal bars: label, bar, dollars (4 decimals) and requests.
export function ModelBarChart({ rows }: { rows: UsageReport["byModel"] }) {
  const id = useId();
  const { ref, width } = useElementWidth<HTMLDivElement>();
  const sorted = [...rows].sort((a, b) => Number(b.totalCost) - Number(a.totalCost) || b.requests - a.requests);
  const fractions = barFractions(sorted.map((r) => Number(r.totalCost)));
  const labelW = Math.min(150, Math.max(84, Math.round(width * 0.3)));
  const valueW = 78;
  const barMax = Math.max(20, width - labelW - valueW - 16);
  const height = Math.max(ROW, sorted.length * ROW);
  const summary = sorted.map((r) => `${usageModelLabel(r.model)} ${formatUsd(r.totalCost)} (${TX.requestsCount(r.requests)})`).join("; ");

  return (
    <ChartFigure title={TX.byModelTitle} testId="model-chart" measure={ref} empty={sorted.length === 0}>
      <svg width={width} height={height} role="img" aria-labelledby={`${id}-title ${id}-desc`} className="block overflow-visible">
        <title id={`${id}-title`}>{TX.byModelTitle}</title>
        <desc id={`${id}-desc`}>{TX.chartModelDesc(summary)}</desc>
        {sorted.map((r, i) => {
          const y = i * ROW;
          const barW = fractions[i]! * barMax;
          return (
            <g key={r.model}>
              <title>{`${usageModelLabel(r.model)}: ${formatUsd(r.totalCost)} · ${TX.requestsCount(r.requests)}`}</title>
              <text x={0} y={y + ROW / 2} dominantBaseline="middle" className="fill-foreground text-xs">
                {truncate(usageModelLabel(r.model), Math.floor(labelW / 7))}
              </text>
              <rect x={labelW} y={y + (ROW - BAR) / 2} width={barMax} height={BAR} rx={4} className="fill-muted" />
              {barW > 0 ? <rect x={labelW} y={y + (ROW - BAR) / 2} width={barW} height={BAR} rx={4} className="fill-primary" /> : null}
              <text x={width} y={y + ROW / 2 - 6} textAnchor="end" dominantBaseline="middle" className="fill-foreground font-mono text-xs tabular-nums">
                {formatUsd(r.totalCost)}
              </text>
              <text x={width} y={y + ROW / 2 + 8} textAnchor="end" dominantBaseline="middle" className="fill-muted-foreground text-[10px]">
                {TX.requestsCount(r.requests)}
              </text>
            </g>
          );
        })}
      </svg>
    </ChartFigure>
  );
}

function truncate(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, Math.max(1, max - 1))}…` : text;
}
