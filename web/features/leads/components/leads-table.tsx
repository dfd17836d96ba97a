import { Link } from "@tanstack/react-router";
import { MessageSquare, Search, Trash } from "lucide-react";
import { useEffect, useState } from "react";
import { formatRomeDateTime } from "@shared/rome-format";
import { type ApiLead, type ApiLeadSource, LEAD_STATUS_LABELS, LEAD_STATUSES, LEADS_PAGE_SIZE, type LeadStatus } from "@shared/schemas/lead-sources";
import { T } from "@shared/strings";
import { LEAD_TEXTS as TX } from "@shared/texts/leads";
import { Button, buttonVariants } from "@web/components/ui/button";
import { Input, NativeSelect } from "@web/components/ui/input";
import { Spinner } from "@web/components/ui/spinner";
import { cn } from "@web/lib/cn";
import { toast } from "@web/lib/toast-store";
import { useDeleteLead } from "../api/delete-lead";
import { useLeads } from "../api/get-leads";
import { useUpdateLead } from "../api/update-lead";
import { euroInputText, parseEuros } from "@web/lib/euros";

const SEARCH_DELAY_MS = 300;

const STATUS_TONE: Record<string, string> = {
  new: "border-primary/40",
  contacted: "border-warning/50",
  converted: "border-success/50",
  lost: "border-destructive/40",
};

function LeadRow({ lead }: { lead: ApiLead }) {
  const update = useUpdateLead();
  const removal = useDeleteLead();
  const setStatus = (status: LeadStatus) =>
    update.mutate(
      { id: lead.id, status },
      { onSuccess: () => toast({ title: TX.leadUpdated, description: LEAD_STATUS_LABELS[status], variant: "success" }) },
    );
  const remove = () => {
    if (!window.confirm(TX.leadDeleteConfirm)) return;
    removal.mutate(lead.id, { onSuccess: () => toast({ title: TX.leadDeleted, variant: "success" }) });
  };
  return (
    <li className="grid gap-2 px-3 py-3 md:grid-cols-[minmax(0,1.4fr)_minmax(0,1fr)_minmax(0,0.8fr)_9rem_auto] md:items-center md:gap-3" data-testid="lead-row">
      <div className="min-w-0">
        <p className="truncate font-medium">{lead.name ?? lead.phoneNumber}</p>
        <p className="truncate font-mono text-xs text-muted-foreground">{lead.phoneNumber}</p>
      </div>
      <div className="min-w-0 text-sm text-muted-foreground">
        <p className="truncate">{lead.email ?? "—"}</p>
        <p className="truncate text-xs">{lead.company ?? ""}</p>
      </div>
      <div className="min-w-0 text-xs text-muted-foreground">
        <p className="truncate">{lead.leadSourceName ?? TX.noSource}</p>
        <p>{formatRomeDateTime(lead.importedAt)}</p>
        {lead.templateBlocked ? (
          <p className="font-medium text-warning-foreground" role="status" data-testid="lead-template-blocked">
            {TX.templateBlocked(lead.templateBlocked)}
          </p>
        ) : null}
      </div>
      <NativeSelect
        aria-label={`${TX.statusLabel}: ${lead.name ?? lead.phoneNumber}`}
        className={cn("h-9", STATUS_TONE[lead.status])}
        value={lead.status}
        disabled={update.isPending}
        onChange={(e) => setStatus(e.target.value as LeadStatus)}
      >
        {LEAD_STATUSES.map((s) => (
          <option key={s} value={s}>
            {LEAD_STATUS_LABELS[s]}
          </option>
        ))}
      </NativeSelect>
      <div className="flex flex-wrap items-center gap-1">
        {lead.status === "converted" ? <DealValueField lead={lead} /> : null}
        {lead.conversationId ? (
          <Link to="/chat/$id" params={{ id: lead.conversationId }} className={buttonVariants({ size: "sm", variant: "soft" })} data-testid="lead-chat-link">
            <MessageSquare aria-hidden />
            {TX.openConversation}
          </Link>
        ) : (
          <span className="px-3 text-sm text-muted-foreground" aria-label={TX.conversationLabel}>
            {TX.noConversation}
          </span>
        )}
        <Button size="icon-sm" variant="ghost-destructive" aria-label={`${T.delete} ${lead.name ?? lead.phoneNumber}`} onClick={remove} disabled={removal.isPending}>
          <Trash aria-hidden />
        </Button>
      </div>
    </li>
  );
}

