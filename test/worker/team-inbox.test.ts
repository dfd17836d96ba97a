import { createExecutionContext, runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { CONVERSATION_TEXTS as TX } from "@shared/texts/conversations";
import { T } from "@shared/strings";
import { CLOSE_SESSION_ENDED, type AccountLiveDO } from "@worker/account-live-do";
import { auditLog, conversations, messages } from "@worker/db/schema";
import worker from "@worker/index";
import { fakeOutside, type FakeOutside } from "../fakes/outside";
import { addMember, call, createAccount, createUser, db, login, ORIGIN, signedInUser } from "./helpers";

const CUSTOMER = "+393401234567";
const waitFor = <T>(fn: () => Promise<T>, timeout = 10_000) => vi.waitFor(fn, { timeout, interval: 100 });

let world: FakeOutside;
beforeAll(() => {
  world = fakeOutside((request) => {
    if (new URL(request.url).hostname === "twilio.fake") {
      return Response.json({ sid: `SM${crypto.randomUUID().replaceAll("-", "")}`, status: "queued" }, { status: 201 });
    }
    return new Response("unknown fake host", { status: 404 });
  });
});
afterAll(() => world.restore());

async function sandbox() {
  const { user, cookie } = await signedInUser();
  const res = await call("/api/twilio-accounts", { cookie, body: { name: "Sandbox", sandbox: true, phoneNumber: "+15005550006", gptModel: "gpt-4o-mini" } });
  expect(res.status).toBe(201);
  return { user, cookie, account: res.json as { id: string } };
}

async function customerWrites(cookie: string, body: string, phoneNumber = CUSTOMER) {
  const res = await call("/api/sandbox/inbound", { cookie, body: { phoneNumber, body } });
  expect(res.status).toBeLessThan(300);
  return res.json.conversationId as string;
}

type Listed = { id: string; phoneNumber: string; archivedAt: string | null; assignedUserId: string | null; unread: boolean; lastMessage: string | null };

async function list(cookie: string, query = "") {
  const res = await call(`/api/conversations${query}`, { cookie });
  expect(res.status).toBe(200);
  return { rows: res.json as Listed[], cursor: res.headers.get("X-Next-Cursor") };
}

async function openAccountSocket(cookie: string) {
  const res = await worker.fetch(new Request(`${ORIGIN}/api/conversations/live`, { headers: { Upgrade: "websocket", Cookie: cookie } }), env, createExecutionContext());
  expect(res.status).toBe(101);
  const ws = res.webSocket!;
  ws.accept();
  const frames: any[] = [];
  const closed: { code?: number } = {};
  ws.addEventListener("message", (e) => frames.push(JSON.parse(e.data as string)));
  ws.addEventListener("close", (e) => {
    closed.code = e.code;
  });
  return { ws, frames, closed };
}

describe("conversation list paging", () => {
  it("pages with a cursor that stays exact while conversations arrive, ties included", async () => {
    const { user, cookie, account } = await sandbox();
    const base = Date.now() - 3_600_000;
    // Seven conversations; two pairs share a timestamp, the id breaks the tie.
    const at = [0, 1, 1, 2, 3, 3, 4];
    for (const [i, minutes] of at.entries()) {
      await db()
        .insert(conversations)
        .values({ userId: user.id, twilioAccountId: account.id, phoneNumber: `+3934000000${i}0`, lastMessage: `m${i}`, lastMessageAt: new Date(base + minutes * 60_000) });
    }
    const seen: string[] = [];
    let page = await list(cookie, "?limit=3");
    expect(page.rows).toHaveLength(3);
    seen.push(...page.rows.map((r) => r.id));
    // A new conversation and a new message on an already listed one arrive between pages.
    await customerWrites(cookie, "nuovo cliente", "+393409999999");
    await db().update(conversations).set({ lastMessageAt: new Date() }).where(eq(conversations.id, page.rows[0]!.id));
    while (page.cursor) {
      page = await list(cookie, `?limit=3&cursor=${page.cursor}`);
      seen.push(...page.rows.map((r) => r.id));
    }
    expect(seen).toHaveLength(7);
    expect(new Set(seen).size).toBe(7);
    const all = await db().select().from(conversations).where(eq(conversations.twilioAccountId, account.id));
    const expected = all
      .filter((c) => c.phoneNumber !== "+393409999999")
      .map((c) => ({ id: c.id, at: base + at[Number(c.phoneNumber.slice(-2, -1))]! * 60_000 }))
      .sort((a, b) => b.at - a.at || (b.id < a.id ? -1 : 1))
      .map((c) => c.id);
    expect(seen).toEqual(expected);
    // The last page is short and has no cursor; an exact multiple ends with an empty page.
    expect(page.cursor).toBeNull();
    const fresh = await list(cookie, "?limit=4");
    const rest = await list(cookie, `?limit=4&cursor=${fresh.cursor}`);
    expect(rest.rows).toHaveLength(4);
    const end = await list(cookie, `?limit=4&cursor=${rest.cursor}`);
    expect(end.rows).toEqual([]);
    expect(end.cursor).toBeNull();
  });

  it("refuses a malformed cursor, view or assignment filter with an Italian reason", async () => {
    const { cookie } = await sandbox();
    for (const [query, text] of [
      ["?cursor=abc", TX.invalidCursor],
      ["?view=deleted", TX.invalidView],
      ["?assigned=others", TX.invalidAssignment],
    ] as const) {
      const res = await call(`/api/conversations${query}`, { cookie });
      expect(res.status, query).toBe(400);
      expect(JSON.stringify(res.json)).toContain(text);
    }
  });
});

describe("search", () => {
  it("finds a conversation by the text of any of its messages, accents folded, within the account", async () => {
    const owner = await sandbox();
    const stranger = await sandbox();
    const id = await customerWrites(owner.cookie, "Vorrei informazioni sul mutuo per la casa, perché scade il contratto");
    await call(`/api/conversations/${id}/operator-mode`, { cookie: owner.cookie, body: { enabled: true } });
    await customerWrites(owner.cookie, "Grazie");
    const other = await customerWrites(owner.cookie, "Buongiorno", "+393409876543");
    await customerWrites(stranger.cookie, "Anche io voglio un mutuo");

    // "mutuo" is no longer in the last message: the full-text index finds it.
    expect((await list(owner.cookie, "?search=mutuo")).rows.map((r) => r.id)).toEqual([id]);
    expect((await list(owner.cookie, "?search=perche%20contratt")).rows.map((r) => r.id)).toEqual([id]);
    expect((await list(owner.cookie, "?search=Buongiorno")).rows.map((r) => r.id)).toEqual([other]);
    expect((await list(owner.cookie, "?search=%22%2A%28")).rows).toEqual([]);
    expect((await list(owner.cookie, "?search=ipoteca")).rows).toEqual([]);

    // Deleting the conversation takes its messages out of the index too.
    const indexed = async () => (await env.DB.prepare(`select count(*) as n from "messages_fts" where "messages_fts" match '"mutuo"'`).first<{ n: number }>())!.n;
    const before = await indexed();
    await call(`/api/conversations/${id}`, { cookie: owner.cookie, method: "DELETE" });
    expect((await list(owner.cookie, "?search=mutuo")).rows).toEqual([]);
    expect(await indexed()).toBe(before - 1);
  });
});

describe("archive", () => {
  it("takes a conversation out of the default list, lists it under archived, and brings it back when the customer writes", async () => {
    const { cookie } = await sandbox();
    const id = await customerWrites(cookie, "Ciao");
    const archived = await call(`/api/conversations/${id}/archive`, { cookie, body: { archived: true } });
    expect(archived.status).toBe(200);
    expect(archived.json.archivedAt).not.toBeNull();
    expect((await list(cookie)).rows.map((r) => r.id)).not.toContain(id);
    expect((await list(cookie, "?view=archived")).rows.map((r) => r.id)).toEqual([id]);
    expect((await list(cookie, "?view=all")).rows.map((r) => r.id)).toEqual([id]);
    expect((await call("/api/conversations/active", { cookie })).json).toEqual([]);

    await customerWrites(cookie, "Ci sono ancora");
    const back = await list(cookie);
    expect(back.rows.map((r) => r.id)).toEqual([id]);
    expect(back.rows[0]!.archivedAt).toBeNull();
    expect((await list(cookie, "?view=archived")).rows).toEqual([]);
  });

  it("restores by hand, validates the body, and answers 404 to another account", async () => {
    const owner = await sandbox();
    const id = await customerWrites(owner.cookie, "Ciao");
    await call(`/api/conversations/${id}/archive`, { cookie: owner.cookie, body: { archived: true } });
    const restored = await call(`/api/conversations/${id}/archive`, { cookie: owner.cookie, body: { archived: false } });
    expect(restored.json.archivedAt).toBeNull();
    expect((await call(`/api/conversations/${id}/archive`, { cookie: owner.cookie, body: { archived: "sì" } })).status).toBe(400);
    const stranger = await sandbox();
    expect((await call(`/api/conversations/${id}/archive`, { cookie: stranger.cookie, body: { archived: true } })).status).toBe(404);
    const row = await db().query.conversations.findFirst({ where: eq(conversations.id, id) });
    expect(row!.archivedAt).toBeNull();
  });
});

describe("assignment", () => {
  it("assigns to a user of the account, filters mine and unassigned, and records the change in the audit log", async () => {
    const owner = await sandbox();
    const colleague = await createUser();
    await addMember(colleague.id, owner.account.id);
    const colleagueCookie = await login(colleague.email);
    const first = await customerWrites(owner.cookie, "Ciao", "+393401111111");
    const second = await customerWrites(owner.cookie, "Buongiorno", "+393402222222");

    const people = (await call("/api/conversations/assignees", { cookie: owner.cookie })).json as { id: string; name: string }[];
    expect(people.map((p) => p.id).sort()).toEqual([owner.user.id, colleague.id].sort());

    const res = await call(`/api/conversations/${first}/assign`, { cookie: owner.cookie, body: { userId: colleague.id } });
    expect(res.status).toBe(200);
    expect(res.json.assignedUserId).toBe(colleague.id);
    expect((await list(colleagueCookie, "?assigned=mine")).rows.map((r) => r.id)).toEqual([first]);
    expect((await list(owner.cookie, "?assigned=mine")).rows).toEqual([]);
    expect((await list(owner.cookie, "?assigned=unassigned")).rows.map((r) => r.id)).toEqual([second]);
    expect((await list(owner.cookie, "?assigned=all")).rows).toHaveLength(2);

    const [entry] = await db().select().from(auditLog).where(and(eq(auditLog.action, "conversation.assign"), eq(auditLog.targetId, first)));
    expect(entry).toMatchObject({ actorId: owner.user.id, targetType: "conversation", details: { accountId: owner.account.id, from: null, to: colleague.id } });

    const cleared = await call(`/api/conversations/${first}/assign`, { cookie: colleagueCookie, body: { userId: null } });
    expect(cleared.json.assignedUserId).toBeNull();
    expect(await db().select().from(auditLog).where(and(eq(auditLog.action, "conversation.assign"), eq(auditLog.targetId, first)))).toHaveLength(2);
  });

  it("refuses a user of another account and answers 404 to another account's users", async () => {
    const owner = await sandbox();
    const stranger = await sandbox();
    const id = await customerWrites(owner.cookie, "Ciao");
    const outsider = await call(`/api/conversations/${id}/assign`, { cookie: owner.cookie, body: { userId: stranger.user.id } });
    expect(outsider.status).toBe(400);
    expect(outsider.json.error).toBe(TX.assigneeNotMember);
    expect((await call(`/api/conversations/${id}/assign`, { cookie: owner.cookie, body: {} })).status).toBe(400);
    expect((await call(`/api/conversations/${id}/assign`, { cookie: stranger.cookie, body: { userId: stranger.user.id } })).status).toBe(404);
    expect((await call("/api/conversations/assignees", { cookie: stranger.cookie })).json.map((p: { id: string }) => p.id)).toEqual([stranger.user.id]);
  });
});

describe("labels", () => {
  it("creates labels per account, sets them on a conversation, filters by them, and keeps them out of other accounts", async () => {
    const owner = await sandbox();
    const stranger = await sandbox();
    const first = await customerWrites(owner.cookie, "Ciao", "+393401111111");
    const second = await customerWrites(owner.cookie, "Buongiorno", "+393402222222");
    const hot = await call("/api/conversations/labels", { cookie: owner.cookie, body: { name: "Caldo", color: "red" } });
    expect(hot.status).toBe(201);
    const vip = (await call("/api/conversations/labels", { cookie: owner.cookie, body: { name: "VIP", color: "violet" } })).json;
    const dup = await call("/api/conversations/labels", { cookie: owner.cookie, body: { name: "Caldo", color: "blue" } });
    expect(dup.status).toBe(409);
    expect(dup.json.error).toBe(TX.labelExists);
    const bad = await call("/api/conversations/labels", { cookie: owner.cookie, body: { name: "", color: "fucsia" } });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.json)).toContain(TX.labelNameRequired);
    const theirs = (await call("/api/conversations/labels", { cookie: stranger.cookie, body: { name: "Altro", color: "green" } })).json;

    const set = await call(`/api/conversations/${first}/labels`, { cookie: owner.cookie, method: "PUT", body: { labelIds: [hot.json.id, vip.id] } });
    expect(set.status).toBe(200);
    expect([...set.json.labelIds].sort()).toEqual([hot.json.id, vip.id].sort());
    // Another account's label is refused; another account cannot label this conversation.
    const foreign = await call(`/api/conversations/${second}/labels`, { cookie: owner.cookie, method: "PUT", body: { labelIds: [theirs.id] } });
    expect(foreign.status).toBe(400);
    expect((await call(`/api/conversations/${first}/labels`, { cookie: stranger.cookie, method: "PUT", body: { labelIds: [theirs.id] } })).status).toBe(404);

    const labelled = await list(owner.cookie, `?label=${hot.json.id}`);
    expect(labelled.rows.map((r) => r.id)).toEqual([first]);
    expect((await list(owner.cookie)).rows.find((r) => r.id === second)).toMatchObject({ labelIds: [] });
    expect((await list(stranger.cookie, `?label=${hot.json.id}`)).rows).toEqual([]);
    expect((await call("/api/conversations/labels", { cookie: stranger.cookie })).json.map((l: { name: string }) => l.name)).toEqual(["Altro"]);

    expect((await call(`/api/conversations/labels/${hot.json.id}`, { cookie: stranger.cookie, method: "DELETE" })).status).toBe(404);
    expect((await call(`/api/conversations/labels/${hot.json.id}`, { cookie: owner.cookie, method: "DELETE" })).status).toBe(200);
    expect((await list(owner.cookie)).rows.find((r) => r.id === first)).toMatchObject({ labelIds: [vip.id] });
  });
});

