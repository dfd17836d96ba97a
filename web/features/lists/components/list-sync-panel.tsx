import { RefreshCw } from "lucide-react";
import { useEffect, useState } from "react";
import { formatRomeDateTime } from "@shared/rome-format";
import { type ApiList, LIST_SYNC_MAX_MINUTES, LIST_SYNC_MIN_MINUTES } from "@shared/schemas/lists";
import { T } from "@shared/strings";
import { LIST_TEXTS as TX } from "@shared/texts/lists";
import { Button } from "@web/components/ui/button";
import { Input } from "@web/components/ui/input";
import { toast } from "@web/lib/toast-store";
import { useSaveListSync } from "../api/save-list-sync";

export const isSyncedList = (list: Pick<ApiList, "listType" | "source">) => list.listType === "dynamic" && list.source === "airtable";

// A dynamic Airtable list's re-sync: how often, the last one and what it did, and the interval to change.
export function ListSyncPanel({ list }: { list: ApiList }) {
  const save = useSaveListSync();
  const [text, setText] = useState(String(list.syncInterval));
  useEffect(() => setText(String(list.syncInterval)), [list.syncInterval]);
  const last = list.lastImport?.status === "completed" ? list.lastImport : null;
  const submit = () => {
    const minutes = Number(text);
    if (!Number.isInteger(minutes) || minutes < LIST_SYNC_MIN_MINUTES || minutes > LIST_SYNC_MAX_MINUTES) {
      toast({ title: T.error, description: T.syncIntervalInvalid, variant: "destructive" });
      return;
    }
    save.mutate(
      { id: list.id, syncInterval: minutes },
      { onSuccess: () => toast({ title: TX.syncSaved, description: TX.syncEvery(minutes), variant: "success" }) },
    );
  };
  return (
    <div className="grid gap-2 rounded-lg border border-dashed p-3 text-xs text-muted-foreground" data-testid="list-sync">
      <p className="flex items-center gap-1.5 font-medium text-foreground">
        <RefreshCw className="size-3.5" aria-hidden />
        {TX.syncEvery(list.syncInterval)}
      </p>
      <p data-testid="list-sync-last">
        {list.lastSyncAt ? TX.lastSync(formatRomeDateTime(list.lastSyncAt)) : TX.neverSynced}
        {last ? ` · ${TX.syncResult(last.created, last.updated, last.deactivated)}` : null}
      </p>
      <form
        noValidate
        className="flex flex-wrap items-center gap-2"
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <label className="flex items-center gap-2">
          <span>{TX.syncIntervalLabel}</span>
          <Input className="h-8 w-20" type="number" inputMode="numeric" min={LIST_SYNC_MIN_MINUTES} max={LIST_SYNC_MAX_MINUTES} value={text} onChange={(e) => setText(e.target.value)} />
        </label>
        <Button size="sm" variant="outline" type="submit" disabled={save.isPending || text === String(list.syncInterval)}>
          {T.save}
        </Button>
      </form>
    </div>
  );
}
