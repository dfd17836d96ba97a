import { MessagesSquare, Search } from "lucide-react";
import { useEffect, useRef, useState, type ReactNode } from "react";
import { CONVERSATION_TEXTS as TX } from "@shared/texts/conversations";
import { EmptyState } from "@web/components/empty-state";
import { Button } from "@web/components/ui/button";
import { Input, ItemOptions, NamedOptions, NativeSelect } from "@web/components/ui/input";
import { cn } from "@web/lib/cn";
import { useMediaQuery } from "@web/lib/use-media-query";
import { useConversations, type ConversationFilter } from "../api/get-conversations";
import { useLabels } from "../api/labels";
import type { DateRange } from "../lib/date-filter";
import { pickSelected } from "../lib/selection";
import { ConversationList } from "./conversation-list";
import { ConversationPane } from "./conversation-pane";
import { DateFilterBar } from "./date-filter-bar";
import { NotificationToggle } from "./notification-toggle";
import { LoadErrorState } from "@web/components/load-error-state";

type View = NonNullable<ConversationFilter["view"]>;
type Assigned = NonNullable<ConversationFilter["assigned"]>;
const VIEW_OPTIONS: readonly (readonly [View, string])[] = [
  ["open", TX.viewOpen],
  ["archived", TX.viewArchived],
  ["all", TX.viewEverything],
];
const ASSIGNED_OPTIONS: readonly (readonly [Assigned, string])[] = [
  ["all", TX.assignedAll],
  ["mine", TX.assignedMine],
  ["unassigned", TX.assignedNone],
];

// A small select of the list's fixed filters (view, assignment).
function FilterSelect<V extends string>({ label, value, onChange, options, testId }: { label: string; value: V; onChange: (value: V) => void; options: readonly (readonly [V, string])[]; testId: string }) {
  return (
    <NativeSelect aria-label={label} value={value} onChange={(e) => onChange(e.target.value as V)} data-testid={testId} className="h-8 text-xs">
      <ItemOptions items={options} value={([v]) => v} label={([, text]) => text} />
    </NativeSelect>
  );
}

// From 640 px the list and the open conversation sit side by side.
export const SPLIT_QUERY = "(min-width: 640px)";
const SEARCH_DEBOUNCE_MS = 300;

function useDebounced<T>(value: T, ms: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}

// Loads the next page when the end of the list scrolls into view; the button does the same by hand.
function LoadMore({ hasMore, loading, onMore }: { hasMore: boolean; loading: boolean; onMore: () => void }) {
  const sentinel = useRef<HTMLDivElement>(null);
  const onMoreRef = useRef(onMore);
  onMoreRef.current = onMore;
  useEffect(() => {
    const el = sentinel.current;
    if (!el || !hasMore || typeof IntersectionObserver === "undefined") return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) onMoreRef.current();
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, [hasMore]);
  if (!hasMore) return <p className="py-3 text-center text-[11px] text-muted-foreground" data-testid="list-end">{TX.listEnd}</p>;
  return (
    <div ref={sentinel} className="flex justify-center py-2">
      <Button variant="ghost" size="sm" onClick={onMore} disabled={loading} data-testid="load-more-conversations">
        {loading ? TX.loadingMore : TX.loadMore}
      </Button>
    </div>
  );
}

