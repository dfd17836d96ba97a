import { cn } from "@web/lib/cn";
import { yOf, type Box } from "@web/lib/chart-scale";

// An SVG chart's value axis: one guide line per tick (solid at 0, dashed above) and its label on the left.
export function ChartValueGrid({ ticks, top, box, label, mono = false }: { ticks: readonly number[]; top: number; box: Box; label: (value: number) => string; mono?: boolean }) {
  return ticks.map((t) => {
    const y = yOf(t, top, box);
    return (
      <g key={t}>
        <line x1={box.left} x2={box.width - box.right} y1={y} y2={y} className="stroke-border" strokeDasharray={t === 0 ? undefined : "3 4"} />
        <text x={box.left - 8} y={y} textAnchor="end" dominantBaseline="middle" className={cn("fill-muted-foreground text-[10px] tabular-nums", mono && "font-mono")}>
          {label(t)}
        </text>
      </g>
    );
  });
}
