import { CircleCheck, FileSpreadsheet, TriangleAlert, Upload } from "lucide-react";
import { useId, useRef } from "react";
import type { ApiCsvSource } from "@shared/schemas/memories";
import { MEMORY_TEXTS as TX } from "@shared/texts/memories";
import { Button } from "@web/components/ui/button";
import { formatBytes } from "../lib/csv-file";

export type CsvUploadState =
  | { phase: "idle" }
  | { phase: "uploading"; percent: number }
  | { phase: "processing" }
  | { phase: "done"; rows: number }
  | { phase: "error"; message: string; saved: boolean };

// The file is chosen here and sent after the memory is saved; this shows where that stands.
export function CsvUploadField({
  file,
  fileError,
  current,
  state,
  disabled,
  onFile,
}: {
  file: File | null;
  fileError: string | null;
  current: ApiCsvSource | null;
  state: CsvUploadState;
  disabled: boolean;
  onFile: (file: File | null) => void;
}) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const percent = state.phase === "uploading" ? state.percent : state.phase === "processing" || state.phase === "done" ? 100 : 0;
  return (
    <section className="grid gap-2 rounded-lg border bg-muted/30 p-3" aria-labelledby={`${id}-title`} data-testid="csv-upload">
      <h3 id={`${id}-title`} className="flex items-center gap-2 text-sm font-semibold">
        <FileSpreadsheet className="size-4 text-primary" aria-hidden />
        {TX.csvTitle}
      </h3>
      <p className="text-xs text-muted-foreground">{TX.csvHint}</p>
      {current ? (
        <p className="text-xs">
          {TX.csvCurrent(current.fileName, current.rowCount)} {file ? null : TX.csvReplace}
        </p>
      ) : null}
      <div className="flex flex-wrap items-center gap-2">
        <input
          ref={input}
          id={`${id}-file`}
          type="file"
          accept=".csv,text/csv"
          aria-labelledby={`${id}-title`}
          className="sr-only"
          disabled={disabled}
          data-testid="csv-file-input"
          onChange={(e) => {
            onFile(e.target.files?.[0] ?? null);
            e.target.value = "";
          }}
        />
        <Button variant="outline" size="sm" onClick={() => input.current?.click()} disabled={disabled}>
          <Upload aria-hidden />
          {TX.csvChoose}
        </Button>
        {file ? (
          <span className="min-w-0 truncate text-sm font-medium" data-testid="csv-file-name">
            {TX.csvChosen(file.name, formatBytes(file.size))}
          </span>
        ) : null}
      </div>
      {fileError ? (
        <p role="alert" className="text-xs font-medium text-destructive">
          {fileError}
        </p>
      ) : null}
      {file && state.phase === "idle" ? <p className="text-xs text-muted-foreground">{TX.csvAfterSave}</p> : null}
      {state.phase === "uploading" || state.phase === "processing" ? (
        <div className="grid gap-1" aria-live="polite">
          <div
            className="h-2 overflow-hidden rounded-full bg-muted"
            role="progressbar"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={percent}
            aria-label={TX.csvTitle}
          >
            <div className="h-full rounded-full bg-primary transition-[width]" style={{ width: `${percent}%` }} />
          </div>
          <p className="text-xs text-muted-foreground">{state.phase === "processing" ? TX.csvProcessing : TX.csvUploading(state.percent)}</p>
        </div>
      ) : null}
      {state.phase === "done" ? (
        <p className="flex items-center gap-1.5 text-xs font-medium text-success" role="status">
          <CircleCheck className="size-3.5" aria-hidden />
          {TX.csvRows(state.rows)}
        </p>
      ) : null}
      {state.phase === "error" ? (
        <div role="alert" className="grid gap-1 rounded-md border border-destructive/50 bg-destructive/10 p-2 text-xs text-destructive" data-testid="csv-error">
          <p className="flex items-start gap-1.5 font-medium">
            <TriangleAlert className="mt-px size-3.5 shrink-0" aria-hidden />
            {state.message}
          </p>
          {state.saved ? <p>{TX.csvSavedNotUploaded}</p> : null}
        </div>
      ) : null}
    </section>
  );
}
