import { Smile, ThumbsDown, ThumbsUp } from "lucide-react";
import { ANALYTICS_TEXTS as UI } from "@shared/texts/analytics";
import type { SentimentGroup } from "@shared/schemas/analytics";
import { EmptyState } from "@web/components/empty-state";
import { LoadErrorState } from "@web/components/load-error-state";
import { Badge } from "@web/components/ui/badge";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@web/components/ui/card";
import { cn } from "@web/lib/cn";
import { useSentiment } from "../api/get-sentiment";
import { orderSentiment, sentimentLabel, sentimentTotals } from "../lib/sentiment";

const ITEMS_SHOWN = 5;

function ItemList({ items, positive }: { items: SentimentGroup["positive"]; positive: boolean }) {
  const Icon = positive ? ThumbsUp : ThumbsDown;
  const shown = items.slice(0, ITEMS_SHOWN);
  return (
    <div className="grid grid-cols-1 content-start gap-1.5">
      <p className={cn("inline-flex items-center gap-1.5 text-xs font-semibold", positive ? "text-success" : "text-destructive")}>
        <Icon className="size-3.5" aria-hidden />
        {positive ? UI.sentimentPositive : UI.sentimentNegative}
      </p>
      {shown.length === 0 ? (
        <p className="text-xs text-muted-foreground">{UI.sentimentNone}</p>
      ) : (
        <ul className="grid grid-cols-1 gap-1">
          {shown.map((i) => (
            <li key={i.item} className="flex items-start justify-between gap-2 text-sm" data-testid={positive ? "sentiment-positive" : "sentiment-negative"}>
              <span className="min-w-0 break-words">{i.item}</span>
              <span className="shrink-0 text-xs text-muted-foreground tabular-nums">{UI.sentimentCount(i.count)}</span>
            </li>
          ))}
          {items.length > ITEMS_SHOWN ? <li className="text-xs text-muted-foreground">{UI.sentimentMore(items.length - ITEMS_SHOWN)}</li> : null}
        </ul>
      )}
    </div>
  );
}

// What customers liked and disliked, from the feedback memories, grouped by category.
export function SentimentPanel() {
  const { data, isPending, isError, refetch } = useSentiment();
  const groups = orderSentiment(data ?? []);
  const totals = sentimentTotals(groups);

  let body;
  if (isPending) {
    body = <div className="h-32 animate-pulse rounded-lg bg-muted" aria-busy="true" />;
  } else if (isError) {
    body = <LoadErrorState title={UI.sentimentError} onRetry={refetch} className="py-8" small />;
  } else if (groups.length === 0) {
    body = <EmptyState title={UI.sentimentEmpty} icon={<Smile className="size-6" aria-hidden />} className="py-8" />;
  } else {
    body = (
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2 xl:grid-cols-3">
        {groups.map((g) => (
          <section key={g.category} className="grid grid-cols-1 gap-3 rounded-lg border p-3" aria-label={sentimentLabel(g.category)} data-testid="sentiment-group">
            <h4 className="text-sm font-semibold">{sentimentLabel(g.category)}</h4>
            <div className="grid grid-cols-2 gap-3">
              <ItemList items={g.positive} positive />
              <ItemList items={g.negative} positive={false} />
            </div>
          </section>
        ))}
      </div>
    );
  }

  return (
    <Card className="min-w-0" data-testid="sentiment-panel">
      <CardHeader className="flex-row flex-wrap items-start justify-between gap-2">
        <div className="grid grid-cols-1 gap-1.5">
          <CardTitle>{UI.sentimentTitle}</CardTitle>
          <CardDescription>{UI.sentimentDescription}</CardDescription>
        </div>
        {groups.length > 0 ? (
          <div className="flex gap-2">
            <Badge variant="success">
              <ThumbsUp aria-hidden />
              {totals.positive}
            </Badge>
            <Badge variant="outline" className="text-destructive">
              <ThumbsDown aria-hidden />
              {totals.negative}
            </Badge>
          </div>
        ) : null}
      </CardHeader>
      <CardContent>{body}</CardContent>
    </Card>
  );
}