describe("internal notes", () => {
  it("keeps notes beside the thread and never sends them to Twilio", async () => {
    const { cookie } = await signedInUser();
    const accountSid = `AC${crypto.randomUUID().replaceAll("-", "")}`;
    const account = await createAccount(cookie, { accountSid, phoneNumber: "+390212345678" });
    const [row] = await db()
      .insert(conversations)
      .values({ userId: (await db().query.twilioAccounts.findFirst({ where: (a, { eq: is }) => is(a.id, account.id) }))!.userId, twilioAccountId: account.id, phoneNumber: CUSTOMER, lastInboundAt: new Date() })
      .returning();
    const id = row!.id;
    const before = world.requests.length;
    const note = await call(`/api/conversations/${id}/notes`, { cookie, body: { content: "Richiamare dopo le 18, chiede del mutuo" } });
    expect(note.status).toBe(201);
    expect(note.json).toMatchObject({ conversationId: id, content: "Richiamare dopo le 18, chiede del mutuo", authorName: "Mario Rossi" });
    const blank = await call(`/api/conversations/${id}/notes`, { cookie, body: { content: "   " } });
    expect(blank.status).toBe(400);
    expect(blank.json.details ?? blank.json.error).toBeDefined();
    expect(JSON.stringify(blank.json)).toContain(TX.blankNote);

    // A real message in the same conversation does go out: the fake answers, so sends are observed.
    await call(`/api/conversations/${id}/send-manual`, { cookie, body: { content: "Buongiorno" } });
    await waitFor(async () => expect(world.requests.slice(before).some((r) => r.url.includes(`/Accounts/${accountSid}/Messages.json`))).toBe(true));
    const sent = world.bodies.slice(before).filter((b) => typeof b === "string" && b.includes("Body="));
    expect(sent.some((b) => String(b).includes("mutuo"))).toBe(false);
    expect(sent.some((b) => String(b).includes("Buongiorno"))).toBe(true);

    const stored = await db().select().from(messages).where(eq(messages.conversationId, id));
    expect(stored.map((m) => m.content)).toEqual(["Buongiorno"]);
    const notes = await call(`/api/conversations/${id}/notes`, { cookie });
    expect(notes.json.map((n: { content: string }) => n.content)).toEqual(["Richiamare dopo le 18, chiede del mutuo"]);
    const preview = await db().query.conversations.findFirst({ where: eq(conversations.id, id) });
    expect(preview!.lastMessage).toBe("Buongiorno");

    const stranger = await signedInUser();
    expect((await call(`/api/conversations/${id}/notes`, { cookie: stranger.cookie })).status).toBe(404);
    expect((await call(`/api/conversations/${id}/notes`, { cookie: stranger.cookie, body: { content: "x" } })).status).toBe(404);
  });
});

