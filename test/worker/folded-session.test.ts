import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { accountUsers, conversations, messages, sessions, userSettings, users } from "@worker/db/schema";
import { sha256Hex } from "@worker/lib/crypto";
import { AUTH_TEXTS } from "@shared/texts/auth";
import { accountOwner, call, createAccount, db, sandboxOwner, SQL_COUNTING } from "./helpers";

// A console read (routePolicy("foldedSession")) after a read of the same session carries its session
// check in its own D1 batch: one round trip instead of two. Its answer leaves only when that check finds
// the session as the read assumed it; here another isolate's changes are written straight to D1, as the
// isolate serving the read would find them.

async function counted(path: string, cookie: string) {
  const res = await call(path, { cookie, env: SQL_COUNTING, headers: { "X-Count-SQL": "1" } });
  return { ...res, statements: Number(res.headers.get("X-SQL-Statements")), roundTrips: Number(res.headers.get("X-SQL-Round-Trips")) };
}

// A write of the session's user: the active account chosen again.
async function write(cookie: string, accountId: string) {
  expect((await call("/api/settings", { method: "PUT", cookie, body: { activeTwilioAccountId: accountId } })).status).toBe(200);
}

const sidOf = async (cookie: string) => sha256Hex(decodeURIComponent(cookie.split("=")[1]!));

async function ownerWithConversations(n: number) {
  const { user, cookie, account } = await accountOwner();
  const ids: string[] = [];
  for (let i = 0; i < n; i++) {
    const [row] = await db()
      .insert(conversations)
      .values({ userId: user.id, twilioAccountId: account.id, phoneNumber: `+3933300000${i}`, lastMessage: `Ciao ${i}`, lastMessageAt: new Date(Date.UTC(2026, 10, 1, 9, i)) })
      .returning();
    await db().insert(messages).values({ conversationId: row!.id, sender: "customer", content: `Ciao ${i}`, createdAt: new Date(Date.UTC(2026, 10, 1, 9, i)) });
    ids.push(row!.id);
  }
  return { user, cookie, account, ids };
}

