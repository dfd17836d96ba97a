import { Copy, Database, Download, FileSpreadsheet, FileText, Globe, Lock, MessageSquareHeart, Pencil, RefreshCw, Trash, TriangleAlert } from "lucide-react";
import type { ReactNode } from "react";
import type { ApiMemory } from "@shared/schemas/memories";
import { MEMORY_TEXTS as TX } from "@shared/texts/memories";
import { T } from "@shared/strings";
import { Badge } from "@web/components/ui/badge";
import { Button } from "@web/components/ui/button";
import { Card, CardContent, CardFooter, CardTitle } from "@web/components/ui/card";
import { Spinner } from "@web/components/ui/spinner";
import { Switch } from "@web/components/ui/switch";
import { cn } from "@web/lib/cn";
import { toast } from "@web/lib/toast-store";
import { useDeleteMemory } from "../api/delete-memory";
import { useDuplicateMemory } from "../api/duplicate-memory";
import { useSyncMemory } from "../api/sync-memory";
import { useUpdateMemory } from "../api/update-memory";
import { memoryPreview } from "../lib/memory-form";
import { formatRomeDateTime } from "@shared/rome-time";

const TYPE_ICONS: Record<string, typeof FileText> = {
  text: FileText,
  csv: FileSpreadsheet,
  airtable: Database,
  feedback: MessageSquareHeart,
};

function Row({ label, children, mono }: { label: string; children: ReactNode; mono?: boolean }) {
  return (
    <div className="flex items-baseline justify-between gap-3 py-1 text-xs">
      <dt className="shrink-0 text-muted-foreground">{label}</dt>
      <dd className={cn("min-w-0 truncate text-right font-medium", mono && "font-mono")}>{children}</dd>
    </div>
  );
}

function useMemoryActions(memory: ApiMemory) {
  const duplicate = useDuplicateMemory({
    onSuccess: (copy) => toast({ title: TX.duplicated, description: copy?.name, variant: "success" }),
  });
  const remove = useDeleteMemory({
    onSuccess: () => toast({ title: TX.deleted, description: memory.name, variant: "success" }),
  });
  const activation = useUpdateMemory({
    onSuccess: () => toast({ title: TX.updated, description: memory.name, variant: "success" }),
  });
  const sync = useSyncMemory({
    onSuccess: (after) =>
      toast({
        title: TX.synced(after?.dataSource?.kind === "airtable" ? after.dataSource.recordCount : 0),
        variant: "success",
      }),
  });
  return { duplicate, remove, activation, sync };
}

