import type { Db } from "../db/client";
import { giveUpImport, ImportRetryLater, runAirtableChunk, runCsvChunk } from "../features/lists/importer";
import { RetryLater } from "./send-message";

// One chunk of a list import (CSV rows or Airtable pages). Airtable being busy or down is retried
// after a pause rather than with the queue's short backoff.
export async function runListImportChunk(
  env: Env,
  db: Db,
  job: { kind: "list.import.csv"; importId: string; chunk: number } | { kind: "list.import.airtable"; importId: string; chunk: number; offset: string | null; restarts?: number },
) {
  try {
    if (job.kind === "list.import.csv") await runCsvChunk(env, db, job);
    else await runAirtableChunk(env, db, job);
  } catch (err) {
    if (err instanceof ImportRetryLater) throw new RetryLater(err.delaySeconds);
    throw err;
  }
}

export function giveUpListImport(db: Db, job: { importId: string }) {
  return giveUpImport(db, job);
}
