import type { ReactNode, Ref } from "react";
import { USAGE_TEXTS as TX } from "@shared/texts/usage";

// A usage chart under its caption, measured by `measure`; a dashed note instead when the period has no usage.
export function ChartFigure({ title, testId, measure, empty, children }: { title: string; testId: string; measure: Ref<HTMLDivElement>; empty: boolean; children: ReactNode }) {
  return (
    <figure className="grid content-start gap-2" data-testid={testId}>
      <figcaption className="text-sm font-semibold">{title}</figcaption>
      <div ref={measure} className="min-w-0">
        {empty ? <p className="rounded-lg border border-dashed px-3 py-6 text-center text-sm text-muted-foreground">{TX.periodEmpty}</p> : children}
      </div>
    </figure>
  );
}
