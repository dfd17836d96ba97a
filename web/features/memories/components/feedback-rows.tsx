import { ThumbsDown, ThumbsUp } from "lucide-react";
import { MEMORY_TEXTS as TX } from "@shared/texts/memories";
import { T } from "@shared/strings";
import { Button } from "@web/components/ui/button";
import { Spinner } from "@web/components/ui/spinner";
import { useMemoryFeedback } from "../api/get-memory-feedback";
import { formatRomeDateTime } from "@shared/rome-time";

function Items({ items, positive }: { items: string[]; positive: boolean }) {
  const Icon = positive ? ThumbsUp : ThumbsDown;
  return (
    <div className="grid gap-1">
      <p className="flex items-center gap-1 text-[11px] font-medium tracking-wide text-muted-foreground uppercase">
        <Icon className={positive ? "size-3 text-success" : "size-3 text-destructive"} aria-hidden />
        {positive ? TX.feedbackPositive : TX.feedbackNegative}
      </p>
      {items.length === 0 ? (
        <p className="text-xs text-muted-foreground">—</p>
      ) : (
        <ul className="flex flex-wrap gap-1">
          {items.map((item, i) => (
            <li
              key={`${i}-${item}`}
              className={
                positive
                  ? "rounded-full bg-success/15 px-2 py-0.5 text-xs text-success"
                  : "rounded-full bg-destructive/15 px-2 py-0.5 text-xs text-destructive"
              }
            >
              {item}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

// What the AI has learned per customer: one row per phone number.
export function FeedbackRows({ memoryId }: { memoryId: string }) {
  const { data: rows, isPending, isError, refetch } = useMemoryFeedback(memoryId);
  return (
    <section className="grid gap-2" aria-label={TX.feedbackTitle} data-testid="feedback-rows">
      <div className="flex items-center justify-between gap-2">
        <h3 className="text-sm font-semibold">{TX.feedbackTitle}</h3>
        {rows && rows.length > 0 ? <span className="text-xs text-muted-foreground">{TX.feedbackRowsCount(rows.length)}</span> : null}
      </div>
      {isPending ? (
        <div className="flex justify-center py-4">
          <Spinner label={T.loading} />
        </div>
      ) : isError ? (
        <div className="flex items-center justify-between gap-2 rounded-lg border border-dashed px-3 py-2 text-sm text-muted-foreground">
          {TX.feedbackLoadError}
          <Button size="sm" variant="outline" onClick={() => void refetch()}>
            {T.retry}
          </Button>
        </div>
      ) : !rows || rows.length === 0 ? (
        <p className="rounded-lg border border-dashed px-3 py-2 text-sm text-muted-foreground">{TX.feedbackEmpty}</p>
      ) : (
        <ul className="grid max-h-72 gap-2 overflow-y-auto">
          {rows.map((row) => (
            <li key={row.id} className="grid gap-2 rounded-lg border bg-card p-3" data-testid="feedback-row">
              <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-0.5">
                <p className="font-mono text-sm font-medium" aria-label={`${TX.feedbackPhone}: ${row.phoneNumber}`}>
                  {row.phoneNumber}
                </p>
                <p className="text-xs text-muted-foreground">
                  {TX.feedbackUpdated} {formatRomeDateTime(row.lastUpdated)}
                </p>
              </div>
              <div className="grid gap-2 sm:grid-cols-2">
                <Items items={row.positiveItems} positive />
                <Items items={row.negativeItems} positive={false} />
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