export function MemoryCard({ memory, onEdit }: { memory: ApiMemory; onEdit: () => void }) {
  const { duplicate, remove, activation, sync } = useMemoryActions(memory);
  const active = activation.isPending && activation.variables?.body.isActive !== undefined ? activation.variables.body.isActive : memory.isActive;
  const source = memory.dataSource;
  const Icon = TYPE_ICONS[memory.dataType] ?? FileText;
  const text = memoryPreview(memory.content);

  const onDelete = () => {
    if (!window.confirm(TX.deleteConfirm(memory.name))) return;
    remove.mutate(memory.id);
  };

  return (
    <Card data-testid="memory-card" className={cn("flex min-w-0 flex-col", !active && "opacity-85")}>
      <div className="flex items-start gap-3 px-5 pt-5 pb-2">
        <span className="inline-flex size-9 shrink-0 items-center justify-center rounded-lg bg-primary/10 text-primary">
          <Icon className="size-4.5" aria-hidden />
        </span>
        <div className="min-w-0 flex-1">
          <CardTitle className="line-clamp-2 break-words" title={memory.name}>
            {memory.name}
          </CardTitle>
          <div className="mt-1.5 flex flex-wrap gap-1.5">
            <Badge variant={active ? "success" : "secondary"}>{active ? TX.active : TX.inactive}</Badge>
            <Badge variant="outline">{TX.dataTypeLabels[memory.dataType] ?? memory.dataType}</Badge>
            <Badge variant="outline" title={memory.visibility === "private" ? TX.visibilityPrivate : TX.visibilityPublic}>
              {memory.visibility === "private" ? <Lock aria-hidden /> : <Globe aria-hidden />}
              {TX.visibilityNames[memory.visibility]}
            </Badge>
          </div>
        </div>
        <Switch
          checked={active}
          disabled={activation.isPending}
          onCheckedChange={(isActive) => activation.mutate({ id: memory.id, body: { isActive } })}
          aria-label={TX.activeSwitchLabel(memory.name)}
        />
      </div>
      <CardContent className="flex flex-1 flex-col gap-2">
        {text ? <p className="text-sm break-words text-muted-foreground">{text}</p> : null}
        {source?.kind === "csv" ? (
          <dl className="divide-y rounded-lg bg-muted/50 px-3 py-1" data-testid="memory-csv">
            <Row label={TX.csvTitle}>{source.fileName}</Row>
            <Row label={TX.csvRowsLabel}>
              <span data-testid="memory-row-count">{source.rowCount.toLocaleString("it-IT")}</span>
            </Row>
            <Row label={TX.csvColumnsLabel}>{TX.csvColumns(source.columns, source.columnCount)}</Row>
          </dl>
        ) : memory.dataType === "csv" ? (
          <p className="rounded-lg border border-dashed px-3 py-2 text-xs text-muted-foreground">{TX.csvMissing}</p>
        ) : null}
        {source?.kind === "airtable" ? (
          <dl className="divide-y rounded-lg bg-muted/50 px-3 py-1" data-testid="memory-airtable">
            <Row label={TX.airtableApiKey} mono>
              {source.apiKey}
            </Row>
            <Row label={TX.airtableBaseId} mono>
              {source.baseId}
            </Row>
            <Row label={TX.airtableTableId} mono>
              {source.tableId}
            </Row>
            <Row label={TX.recordsLabel}>{TX.records(source.recordCount)}</Row>
          </dl>
        ) : null}
        {memory.dataType === "airtable" ? (
          <p className="text-xs text-muted-foreground">{memory.lastSyncAt ? TX.lastSync(formatRomeDateTime(memory.lastSyncAt)) : TX.neverSynced}</p>
        ) : null}
        {memory.syncError ? (
          <p role="alert" className="flex items-start gap-1.5 rounded-md bg-destructive/10 px-2 py-1.5 text-xs text-destructive" data-testid="memory-sync-error">
            <TriangleAlert className="mt-px size-3.5 shrink-0" aria-hidden />
            {memory.syncError}
          </p>
        ) : null}
        <p className="mt-auto flex flex-wrap gap-x-3 gap-y-1 pt-1 text-xs text-muted-foreground">
          <span>{TX.linkedTemplatesLabel}: {memory.linkedTemplates.length}</span>
          {memory.memoryType === "standard" ? <span>{TX.passages(memory.passageCount)}</span> : null}
          {memory.isOwn ? null : <span>{TX.sharedBy}</span>}
        </p>
      </CardContent>
      <CardFooter>
        <Button size="sm" variant="outline" onClick={onEdit}>
          <Pencil aria-hidden />
          {T.edit}
        </Button>
        <Button size="sm" variant="outline" onClick={() => duplicate.mutate(memory.id)} disabled={duplicate.isPending}>
          <Copy aria-hidden />
          {TX.duplicate}
        </Button>
        {memory.dataType === "airtable" ? (
          <Button size="sm" variant="outline" onClick={() => sync.mutate(memory.id)} disabled={sync.isPending} data-testid="memory-sync">
            {sync.isPending ? <Spinner /> : <RefreshCw aria-hidden />}
            {sync.isPending ? TX.syncing : TX.sync}
          </Button>
        ) : null}
        {source?.kind === "csv" ? (
          <a
            href={`/api/memories/${encodeURIComponent(memory.id)}/csv`}
            download={source.fileName}
            className="inline-flex h-8 items-center gap-2 rounded-lg px-3 text-xs font-medium hover:bg-muted [&_svg]:size-4"
          >
            <Download aria-hidden />
            {TX.csvDownload}
          </a>
        ) : null}
        <Button size="sm" variant="ghost-destructive" onClick={onDelete} disabled={remove.isPending} className="ml-auto">
          <Trash aria-hidden />
          {T.delete}
        </Button>
      </CardFooter>
    </Card>
  );
}
