import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { SANDBOX_TEMPLATES } from "@shared/sandbox-templates";
import { templates, twilioAccounts } from "@worker/db/schema";
import { findAccount } from "@worker/features/accounts/repo";
import {
  forgetProviderTemplates,
  MEMO_MAX_ACCOUNTS,
  MEMO_SECONDS,
  memoEpoch,
  memoSize,
  recallTemplates,
  rememberTemplates,
} from "@worker/features/provider-templates/memo";
import { findProviderTemplate, listProviderTemplates } from "@worker/features/provider-templates/service";
import { syncApproval } from "@worker/features/templates/service";
import { call, db, signedInUser } from "./helpers";

async function sandboxAccount() {
  const { user, cookie } = await signedInUser();
  const res = await call("/api/twilio-accounts", { cookie, body: { name: "Sandbox", sandbox: true, phoneNumber: "+15005550006", gptModel: "gpt-4o-mini" } });
  return { user, cookie, accountId: (res.json as { id: string }).id };
}

// The app and the functions called directly must share one module instance (one isolate's memo):
// `env` makes call() use the app imported here rather than the Worker's own entry.
const SAME_ISOLATE = { env: {} };
const sids = async (cookie: string) => ((await call("/api/twilio-templates", { cookie, ...SAME_ISOLATE })).json as { sid: string }[]).map((t) => t.sid);
const internalSid = (id: string) => `HXint${id.replaceAll("-", "")}`;

// An approved template written straight to the database, as another isolate's sync would leave it:
// this isolate hears nothing of it.
async function approvedBehindTheWorkersBack(userId: string, accountId: string, name: string) {
  const [row] = await db()
    .insert(templates)
    .values({ userId, twilioAccountId: accountId, name, category: "loans", status: "approved", whatsappContent: { type: "text", text: "Ciao {{1}}!" } })
    .returning();
  return row!;
}

describe("the per-isolate memo of provider templates", () => {
  it("keeps an entry for its account version until it expires", () => {
    const t = [SANDBOX_TEMPLATES[0]!];
    const now = Date.now();
    rememberTemplates("memo-a", 1, memoEpoch(), t, now + MEMO_SECONDS * 1000);
    expect(recallTemplates("memo-a", 1, now)).toEqual(t);
    expect(recallTemplates("memo-a", 1, now + MEMO_SECONDS * 1000 - 1)).toEqual(t);
    // Callers get their own array.
    recallTemplates("memo-a", 1, now)!.pop();
    expect(recallTemplates("memo-a", 1, now)).toHaveLength(1);
    expect(recallTemplates("memo-a", 1, now + MEMO_SECONDS * 1000)).toBeNull();
    rememberTemplates("memo-a", 1, memoEpoch(), t, now + 1000);
    // Another version of the account (it was edited) does not use it.
    expect(recallTemplates("memo-a", 2, now)).toBeNull();
    expect(recallTemplates("memo-a", 1, now)).toBeNull();
  });

  it("forgets an account on a change, and drops what a read that began before the change stored", () => {
    const t = [SANDBOX_TEMPLATES[0]!];
    const expires = Date.now() + 10_000;
    rememberTemplates("memo-b", 1, memoEpoch(), t, expires);
    forgetProviderTemplates("memo-b");
    expect(recallTemplates("memo-b", 1)).toBeNull();
    const readStarted = memoEpoch();
    forgetProviderTemplates("memo-c");
    rememberTemplates("memo-c", 1, readStarted, t, expires);
    expect(recallTemplates("memo-c", 1)).toBeNull();
  });

  it("holds at most MEMO_MAX_ACCOUNTS accounts, the oldest leaving first", () => {
    const t = [SANDBOX_TEMPLATES[0]!];
    const expires = Date.now() + 10_000;
    for (let i = 0; i < MEMO_MAX_ACCOUNTS + 10; i++) rememberTemplates(`memo-bound-${i}`, 1, memoEpoch(), t, expires);
    expect(memoSize()).toBe(MEMO_MAX_ACCOUNTS);
    expect(recallTemplates("memo-bound-0", 1)).toBeNull();
    expect(recallTemplates(`memo-bound-${MEMO_MAX_ACCOUNTS + 9}`, 1)).toEqual(t);
  });
});

describe("provider templates through the memo", () => {
  it("serves repeated reads from memory, and a change made through this Worker shows at once", async () => {
    const { user, cookie, accountId } = await sandboxAccount();
    expect(await sids(cookie)).toEqual(SANDBOX_TEMPLATES.map((t) => t.sid));

    // Approved elsewhere: the list keeps its copy for now...
    const hidden = await approvedBehindTheWorkersBack(user.id, accountId, "Approvato altrove");
    expect(await sids(cookie)).not.toContain(internalSid(hidden.id));
    // ...but a send reads afresh, so it is usable at once (and that read renews the memo).
    const account = (await findAccount(db(), accountId))!;
    expect(await findProviderTemplate(env, account, internalSid(hidden.id))).toMatchObject({ sid: internalSid(hidden.id), status: "approved" });
    expect(await findProviderTemplate(env, account, "HXnone")).toBeNull();
    expect(await sids(cookie), "after the fresh lookup").toContain(internalSid(hidden.id));
    // Deleted elsewhere: still listed from the memo, but no longer usable for a send.
    await db().delete(templates).where(eq(templates.id, hidden.id));
    expect(await sids(cookie)).toContain(internalSid(hidden.id));
    expect(await findProviderTemplate(env, account, internalSid(hidden.id))).toBeNull();
    expect(await sids(cookie)).not.toContain(internalSid(hidden.id));

    // Submitted, then approved by the sync (the cron's template.sync job) in this isolate: offered on the next read.
    const created = await call("/api/templates", {
      cookie,
      ...SAME_ISOLATE,
      body: { name: "Offerta", description: "", category: "loans", whatsappContent: { type: "text", text: "Ciao {{1}}, ecco l'offerta." } },
    });
    const id = created.json.id as string;
    expect((await call(`/api/templates/${id}/submit`, { cookie, method: "POST", ...SAME_ISOLATE })).status).toBe(200);
    expect(await sids(cookie)).not.toContain(internalSid(id));
    await syncApproval(env, db(), id);
    expect(await sids(cookie), "after the sync").toContain(internalSid(id));

    // Deleted through the Worker: gone on the next read.
    expect((await call(`/api/templates/${id}`, { cookie, method: "DELETE", ...SAME_ISOLATE })).status).toBe(200);
    expect(await sids(cookie)).not.toContain(internalSid(id));
  });

  it("reads the account's new version after an edit of the account", async () => {
    const { user, accountId } = await sandboxAccount();
    const before = (await findAccount(db(), accountId))!;
    await listProviderTemplates(env, before);
    const hidden = await approvedBehindTheWorkersBack(user.id, accountId, "Dopo la modifica");
    expect((await listProviderTemplates(env, before)).map((t) => t.sid)).not.toContain(internalSid(hidden.id));
    // An edit of the account moves its updatedAt: the memo's copy is for the old version.
    await db().update(twilioAccounts).set({ name: "Sandbox rinominato", updatedAt: new Date(before.updatedAt.getTime() + 1000) }).where(eq(twilioAccounts.id, accountId));
    const after = (await findAccount(db(), accountId))!;
    expect(after.updatedAt.getTime()).not.toBe(before.updatedAt.getTime());
    expect((await listProviderTemplates(env, after)).map((t) => t.sid)).toContain(internalSid(hidden.id));
  });
});
