import { type ApiFunnelStep, type ApiFunnelStepStats } from "@shared/schemas/campaigns";
import { CAMPAIGN_TEXTS as TX } from "@shared/texts/campaigns";
import { cn } from "@web/lib/cn";

const SERIES: { key: keyof typeof TX.chartSeries & keyof ApiFunnelStepStats; swatch: string }[] = [
  { key: "sent", swatch: "bg-sky-500 dark:bg-sky-400" },
  { key: "delivered", swatch: "bg-emerald-600 dark:bg-emerald-400" },
  { key: "replied", swatch: "bg-violet-500 dark:bg-violet-400" },
  { key: "stopped", swatch: "bg-amber-500 dark:bg-amber-400" },
];

// Sent, delivered, replied and stopped per step, as horizontal bars on one shared scale so steps compare.
export function FunnelChart({ steps }: { steps: ApiFunnelStep[] }) {
  const max = Math.max(0, ...steps.flatMap((s) => SERIES.map(({ key }) => s.stats[key])));
  return (
    <figure className="grid gap-3 rounded-lg border bg-background/40 p-3" data-testid="funnel-chart">
      <figcaption className="flex flex-wrap items-center justify-between gap-2">
        <span className="text-sm font-semibold">{TX.chartTitle}</span>
        <ul className="flex flex-wrap gap-x-3 gap-y-1 text-xs text-muted-foreground" aria-hidden>
          {SERIES.map(({ key, swatch }) => (
            <li key={key} className="flex items-center gap-1.5">
              <span className={cn("size-2.5 rounded-sm", swatch)} />
              {TX.chartSeries[key]}
            </li>
          ))}
        </ul>
      </figcaption>
      {max === 0 ? (
        <p className="rounded-md border border-dashed px-3 py-4 text-center text-xs text-muted-foreground">{TX.chartEmpty}</p>
      ) : (
        <div className="grid gap-3">
          {steps.map((step) => (
            <div key={step.id} role="group" aria-label={TX.stepNumber(step.stepOrder)} className="grid gap-1" data-testid={`funnel-chart-step-${step.stepOrder}`}>
              <p className="text-xs font-medium">
                {TX.stepNumber(step.stepOrder)} · {TX.stepTypeLabels[step.stepType]}
              </p>
              {SERIES.map(({ key, swatch }) => {
                const value = step.stats[key];
                // A non-zero value keeps a sliver so it stays visible next to a large one.
                const width = value > 0 ? Math.max(2, (value / max) * 100) : 0;
                return (
                  <div key={key} className="grid grid-cols-[5.5rem_minmax(0,1fr)_3rem] items-center gap-2 text-xs">
                    <span className="truncate text-muted-foreground">{TX.chartSeries[key]}</span>
                    <span className="h-2.5 rounded-full bg-muted">
                      <span className={cn("block h-full rounded-full", swatch)} style={{ width: `${width}%` }} />
                    </span>
                    <span className="text-right font-mono tabular-nums" data-testid={`chart-${key}`}>
                      {value.toLocaleString("it-IT")}
                    </span>
                  </div>
                );
              })}
            </div>
          ))}
        </div>
      )}
    </figure>
  );
}
