import { and, eq, getTableColumns, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { bound, compileRead, compileWrite, placeholderSet, placeholdersFor, readRows, runStatements, slot, unionAll, uniquelyNamed, withRider } from "@worker/db/compiled";
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
    const [conversationRows, messageRows, none] = await runStatements(db(), [
      bound(db(), read, { accountId: account.id }),
      bound(db(), messageRead, { id: expected[0]!.conversation.id }),
      bound(db(), read, { accountId: "nessuno" }),
    ]);
    expect(conversationRows).toEqual(expected);
    expect(messageRows).toEqual(expectedMessages);
    expect(none).toEqual([]);
  });

  it("refuses in a batch a selection whose column names repeat (D1's batch answers rows as objects)", async () => {
    const { account } = await fixture();
    const repeated = compileRead(db().select({ at: conversations.lastMessageAt, again: sql`"conversations"."last_message_at"` }).from(conversations).where(eq(conversations.twilioAccountId, sql.placeholder("accountId"))));
    expect((await readRows(db(), repeated, { accountId: account.id }))[0]!.again).toBe(Date.UTC(2026, 10, 2, 9, 30, 0, 123));
    await expect(runStatements(db(), [bound(db(), repeated, { accountId: account.id })])).rejects.toThrow(/1 columns for 2 fields/);
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

  it("refuses a left join unless its groups are named, whose all-null columns drizzle turns into null", () => {
    const left = db().select().from(conversations).leftJoin(twilioAccounts, eq(twilioAccounts.id, conversations.twilioAccountId));
    expect(() => compileRead(left)).toThrow(/leftJoined/);
  });

  it("maps a left join as drizzle does: a group the join found no row for is null, one it found is whole", async () => {
    const { user, account } = await fixture();
    await db().insert(conversations).values({ userId: user.id, twilioAccountId: account.id, phoneNumber: "+393331113333", operatorMode: false });
    // Only conversations in operator mode find their account.
    const left = () =>
      db()
        .select({ conversation: conversations, account: twilioAccounts, sandbox: twilioAccounts.sandbox })
        .from(conversations)
        .leftJoin(twilioAccounts, and(eq(twilioAccounts.id, conversations.twilioAccountId), eq(conversations.operatorMode, true)))
        .where(eq(conversations.twilioAccountId, sql.placeholder("accountId")))
        .orderBy(conversations.phoneNumber);
    const expected = await left().prepare().all({ accountId: account.id });
    expect(expected.map((r) => [r.conversation.operatorMode, r.account?.id ?? null, r.sandbox === null ? null : typeof r.sandbox])).toEqual([
      [true, account.id, "boolean"],
      [false, null, null],
    ]);
    expect(await readRows(db(), compileRead(left(), { leftJoined: ["account"] }), { accountId: account.id })).toEqual(expected);
  });

  it("names a join's columns uniquely (uniquelyNamed), so that it maps as drizzle does in a batch too", async () => {
    const { account } = await fixture();
    const join = (fields: typeof selection) => db().select(fields).from(conversations).innerJoin(twilioAccounts, eq(twilioAccounts.id, conversations.twilioAccountId)).where(eq(conversations.twilioAccountId, sql.placeholder("accountId")));
    const whole = { ...selection, account: twilioAccounts };
    const expected = await join(whole as never).prepare().all({ accountId: account.id });
    // Both tables have "id", "name", "created_at"…: as they are, a batch refuses them.
    await expect(runStatements(db(), [bound(db(), compileRead(join(whole as never)), { accountId: account.id })])).rejects.toThrow(/columns for/);
    const named = compileRead(join(uniquelyNamed(whole) as never));
    expect(await readRows(db(), named, { accountId: account.id })).toEqual(expected);
    const [rows] = await runStatements(db(), [bound(db(), named, { accountId: account.id })]);
    expect(rows).toEqual(expected);
  });

  it("carries a rider in the next compiled round trip only; a read whose columns merge in a batch is read again alone", async () => {
    const { account, conversation } = await fixture();
    const settled: unknown[] = [];
    const rider = () => ({ statement: db().$client.prepare("select ?1 as seven").bind(7), settle: (r: D1Result) => settled.push(r.results) });
    const repeated = compileRead(db().select({ at: conversations.lastMessageAt, again: sql`"conversations"."last_message_at"` }).from(conversations).where(eq(conversations.twilioAccountId, sql.placeholder("accountId"))));
    const carrying = withRider(db(), rider());
    expect(await readRows(carrying, repeated, { accountId: account.id })).toEqual([{ at: conversation.lastMessageAt, again: Date.UTC(2026, 10, 2, 9, 30, 0, 123) }]);
    expect(settled).toEqual([[{ seven: 7 }]]);
    // Once: the next read of the same Db goes alone.
    expect(await readRows(carrying, repeated, { accountId: account.id })).toHaveLength(1);
    expect(settled).toHaveLength(1);
    // In a batch of compiled statements it comes first, and the batch's own results are as without it.
    const messageRead = compileRead(db().select({ content: messages.content }).from(messages).where(eq(messages.conversationId, sql.placeholder("id"))).orderBy(messages.createdAt));
    const [contents] = await runStatements(withRider(db(), rider()), [bound(db(), messageRead, { id: conversation.id })]);
    expect(contents).toEqual([{ content: "Ciao" }, { content: "Buongiorno" }]);
    expect(settled).toEqual([[{ seven: 7 }], [{ seven: 7 }]]);
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

// A compiled write does what drizzle's own statement does: values through the columns' encoders (dates,
// flags, JSON, null), rows of .returning() mapped alike; alone, awaited, and in a batch with drizzle's.
describe("compiled writes", () => {
  const setMessage = (keys: string[]) => compileWrite(db().update(messages).set(placeholderSet(keys)).where(eq(messages.id, sql.placeholder("where.id"))).returning());

  it("update and insert answer the rows drizzle answers, nulls and JSON included", async () => {
    const { conversation } = await fixture();
    const [message] = await db().select().from(messages).where(eq(messages.sender, "ai"));
    const at = new Date(Date.UTC(2026, 10, 3, 8, 0, 0, 7));
    const values = placeholdersFor({ status: "sending", claimedAt: at, templateVariables: { 1: "Anna" }, errorCode: null, twilioAttemptAt: null, errorMessage: undefined });
    expect(values.keys).toEqual(["status", "claimedAt", "templateVariables", "errorCode", "twilioAttemptAt"]);
    const [updated] = await bound(db(), setMessage(values.keys), { ...values.values, "where.id": message!.id });
    const [stored] = await db().select().from(messages).where(eq(messages.id, message!.id));
    expect(updated).toEqual(stored);
    expect(stored).toMatchObject({ status: "sending", claimedAt: at, templateVariables: { 1: "Anna" }, errorCode: null, twilioAttemptAt: null });

    const insert = compileWrite(
      db()
        .insert(messages)
        .values({ id: slot("id"), conversationId: slot("conversationId"), content: slot("content"), isFromBot: true, sender: "operator", sources: slot("sources"), createdAt: slot("at") })
        .onConflictDoNothing()
        .returning(),
    );
    const id = crypto.randomUUID();
    const values2 = { id, conversationId: conversation.id, content: "Offerta", sources: null, at };
    const [inserted] = await bound(db(), insert, values2);
    expect(inserted).toEqual((await db().select().from(messages).where(eq(messages.id, id)))[0]);
    expect(inserted).toMatchObject({ isFromBot: true, sources: null, createdAt: at });
    // The same id again: nothing inserted, no row answered.
    expect(await bound(db(), insert, values2)).toEqual([]);
  });

  it("refuses a write that would fix at compile time a column drizzle fills (ids, created and updated times)", () => {
    expect(() => compileWrite(db().insert(messages).values({ conversationId: slot("c"), content: slot("t") }))).toThrow(/id would be fixed/);
    expect(() => compileWrite(db().update(conversations).set({ lastMessage: slot("m") }).where(eq(conversations.id, sql.placeholder("id"))))).toThrow(/updatedAt would be fixed/);
    expect(() => compileWrite(db().update(conversations).set({ lastMessage: slot("m"), updatedAt: slot("now") }).where(eq(conversations.id, sql.placeholder("id"))))).not.toThrow();
  });

  it("runs compiled and drizzle statements in one batch, one transaction: a failing statement undoes the others", async () => {
    const { conversation } = await fixture();
    const [message] = await db().select().from(messages).where(eq(messages.sender, "customer"));
    const [rows, drizzleRows] = await runStatements(db(), [
      bound(db(), setMessage(["content"]), { content: "Ciao!", "where.id": message!.id }),
      db().update(conversations).set({ lastMessage: "Ciao!" }).where(eq(conversations.id, conversation.id)),
    ] as const);
    expect(rows.map((r) => r.content)).toEqual(["Ciao!"]);
    expect(drizzleRows).toEqual([]);
    expect((await db().select().from(conversations).where(eq(conversations.id, conversation.id)))[0]!.lastMessage).toBe("Ciao!");

    await expect(
      runStatements(db(), [
        bound(db(), setMessage(["content"]), { content: "Perso", "where.id": message!.id }),
        db().insert(conversations).values({ id: conversation.id, userId: conversation.userId, twilioAccountId: conversation.twilioAccountId, phoneNumber: "+393339999999" }),
      ]),
    ).rejects.toThrow();
    expect((await db().select().from(messages).where(eq(messages.id, message!.id)))[0]!.content).toBe("Ciao!");
    // A placeholder without a value is an error, not a silent null.
    expect(() => bound(db(), setMessage(["content"]), { "where.id": message!.id }).prepared()).toThrow(/No value for placeholder "content"/);
  });
});

