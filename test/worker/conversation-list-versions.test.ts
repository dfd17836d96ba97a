import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { conversationLabelLinks, conversationLabels, conversationListVersions, conversations, messages, optOuts, twilioAccounts, users } from "@worker/db/schema";
import { apiColumns, type ListFilter, listConversations } from "@worker/features/conversations/repo";
import { conversationPage, toApiConversation } from "@worker/features/conversations/service";
import { HeldJson } from "@worker/lib/held-json";
import { accountOwner, addMember, call, createUser, db, recordingDb } from "./helpers";

// A conversation list page is held per isolate at the account's list version, and read again only when
// the version moved; every write that changes what a list shows moves it, in the same statement.

const versionOf = async (accountId: string) => (await db().select().from(conversationListVersions).where(eq(conversationListVersions.twilioAccountId, accountId)))[0]?.version ?? 0;

// The page as the rows read afresh give it (no held page).
async function freshPage(accountId: string, filter: ListFilter) {
  const { rows } = await listConversations(db(), accountId, filter);
  const last = rows[filter.limit - 1];
  const items = rows.map((r) => toApiConversation(r.conversation, r.optedOut, r.labels));
  return {
    items,
    nextCursor: last ? `${(last.conversation.lastMessageAt ?? last.conversation.createdAt).getTime()}_${last.conversation.id}` : null,
    body: new HeldJson(items),
  };
}

let phone = 0;
async function addConversation(userId: string, accountId: string, at: string | null, values: Partial<typeof conversations.$inferInsert> = {}) {
  const [row] = await db()
    .insert(conversations)
    .values({ userId, twilioAccountId: accountId, phoneNumber: `+39333${String(++phone).padStart(7, "0")}`, lastMessage: at ? "Buongiorno" : null, lastMessageAt: at ? new Date(at) : null, ...values })
    .returning();
  return row!;
}

