import { useCallback, useEffect, useRef } from "react";
import { type ApiList } from "@shared/schemas/lists";
import { LIST_TEXTS as TX } from "@shared/texts/lists";
import { toast } from "@web/lib/toast-store";
import { finishedImports, importStates } from "./import-progress";

function announce(outcome: ReturnType<typeof finishedImports>[number]) {
  if (outcome.kind === "completed") {
    toast({ title: TX.imported, description: TX.importedDescription(outcome.imp.count), variant: "success" });
  } else {
    toast({ title: TX.importErrorTitle, description: outcome.imp.error ?? TX.importErrorDefault, variant: "destructive" });
  }
}

// Imports run in the background: when one this page saw running (or started) ends, the user hears of it.
export function useImportNotifications(lists: readonly ApiList[] | undefined) {
  const seen = useRef(new Map<string, string>());
  const latest = useRef(lists);
  latest.current = lists;

  useEffect(() => {
    if (!lists) return;
    for (const outcome of finishedImports(seen.current, lists)) announce(outcome);
    const next = importStates(lists);
    for (const [id, status] of seen.current) if (!next.has(id)) next.set(id, status);
    seen.current = next;
  }, [lists]);

  // An import this page has just started. A small one may have finished before the caller heard back.
  return useCallback((importId: string) => {
    const started = new Map([[importId, "queued"]]);
    const done = finishedImports(started, latest.current ?? []);
    if (done.length) {
      done.forEach(announce);
      seen.current.set(importId, done[0]!.imp.status);
    } else {
      seen.current.set(importId, "queued");
    }
  }, []);
}