// A converted lead's deal value: saved when the field is left or Enter is pressed, if it changed.
function DealValueField({ lead }: { lead: ApiLead }) {
  const update = useUpdateLead();
  const shown = euroInputText(lead.dealValue);
  const [text, setText] = useState(shown);
  useEffect(() => setText(shown), [shown]);
  const save = () => {
    const value = parseEuros(text);
    if (Number.isNaN(value)) {
      toast({ title: T.error, description: TX.dealValueInvalid, variant: "destructive" });
      return setText(shown);
    }
    if (value === lead.dealValue) return;
    update.mutate(
      { id: lead.id, dealValue: value },
      {
        onSuccess: () => toast({ title: TX.leadUpdated, description: TX.dealValueLabel, variant: "success" }),
        onError: () => setText(shown),
      },
    );
  };
  return (
    <label className="flex items-center gap-1 text-xs text-muted-foreground" title={TX.dealValueHint}>
      <span className="sr-only">{`${TX.dealValueLabel}: ${lead.name ?? lead.phoneNumber}`}</span>
      <span aria-hidden>€</span>
      <Input
        className="h-9 w-24 text-right tabular-nums"
        inputMode="decimal"
        placeholder="0,00"
        value={text}
        disabled={update.isPending}
        data-testid="lead-deal-value"
        onChange={(e) => setText(e.target.value)}
        onBlur={save}
        onKeyDown={(e) => {
          if (e.key === "Enter") (e.target as HTMLInputElement).blur();
        }}
      />
    </label>
  );
}

// leadSourceId: the source filter, held by the page so a source card can show its leads.
export function LeadsTable({
  sources,
  enabled,
  leadSourceId,
  onLeadSourceChange,
}: {
  sources: readonly ApiLeadSource[];
  enabled: boolean;
  leadSourceId: string;
  onLeadSourceChange: (id: string) => void;
}) {
  const [search, setSearch] = useState("");
  const [debounced, setDebounced] = useState("");
  const [status, setStatus] = useState("");
  const setLeadSourceId = onLeadSourceChange;
  const leads = useLeads({ search: debounced, status, leadSourceId, pageSize: LEADS_PAGE_SIZE }, { enabled });

  useEffect(() => {
    const timer = setTimeout(() => {
      setDebounced(search.trim());
    }, SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [search]);

  // Every page loaded so far, and the count the server gives for the whole filter.
  const pages = leads.data?.pages;
  const data = pages?.length ? { leads: pages.flatMap((p) => p.page.leads), total: pages[pages.length - 1]!.page.total } : undefined;
  const filtered = !!(debounced || status || leadSourceId);

  let body;
  if (leads.isPending) {
    body = (
      <div className="flex justify-center py-10">
        <Spinner label={T.loading} />
      </div>
    );
  } else if (leads.isError) {
    body = (
      <div className="flex items-center justify-between gap-3 rounded-lg border border-destructive/40 p-4 text-sm text-destructive">
        {TX.leadsLoadError}
        <Button size="sm" variant="outline" onClick={() => void leads.refetch()}>
          {T.retry}
        </Button>
      </div>
    );
  } else if (!data || data.leads.length === 0) {
    body = <p className="rounded-lg border border-dashed py-10 text-center text-sm text-muted-foreground">{filtered ? TX.leadsNoMatch : TX.leadsEmpty}</p>;
  } else {
    body = (
      <ul className="divide-y rounded-xl border bg-card" data-testid="lead-list" aria-busy={leads.isFetching}>
        {data.leads.map((lead) => (
          <LeadRow key={lead.id} lead={lead} />
        ))}
      </ul>
    );
  }

  return (
    <div className="grid gap-3">
      <div className="grid gap-2 md:grid-cols-[minmax(0,1fr)_12rem_14rem]">
        <div className="relative">
          <Search className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden />
          <Input type="search" aria-label={TX.searchPlaceholder} placeholder={TX.searchPlaceholder} className="pl-9" value={search} onChange={(e) => setSearch(e.target.value)} />
        </div>
        <NativeSelect
          aria-label={TX.statusLabel}
          value={status}
          onChange={(e) => {
            setStatus(e.target.value);
          }}
        >
          <option value="">{TX.allStatuses}</option>
          {LEAD_STATUSES.map((s) => (
            <option key={s} value={s}>
              {LEAD_STATUS_LABELS[s]}
            </option>
          ))}
        </NativeSelect>
        <NativeSelect
          aria-label={TX.sourceLabel}
          value={leadSourceId}
          onChange={(e) => {
            setLeadSourceId(e.target.value);
          }}
        >
          <option value="">{TX.allSources}</option>
          {sources.map((s) => (
            <option key={s.id} value={s.id}>
              {s.name}
            </option>
          ))}
        </NativeSelect>
      </div>
      {body}
      {data && leads.hasNextPage ? (
        <div className="flex flex-wrap items-center justify-between gap-2">
          <span className="text-xs text-muted-foreground" data-testid="leads-shown">
            {TX.shownOf(data.leads.length, Math.max(data.total, data.leads.length))}
          </span>
          <Button variant="outline" size="sm" onClick={() => void leads.fetchNextPage()} disabled={leads.isFetchingNextPage} data-testid="leads-load-more">
            {leads.isFetchingNextPage ? TX.loadingMore : TX.loadMore}
          </Button>
        </div>
      ) : data ? (
        <p className="text-xs text-muted-foreground">{TX.total(data.total)}</p>
      ) : null}
    </div>
  );
}
