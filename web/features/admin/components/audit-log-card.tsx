import { History } from "lucide-react";
import { useState } from "react";
import { ADMIN_TEXTS as TX, AUDIT_ACTION_LABELS } from "@shared/texts/admin";
import { formatRomeDateTime } from "@shared/rome-format";
import { EmptyState } from "@web/components/empty-state";
import { LoadErrorState } from "@web/components/load-error-state";
import { Button } from "@web/components/ui/button";
import { useAuditLog } from "../api/get-audit-log";
import { auditDetails, newestFirst } from "../lib/admin-view";
import { AdminCard } from "./admin-card";

const SHOWN = 10;

// Who did what and when (Europe/Rome), newest first.
export function AuditLogCard() {
  const { data, isPending, isError, refetch, hasNextPage, fetchNextPage, isFetchingNextPage } = useAuditLog({ enabled: true });
  const [all, setAll] = useState(false);
  const entries = newestFirst(data?.pages.flatMap((p) => p.entries) ?? []);
  // Older pages are offered once every loaded entry is on screen.
  const canLoadMore = hasNextPage && (all || entries.length <= SHOWN);
  const shown = all ? entries : entries.slice(0, SHOWN);

  let body;
  if (isPending) {
    body = <div className="h-32 animate-pulse rounded-lg bg-muted" aria-busy="true" />;
  } else if (isError) {
    body = <LoadErrorState title={TX.auditError} onRetry={refetch} className="py-8" small />;
  } else if (entries.length === 0) {
    body = <EmptyState title={TX.auditEmpty} icon={<History className="size-6" aria-hidden />} className="py-8" />;
  } else {
    body = (
      <div className="grid grid-cols-1 gap-3">
        <ol className="grid grid-cols-1 divide-y">
          {shown.map((e) => {
            const details = auditDetails(e);
            return (
              <li key={e.id} className="grid grid-cols-1 gap-0.5 py-2.5 first:pt-0 sm:grid-cols-[10rem_1fr] sm:gap-3" data-testid="audit-entry" data-action={e.action}>
                <time dateTime={e.createdAt} className="text-xs text-muted-foreground tabular-nums">
                  {formatRomeDateTime(e.createdAt)}
                </time>
                <div className="min-w-0 text-sm">
                  <p>
                    <span className="font-semibold">{AUDIT_ACTION_LABELS[e.action] ?? e.action}</span>
                    {details ? <span className="break-words text-muted-foreground"> · {details}</span> : null}
                  </p>
                  <p className="truncate text-xs text-muted-foreground">{e.actorEmail}</p>
                </div>
              </li>
            );
          })}
        </ol>
        <div className="flex flex-wrap gap-2">
          {entries.length > SHOWN ? (
            <Button variant="outline" size="sm" onClick={() => setAll((v) => !v)}>
              {all ? TX.auditShowLess : TX.auditShowAll(entries.length)}
            </Button>
          ) : null}
          {canLoadMore ? (
            <Button variant="outline" size="sm" onClick={() => void fetchNextPage()} disabled={isFetchingNextPage} data-testid="audit-load-more">
              {isFetchingNextPage ? TX.auditLoadingMore : TX.auditLoadMore}
            </Button>
          ) : null}
        </div>
      </div>
    );
  }

  return (
    <AdminCard icon={History} title={TX.auditTitle} description={TX.auditDescription} testId="audit-log">
      {body}
    </AdminCard>
  );
}