describe("the conversation list's held pages", () => {
  it("answers the page read before while the version holds, and reads it again once it moves", async () => {
    const { user, account } = await accountOwner();
    const first = await addConversation(user.id, account.id, "2026-11-02T10:00:00Z", { customerName: "Mario Rossi" });
    await addConversation(user.id, account.id, "2026-11-03T10:00:00Z");
    const all: ListFilter = { view: "all", limit: 50 };
    const page = await conversationPage(db(), account.id, all);
    expect(page).toEqual(await freshPage(account.id, all));
    expect(page.items.map((c) => c.id)).toHaveLength(2);

    // Read again unchanged: the batch answers the version and no row.
    const recording = recordingDb();
    expect(await conversationPage(recording.db, account.id, all)).toEqual(page);
    expect(recording.answered).toEqual([1, 0]);

    // At the known version the statement reads no row; at another, the page.
    const version = await versionOf(account.id);
    expect(await listConversations(db(), account.id, all, version)).toEqual({ version, rows: [] });
    expect((await listConversations(db(), account.id, all, version - 1)).rows).toHaveLength(2);

    // A change whose version is then put back (no write does this): the held page answers, so the rows
    // were not read again.
    await db().update(conversations).set({ customerName: "Mario Bianchi" }).where(eq(conversations.id, first.id));
    await db().update(conversationListVersions).set({ version }).where(eq(conversationListVersions.twilioAccountId, account.id));
    expect(await conversationPage(db(), account.id, all)).toEqual(page);

    // A write moves the version: the next page has both changes.
    await db().update(conversations).set({ archivedAt: new Date("2026-11-04T10:00:00Z") }).where(eq(conversations.id, first.id));
    const next = await conversationPage(db(), account.id, all);
    expect(next).toEqual(await freshPage(account.id, all));
    expect(next.items.find((c) => c.id === first.id)).toMatchObject({ customerName: "Mario Bianchi", archivedAt: "2026-11-04T10:00:00.000Z" });
  });

  it("keeps each account's and each filter's pages apart, page after page, through changes", async () => {
    const a = await accountOwner();
    const b = await accountOwner();
    const agent = await createUser();
    await addMember(agent.id, b.account.id);
    const [label] = await db().insert(conversationLabels).values({ twilioAccountId: b.account.id, name: "Caldo", color: "#ff0000" }).returning();
    for (let i = 0; i < 5; i++) await addConversation(a.user.id, a.account.id, `2026-11-0${i + 1}T10:00:00Z`);
    const own: string[] = [];
    for (let i = 0; i < 7; i++) {
      const c = await addConversation(b.user.id, b.account.id, i === 6 ? null : `2026-11-0${i + 1}T09:00:00Z`, { assignedUserId: i % 2 ? agent.id : null, archivedAt: i === 3 ? new Date() : null });
      own.push(c.id);
    }
    await db().insert(conversationLabelLinks).values([{ conversationId: own[1]!, labelId: label!.id }, { conversationId: own[4]!, labelId: label!.id }]);
    const filters: [string, ListFilter][] = [
      [a.account.id, { view: "all", limit: 50 }],
      [b.account.id, { view: "all", limit: 50 }],
      [b.account.id, { view: "open", limit: 50 }],
      [b.account.id, { view: "archived", limit: 50 }],
      [b.account.id, { view: "all", limit: 50, assignee: agent.id }],
      [b.account.id, { view: "all", limit: 50, assignee: null }],
      [b.account.id, { view: "all", limit: 50, labelId: label!.id }],
      [b.account.id, { status: "active", view: "open", limit: 50 }],
    ];
    const check = async () => {
      for (const [accountId, f] of filters) expect(await conversationPage(db(), accountId, f), JSON.stringify(f)).toEqual(await freshPage(accountId, f));
      // b's list two at a time, each page after the cursor of the one before, as the console scrolls.
      const seen: string[] = [];
      let after: ListFilter["after"];
      for (;;) {
        const f: ListFilter = { view: "all", limit: 2, after };
        const page = await conversationPage(db(), b.account.id, f);
        expect(page, JSON.stringify(f)).toEqual(await freshPage(b.account.id, f));
        seen.push(...page.items.map((c) => c.id));
        if (!page.nextCursor) break;
        const [at, id] = page.nextCursor.split("_");
        after = { at: Number(at), id: id! };
      }
      expect(seen).toEqual((await freshPage(b.account.id, { view: "all", limit: 50 })).items.map((c) => c.id));
    };
    await check();
    await check();
    const aVersion = await versionOf(a.account.id);
    // b's changes: each moves b's version, never a's.
    await db().update(conversations).set({ lastMessage: "Nuovo", lastMessageAt: new Date("2026-11-09T09:00:00Z") }).where(eq(conversations.id, own[0]!));
    await check();
    await db().insert(optOuts).values({ twilioAccountId: b.account.id, phoneNumber: (await db().query.conversations.findFirst({ where: eq(conversations.id, own[2]!) }))!.phoneNumber, keyword: "STOP" });
    await check();
    await db().delete(conversationLabelLinks).where(eq(conversationLabelLinks.conversationId, own[1]!));
    await check();
    await db().delete(conversations).where(eq(conversations.id, own[5]!));
    await check();
    expect(await versionOf(a.account.id)).toBe(aVersion);
  });

  it("never holds a search, whose words also match messages the version does not count", async () => {
    const { user, account } = await accountOwner();
    const c = await addConversation(user.id, account.id, "2026-11-02T10:00:00Z");
    const search: ListFilter = { view: "all", limit: 50, search: "preventivo" };
    expect((await conversationPage(db(), account.id, search)).items).toEqual([]);
    // A message written alone (the conversation untouched, so the version stays): the search finds it.
    const version = await versionOf(account.id);
    await db().insert(messages).values({ conversationId: c.id, content: "Vorrei un preventivo" });
    expect(await versionOf(account.id)).toBe(version);
    expect((await conversationPage(db(), account.id, search)).items.map((i) => i.id)).toEqual([c.id]);
  });

  it("moves with every write to what a list shows, and with nothing else", async () => {
    const { user, account } = await accountOwner();
    const other = await accountOwner();
    const agent = await createUser();
    await addMember(agent.id, account.id);
    let version = await versionOf(account.id);
    const moves = async (write: () => Promise<unknown>) => {
      await write();
      const now = await versionOf(account.id);
      const moved = now > version;
      version = now;
      return moved;
    };
    let c!: typeof conversations.$inferSelect;
    expect(await moves(async () => (c = await addConversation(user.id, account.id, null)))).toBe(true);
    expect(await moves(() => db().update(conversations).set({ customerName: "Anna" }).where(eq(conversations.id, c.id)))).toBe(true);
    expect(await moves(() => db().update(conversations).set({ lastReadAt: new Date() }).where(eq(conversations.id, c.id)))).toBe(true);
    // Columns the lists do not show.
    expect(await moves(() => db().update(conversations).set({ updatedAt: new Date(), promptId: null }).where(eq(conversations.id, c.id)))).toBe(false);
    // A message alone does not (the write that shows it in the list updates the conversation).
    expect(await moves(() => db().insert(messages).values({ conversationId: c.id, content: "Ciao" }))).toBe(false);
    expect(await moves(() => db().insert(optOuts).values({ twilioAccountId: account.id, phoneNumber: c.phoneNumber, keyword: "STOP" }))).toBe(true);
    expect(await moves(() => db().delete(optOuts).where(eq(optOuts.twilioAccountId, account.id)))).toBe(true);
    const [label] = await db().insert(conversationLabels).values({ twilioAccountId: account.id, name: "Caldo", color: "#ff0000" }).returning();
    expect(await moves(() => db().insert(conversationLabelLinks).values({ conversationId: c.id, labelId: label!.id }))).toBe(true);
    // A label deleted takes its links with it.
    expect(await moves(() => db().delete(conversationLabels).where(eq(conversationLabels.id, label!.id)))).toBe(true);
    // An agent deleted leaves the conversations assigned to nobody.
    expect(await moves(() => db().update(conversations).set({ assignedUserId: agent.id }).where(eq(conversations.id, c.id)))).toBe(true);
    expect(await moves(() => db().delete(users).where(eq(users.id, agent.id)))).toBe(true);
    expect((await db().query.conversations.findFirst({ where: eq(conversations.id, c.id) }))!.assignedUserId).toBeNull();
    // A conversation moved to another account moves both.
    const otherVersion = await versionOf(other.account.id);
    expect(await moves(() => db().update(conversations).set({ twilioAccountId: other.account.id }).where(eq(conversations.id, c.id)))).toBe(true);
    expect(await versionOf(other.account.id)).toBeGreaterThan(otherVersion);
    const back = await addConversation(user.id, account.id, "2026-11-02T10:00:00Z");
    expect(await moves(() => db().delete(conversations).where(eq(conversations.id, back.id)))).toBe(true);
    // The version goes with its account, and so do the conversations (their triggers find it gone).
    await addConversation(user.id, account.id, "2026-11-03T10:00:00Z");
    await db().delete(twilioAccounts).where(eq(twilioAccounts.id, account.id));
    expect(await db().select().from(conversationListVersions).where(eq(conversationListVersions.twilioAccountId, account.id))).toEqual([]);
  });

  it("moves with an update of every column the lists read (a column added to them must be added to the trigger)", async () => {
    const trigger = await env.DB.prepare("SELECT sql FROM sqlite_master WHERE type = 'trigger' AND name = 'conversation_list_versions_update'").first<{ sql: string }>();
    const watched = trigger!.sql.slice(0, trigger!.sql.indexOf(" ON "));
    for (const column of Object.values(apiColumns)) expect(watched, column.name).toContain(`\`${column.name}\``);
  });

  it("answers a held page over HTTP as the first: the same conversations and the same next cursor", async () => {
    const { user, account, cookie } = await accountOwner();
    for (let i = 0; i < 3; i++) await addConversation(user.id, account.id, `2026-11-0${i + 1}T10:00:00Z`);
    const first = await call("/api/conversations?limit=2", { cookie });
    const again = await call("/api/conversations?limit=2", { cookie });
    expect(first.status).toBe(200);
    expect(again.json).toEqual(first.json);
    expect(first.headers.get("X-Next-Cursor")).toMatch(/^\d+_/);
    expect(again.headers.get("X-Next-Cursor")).toBe(first.headers.get("X-Next-Cursor"));
    await env.DB.prepare("UPDATE conversations SET customer_name = 'Luca' WHERE twilio_account_id = ?").bind(account.id).run();
    const changed = await call("/api/conversations?limit=2", { cookie });
    expect((changed.json as { customerName: string }[]).map((c) => c.customerName)).toEqual(["Luca", "Luca"]);
  });
});
