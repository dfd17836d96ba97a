import { type ProviderTemplate, SANDBOX_TEMPLATES } from "@shared/sandbox-templates";
import { createDb } from "@worker/db/client";
import { HttpError } from "@worker/lib/http-error";
import { listContentTemplates, TwilioError } from "@worker/providers/twilio";
import type { AccountRow } from "../accounts/repo";
import { accountAuthToken } from "../accounts/service";
import { approvedInternalTemplates } from "../templates/service";
import { MEMO_SECONDS, memoEpoch, recallTemplates, rememberTemplates } from "./memo";

const CACHE_SECONDS = 60;
// When the cached copy of Twilio's list was fetched (epoch ms), so no copy of it outlives CACHE_SECONDS.
const FETCHED_AT = "X-Fetched-At";

// The account's provider templates: built-in samples for a sandbox, Twilio's Content API otherwise,
// cached briefly so the start form and the prompt editor do not page through Twilio on every render.
// Approved internal templates (Template WhatsApp) are offered too: by their Twilio sid, which replaces
// the same content in Twilio's list, or for a sandbox by a stable local sid. The merged list is kept
// per isolate for a few seconds (./memo.ts) for the screens that list templates; `fresh` reads past it
// (and renews it).
export async function listProviderTemplates(env: Env, account: AccountRow, { fresh = false } = {}): Promise<ProviderTemplate[]> {
  const version = account.updatedAt.getTime();
  const remembered = fresh ? null : recallTemplates(account.id, version);
  if (remembered) return remembered;
  const readEpoch = memoEpoch();
  const now = Date.now();
  const internal = await approvedInternalTemplates(createDb(env.DB), account);
  let templates: ProviderTemplate[];
  let expires = now + MEMO_SECONDS * 1000;
  if (account.sandbox) {
    templates = [...SANDBOX_TEMPLATES, ...internal];
  } else {
    const twilio = await listTwilioTemplates(env, account);
    const internalSids = new Set(internal.map((t) => t.sid));
    templates = [...twilio.templates.filter((t) => !internalSids.has(t.sid)), ...internal];
    expires = Math.min(expires, twilio.fetchedAt + CACHE_SECONDS * 1000);
  }
  rememberTemplates(account.id, version, readEpoch, templates, expires);
  return templates;
}

async function listTwilioTemplates(env: Env, account: AccountRow): Promise<{ templates: ProviderTemplate[]; fetchedAt: number }> {
  const cache = await caches.open("provider-templates");
  const key = new Request(`https://cache.agentbot.internal/templates/${account.id}/${account.updatedAt.getTime()}`);
  const hit = await cache.match(key);
  if (hit) return { templates: await hit.json(), fetchedAt: Number(hit.headers.get(FETCHED_AT)) || Date.now() };
  try {
    const templates = await listContentTemplates(env, { accountSid: account.accountSid, authToken: await accountAuthToken(env, account) });
    const fetchedAt = Date.now();
    await cache.put(key, Response.json(templates, { headers: { "Cache-Control": `max-age=${CACHE_SECONDS}`, [FETCHED_AT]: String(fetchedAt) } }));
    return { templates, fetchedAt };
  } catch (err) {
    if (err instanceof TwilioError) throw new HttpError(502, `Impossibile leggere i template da Twilio: ${err.message}`);
    throw err;
  }
}

// A template to send or to save in a campaign, a reminder or a prompt: always read afresh (not from the
// memo, which another isolate's change reaches only when it expires), so a template approved, deleted
// or rejected a moment ago is seen as it is now.
export async function findProviderTemplate(env: Env, account: AccountRow, sid: string) {
  return (await listProviderTemplates(env, account, { fresh: true })).find((t) => t.sid === sid) ?? null;
}
