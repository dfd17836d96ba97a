import { useId } from "react";
import { ANALYTICS_TEXTS as UI } from "@shared/texts/analytics";
import { ChartValueGrid } from "@web/components/chart-value-grid";
import { cn } from "@web/lib/cn";
import { axisDecimals, band, chartKind, fullDay, labelIndexes, linePath, niceTicks, plotWidth, pointX, shortDay, yOf, type Box } from "@web/lib/chart-scale";
import { useElementWidth } from "@web/lib/use-element-width";

export interface ChartSeries {
  label: string;
  values: readonly number[];
  // Literal Tailwind classes, so the build keeps them: fill for bars, stroke for lines, bg for the legend.
  fill: string;
  stroke: string;
  swatch: string;
}

// The series' colours, as literal Tailwind classes.
export const CHART_COLOURS = {
  primary: { fill: "fill-primary", stroke: "stroke-primary", swatch: "bg-primary" },
  sky: { fill: "fill-sky-500", stroke: "stroke-sky-500", swatch: "bg-sky-500" },
  amber: { fill: "fill-amber-500", stroke: "stroke-amber-500", swatch: "bg-amber-500" },
  violet: { fill: "fill-violet-500", stroke: "stroke-violet-500", swatch: "bg-violet-500" },
  emerald: { fill: "fill-emerald-500", stroke: "stroke-emerald-500", swatch: "bg-emerald-500" },
  rose: { fill: "fill-rose-500", stroke: "stroke-rose-500", swatch: "bg-rose-500" },
} as const;

const HEIGHT = 220;

// Values per Rome day as bars (up to a month) or lines (longer), with a value axis, day labels,
// an accessible title and summary, and a tooltip per point.
export function TimeChart({
  title,
  days,
  series,
  format,
  integer = false,
  area = false,
  currency = "$",
  testId,
}: {
  title: string;
  days: readonly string[];
  series: readonly ChartSeries[];
  format: (value: number) => string;
  integer?: boolean;
  area?: boolean;
  // The unit of non-integer axes: AI costs in dollars, revenue in euros.
  currency?: "$" | "€";
  testId?: string;
}) {
  const id = useId();
  const { ref, width } = useElementWidth<HTMLDivElement>();
  const max = Math.max(0, ...series.flatMap((s) => s.values));
  const ticks = niceTicks(max, { integer });
  const top = ticks[ticks.length - 1]!;
  const decimals = integer ? 0 : axisDecimals(ticks[1] ?? top);
  const tickText = (v: number) => (integer ? String(v) : currency === "€" ? `${v.toFixed(decimals)} €` : `$${v.toFixed(decimals)}`);
  const left = Math.max(...ticks.map((t) => tickText(t).length)) * 6.5 + 12;
  const box: Box = { width, height: HEIGHT, left, right: 12, top: 10, bottom: 26 };
  const kind = chartKind(days.length);
  const baseline = yOf(0, top, box);
  const labelled = new Set(labelIndexes(days.length, plotWidth(box)));
  const totals = series.map((s) => s.values.reduce((a, b) => a + b, 0));
  const summary = UI.chartSummary(series.map((s, i) => `${s.label} ${format(totals[i]!)}`));
  const range = days.length > 0 ? `${fullDay(days[0]!)} – ${fullDay(days[days.length - 1]!)}` : "";
  const empty = max === 0;
  const x = (i: number) => (kind === "bar" ? band(i, days.length, box, 1).center : pointX(i, days.length, box));

  return (
    <figure className="grid min-w-0 grid-cols-1 gap-3 rounded-xl border bg-card p-4 shadow-sm" data-testid={testId} data-kind={kind}>
      <figcaption className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <span className="text-sm font-semibold">{title}</span>
        <ul className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-muted-foreground">
          {series.map((s, i) => (
            <li key={s.label} className="inline-flex items-center gap-1.5">
              <span className={cn("size-2.5 rounded-sm", s.swatch)} aria-hidden />
              {s.label} <span className="font-semibold text-foreground tabular-nums">{format(totals[i]!)}</span>
            </li>
          ))}
        </ul>
      </figcaption>
      <div ref={ref} className="relative min-w-0">
        <svg width={width} height={HEIGHT} role="img" aria-labelledby={`${id}-title`} aria-describedby={`${id}-desc`} className="block">
          <title id={`${id}-title`}>{title}</title>
          <desc id={`${id}-desc`}>{`${range}. ${summary}`}</desc>
          <ChartValueGrid ticks={ticks} top={top} box={box} label={tickText} />
          {kind === "bar"
            ? days.map((day, i) => {
                const b = band(i, days.length, box, series.length);
                return (
                  <g key={day}>
                    {series.map((s, si) => {
                      const v = s.values[i] ?? 0;
                      const y = yOf(v, top, box);
                      return (
                        <rect key={s.label} x={b.barX(si)} y={y} width={Math.max(1, b.barWidth - 1)} height={Math.max(0, baseline - y)} rx={1.5} className={s.fill}>
                          <title>{`${fullDay(day)} · ${s.label}: ${format(v)}`}</title>
                        </rect>
                      );
                    })}
                  </g>
                );
              })
            : series.map((s) => {
                const points = days.map((day, i) => ({ day, x: pointX(i, days.length, box), y: yOf(s.values[i] ?? 0, top, box), v: s.values[i] ?? 0 }));
                const path = linePath(points);
                const fillArea =
                  area && points.length > 1
                    ? `${path} L${points[points.length - 1]!.x.toFixed(1)} ${baseline} L${points[0]!.x.toFixed(1)} ${baseline} Z`
                    : "";
                return (
                  <g key={s.label}>
                    {fillArea ? <path d={fillArea} className={s.fill} opacity={0.18} /> : null}
                    <path d={path} fill="none" className={s.stroke} strokeWidth={2} strokeLinejoin="round" strokeLinecap="round" />
                    {points.map((p) => (
                      <circle key={p.day} cx={p.x} cy={p.y} r={days.length > 45 ? 1.5 : 2.5} className={cn("fill-card", s.stroke)} strokeWidth={1.5}>
                        <title>{`${fullDay(p.day)} · ${s.label}: ${format(p.v)}`}</title>
                      </circle>
                    ))}
                  </g>
                );
              })}
          {days.map((day, i) =>
            labelled.has(i) ? (
              <text key={day} x={x(i)} y={HEIGHT - 8} textAnchor="middle" className="fill-muted-foreground text-[10px] tabular-nums">
                {shortDay(day)}
              </text>
            ) : null,
          )}
        </svg>
        {empty ? (
          <p className="pointer-events-none absolute inset-x-0 top-1/3 text-center text-xs text-muted-foreground">{UI.chartEmptyPeriod}</p>
        ) : null}
      </div>
    </figure>
  );
}
