import { USAGE_TEXTS as TX } from "@shared/texts/usage";
import { USAGE_RECENT_SHOWN, type UsageItem } from "@shared/schemas/ai-usage";
import { Button } from "@web/components/ui/button";
import { formatCount, formatDuration, formatUsd, operationLabel, romeDateTime, usageModelLabel, visibleItems } from "../lib/usage-format";

// The newest uses: the first 10, then all of the page size with "Mostra tutti", then the following
// pages with "Carica altri" while the server has more (total: the uses the filter matches).
export function UsageList({
  items,
  total,
  desktop,
  showAll,
  onShowAll,
  hasMore,
  loadingMore,
  onLoadMore,
}: {
  items: UsageItem[];
  total: number;
  desktop: boolean;
  showAll: boolean;
  onShowAll: (next: boolean) => void;
  hasMore: boolean;
  loadingMore: boolean;
  onLoadMore: () => void;
}) {
  const shown = visibleItems(items, showAll);
  // More pages are offered once every loaded row is on screen.
  const canLoadMore = hasMore && shown.length === items.length;
  return (
    <section className="grid gap-3" aria-labelledby="usage-recent-title">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 id="usage-recent-title" className="text-sm font-semibold">
          {TX.recentTitle}
        </h3>
        {items.length > 0 ? <span className="text-xs text-muted-foreground">{TX.showingOf(shown.length, Math.max(total, items.length))}</span> : null}
      </div>
      {items.length === 0 ? (
        <p className="rounded-lg border border-dashed px-3 py-6 text-center text-sm text-muted-foreground">{TX.recentEmpty}</p>
      ) : desktop ? (
        <div className="overflow-x-auto rounded-lg border">
          <table className="w-full text-sm" data-testid="usage-list">
            <thead className="bg-muted/50 text-left text-xs text-muted-foreground">
              <tr>
                <th scope="col" className="px-3 py-2 font-medium">{TX.colDate}</th>
                <th scope="col" className="px-3 py-2 font-medium">{TX.colModel}</th>
                <th scope="col" className="px-3 py-2 font-medium">{TX.colOperation}</th>
                <th scope="col" className="px-3 py-2 text-right font-medium">{TX.colTokens}</th>
                <th scope="col" className="px-3 py-2 text-right font-medium">{TX.colDuration}</th>
                <th scope="col" className="px-3 py-2 text-right font-medium">{TX.colCost}</th>
              </tr>
            </thead>
            <tbody className="divide-y">
              {shown.map((item) => (
                <tr key={item.id} data-testid="usage-row" data-operation={item.operationType}>
                  <td className="px-3 py-2 whitespace-nowrap tabular-nums">{romeDateTime(item.createdAt)}</td>
                  <td className="px-3 py-2">{usageModelLabel(item.model)}</td>
                  <td className="px-3 py-2">
                    {operationLabel(item.operationType)}
                    <span className="ml-1.5 font-mono text-[11px] text-muted-foreground">{item.operationType}</span>
                  </td>
                  <td className="px-3 py-2 text-right tabular-nums" title={TX.tokensDetail(item.promptTokens, item.completionTokens)}>
                    {formatCount(item.totalTokens)}
                  </td>
                  <td className="px-3 py-2 text-right tabular-nums">{formatDuration(item.requestDuration)}</td>
                  <td className="px-3 py-2 text-right font-mono tabular-nums" data-testid="usage-row-cost">
                    {formatUsd(item.totalCost)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <ul className="divide-y rounded-lg border" data-testid="usage-list">
          {shown.map((item) => (
            <li key={item.id} className="grid gap-1 px-3 py-2.5 text-sm" data-testid="usage-row" data-operation={item.operationType}>
              <div className="flex items-baseline justify-between gap-3">
                <span className="min-w-0 truncate font-medium">
                  {operationLabel(item.operationType)}
                  <span className="ml-1.5 font-mono text-[11px] font-normal text-muted-foreground">{item.operationType}</span>
                </span>
                <span className="shrink-0 font-mono font-semibold tabular-nums" data-testid="usage-row-cost">
                  {formatUsd(item.totalCost)}
                </span>
              </div>
              <p className="text-xs text-muted-foreground">
                {romeDateTime(item.createdAt)} · {usageModelLabel(item.model)} · {formatCount(item.totalTokens)} token ·{" "}
                {formatDuration(item.requestDuration)}
              </p>
            </li>
          ))}
        </ul>
      )}
      {items.length > USAGE_RECENT_SHOWN || canLoadMore ? (
        <div className="flex flex-wrap justify-center gap-2">
          {canLoadMore ? (
            <Button variant="outline" size="sm" onClick={onLoadMore} disabled={loadingMore} data-testid="usage-load-more">
              {loadingMore ? TX.loadingMore : TX.loadMore}
            </Button>
          ) : null}
          {items.length > USAGE_RECENT_SHOWN ? (
            <Button variant="outline" size="sm" onClick={() => onShowAll(!showAll)} data-testid="usage-show-all">
              {showAll ? TX.showLess : TX.showAll}
            </Button>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}