describe("the account's live socket", () => {
  it("hears of every conversation of a burst of customers writing at once, each with its latest message", async () => {
    const owner = await sandbox();
    const watching = await openAccountSocket(owner.cookie);
    // Written together, they share the ingest's group commits and the account hears of them per commit.
    const numbers = Array.from({ length: 6 }, (_, i) => `+39333000000${i}`);
    const ids = await Promise.all(numbers.map((phone, i) => customerWrites(owner.cookie, `Burst ${i}`, phone)));
    await waitFor(async () =>
      expect(ids.map((id) => watching.frames.filter((f) => f.type === "conversation" && f.conversation.id === id).at(-1)?.conversation.lastMessage)).toEqual(
        numbers.map((_, i) => `Burst ${i}`),
      ),
    );
    watching.ws.close();
  });

  it("pushes new conversations, previews, archive and assignment to the account's consoles only", async () => {
    const owner = await sandbox();
    const stranger = await sandbox();
    const mine = await openAccountSocket(owner.cookie);
    const theirs = await openAccountSocket(stranger.cookie);

    const id = await customerWrites(owner.cookie, "Primo messaggio");
    await waitFor(async () =>
      expect(mine.frames.some((f) => f.type === "conversation" && f.conversation.id === id && f.conversation.lastMessage === "Primo messaggio" && f.conversation.unread)).toBe(true),
    );
    await call(`/api/conversations/${id}/assign`, { cookie: owner.cookie, body: { userId: owner.user.id } });
    await waitFor(async () => expect(mine.frames.some((f) => f.type === "conversation" && f.conversation.assignedUserId === owner.user.id)).toBe(true));
    await call(`/api/conversations/${id}/archive`, { cookie: owner.cookie, body: { archived: true } });
    await waitFor(async () => expect(mine.frames.some((f) => f.type === "conversation" && f.conversation.archivedAt)).toBe(true));
    const label = (await call("/api/conversations/labels", { cookie: owner.cookie, body: { name: "Caldo", color: "red" } })).json;
    await call(`/api/conversations/${id}/labels`, { cookie: owner.cookie, method: "PUT", body: { labelIds: [label.id] } });
    await waitFor(async () => expect(mine.frames.some((f) => f.type === "conversation" && f.conversation.labelIds?.includes(label.id))).toBe(true));
    await call(`/api/conversations/${id}/mark-read`, { cookie: owner.cookie, method: "POST" });
    await waitFor(async () => expect(mine.frames.some((f) => f.type === "conversation" && f.conversation.id === id && !f.conversation.unread)).toBe(true));
    await call(`/api/conversations/${id}`, { cookie: owner.cookie, method: "DELETE" });
    await waitFor(async () => expect(mine.frames.some((f) => f.type === "conversation-removed" && f.id === id)).toBe(true));

    mine.ws.send(JSON.stringify({ type: "ping" }));
    await waitFor(async () => expect(mine.frames.some((f) => f.type === "pong")).toBe(true));
    mine.ws.send("not json");
    await waitFor(async () => expect(mine.frames.some((f) => f.type === "error")).toBe(true));

    expect(theirs.frames.filter((f) => f.type !== "pong")).toEqual([]);
    mine.ws.close();
    theirs.ws.close();
  });

  it("closes an account socket at once on logout and on removal from the account, without waiting for the periodic check", async () => {
    const owner = await sandbox();
    const admin = await signedInUser("super_admin");
    const leaving = await createUser();
    await addMember(leaving.id, owner.account.id);
    const removed = await createUser();
    await addMember(removed.id, owner.account.id);
    const kept = await openAccountSocket(owner.cookie);
    const signedOut = await openAccountSocket(await login(leaving.email));
    const unassigned = await openAccountSocket(await login(removed.email));

    const cookie = await login(leaving.email);
    const other = await openAccountSocket(cookie);
    expect((await call("/api/auth/logout", { cookie, method: "POST" })).status).toBeLessThan(300);
    // Only the session that signed out: the same user's other session stays.
    await waitFor(async () => expect(other.closed.code).toBe(CLOSE_SESSION_ENDED));
    expect(signedOut.closed.code).toBeUndefined();

    const res = await call(`/api/admin/users/${removed.id}/unassign-account/${owner.account.id}`, { cookie: admin.cookie, method: "DELETE" });
    expect(res.status, res.text).toBe(200);
    await waitFor(async () => expect(unassigned.closed.code).toBe(CLOSE_SESSION_ENDED));
    expect(kept.closed.code).toBeUndefined();
    await customerWrites(owner.cookie, "Dopo la rimozione");
    await waitFor(async () => expect(kept.frames.some((f) => f.type === "conversation" && f.conversation.lastMessage === "Dopo la rimozione")).toBe(true));
    expect(unassigned.frames.some((f) => f.type === "conversation" && f.conversation.lastMessage === "Dopo la rimozione")).toBe(false);
    kept.ws.close();
    signedOut.ws.close();
  });

  it("needs a session and our origin, and closes a socket whose session ended at the next check", async () => {
    const owner = await sandbox();
    expect((await call("/api/conversations/live", { headers: { Upgrade: "websocket" } })).status).toBe(401);
    const foreign = await call("/api/conversations/live", { cookie: owner.cookie, headers: { Upgrade: "websocket", Origin: "https://evil.example" } });
    expect(foreign.status).toBe(403);
    expect(foreign.json).toEqual({ error: T.badOrigin });
    const noAccount = await signedInUser();
    expect((await call("/api/conversations/live", { cookie: noAccount.cookie, headers: { Upgrade: "websocket" } })).status).toBe(404);

    const colleague = await createUser();
    await addMember(colleague.id, owner.account.id);
    const colleagueCookie = await login(colleague.email);
    const kept = await openAccountSocket(owner.cookie);
    const ended = await openAccountSocket(colleagueCookie);
    expect((await call("/api/auth/logout", { cookie: colleagueCookie, method: "POST" })).status).toBeLessThan(300);

    const stub = env.ACCOUNT_LIVE.get(env.ACCOUNT_LIVE.idFromName(owner.account.id));
    const open = await runInDurableObject(stub, (instance: AccountLiveDO) => instance.recheck());
    expect(open).toBe(1);
    await waitFor(async () => expect(ended.closed.code).toBe(CLOSE_SESSION_ENDED));
    expect(kept.closed.code).toBeUndefined();

    await customerWrites(owner.cookie, "Dopo il logout");
    await waitFor(async () => expect(kept.frames.some((f) => f.type === "conversation" && f.conversation.lastMessage === "Dopo il logout")).toBe(true));
    expect(ended.frames.some((f) => f.type === "conversation")).toBe(false);
    kept.ws.close();
  });
});