// 'Chat WhatsApp': search and date filter, the list, and the selected conversation.
export function ConversationsPage({ toolbar }: { toolbar?: ReactNode }) {
  const wide = useMediaQuery(SPLIT_QUERY);
  const [search, setSearch] = useState("");
  const [range, setRange] = useState<DateRange>({});
  const [view, setView] = useState<View>("open");
  const [assigned, setAssigned] = useState<Assigned>("all");
  const [label, setLabel] = useState("");
  const { data: labels = [] } = useLabels();
  const [chosenId, setChosenId] = useState<string | null>(null);
  const term = useDebounced(search.trim(), SEARCH_DEBOUNCE_MS);
  const filter: ConversationFilter = {
    ...(term ? { search: term } : {}),
    ...range,
    ...(view !== "open" ? { view } : {}),
    ...(assigned !== "all" ? { assigned } : {}),
    ...(label ? { label } : {}),
  };
  const list = useConversations(filter);
  const conversations = list.data?.pages.flatMap((p) => p.items) ?? [];
  const selectedId = pickSelected(conversations, chosenId, wide);
  // The first conversation shown side by side stays chosen: one pushed on top does not replace it.
  useEffect(() => {
    if (wide && selectedId && selectedId !== chosenId) setChosenId(selectedId);
  }, [wide, selectedId, chosenId]);

  const showList = wide || !selectedId;
  const showDetail = wide || !!selectedId;

  let listBody: ReactNode;
  if (list.isPending) {
    listBody = (
      <div className="grid gap-2 p-2" aria-busy="true">
        {[0, 1, 2, 3].map((i) => (
          <div key={i} className="h-14 animate-pulse rounded-lg bg-muted" />
        ))}
      </div>
    );
  } else if (list.isError && conversations.length === 0) {
    listBody = <LoadErrorState title={TX.listLoadError} onRetry={list.refetch} className="border-0" small />;
  } else if (conversations.length === 0) {
    listBody = <EmptyState title={TX.listEmpty} icon={<MessagesSquare className="size-6" aria-hidden />} className="border-0 py-10" />;
  } else {
    listBody = (
      <>
        <ConversationList conversations={conversations} selectedId={selectedId} onSelect={setChosenId} />
        <LoadMore hasMore={list.hasNextPage} loading={list.isFetchingNextPage} onMore={() => void (list.isFetchingNextPage || list.fetchNextPage())} />
      </>
    );
  }

  return (
    <div className="flex h-[calc(100dvh-6rem)] min-h-[30rem] gap-4 md:h-[calc(100dvh-7rem)]" data-testid="conversations-page">
      {showList ? (
        <section
          className={cn("flex min-h-0 flex-col overflow-hidden rounded-xl border bg-card shadow-sm", wide ? "w-72 shrink-0 lg:w-80" : "w-full")}
          aria-label={TX.listLabel}
        >
          <div className="grid gap-2 border-b p-3">
            {toolbar}
            <div className="relative">
              <Search className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden />
              <Input
                type="search"
                value={search}
                onChange={(e) => setSearch(e.target.value)}
                placeholder={TX.searchPlaceholder}
                aria-label={TX.searchLabel}
                className="pl-9"
                data-testid="conversation-search"
              />
            </div>
            <DateFilterBar onChange={setRange} />
            <div className="grid grid-cols-2 gap-2">
              <FilterSelect label={TX.viewLabel} value={view} onChange={setView} options={VIEW_OPTIONS} testId="conversation-view" />
              <FilterSelect label={TX.assignLabel} value={assigned} onChange={setAssigned} options={ASSIGNED_OPTIONS} testId="conversation-assigned" />
            </div>
            {labels.length > 0 ? (
              <NativeSelect aria-label={TX.labels} value={label} onChange={(e) => setLabel(e.target.value)} data-testid="conversation-label" className="h-8 text-xs">
                <option value="">{TX.labelFilterAll}</option>
                <NamedOptions items={labels} />
              </NativeSelect>
            ) : null}
            <NotificationToggle />
          </div>
          <div className="min-h-0 flex-1 overflow-y-auto p-2">{listBody}</div>
        </section>
      ) : null}
      {showDetail ? (
        <section className="flex min-h-0 min-w-0 flex-1 flex-col overflow-hidden rounded-xl border bg-card shadow-sm" data-testid="conversation-detail">
          {selectedId ? (
            <ConversationPane
              key={selectedId}
              id={selectedId}
              onBack={wide ? undefined : () => setChosenId(null)}
              onDeleted={() => setChosenId(null)}
            />
          ) : (
            <EmptyState title={TX.selectConversation} icon={<MessagesSquare className="size-6" aria-hidden />} className="m-4 flex-1" />
          )}
        </section>
      ) : null}
    </div>
  );
}
