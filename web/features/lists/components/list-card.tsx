import { Database, FileSpreadsheet, Settings2, Trash, Upload, Users } from "lucide-react";
import { type ApiList, LIST_SOURCE_LABELS, LIST_TYPE_LABELS } from "@shared/schemas/lists";
import { T } from "@shared/strings";
import { LEAD_TEXTS } from "@shared/texts/leads";
import { LIST_TEXTS as TX } from "@shared/texts/lists";
import { Badge } from "@web/components/ui/badge";
import { Button } from "@web/components/ui/button";
import { Card, CardContent, CardFooter, CardTitle } from "@web/components/ui/card";
import { toast } from "@web/lib/toast-store";
import { useDeleteList } from "../api/delete-list";
import { isImporting } from "../api/get-lists";
import { useStartImport } from "../api/start-import";
import { ImportStatus } from "./import-status";
import { isSyncedList, ListSyncPanel } from "./list-sync-panel";

export function ListCard({
  list,
  onOpenLeads,
  onConfigure,
  onImportStarted,
}: {
  list: ApiList;
  onOpenLeads: () => void;
  onConfigure: () => void;
  onImportStarted: (importId: string) => void;
}) {
  const importing = isImporting(list);
  const start = useStartImport();
  const removal = useDeleteList({
    onSuccess: () => toast({ title: TX.deleted, description: list.name, variant: "success" }),
  });

  const runImport = () =>
    start.mutate(list.id, {
      onSuccess: (imp) => {
        toast({ title: TX.importStarted, description: TX.importStartedDescription, variant: "success" });
        if (imp) onImportStarted(imp.id);
      },
    });

  const remove = () => {
    if (!window.confirm(TX.deleteConfirm(list.name))) return;
    removal.mutate(list.id);
  };

  const SourceIcon = list.source === "csv" ? FileSpreadsheet : Database;
  return (
    <Card data-testid="list-card" data-list-id={list.id} className="flex min-w-0 flex-col">
      <div className="flex items-start gap-3 p-5 pb-3">
        <span className="inline-flex size-10 shrink-0 items-center justify-center rounded-lg bg-primary/15 text-primary">
          <SourceIcon className="size-5" aria-hidden />
        </span>
        <div className="min-w-0 flex-1">
          <CardTitle className="break-words">{list.name}</CardTitle>
          <div className="mt-1.5 flex flex-wrap gap-1.5">
            <Badge variant="outline">{LIST_SOURCE_LABELS[list.source] ?? list.source}</Badge>
            <Badge variant="secondary">{LIST_TYPE_LABELS[list.listType] ?? list.listType}</Badge>
            <Badge variant={list.isActive ? "success" : "secondary"}>{list.isActive ? TX.active : TX.inactive}</Badge>
          </div>
        </div>
      </div>
      <CardContent className="grid flex-1 content-start gap-3">
        <p className="flex items-center gap-2 text-2xl font-semibold tabular-nums" data-testid="lead-count">
          <Users className="size-5 text-muted-foreground" aria-hidden />
          {LEAD_TEXTS.total(list.leadCount)}
        </p>
        {list.lastImport ? <ImportStatus imp={list.lastImport} /> : null}
        {isSyncedList(list) ? <ListSyncPanel list={list} /> : null}
      </CardContent>
      <CardFooter>
        <Button size="sm" variant="outline" onClick={onOpenLeads}>
          <Users aria-hidden />
          {TX.leads}
        </Button>
        <Button size="sm" variant="outline" onClick={onConfigure}>
          <Settings2 aria-hidden />
          {T.configure}
        </Button>
        <Button size="sm" onClick={runImport} disabled={importing || start.isPending}>
          <Upload aria-hidden />
          {importing || start.isPending ? TX.importing : isSyncedList(list) ? TX.syncNow : TX.import}
        </Button>
        <Button size="sm" variant="ghost-destructive" onClick={remove} disabled={removal.isPending}>
          <Trash aria-hidden />
          {T.delete}
        </Button>
      </CardFooter>
    </Card>
  );
}
