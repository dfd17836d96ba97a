import { env } from "cloudflare:workers";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import migration from "../../migrations/0010_conversation_template_rollup.sql?raw";
import { analytics, conversations, conversationTemplateRollup, leads, twilioAccounts } from "@worker/db/schema";
import { accountOwner, call, db } from "./helpers";

const BACKFILL = migration
  .split("--> statement-breakpoint")
  .map((s) => s.replace(/^\s*--.*$/gm, "").trim())
  .find((s) => s.startsWith("INSERT INTO `conversation_template_rollup`"))!;

type Counts = { templateKey: string; templateName: string | null; category: string | null; conversations: number; active: number };

// The rollup's rows for an account, and what a full scan of its conversations answers.
async function rollupOf(accountId: string): Promise<Counts[]> {
  const rows = await db()
    .select({
      templateKey: conversationTemplateRollup.templateKey,
      templateName: conversationTemplateRollup.templateName,
      category: conversationTemplateRollup.templateCategory,
      conversations: conversationTemplateRollup.conversations,
      active: conversationTemplateRollup.active,
    })
    .from(conversationTemplateRollup)
    .where(eq(conversationTemplateRollup.twilioAccountId, accountId));
  return rows.sort((a, b) => a.templateKey.localeCompare(b.templateKey));
}
async function scanOf(accountId: string): Promise<Counts[]> {
  const rows = await db().all<Counts>(sql`select coalesce(template_sid, '') as templateKey, max(template_name) as templateName, max(template_category) as category,
      count(*) as conversations, sum(status = 'active') as active
    from conversations where twilio_account_id = ${accountId} group by coalesce(template_sid, '')`);
  return rows.sort((a, b) => a.templateKey.localeCompare(b.templateKey));
}

const A = { templateSid: "HXA", templateName: "prestiti_benvenuto", templateCategory: "loans" };
const B = { templateSid: "HXB", templateName: "agenzia_consulenza", templateCategory: "agency" };

describe("the dashboard's per-template rollup", () => {
  it("follows every insert, update and delete of a conversation as a full scan would count it", async () => {
    const { user, account } = await accountOwner();
    const base = { userId: user.id, twilioAccountId: account.id };
    const rows = await db()
      .insert(conversations)
      .values([
        { ...base, ...A, phoneNumber: "+393400000001" },
        { ...base, ...A, phoneNumber: "+393400000002" },
        { ...base, ...A, phoneNumber: "+393400000003", status: "archived" },
        { ...base, ...B, phoneNumber: "+393400000004" },
        { ...base, phoneNumber: "+393400000005" },
        { ...base, phoneNumber: "+393400000006" },
      ])
      .returning();
    expect(await rollupOf(account.id)).toEqual([
      { templateKey: "", templateName: null, category: null, conversations: 2, active: 2 },
      { templateKey: "HXA", templateName: A.templateName, category: "loans", conversations: 3, active: 2 },
      { templateKey: "HXB", templateName: B.templateName, category: "agency", conversations: 1, active: 1 },
    ]);

    // Archived, restarted with another template, and the loop's frequent updates that count nothing.
    await db().update(conversations).set({ status: "archived" }).where(eq(conversations.id, rows[0]!.id));
    await db().update(conversations).set(B).where(eq(conversations.id, rows[4]!.id));
    await db().update(conversations).set({ lastMessage: "Ciao", aiStatus: "pending", status: "active" }).where(eq(conversations.id, rows[1]!.id));
    expect(await rollupOf(account.id)).toEqual(await scanOf(account.id));
    expect((await rollupOf(account.id)).find((r) => r.templateKey === "HXB")).toMatchObject({ conversations: 2, active: 2 });

    // A group whose last conversation goes is removed.
    await db().delete(conversations).where(eq(conversations.id, rows[5]!.id));
    expect(await rollupOf(account.id)).toEqual(await scanOf(account.id));
    expect((await rollupOf(account.id)).map((r) => r.templateKey)).toEqual(["HXA", "HXB"]);
  });

  it("keeps accounts apart and goes with a deleted account", async () => {
    const one = await accountOwner();
    const two = await accountOwner();
    await db().insert(conversations).values([
      { userId: one.user.id, twilioAccountId: one.account.id, ...A, phoneNumber: "+393410000001" },
      { userId: two.user.id, twilioAccountId: two.account.id, ...A, phoneNumber: "+393410000001" },
      { userId: two.user.id, twilioAccountId: two.account.id, ...A, phoneNumber: "+393410000002" },
    ]);
    expect((await rollupOf(one.account.id))[0]).toMatchObject({ conversations: 1 });
    expect((await rollupOf(two.account.id))[0]).toMatchObject({ conversations: 2 });
    await db().delete(twilioAccounts).where(eq(twilioAccounts.id, two.account.id));
    expect(await rollupOf(two.account.id)).toEqual([]);
    expect((await rollupOf(one.account.id))[0]).toMatchObject({ conversations: 1 });
  });

  it("is backfilled by the migration from the conversations already stored", async () => {
    const { user, account } = await accountOwner();
    const base = { userId: user.id, twilioAccountId: account.id };
    await db().insert(conversations).values([
      { ...base, ...A, phoneNumber: "+393420000001" },
      { ...base, ...B, phoneNumber: "+393420000002", status: "archived" },
      { ...base, phoneNumber: "+393420000003" },
    ]);
    const expected = await scanOf(account.id);
    await db().delete(conversationTemplateRollup);
    await env.DB.prepare(BACKFILL).run();
    expect(await rollupOf(account.id)).toEqual(expected);
  });

  it("gives /api/analytics/stats the counts and the converted conversations per template", async () => {
    const { user, cookie, account } = await accountOwner();
    const base = { userId: user.id, twilioAccountId: account.id };
    const [a1, a2, , b1, c1] = await db()
      .insert(conversations)
      .values([
        { ...base, ...A, phoneNumber: "+393430000001" },
        { ...base, ...A, phoneNumber: "+393430000002" },
        { ...base, ...A, phoneNumber: "+393430000003", status: "archived" },
        { ...base, ...B, phoneNumber: "+393430000004" },
        { ...base, phoneNumber: "+393430000005" },
      ])
      .returning();
    // a1 both converted and qualified (counted once); b1 qualified; the customer-started c1 is not "started".
    await db().insert(leads).values([
      { ...base, phoneNumber: a1!.phoneNumber, conversationId: a1!.id, status: "converted" },
      { ...base, phoneNumber: a2!.phoneNumber, conversationId: a2!.id, status: "new" },
      { ...base, phoneNumber: c1!.phoneNumber, conversationId: c1!.id, status: "converted" },
    ]);
    await db().insert(analytics).values([
      { ...base, conversationId: a1!.id, eventType: "lead_qualified" },
      { ...base, conversationId: b1!.id, eventType: "lead_qualified" },
      { ...base, conversationId: a2!.id, eventType: "conversation_started" },
    ]);
    const res = await call("/api/analytics/stats", { cookie });
    expect(res.status).toBe(200);
    expect(res.json.activeConversations).toBe(4);
    expect(res.json.startedConversations).toBe(4);
    expect(res.json.conversionRate).toBe(50);
    expect(res.json.performance).toEqual([
      { templateId: "HXB", templateName: B.templateName, category: "agency", started: 1, converted: 1, conversionRate: 100, revenue: 0 },
      { templateId: "HXA", templateName: A.templateName, category: "loans", started: 3, converted: 1, conversionRate: 33.3, revenue: 0 },
    ]);
  });
});
