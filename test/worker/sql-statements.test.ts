import { describe, expect, it } from "vitest";
import { accountUsers, conversations, messages, openaiUsage, prompts } from "@worker/db/schema";
import { call, createUser, db, login, signedInUser, SQL_COUNTING } from "./helpers";

// The console's reads run at most 3 SQL statements (the session with the user's active account, then
// the read itself) whatever the number of rows: no N+1. The Worker counts them with BENCH_SQL_COUNT=1.
const MAX_STATEMENTS = 3;

async function statements(path: string, cookie: string) {
  const res = await call(path, { cookie, env: SQL_COUNTING, headers: { "X-Count-SQL": "1" } });
  expect(res.status, `${path}: ${res.text}`).toBe(200);
  const header = res.headers.get("X-SQL-Statements");
  expect(header, `${path} answered without X-SQL-Statements`).not.toBeNull();
  return { count: Number(header), res };
}

// D1 binds at most 100 parameters per statement: a few rows at a time.
async function insertChunked<T>(rows: T[], insert: (chunk: T[]) => Promise<unknown>, size = 5) {
  for (let i = 0; i < rows.length; i += size) await insert(rows.slice(i, i + size));
}

const minutes = (n: number) => new Date(Date.UTC(2026, 10, 1, 9, 0) + n * 60_000);

// A signed-in owner of a sandbox account with `n` conversations, each with a few messages and an AI
// reply's usage row, and `n` prompts.
async function tenant(n: number, role: "client" | "super_admin" = "client") {
  const { user, cookie } = await signedInUser(role);
  const account = (await call("/api/twilio-accounts", { cookie, body: { name: "S", sandbox: true, phoneNumber: "+15005550006", gptModel: "gpt-4o-mini" } })).json as { id: string };
  const base = { userId: user.id, twilioAccountId: account.id };
  const convs = Array.from({ length: n }, (_, i) => ({
    ...base,
    id: crypto.randomUUID(),
    phoneNumber: `+3934${String(i).padStart(8, "0")}`,
    templateSid: i % 2 ? "HXA" : null,
    templateName: i % 2 ? "benvenuto" : null,
    lastMessage: "Grazie",
    lastMessageAt: minutes(i + 2),
    createdAt: minutes(i),
  }));
  await insertChunked(convs, (chunk) => db().insert(conversations).values(chunk));
  const msgs = convs.flatMap((c, i) => [
    { id: crypto.randomUUID(), conversationId: c.id, content: "Vorrei informazioni", sender: "customer" as const, status: "received" as const, createdAt: minutes(i + 1) },
    { id: crypto.randomUUID(), conversationId: c.id, content: "Grazie", isFromBot: true, sender: "ai" as const, status: "read" as const, createdAt: minutes(i + 2) },
  ]);
  await insertChunked(msgs, (chunk) => db().insert(messages).values(chunk));
  await insertChunked(
    msgs.filter((m) => m.sender === "ai"),
    (chunk) => db().insert(openaiUsage).values(chunk.map((m) => ({ ...base, conversationId: m.conversationId, messageId: m.id, model: "gpt-4o-mini", operationType: "chat_response", totalTokens: 120, totalCost: "0.00010000", createdAt: m.createdAt }))),
  );
  await insertChunked(
    Array.from({ length: n }, (_, i) => ({ ...base, name: `Prompt ${i}`, content: "Sei un assistente.", createdAt: minutes(i) })),
    (chunk) => db().insert(prompts).values(chunk),
  );
  return { user, cookie, account, conversationIds: convs.map((c) => c.id) };
}

const reads = (conversationId: string) => [
  "/api/conversations",
  "/api/conversations/active",
  `/api/conversations/${conversationId}/messages`,
  `/api/conversations/${conversationId}`,
  "/api/prompts",
  "/api/analytics/stats",
  "/api/openai-usage",
];

