import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { createDb } from "@worker/db/client";
import { listConversations } from "@worker/features/conversations/repo";
import { accountOwner, signedInUser } from "./helpers";

// The plan SQLite chooses for each shape of the conversation list's statement, captured as the list
// sends it. The first arm (conversations with messages) must walk an index in the list's whole order
// (activity, then id) and stop at the page's limit; a "TEMP B-TREE FOR LAST TERM" or "RIGHT PART" means
// SQLite sorts the page itself and evaluates the opt-out and label subqueries of every row it sorts.
async function plansOf(filter: Parameters<typeof listConversations>[2], accountId: string) {
  const sent: { sql: string; params: unknown[] }[] = [];
  const recording = new Proxy(env.DB, {
    get(target, key) {
      if (key === "prepare") {
        return (sql: string) => {
          const statement = target.prepare(sql);
          return new Proxy(statement, {
            get(s, k) {
              if (k === "bind") return (...params: unknown[]) => (sent.push({ sql, params }), s.bind(...params));
              const value = Reflect.get(s, k) as unknown;
              return typeof value === "function" ? (value as (...a: unknown[]) => unknown).bind(s) : value;
            },
          });
        };
      }
      const value = Reflect.get(target, key) as unknown;
      return typeof value === "function" ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
  await listConversations(createDb(recording), accountId, filter);
  const list = sent.find((s) => s.sql.includes('from "conversations"'));
  expect(list, "the list's statement").toBeDefined();
  const plan = await env.DB.prepare(`explain query plan ${list!.sql}`)
    .bind(...list!.params)
    .all<{ detail: string }>();
  return plan.results.map((r) => r.detail);
}

describe("conversation list order", () => {
  it("reads every shape of the list in index order, without sorting the page", async () => {
    const { account } = await accountOwner();
    const { user } = await signedInUser();
    const shapes: Parameters<typeof listConversations>[2][] = [
      { view: "all", limit: 50 },
      { view: "open", limit: 50 },
      { view: "archived", limit: 50 },
      { view: "all", limit: 50, after: { at: Date.now(), id: "z" } },
      { view: "open", limit: 50, assignee: user.id },
      { view: "open", limit: 50, assignee: null, after: { at: Date.now(), id: "z" } },
    ];
    for (const shape of shapes) {
      const plan = (await plansOf(shape, account.id)).join("\n");
      expect(plan, JSON.stringify(shape)).toMatch(/USING (COVERING )?INDEX conversations_account_(last|assignee)_idx/);
      expect(plan, JSON.stringify(shape)).not.toMatch(/TEMP B-TREE FOR (LAST TERM|RIGHT PART)/);
    }
  });
});
