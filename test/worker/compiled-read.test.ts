import { eq, getTableColumns, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { compileRead, readBatch, readRows, unionAll } from "@worker/db/compiled";
import { conversations, messages, twilioAccounts } from "@worker/db/schema";
import { accountOwner, call, db, signedInUser } from "./helpers";

// A compiled read answers exactly what drizzle answers for the same query: dates, flags, JSON columns,
// nulls, expressions with and without .mapWith(), a table nested under a key, an inner join.
async function fixture() {
  const { user, cookie, account } = await accountOwner();
  const [conversation] = await db()
    .insert(conversations)
    .values({ userId: user.id, twilioAccountId: account.id, phoneNumber: "+393331112222", customerName: null, operatorMode: true, lastMessage: "Ciao", lastMessageAt: new Date(Date.UTC(2026, 10, 2, 9, 30, 0, 123)) })
    .returning();
  await db()
    .insert(messages)
    .values([
      { conversationId: conversation!.id, sender: "customer", content: "Ciao", isFromBot: false, createdAt: new Date(Date.UTC(2026, 10, 2, 9, 0)) },
      { conversationId: conversation!.id, sender: "ai", content: "Buongiorno", isFromBot: true, templateVariables: { 1: "Mario" }, sources: [{ memoryId: "m1", name: "Listino" }], createdAt: new Date(Date.UTC(2026, 10, 2, 9, 1)) },
    ]);
  return { user, cookie, account, conversation: conversation! };
}

const selection = {
  conversation: conversations,
  account: { name: twilioAccounts.name, sandbox: twilioAccounts.sandbox },
  messages: sql<number>`(select count(*) from "messages" m where m."conversation_id" = "conversations"."id")`.mapWith(Number),
  lastAt: sql`"conversations"."last_message_at" + 0`.mapWith(conversations.lastMessageAt),
  raw: sql<string | null>`null`,
};
const query = () =>
  db()
    .select(selection)
    .from(conversations)
    .innerJoin(twilioAccounts, eq(twilioAccounts.id, conversations.twilioAccountId))
    .where(eq(conversations.twilioAccountId, sql.placeholder("accountId")));

describe("compiled reads", () => {
  it("map rows as drizzle does, alone and in a batch", async () => {
    const { account } = await fixture();
    const expected = await query().prepare().all({ accountId: account.id });
    expect(expected).toHaveLength(1);
    expect(expected[0]!.conversation.operatorMode).toBe(true);
    expect(expected[0]!.lastAt).toEqual(new Date(Date.UTC(2026, 10, 2, 9, 30, 0, 123)));

    const read = compileRead(query());
    expect(await readRows(db(), read, { accountId: account.id })).toEqual(expected);

    const messageRead = compileRead(db().select(getTableColumns(messages)).from(messages).where(eq(messages.conversationId, sql.placeholder("id"))));
    const expectedMessages = await db().select().from(messages).where(eq(messages.conversationId, expected[0]!.conversation.id));
    expect(expectedMessages.find((m) => m.sender === "ai")!.templateVariables).toEqual({ 1: "Mario" });
    const [conversationRows, messageRows, none] = await readBatch(db(), [
      [read, { accountId: account.id }],
      [messageRead, { id: expected[0]!.conversation.id }],
      [read, { accountId: "nessuno" }],
    ] as const);
    expect(conversationRows).toEqual(expected);
    expect(messageRows).toEqual(expectedMessages);
    expect(none).toEqual([]);
  });

  it("refuses in a batch a selection whose column names repeat (D1's batch answers rows as objects)", async () => {
    const { account } = await fixture();
    const repeated = compileRead(db().select({ at: conversations.lastMessageAt, again: sql`"conversations"."last_message_at"` }).from(conversations).where(eq(conversations.twilioAccountId, sql.placeholder("accountId"))));
    expect((await readRows(db(), repeated, { accountId: account.id }))[0]!.again).toBe(Date.UTC(2026, 10, 2, 9, 30, 0, 123));
    await expect(readBatch(db(), [[repeated, { accountId: account.id }]] as const)).rejects.toThrow(/1 columns for 2 fields/);
  });

  it("reads two compiled reads of one selection as one statement, each with its own order and limit", async () => {
    const { conversation } = await fixture();
    const newest = (order: "asc" | "desc") =>
      compileRead(
        db()
          .select({ content: messages.content, at: messages.createdAt })
          .from(messages)
          .where(eq(messages.conversationId, sql.placeholder("id")))
          .orderBy(order === "asc" ? messages.createdAt : sql`${messages.createdAt} desc`)
          .limit(sql.placeholder(order)),
      );
    const both = unionAll(newest("asc"), newest("desc"));
    const rows = await readRows(db(), both, { id: conversation.id, asc: 1, desc: 1 });
    expect(rows.map((r) => r.content).sort()).toEqual(["Buongiorno", "Ciao"]);
    expect(rows.find((r) => r.content === "Ciao")!.at).toEqual(new Date(Date.UTC(2026, 10, 2, 9, 0)));
    const narrower = compileRead(db().select({ content: messages.content }).from(messages));
    expect(() => unionAll(both, narrower as never)).toThrow(/different columns/);
  });

  it("refuses a left join, whose all-null columns drizzle turns into null", () => {
    const left = db().select().from(conversations).leftJoin(twilioAccounts, eq(twilioAccounts.id, conversations.twilioAccountId));
    expect(() => compileRead(left)).toThrow(/inner joins/);
  });

  it("the thread's page checks membership in its own statement: a member and a super admin read it, anyone else gets 404", async () => {
    const { cookie, conversation } = await fixture();
    const page = await call(`/api/conversations/${conversation.id}/messages`, { cookie });
    expect(page.status).toBe(200);
    expect(page.json.map((m: { content: string }) => m.content)).toEqual(["Ciao", "Buongiorno"]);
    const outsider = await signedInUser();
    const refused = await call(`/api/conversations/${conversation.id}/messages`, { cookie: outsider.cookie });
    expect(refused.status).toBe(404);
    expect(refused.text).not.toContain("Buongiorno");
    const admin = await signedInUser("super_admin");
    expect((await call(`/api/conversations/${conversation.id}/messages`, { cookie: admin.cookie })).json).toHaveLength(2);
    // An empty thread of one's own answers an empty page, not 404.
    const { cookie: owner2, account: account2, user: user2 } = await accountOwner();
    const [empty] = await db().insert(conversations).values({ userId: user2.id, twilioAccountId: account2.id, phoneNumber: "+393330000000" }).returning();
    const emptyPage = await call(`/api/conversations/${empty!.id}/messages`, { cookie: owner2 });
    expect([emptyPage.status, emptyPage.json]).toEqual([200, []]);
    expect((await call(`/api/conversations/${empty!.id}/messages`, { cookie: outsider.cookie })).status).toBe(404);
  });
});
