import { env } from "cloudflare:workers";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import migration from "../../migrations/0010_conversation_template_rollup.sql?raw";
import { analytics, conversations, conversationTemplateRollup, leads, twilioAccounts } from "@worker/db/schema";
import { templateCounts, TOTAL_KEY } from "@worker/features/analytics/repo";
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

  it("keeps each template's conversions and revenue, and the account's, as reading every converted lead would", async () => {
    const { user, account } = await accountOwner();
    const other = await accountOwner();
    const base = { userId: user.id, twilioAccountId: account.id };
    // What the stats read before the rollup: the account's converted leads and qualified events, joined.
    const scan = async () => {
      const perTemplate = await db().all<{ key: string; converted: number; cents: number }>(sql`select r.template_key as key,
          coalesce((select count(*) from (select l.conversation_id as id from leads l where l.twilio_account_id = ${account.id} and l.status = 'converted'
              union select a.conversation_id from analytics a where a.twilio_account_id = ${account.id} and a.event_type = 'lead_qualified') q
            join conversations c on c.id = q.id where c.twilio_account_id = ${account.id} and c.template_sid = r.template_key), 0) as converted,
          coalesce((select sum(l.deal_value_cents) from leads l join conversations c on c.twilio_account_id = l.twilio_account_id and c.phone_number = l.phone_number
            where l.twilio_account_id = ${account.id} and l.status = 'converted' and c.template_sid = r.template_key), 0) as cents
        from conversation_template_rollup r where r.twilio_account_id = ${account.id} and r.template_key <> '' order by r.template_key`);
      const [total] = await db().all<{ cents: number }>(sql`select coalesce(sum(deal_value_cents), 0) as cents from leads where twilio_account_id = ${account.id} and status = 'converted'`);
      return { perTemplate, total: total!.cents };
    };
    const rolled = async () => {
      const rows = await templateCounts(db(), account.id);
      return {
        perTemplate: rows
          .filter((r) => r.templateKey !== "" && r.templateKey !== TOTAL_KEY)
          .sort((a, b) => a.templateKey.localeCompare(b.templateKey))
          .map((r) => ({ key: r.templateKey, converted: r.converted, cents: r.revenueCents })),
        total: rows.find((r) => r.templateKey === TOTAL_KEY)!.revenueCents,
      };
    };
    const same = async (step: string) => expect(await rolled(), step).toEqual(await scan());

    // A lead converted before its number ever wrote: its conversation starts with its value.
    const [early] = await db().insert(leads).values({ ...base, phoneNumber: "+393440000009", status: "converted", dealValueCents: 9_900 }).returning();
    const [a1, a2, a3, b1, c1] = await db()
      .insert(conversations)
      .values([
        { ...base, ...A, phoneNumber: "+393440000001" },
        { ...base, ...A, phoneNumber: "+393440000002" },
        { ...base, ...A, phoneNumber: "+393440000009" },
        { ...base, ...B, phoneNumber: "+393440000004" },
        { ...base, phoneNumber: "+393440000005" },
      ])
      .returning();
    await same("conversations after a converted lead");
    expect((await rolled()).perTemplate.find((r) => r.key === "HXA")).toEqual({ key: "HXA", converted: 0, cents: 9_900 });

    const [l1, l2, l3] = await db()
      .insert(leads)
      .values([
        { ...base, phoneNumber: a1!.phoneNumber, conversationId: a1!.id, status: "converted", dealValueCents: 120_000 },
        { ...base, phoneNumber: a2!.phoneNumber, conversationId: a2!.id, status: "qualified", dealValueCents: 50_000 },
        { ...base, phoneNumber: "+393440000099", status: "converted", dealValueCents: 7_500 },
        { ...base, phoneNumber: c1!.phoneNumber, conversationId: c1!.id, status: "converted", dealValueCents: 1_000 },
        { userId: other.user.id, twilioAccountId: other.account.id, phoneNumber: a1!.phoneNumber, status: "converted", dealValueCents: 999_999 },
      ])
      .returning();
    await same("leads inserted");
    const [q1] = await db().insert(analytics).values([{ ...base, conversationId: b1!.id, eventType: "lead_qualified" }]).returning();
    await db().insert(analytics).values([{ ...base, conversationId: a1!.id, eventType: "lead_qualified" }]);
    await same("qualified");

    await db().update(leads).set({ status: "converted" }).where(eq(leads.id, l2!.id));
    await same("converted later");
    await db().update(leads).set({ dealValueCents: 60_000 }).where(eq(leads.id, l2!.id));
    await same("revalued");
    await db().update(leads).set({ status: "contacted" }).where(eq(leads.id, l1!.id));
    await same("unconverted, still qualified");
    await db().update(leads).set({ conversationId: a3!.id, phoneNumber: a3!.phoneNumber + "0" }).where(eq(leads.id, l2!.id));
    await same("relinked and renumbered");
    await db().update(leads).set({ phoneNumber: b1!.phoneNumber }).where(eq(leads.id, l3!.id));
    await same("a lead without a conversation now has one");
    await db().delete(analytics).where(eq(analytics.id, q1!.id));
    await same("qualification removed");
    await db().update(conversations).set(B).where(eq(conversations.id, a3!.id));
    await same("a converted conversation restarted with another template");
    await db().delete(leads).where(eq(leads.id, early!.id));
    await same("a converted lead removed");
    await db().delete(conversations).where(eq(conversations.id, b1!.id));
    await same("a conversation removed");
    expect((await rolled()).total).toBe(60_000 + 7_500 + 1_000);
  });
});

