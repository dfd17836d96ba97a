import { useQueryClient } from "@tanstack/react-query";
import { Activity, ChartColumn, Coins, Hash, RefreshCw } from "lucide-react";
import { useEffect, useRef, useState, type ReactNode } from "react";
import { USAGE_TEXTS as TX } from "@shared/texts/usage";
import { T } from "@shared/strings";
import { EmptyState } from "@web/components/empty-state";
import { LoadErrorState } from "@web/components/load-error-state";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@web/components/ui/card";
import { Spinner } from "@web/components/ui/spinner";
import { useActiveAccount } from "@web/lib/queries/get-active-account";
import { queryKeys } from "@web/lib/query-keys";
import { errorStatus, serverMessage } from "@web/lib/server-error";
import { useIsDesktop } from "@web/lib/use-media-query";
import { mergedUsageReport, useUsageReport } from "../api/get-usage-report";
import {
  averageCost,
  emptyUsageFilter,
  formatCount,
  formatUsd,
  operationLabel,
  rangeError,
  romeTime,
  type UsageFilterValues,
} from "../lib/usage-format";
import { BudgetCard } from "./budget-card";
import { DailyCostChart } from "./daily-cost-chart";
import { ModelBarChart } from "./model-bar-chart";
import { UsageFilters } from "./usage-filters";
import { UsageList } from "./usage-list";

function Stat({ label, value, icon, testId }: { label: string; value: string; icon: ReactNode; testId: string }) {
  return (
    <div className="flex min-w-0 items-center gap-3 rounded-lg border bg-card p-3">
      <span className="hidden size-9 shrink-0 items-center justify-center rounded-lg bg-primary/10 text-primary sm:inline-flex">{icon}</span>
      <div className="min-w-0">
        <p className="truncate font-mono text-lg font-semibold tabular-nums" data-testid={testId}>
          {value}
        </p>
        <p className="truncate text-xs text-muted-foreground">{label}</p>
      </div>
    </div>
  );
}

// The usage report is not among the account-scoped keys the account switch refreshes: do it here.
function useRefreshOnAccountChange() {
  const queryClient = useQueryClient();
  const { data: active } = useActiveAccount();
  const previous = useRef<string | undefined>(undefined);
  useEffect(() => {
    const current = active?.id;
    if (previous.current && current && previous.current !== current) void queryClient.invalidateQueries({ queryKey: queryKeys.usage });
    previous.current = current;
  }, [active?.id, queryClient]);
}

export function UsagePage() {
  const [filter, setFilter] = useState<UsageFilterValues>(emptyUsageFilter);
  const [showAll, setShowAll] = useState(false);
  const desktop = useIsDesktop();
  const invalidRange = rangeError(filter);
  const report = useUsageReport(filter, { enabled: !invalidRange });
  useRefreshOnAccountChange();

  // Only the owner or a super_admin may see usage and the budget: say so instead of the cards.
  if (report.isError && errorStatus(report.error) === 403) {
    return <EmptyState title={serverMessage(report.error, TX.managersOnly)} icon={<Coins className="size-6" aria-hidden />} />;
  }

  const data = mergedUsageReport(report.data?.pages);
  let body;
  if (report.isPending && !data) {
    body = (
      <div className="flex justify-center py-12">
        <Spinner large label={T.loading} />
      </div>
    );
  } else if (!data) {
    body = <LoadErrorState title={serverMessage(report.error, TX.loadError)} onRetry={report.refetch} />;
  } else {
    body = (
      <div className="grid gap-6">
        <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
          <Stat label={TX.totalCost} value={formatUsd(data.totals.totalCost)} icon={<Coins className="size-4.5" aria-hidden />} testId="usage-total-cost" />
          <Stat
            label={TX.totalRequests}
            value={formatCount(data.totals.totalRequests)}
            icon={<Activity className="size-4.5" aria-hidden />}
            testId="usage-total-requests"
          />
          <Stat label={TX.totalTokens} value={formatCount(data.totals.totalTokens)} icon={<Hash className="size-4.5" aria-hidden />} testId="usage-total-tokens" />
          <Stat
            label={TX.avgCost}
            value={formatUsd(averageCost(data.totals.totalCost, data.totals.totalRequests))}
            icon={<ChartColumn className="size-4.5" aria-hidden />}
            testId="usage-avg-cost"
          />
        </div>
        <div className="grid gap-6 lg:grid-cols-2">
          <ModelBarChart rows={data.byModel} />
          <DailyCostChart days={data.byDay} />
        </div>
        {data.byOperation.length > 0 ? (
          <section className="grid gap-2" aria-labelledby="usage-operations-title">
            <h3 id="usage-operations-title" className="text-sm font-semibold">
              {TX.byOperationTitle}
            </h3>
            <ul className="flex flex-wrap gap-2">
              {data.byOperation.map((op) => (
                <li key={op.operationType} className="rounded-lg border bg-muted/40 px-3 py-1.5 text-xs">
                  <span className="font-medium">{operationLabel(op.operationType)}</span>
                  <span className="ml-2 font-mono tabular-nums">{formatUsd(op.totalCost)}</span>
                  <span className="ml-2 text-muted-foreground">{TX.requestsCount(op.requests)}</span>
                </li>
              ))}
            </ul>
          </section>
        ) : null}
        <UsageList
          items={data.items}
          total={data.totals.totalRequests}
          desktop={desktop}
          showAll={showAll}
          onShowAll={setShowAll}
          hasMore={report.hasNextPage}
          loadingMore={report.isFetchingNextPage}
          onLoadMore={() => void report.fetchNextPage()}
        />
      </div>
    );
  }

  return (
    <div className="grid gap-6">
      <BudgetCard />
      <Card className="min-w-0" data-testid="usage-detail-card">
        <CardHeader>
          <div className="flex flex-wrap items-start justify-between gap-2">
            <CardTitle>{TX.detailTitle}</CardTitle>
            <span className="inline-flex items-center gap-1.5 text-xs text-muted-foreground" aria-live="polite">
              <RefreshCw className={report.isFetching ? "size-3.5 animate-spin" : "size-3.5"} aria-hidden />
              {report.dataUpdatedAt ? TX.updatedAt(romeTime(report.dataUpdatedAt)) : TX.polling}
            </span>
          </div>
          <CardDescription>{TX.subtitle}</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-6">
          <UsageFilters
            value={filter}
            error={invalidRange}
            onChange={(next) => {
              setFilter(next);
              setShowAll(false);
            }}
          />
          {body}
        </CardContent>
      </Card>
    </div>
  );
}
