import { Brain, CircleCheck, Link2 } from "lucide-react";
import { useMemo, useState, type ReactNode } from "react";
import { MEMORY_TEXTS as TX } from "@shared/texts/memories";
import { T } from "@shared/strings";
import { CreateFirstState } from "@web/components/create-first-state";
import { LoadErrorState } from "@web/components/load-error-state";
import { SearchFilterToolbar } from "@web/components/search-filter-toolbar";
import { Card } from "@web/components/ui/card";
import { useMemories } from "../api/get-memories";
import { ALL_TYPES, filterMemories, MEMORY_FILTER_TYPES, memoryCounters } from "../lib/memory-form";
import { MemoryCard } from "./memory-card";
import { MemoryEditorDialog, type MemoryDialogState } from "./memory-editor-dialog";

function Counter({ label, value, icon, testId }: { label: string; value: number | null; icon: ReactNode; testId: string }) {
  return (
    <Card className="flex min-w-0 items-center gap-3 p-3 sm:p-4">
      <span className="hidden size-10 shrink-0 items-center justify-center rounded-lg bg-primary/10 text-primary sm:inline-flex">{icon}</span>
      <div className="min-w-0">
        <p className="text-xl font-bold tabular-nums sm:text-2xl" data-testid={testId}>
          {value === null ? "–" : value}
        </p>
        <p className="text-[11px] leading-tight text-muted-foreground sm:text-sm">{label}</p>
      </div>
    </Card>
  );
}

export function MemoriesPage() {
  const { data: memories, isPending, isError, refetch } = useMemories();
  const [search, setSearch] = useState("");
  const [dataType, setDataType] = useState<string>(ALL_TYPES);
  const [dialog, setDialog] = useState<MemoryDialogState>(null);
  const shown = useMemo(() => filterMemories(memories ?? [], { search, dataType }), [memories, search, dataType]);
  const counters = memories ? memoryCounters(memories) : null;
  const create = () => setDialog({ mode: "create" });

  let body;
  if (isPending) {
    body = (
      <div className="grid gap-4 lg:grid-cols-2 2xl:grid-cols-3" aria-busy="true" aria-label={T.loading}>
        {[0, 1, 2].map((i) => (
          <div key={i} className="grid h-60 animate-pulse content-start gap-3 rounded-xl border bg-card p-5" data-testid="memory-skeleton">
            <div className="flex gap-3">
              <div className="size-9 rounded-lg bg-muted" />
              <div className="grid flex-1 gap-2">
                <div className="h-4 w-2/3 rounded bg-muted" />
                <div className="h-3 w-1/3 rounded bg-muted" />
              </div>
            </div>
            <div className="h-3 rounded bg-muted" />
            <div className="h-3 w-5/6 rounded bg-muted" />
            <div className="h-16 rounded-lg bg-muted/70" />
          </div>
        ))}
      </div>
    );
  } else if (isError) {
    body = <LoadErrorState title={TX.loadError} onRetry={refetch} />;
  } else if (shown.length === 0) {
    body = (
      <CreateFirstState
        title={
          <span className="grid gap-1">
            <span className="font-medium text-foreground">{TX.empty}</span>
            {TX.emptyHint}
          </span>
        }
        icon={<Brain className="size-6" aria-hidden />}
        label={TX.createFirst}
        onCreate={create}
      />
    );
  } else {
    body = (
      <div className="grid gap-4 lg:grid-cols-2 2xl:grid-cols-3" data-testid="memory-list">
        {shown.map((memory) => (
          <MemoryCard key={memory.id} memory={memory} onEdit={() => setDialog({ mode: "edit", memory })} />
        ))}
      </div>
    );
  }

  return (
    <div className="grid gap-5">
      <div className="grid grid-cols-3 gap-2 sm:gap-4">
        <Counter label={TX.activeCount} value={counters?.active ?? null} icon={<CircleCheck className="size-5" aria-hidden />} testId="memories-active-count" />
        <Counter label={TX.totalCount} value={counters?.total ?? null} icon={<Brain className="size-5" aria-hidden />} testId="memories-total-count" />
        <Counter
          label={TX.linkedTemplatesLabel}
          value={counters?.linkedTemplates ?? null}
          icon={<Link2 className="size-5" aria-hidden />}
          testId="memories-linked-count"
        />
      </div>
      <SearchFilterToolbar
        search={{ label: TX.searchLabel, placeholder: TX.searchPlaceholder, value: search, onChange: setSearch }}
        filter={{
          label: TX.dataTypeFilterLabel,
          value: dataType,
          onChange: setDataType,
          allValue: ALL_TYPES,
          allLabel: TX.allTypes,
          options: MEMORY_FILTER_TYPES,
          optionLabel: (t) => TX.dataTypeLabels[t] ?? t,
          className: "min-w-0 flex-1 md:w-44 md:flex-none",
        }}
        newLabel={TX.newMemory}
        onNew={create}
        count={memories ? TX.count(shown.length) : null}
      />
      {body}
      <MemoryEditorDialog state={dialog} onClose={() => setDialog(null)} />
    </div>
  );
}
