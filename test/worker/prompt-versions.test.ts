import { env } from "cloudflare:workers";
import { eq, getTableColumns } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { prompts, promptVersions } from "@worker/db/schema";
import { versionedPromptPage } from "@worker/features/prompts/repo";
import { listPrompts, toApiPrompt } from "@worker/features/prompts/service";
import type { ActiveAccount } from "@worker/features/accounts/context";
import { accountOwner, call, createAccount, db, recordingDb, signedInUser } from "./helpers";

// A page of the prompts is held per isolate at the account's prompt version, and read again only when the
// version moved; every write to a prompt moves it, in the same statement (migrations/0027).

const versionOf = async (accountId: string) => (await db().select().from(promptVersions).where(eq(promptVersions.twilioAccountId, accountId)))[0]?.version ?? 0;
const active = (accountId: string) => ({ account: { id: accountId } }) as unknown as ActiveAccount;

let n = 0;
async function addPrompt(userId: string, accountId: string, values: Partial<typeof prompts.$inferInsert> = {}) {
  const [row] = await db()
    .insert(prompts)
    .values({ userId, twilioAccountId: accountId, name: `Prompt ${++n}`, content: "Sei l'assistente vendite.", createdAt: new Date(Date.UTC(2026, 10, 2, 10, n)), ...values })
    .returning();
  return row!;
}

// The page as the rows read afresh give it (no held page).
async function freshPage(accountId: string, q: { limit: number; before?: string }) {
  const { prompts: rows, nextCursor } = await versionedPromptPage(db(), accountId, q, -1);
  return { prompts: rows.map(toApiPrompt), nextCursor };
}

describe("the prompts' held pages", () => {
  it("answers the page read before while the version holds, and reads it again once it moves", async () => {
    const { user, account } = await accountOwner();
    const first = await addPrompt(user.id, account.id, { name: "Vendite" });
    await addPrompt(user.id, account.id);
    const q = { limit: 100 };
    const page = await listPrompts(db(), active(account.id), q);
    expect({ prompts: page.prompts, nextCursor: page.nextCursor }).toEqual(await freshPage(account.id, q));
    expect(page.body.value).toBe(page.prompts);
    expect(page.prompts).toHaveLength(2);

    // Read again unchanged: the batch answers the version and no row, and the same held page.
    const recording = recordingDb();
    expect(await listPrompts(recording.db, active(account.id), q)).toBe(page);
    expect(recording.answered).toEqual([1, 0]);

    // At the known version the statement reads no row; at another, the page.
    const version = await versionOf(account.id);
    expect((await versionedPromptPage(db(), account.id, q, version)).prompts).toEqual([]);
    expect((await versionedPromptPage(db(), account.id, q, version - 1)).prompts).toHaveLength(2);

    // A change whose version is then put back (no write does this): the held page answers.
    await db().update(prompts).set({ name: "Assistenza" }).where(eq(prompts.id, first.id));
    await db().update(promptVersions).set({ version }).where(eq(promptVersions.twilioAccountId, account.id));
    expect(await listPrompts(db(), active(account.id), q)).toBe(page);

    // A write moves the version: the next page has both changes.
    await db().update(prompts).set({ isActive: false }).where(eq(prompts.id, first.id));
    const next = await listPrompts(db(), active(account.id), q);
    expect(next.prompts.find((p) => p.id === first.id)).toMatchObject({ name: "Assistenza", isActive: false });
  });

  it("moves with an insert, a delete and an update of every column, and moves both accounts when a prompt moves", async () => {
    const { user, account } = await accountOwner();
    const other = await accountOwner();
    const prompt = await addPrompt(user.id, account.id);
    const columns = Object.values(getTableColumns(prompts)).map((c) => c.name);
    const values: Record<string, unknown> = { id: "p-moved", user_id: other.user.id, name: "Altro", content: "Altro testo", model: "gpt-4o", temperature: 3, max_tokens: 900, linked_templates: '["HX1"]', is_active: 0, agent_tools: '["book"]', tools_unsupported_at: 1, created_at: 2, updated_at: 3 };
    let id = prompt.id;
    for (const column of columns) {
      if (column === "twilio_account_id") continue;
      const before = await versionOf(account.id);
      await env.DB.prepare(`UPDATE prompts SET "${column}" = ? WHERE id = ?`).bind(values[column], id).run();
      if (column === "id") id = "p-moved";
      expect(await versionOf(account.id), column).toBe(before + 1);
    }
    // Moved to another account: both lists change.
    const [a, b] = [await versionOf(account.id), await versionOf(other.account.id)];
    await db().update(prompts).set({ twilioAccountId: other.account.id }).where(eq(prompts.id, id));
    expect([await versionOf(account.id), await versionOf(other.account.id)]).toEqual([a + 1, b + 1]);
    // Deleted: the account it was in moves; the other account does not.
    const c = await versionOf(account.id);
    await db().delete(prompts).where(eq(prompts.id, id));
    expect([await versionOf(account.id), await versionOf(other.account.id)]).toEqual([c, b + 2]);
    // Inserted: only its account.
    await addPrompt(user.id, account.id);
    expect([await versionOf(account.id), await versionOf(other.account.id)]).toEqual([c + 1, b + 2]);
  });

  it("answers each account its own prompts, created, edited and deleted through the API, held or not", async () => {
    const { cookie } = await accountOwner();
    const create = async (name: string) => (await call("/api/prompts", { cookie, body: { name, content: "Sei l'assistente vendite." } })).json as { id: string };
    const first = await create("Primo");
    const names = async (c = cookie) => ((await call("/api/prompts", { cookie: c })).json as { name: string }[]).map((p) => p.name);
    expect(await names()).toEqual(["Primo"]);
    expect(await names()).toEqual(["Primo"]);
    await create("Secondo");
    expect(await names()).toEqual(["Secondo", "Primo"]);
    await call(`/api/prompts/${first.id}`, { cookie, method: "PUT", body: { name: "Primo rivisto", content: "Sei l'assistente vendite." } });
    expect(await names()).toEqual(["Secondo", "Primo rivisto"]);
    await call(`/api/prompts/${first.id}`, { cookie, method: "DELETE" });
    expect(await names()).toEqual(["Secondo"]);

    // Another account's member, with its own active account, never gets this account's held page.
    const stranger = await signedInUser();
    await createAccount(stranger.cookie);
    await call("/api/prompts", { cookie: stranger.cookie, body: { name: "Loro", content: "Sei l'assistente." } });
    expect(await names(stranger.cookie)).toEqual(["Loro"]);
    expect(await names()).toEqual(["Secondo"]);
  });
});
