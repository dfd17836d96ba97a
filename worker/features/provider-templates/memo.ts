import type { ProviderTemplate } from "@shared/sandbox-templates";

// A per-isolate memo of each account's provider templates (Twilio's list merged with the approved
// internal ones), in front of the Cache API and the database: listing them (the dashboard's stats, the
// start form, the prompt editor) then costs neither a cache lookup nor a query. Short-lived and
// bounded; an entry is for one version of the account (its updatedAt), and template changes made
// through this Worker forget it at once. Other isolates see a change when their entry expires, at most
// MEMO_SECONDS later; sends never use it (findProviderTemplate reads afresh).
export const MEMO_SECONDS = 30;
export const MEMO_MAX_ACCOUNTS = 500;

interface Entry {
  version: number;
  expires: number;
  templates: readonly ProviderTemplate[];
}

const entries = new Map<string, Entry>();
// Bumped by every forget: a read that began before a change must not store what it read.
let epoch = 0;

export function memoEpoch() {
  return epoch;
}

export function recallTemplates(accountId: string, version: number, now = Date.now()): ProviderTemplate[] | null {
  const entry = entries.get(accountId);
  if (!entry) return null;
  if (entry.version !== version || entry.expires <= now) {
    entries.delete(accountId);
    return null;
  }
  return [...entry.templates];
}

// Keeps `templates` until `expires` (epoch ms), unless a forget happened since `readEpoch`.
export function rememberTemplates(accountId: string, version: number, readEpoch: number, templates: readonly ProviderTemplate[], expires: number) {
  if (readEpoch !== epoch) return;
  entries.delete(accountId);
  entries.set(accountId, { version, expires, templates: [...templates] });
  // The oldest entry goes first (a Map keeps insertion order).
  while (entries.size > MEMO_MAX_ACCOUNTS) entries.delete(entries.keys().next().value!);
}

// An account's templates changed through this Worker (a submit, a sync, a delete): read them afresh.
export function forgetProviderTemplates(accountId: string) {
  epoch++;
  entries.delete(accountId);
}

export function memoSize() {
  return entries.size;
}
