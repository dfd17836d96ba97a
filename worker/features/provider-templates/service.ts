import { type ProviderTemplate, SANDBOX_TEMPLATES } from "../../../src/shared/sandbox-templates";
import { createDb } from "../../db/client";
import { HttpError } from "../../lib/http-error";
import { listContentTemplates, TwilioError } from "../../providers/twilio";
import type { AccountRow } from "../accounts/repo";
import { accountAuthToken } from "../accounts/service";
import { approvedInternalTemplates } from "../templates/service";

const CACHE_SECONDS = 60;

// The account's provider templates: built-in samples for a sandbox, Twilio's Content API otherwise,
// cached briefly so the start form and the prompt editor do not page through Twilio on every render.
// Approved internal templates (Template WhatsApp) are offered too: by their Twilio sid, which replaces
// the same content in Twilio's list, or for a sandbox by a stable local sid.
export async function listProviderTemplates(env: Env, account: AccountRow): Promise<ProviderTemplate[]> {
  const internal = await approvedInternalTemplates(createDb(env.DB), account);
  if (account.sandbox) return [...SANDBOX_TEMPLATES, ...internal];
  const internalSids = new Set(internal.map((t) => t.sid));
  return [...(await listTwilioTemplates(env, account)).filter((t) => !internalSids.has(t.sid)), ...internal];
}

async function listTwilioTemplates(env: Env, account: AccountRow): Promise<ProviderTemplate[]> {
  const cache = await caches.open("provider-templates");
  const key = new Request(`https://cache.agentbot.internal/templates/${account.id}/${account.updatedAt.getTime()}`);
  const hit = await cache.match(key);
  if (hit) return hit.json();
  try {
    const templates = await listContentTemplates(env, { accountSid: account.accountSid, authToken: await accountAuthToken(env, account) });
    await cache.put(key, Response.json(templates, { headers: { "Cache-Control": `max-age=${CACHE_SECONDS}` } }));
    return templates;
  } catch (err) {
    if (err instanceof TwilioError) throw new HttpError(502, `Impossibile leggere i template da Twilio: ${err.message}`);
    throw err;
  }
}

export async function findProviderTemplate(env: Env, account: AccountRow, sid: string) {
  return (await listProviderTemplates(env, account)).find((t) => t.sid === sid) ?? null;
}
