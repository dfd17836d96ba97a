import { type ApiFunnelStep, type ApiFunnelStepStats, CAMPAIGN_UI as UI } from "@shared/schemas/campaigns";
import { cn } from "@web/lib/cn";

const SERIES: { key: keyof typeof UI.chartSeries & keyof ApiFunnelStepStats; swatch: string }[] = [
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
        <span className="text-sm font-semibold">{UI.chartTitle}</span>
        <ul className="flex flex-wrap gap-x-3 gap-y-1 text-xs text-muted-foreground" aria-hidden>
          {SERIES.map(({ key, swatch }) => (
            <li key={key} className="flex items-center gap-1.5">
              <span className={cn("size-2.5 rounded-sm", swatch)} />
              {UI.chartSeries[key]}
            </li>
          ))}
        </ul>
      </figcaption>
      {max === 0 ? (
        <p className="rounded-md border border-dashed px-3 py-4 text-center text-xs text-muted-foreground">{UI.chartEmpty}</p>
      ) : (
        <div className="grid gap-3">
          {steps.map((step) => (
            <div key={step.id} role="group" aria-label={UI.stepNumber(step.stepOrder)} className="grid gap-1" data-testid={`funnel-chart-step-${step.stepOrder}`}>
              <p className="text-xs font-medium">
                {UI.stepNumber(step.stepOrder)} · {UI.stepTypeLabels[step.stepType]}
              </p>
              {SERIES.map(({ key, swatch }) => {
                const value = step.stats[key];
                // A non-zero value keeps a sliver so it stays visible next to a large one.
                const width = value > 0 ? Math.max(2, (value / max) * 100) : 0;
                return (
                  <div key={key} className="grid grid-cols-[5.5rem_minmax(0,1fr)_3rem] items-center gap-2 text-xs">
                    <span className="truncate text-muted-foreground">{UI.chartSeries[key]}</span>
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