describe("folded session check", () => {
  it("a console read after a read runs the session check in its own batch and answers the same", async () => {
    const { cookie, account, ids } = await ownerWithConversations(3);
    for (const path of ["/api/conversations", `/api/conversations/${ids[0]}/messages`, "/api/prompts", "/api/openai-usage"]) {
      // A write first, so that the first read checks the session the ordinary way.
      await write(cookie, account.id);
      const first = await counted(path, cookie);
      const second = await counted(path, cookie);
      expect(first.status, path).toBe(200);
      expect(second.status, path).toBe(200);
      expect(second.text, path).toBe(first.text);
      expect(second.statements, path).toBe(first.statements);
      expect(first.roundTrips, path).toBe(2);
      expect(second.roundTrips, path).toBe(1);
    }
  });

  it("the dashboard's stats fold too: the rollup's counts and the session check in one round trip", async () => {
    const { cookie, account } = await sandboxOwner();
    // Its list of templates is held by the isolate for a while (provider-templates/memo.ts): read once first.
    expect((await call("/api/analytics/stats", { cookie })).status).toBe(200);
    await write(cookie, account.id);
    const first = await counted("/api/analytics/stats", cookie);
    const second = await counted("/api/analytics/stats", cookie);
    expect(first.status).toBe(200);
    expect(second.text).toBe(first.text);
    expect(first.json).toMatchObject({ totalTemplates: expect.any(Number), startedConversations: 0 });
    expect([first.roundTrips, second.roundTrips]).toEqual([2, 1]);
    expect(second.statements).toBe(2);
  });

  it("a session ended elsewhere answers 401, not the rows", async () => {
    const { cookie } = await ownerWithConversations(2);
    expect((await call("/api/conversations", { cookie })).json).toHaveLength(2);
    await db().delete(sessions).where(eq(sessions.sid, await sidOf(cookie)));
    const res = await call("/api/conversations", { cookie });
    expect(res.status).toBe(401);
    expect(res.text).not.toContain("Ciao");
  });

  it("an expired session answers 401 and is ended; a disabled user's too", async () => {
    const expired = await ownerWithConversations(1);
    expect((await call("/api/conversations", { cookie: expired.cookie })).status).toBe(200);
    const sid = await sidOf(expired.cookie);
    await db().update(sessions).set({ expire: new Date(Date.now() - 1000) }).where(eq(sessions.sid, sid));
    expect((await call("/api/conversations", { cookie: expired.cookie })).status).toBe(401);
    expect(await db().query.sessions.findFirst({ where: eq(sessions.sid, sid) })).toBeUndefined();

    const disabled = await ownerWithConversations(1);
    expect((await call("/api/prompts", { cookie: disabled.cookie })).status).toBe(200);
    await db().update(users).set({ isActive: false }).where(eq(users.id, disabled.user.id));
    expect((await call("/api/prompts", { cookie: disabled.cookie })).status).toBe(401);
  });

  it("an active account switched elsewhere answers the new account's rows, with none of the old one's headers", async () => {
    const { user, cookie } = await ownerWithConversations(2);
    const empty = await createAccount(cookie, { name: "Secondo", phoneNumber: "+393331119999", accountSid: "AC" + "1".repeat(32) });
    // Creating an account may make it the active one: the first account's conversations are the active ones again.
    const [first] = await db().select().from(conversations).where(eq(conversations.userId, user.id)).limit(1);
    await db().insert(userSettings).values({ userId: user.id, activeTwilioAccountId: first!.twilioAccountId }).onConflictDoUpdate({ target: userSettings.userId, set: { activeTwilioAccountId: first!.twilioAccountId } });
    const before = await call("/api/conversations?limit=1", { cookie });
    expect(before.json).toHaveLength(1);
    expect(before.headers.get("X-Next-Cursor")).not.toBeNull();

    await db().update(userSettings).set({ activeTwilioAccountId: empty.id }).where(eq(userSettings.userId, user.id));
    const after = await counted("/api/conversations?limit=1", cookie);
    expect(after.status).toBe(200);
    expect(after.json).toEqual([]);
    expect(after.headers.get("X-Next-Cursor")).toBeNull();
    // The thrown-away read's batch, then the session read and the read again.
    expect(after.roundTrips).toBe(3);
  });

  it("an owner who is no longer one gets 403 from the usage report", async () => {
    const { user, cookie, account } = await ownerWithConversations(1);
    expect((await call("/api/openai-usage", { cookie })).status).toBe(200);
    await db().update(accountUsers).set({ isOwner: false }).where(and(eq(accountUsers.userId, user.id), eq(accountUsers.twilioAccountId, account.id)));
    expect((await call("/api/openai-usage", { cookie })).status).toBe(403);
  });

  it("a refusal made from the assumed session is checked too: a password changed elsewhere lets the read through", async () => {
    const { user, cookie } = await ownerWithConversations(1);
    expect((await call("/api/conversations", { cookie })).status).toBe(200);
    // An administrator's reset, elsewhere: the read is refused.
    await db().update(users).set({ mustChangePassword: true }).where(eq(users.id, user.id));
    const refused = await call("/api/conversations", { cookie });
    expect(refused.status).toBe(403);
    expect(refused.json.error).toBe(AUTH_TEXTS.mustChange);
    // The user chose a new password elsewhere: this isolate still assumes the reset, and must not refuse.
    await db().update(users).set({ mustChangePassword: false }).where(eq(users.id, user.id));
    const through = await counted("/api/conversations", cookie);
    expect(through.status).toBe(200);
    expect(through.json).toHaveLength(1);
  });

  it("a write makes the next read check its session first", async () => {
    const { cookie, account } = await ownerWithConversations(1);
    await write(cookie, account.id);
    expect((await counted("/api/prompts", cookie)).roundTrips).toBe(2);
    expect((await counted("/api/prompts", cookie)).roundTrips).toBe(1);
    await write(cookie, account.id);
    expect((await counted("/api/prompts", cookie)).roundTrips).toBe(2);
  });

  it("other reads keep the session read first", async () => {
    const { cookie, ids } = await ownerWithConversations(1);
    for (const path of [`/api/conversations/${ids[0]}`, "/api/analytics/client-stats"]) {
      await counted(path, cookie);
      const again = await counted(path, cookie);
      expect(again.roundTrips, path).toBeGreaterThanOrEqual(2);
    }
  });
});