describe("SQL statements per read", () => {
  it("counts: a signed-in health check is the session lookup alone", async () => {
    const { cookie } = await signedInUser();
    expect((await statements("/api/health", cookie)).count).toBe(1);
  });

  it("runs at most 3 statements for each list read, the same for 1 and for 50 conversations", async () => {
    const small = await tenant(1);
    const large = await tenant(50);
    for (const path of reads("ID")) {
      const one = await statements(path.replace("ID", small.conversationIds[0]!), small.cookie);
      const fifty = await statements(path.replace("ID", large.conversationIds[7]!), large.cookie);
      expect(one.count, `${path} with 1 conversation`).toBeLessThanOrEqual(MAX_STATEMENTS);
      expect(one.count, `${path} with 1 conversation`).toBeGreaterThanOrEqual(2);
      expect(fifty.count, `${path}: 50 conversations ran more statements than 1`).toBe(one.count);
    }
    // The reads really read the rows they were counted for.
    expect((await call("/api/conversations", { cookie: large.cookie })).json).toHaveLength(50);
    expect((await call("/api/prompts", { cookie: large.cookie })).json).toHaveLength(50 + 1); // + the sandbox's prompt
    expect((await call("/api/openai-usage", { cookie: large.cookie })).json.totals.totalRequests).toBe(50);
    expect((await call("/api/analytics/stats", { cookie: large.cookie })).json).toMatchObject({ activeConversations: 50, startedConversations: 25 });
  });

  it("stays within 3 statements for a super_admin and for a member who does not own the account", async () => {
    const admin = await tenant(3, "super_admin");
    const member = await createUser();
    await db().insert(accountUsers).values({ userId: member.id, twilioAccountId: admin.account.id, isOwner: false });
    const memberCookie = await login(member.email);
    for (const path of reads(admin.conversationIds[1]!).filter((p) => p !== "/api/openai-usage")) {
      expect((await statements(path, admin.cookie)).count, `${path} as super_admin`).toBeLessThanOrEqual(MAX_STATEMENTS);
      expect((await statements(path, memberCookie)).count, `${path} as member`).toBeLessThanOrEqual(MAX_STATEMENTS);
    }
    // The usage report is for owners and super admins only.
    expect((await statements("/api/openai-usage", admin.cookie)).count).toBeLessThanOrEqual(MAX_STATEMENTS);
    expect((await call("/api/openai-usage", { cookie: memberCookie })).status).toBe(403);
  });
});

describe("paginated reads", () => {
  it("answers a conversation's newest messages a page at a time, in arrival order", async () => {
    const { cookie, conversationIds } = await tenant(1);
    const id = conversationIds[0]!;
    const more = Array.from({ length: 5 }, (_, i) => ({ conversationId: id, content: `m${i}`, sender: "customer" as const, status: "received" as const, createdAt: minutes(10 + i) }));
    await insertChunked(more, (chunk) => db().insert(messages).values(chunk));
    // 7 messages: the 2 of the seed, then m0..m4.
    const first = await call(`/api/conversations/${id}/messages?limit=3`, { cookie });
    expect(first.json.map((m: { content: string }) => m.content)).toEqual(["m2", "m3", "m4"]);
    const cursor = first.headers.get("X-Next-Cursor");
    expect(cursor).toBe(first.json[0].id);
    const second = await call(`/api/conversations/${id}/messages?limit=3&before=${cursor}`, { cookie });
    expect(second.json.map((m: { content: string }) => m.content)).toEqual(["Grazie", "m0", "m1"]);
    const third = await call(`/api/conversations/${id}/messages?limit=3&before=${second.headers.get("X-Next-Cursor")}`, { cookie });
    expect(third.json.map((m: { content: string }) => m.content)).toEqual(["Vorrei informazioni"]);
    expect(third.headers.get("X-Next-Cursor")).toBeNull();
    // Without a limit, the default page holds them all.
    expect((await call(`/api/conversations/${id}/messages`, { cookie })).json).toHaveLength(7);
    expect((await call(`/api/conversations/${id}/messages?limit=0`, { cookie })).status).toBe(400);
  });

  it("pages the prompts newest first", async () => {
    const { cookie } = await tenant(4); // + the sandbox's own prompt, created last
    const first = await call("/api/prompts?limit=2", { cookie });
    expect(first.json).toHaveLength(2);
    const seen = [...first.json];
    let cursor = first.headers.get("X-Next-Cursor");
    while (cursor) {
      const page = await call(`/api/prompts?limit=2&before=${cursor}`, { cookie });
      seen.push(...page.json);
      cursor = page.headers.get("X-Next-Cursor");
    }
    expect(seen.map((p: { name: string }) => p.name).slice(1)).toEqual(["Prompt 3", "Prompt 2", "Prompt 1", "Prompt 0"]);
    expect(new Set(seen.map((p: { id: string }) => p.id)).size).toBe(5);
  });

  it("pages the usage report's rows newest first, its totals over every row", async () => {
    const { cookie } = await tenant(23);
    const ids: string[] = [];
    let cursor: string | null = null;
    do {
      const page = await call(`/api/openai-usage?limit=10${cursor ? `&before=${cursor}` : ""}`, { cookie });
      expect(page.status).toBe(200);
      expect(page.json.totals.totalRequests).toBe(23);
      expect(page.json.items.length).toBeLessThanOrEqual(10);
      ids.push(...page.json.items.map((i: { id: string }) => i.id));
      cursor = page.headers.get("X-Next-Cursor");
    } while (cursor);
    expect(ids).toHaveLength(23);
    expect(new Set(ids).size).toBe(23);
  });

  it("lists conversations by last activity, those without messages by creation time", async () => {
    const { user, cookie, account } = await tenant(3);
    // Created after every other activity, with no message yet: first.
    await db().insert(conversations).values({ userId: user.id, twilioAccountId: account.id, phoneNumber: "+393499999999", createdAt: minutes(100) });
    // Created before everything, no message: last.
    await db().insert(conversations).values({ userId: user.id, twilioAccountId: account.id, phoneNumber: "+393499999998", createdAt: minutes(-100) });
    const list = (await call("/api/conversations", { cookie })).json as { phoneNumber: string }[];
    expect(list.map((c) => c.phoneNumber)).toEqual(["+393499999999", "+393400000002", "+393400000001", "+393400000000", "+393499999998"]);
    const page = (await call("/api/conversations?limit=2", { cookie })).json as { phoneNumber: string; lastMessageAt: string | null; createdAt: string }[];
    expect(page.map((c) => c.phoneNumber)).toEqual(["+393499999999", "+393400000002"]);
    const before = page[1]!.lastMessageAt!;
    const next = (await call(`/api/conversations?limit=2&before=${encodeURIComponent(before)}`, { cookie })).json as { phoneNumber: string }[];
    expect(next.map((c) => c.phoneNumber)).toEqual(["+393400000001", "+393400000000"]);
  });
});

