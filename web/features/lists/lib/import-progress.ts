import type { ApiList, ApiListImport } from "@shared/schemas/lists";

// 0..1 when the total is known (CSV), null for a run whose length is learnt at the end (Airtable).
export function importFraction(imp: ApiListImport): number | null {
  if (imp.status === "completed") return 1;
  if (!imp.total) return null;
  return Math.min(1, imp.processed / imp.total);
}

export type ImportOutcome = { kind: "completed"; list: ApiList; imp: ApiListImport } | { kind: "failed"; list: ApiList; imp: ApiListImport };

// Imports seen running in an earlier answer that have now finished: each is reported once.
export function finishedImports(previous: ReadonlyMap<string, string>, lists: readonly ApiList[]): ImportOutcome[] {
  const out: ImportOutcome[] = [];
  for (const list of lists) {
    const imp = list.lastImport;
    if (!imp) continue;
    const before = previous.get(imp.id);
    if (before !== "queued" && before !== "running") continue;
    if (imp.status === "completed") out.push({ kind: "completed", list, imp });
    if (imp.status === "failed") out.push({ kind: "failed", list, imp });
  }
  return out;
}

export function importStates(lists: readonly ApiList[]): Map<string, string> {
  return new Map(lists.flatMap((l) => (l.lastImport ? [[l.lastImport.id, l.lastImport.status] as const] : [])));
}
