// Auto-sync of pulled lead sources (an Airtable table): the cron claims the due ones and queues a
// job each; the job reads the table through the Airtable client and saves each record as the
// source's lead (one per number), so new leads get the source's auto-response, once.
import type { JobMessage } from "@shared/jobs";
import { toE164 } from "@shared/phone";
import { leadInputSchema } from "@shared/schemas/lead-sources";
import { LEAD_TEXTS as TX } from "@shared/texts/leads";
import type { Db } from "@worker/db/client";
import { decryptSecret } from "@worker/lib/crypto";
import { AirtableError, type AirtableField, fieldsByCurrentName, followFieldRenames, listAllRecords, tableSchemaFields } from "@worker/providers/airtable";
import { findAccount } from "../accounts/repo";
import { cellText } from "../lists/importer";
import * as repo from "./repo";
import { saveLead, type StoredSourceConfig } from "./service";

const SYNCS_PER_TICK = 50;

// Airtable busy or down: the queue tries the job again after this pause (as list imports do).
export class SourceRetryLater extends Error {
  constructor(
    message: string,
    readonly delaySeconds: number,
  ) {
    super(message);
  }
}

export async function dueLeadSourceSyncJobs(db: Db, now: Date): Promise<JobMessage[]> {
  const jobs: JobMessage[] = [];
  for (const source of await repo.dueSyncSources(db, now, SYNCS_PER_TICK)) {
    if (!(await repo.claimSourceSync(db, source, now))) continue;
    jobs.push({ kind: "lead-source.sync", sourceId: source.id, idempotencyKey: `lead-source.sync:${source.id}:${now.toISOString().slice(0, 16)}` });
  }
  return jobs;
}

export async function runLeadSourceSync(env: Env, db: Db, job: { sourceId: string }, now = new Date()) {
  const source = await repo.findSource(db, job.sourceId);
  if (!source || !source.isActive || source.type !== "airtable") return;
  const fail = (error: string) => repo.recordSync(db, source.id, { lastSyncAt: now, lastSyncResult: { ok: false, created: 0, updated: 0, invalid: 0, error } });
  const config = source.config as StoredSourceConfig | null;
  const storedMapping = source.fieldMapping ?? {};
  const account = await findAccount(db, source.twilioAccountId);
  if (!account) return;
  if (!config || !storedMapping.phoneNumber) return fail(TX.airtableRequired);
  let apiKey: string;
  try {
    apiKey = await decryptSecret(config.apiKey, env.ENCRYPTION_KEY);
  } catch {
    return fail(TX.airtableRequired);
  }
  let records;
  let mapping = storedMapping;
  try {
    const table = { apiKey, baseId: config.baseId, tableId: config.tableId, viewId: config.viewId };
    // Columns are followed by field id (the rule lists use), so a rename in Airtable keeps the mapping;
    // a token without the schema scope reads them by name.
    const schema = await tableSchemaFields(env, table);
    if (schema) mapping = await followRenames(db, source, config, storedMapping, schema);
    records = await listAllRecords(env, table, undefined, { byFieldId: schema !== null });
    if (schema) fieldsByCurrentName(records, schema);
  } catch (err) {
    if (err instanceof AirtableError && (err.kind === "rate_limited" || err.kind === "unavailable")) throw new SourceRetryLater(err.message, err.retryAfterSeconds ?? 30);
    if (err instanceof AirtableError) return fail(err.message);
    throw err;
  }
  let created = 0;
  let updated = 0;
  let invalid = 0;
  for (const record of records) {
    const field = (key: string) => (mapping[key] ? cellText(record.fields[mapping[key]!]) : null);
    const parsed = leadInputSchema.safeParse({
      phone: field("phoneNumber") ?? "",
      name: field("name")?.slice(0, 200),
      email: field("email")?.slice(0, 200),
      company: field("company")?.slice(0, 200),
      notes: field("notes")?.slice(0, 2000),
      externalId: record.id,
      leadSourceId: source.id,
    });
    // A record without a usable number (or with a malformed email) is counted, not saved.
    // A national number is read with the account's country, as saveLead reads it.
    if (!parsed.success || !toE164(parsed.data.phone, account.phoneCountry)) {
      invalid++;
      continue;
    }
    const saved = await saveLead(env, db, { account, userId: source.userId }, parsed.data, now);
    if (saved.created) created++;
    else updated++;
  }
  await repo.recordSync(db, source.id, { lastSyncAt: now, lastSyncResult: { ok: true, created, updated, invalid, error: null } });
}

// Stores the field ids beside the mapping and shows the columns' current names on the source's card.
async function followRenames(db: Db, source: repo.LeadSourceRow, config: StoredSourceConfig, mapping: Record<string, string>, schema: AirtableField[]) {
  const stored = config.fieldIds ?? {};
  const followed = followFieldRenames(mapping, stored, schema);
  if (JSON.stringify(sorted(followed.fieldIds)) !== JSON.stringify(sorted(stored)) || JSON.stringify(sorted(followed.mapping)) !== JSON.stringify(sorted(mapping))) {
    await repo.updateSource(db, source.id, { config: { ...config, fieldIds: followed.fieldIds }, fieldMapping: { ...source.fieldMapping, ...followed.mapping } });
  }
  return followed.mapping;
}

const sorted = (record: Record<string, string>) => Object.fromEntries(Object.entries(record).sort(([a], [b]) => a.localeCompare(b)));

// After its retries (Airtable busy or down all along) the sync is reported on the source's card.
export async function giveUpLeadSourceSync(db: Db, job: { sourceId: string }, now = new Date()) {
  await repo.recordSync(db, job.sourceId, { lastSyncAt: now, lastSyncResult: { ok: false, created: 0, updated: 0, invalid: 0, error: TX.syncGaveUp } });
}