describe("the benchmark's floors of a read's shape", () => {
  it("answer 404 unless BENCH_FLOORS=1, and read only the active account's rows", async () => {
    const floors = { BENCH_FLOORS: "1" } as Partial<Env>;
    const { cookie, conversationIds } = await tenant(60);
    const other = await tenant(3);
    expect((await call("/api/bench-floor?rows=conversations", { cookie })).status).toBe(404);
    expect((await call("/api/bench-floor?rows=conversations", { env: floors })).status).toBe(401);
    expect((await call("/api/bench-floor?rows=everything", { cookie, env: floors })).status).toBe(400);
    // A held page's shape: a body of about the size asked, from memory.
    const page = await call("/api/bench-floor/page?bytes=30000", { cookie, env: floors });
    expect(page.status).toBe(200);
    expect(Math.abs(page.text.length - 30000)).toBeLessThan(203);
    expect((await call("/api/bench-floor/page?bytes=0", { cookie, env: floors })).status).toBe(400);
    expect((await call("/api/bench-floor/page?bytes=30000", { cookie })).status).toBe(404);
    expect((await call("/api/bench-floor?rows=conversation-ids", { cookie, env: floors })).json).toEqual({ rows: 51 });
    expect((await call("/api/bench-floor?rows=conversations", { cookie, env: floors })).json).toEqual({ rows: 51 });
    expect((await call(`/api/bench-floor?rows=messages&conversation=${conversationIds[0]}`, { cookie, env: floors })).json).toEqual({ rows: 2 });
    expect((await call("/api/bench-floor?rows=usage", { cookie, env: floors })).json).toEqual({ rows: 51 });
    // The tenant's 60 prompts and the one its new account got.
    expect((await call("/api/bench-floor?rows=prompts", { cookie, env: floors })).json).toEqual({ rows: 61 });
    // The scaling rows' control: the tenant's conversations grouped by template and status (with and without).
    expect((await call("/api/bench-floor?rows=conversation-scan", { cookie, env: floors })).json).toEqual({ rows: 2 });
    expect((await call("/api/bench-floor?rows=usage", { cookie: other.cookie, env: floors })).json).toEqual({ rows: 3 });
    expect((await call("/api/bench-floor?rows=prompts", { cookie: other.cookie, env: floors })).json).toEqual({ rows: 4 });
    // Another tenant's conversation reads nothing.
    expect((await call(`/api/bench-floor?rows=messages&conversation=${other.conversationIds[0]}`, { cookie, env: floors })).json).toEqual({ rows: 0 });
  });
});
