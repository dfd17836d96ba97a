import { ChevronRight } from "lucide-react";
import { formatRomeDateTime } from "@shared/rome-format";
import { type ApiListImport } from "@shared/schemas/lists";
import { LIST_TEXTS as TX } from "@shared/texts/lists";
import { cn } from "@web/lib/cn";
import { importFraction } from "../lib/import-progress";

function ProgressBar({ fraction, label }: { fraction: number | null; label: string }) {
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={fraction === null ? undefined : Math.round(fraction * 100)}
      className="h-2 w-full overflow-hidden rounded-full bg-muted"
    >
      {fraction === null ? (
        <div className="h-full w-full animate-pulse rounded-full bg-primary/60" />
      ) : (
        <div className="h-full rounded-full bg-primary transition-[width] duration-500" style={{ width: `${Math.max(2, fraction * 100)}%` }} />
      )}
    </div>
  );
}

// The latest import of a list: a progress bar while it runs, then its report with the rows left out.
export function ImportStatus({ imp }: { imp: ApiListImport }) {
  const running = imp.status === "queued" || imp.status === "running";
  if (running) {
    const label = imp.status === "queued" ? TX.importQueued : TX.importRunning(imp.processed, imp.total);
    return (
      <div className="grid gap-1.5" data-testid="import-progress">
        <ProgressBar fraction={imp.status === "queued" ? 0 : importFraction(imp)} label={label} />
        <p className="text-xs text-muted-foreground" aria-live="polite">
          {label}
        </p>
      </div>
    );
  }
  const hidden = imp.invalid - imp.invalidRows.length;
  return (
    <div className={cn("grid gap-1 rounded-lg border p-3 text-xs", imp.status === "failed" ? "border-destructive/40 bg-destructive/10" : "bg-muted/40")} data-testid="import-report">
      {imp.status === "failed" ? (
        <>
          <p className="font-semibold text-destructive">{TX.importFailed}</p>
          {imp.error ? <p className="break-words">{imp.error}</p> : null}
        </>
      ) : (
        <p className="text-muted-foreground">{TX.importCompleted(formatRomeDateTime(imp.finishedAt ?? imp.startedAt))}</p>
      )}
      <p>{TX.importReport(imp.created, imp.updated, imp.unchanged, imp.invalid)}</p>
      {imp.invalidRows.length > 0 ? (
        <details className="group">
          <summary className="flex cursor-pointer list-none items-center gap-1 font-medium text-foreground">
            <ChevronRight className="size-3.5 transition-transform group-open:rotate-90" aria-hidden />
            {TX.invalidRowsTitle} ({imp.invalid})
          </summary>
          <ul className="mt-1.5 grid max-h-40 gap-0.5 overflow-auto pl-4" data-testid="invalid-rows">
            {imp.invalidRows.map((r) => (
              <li key={`${r.row}-${r.reason}`} className="break-words">
                {TX.invalidRow(r.row, r.reason)}
              </li>
            ))}
            {hidden > 0 ? <li className="text-muted-foreground">{TX.moreInvalidRows(hidden)}</li> : null}
          </ul>
        </details>
      ) : null}
    </div>
  );
}
