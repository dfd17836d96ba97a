import { runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { liveSockets, sessions } from "@worker/db/schema";
import { LIVE_RECHECK_MS, REVOKED_CLOSE } from "@worker/features/live-access/service";
import { sha256Hex } from "@worker/lib/crypto";
import { addMember, call, createUser, db, login, openLiveSocket, signedInUser } from "./helpers";

const CUSTOMER = "+393409998877";
const waitFor = <T>(fn: () => Promise<T>, timeout = 8_000) => vi.waitFor(fn, { timeout, interval: 100 });

// A sandbox account with one conversation in operator mode (no AI replies), owned by a fresh client.
async function conversation(opts: { isDefault?: boolean } = {}) {
  const owner = await signedInUser();
  if (opts.isDefault === false) {
    // The first account is the default one, which cannot be deleted: the conversation goes in a second.
    await call("/api/twilio-accounts", { cookie: owner.cookie, body: { name: "Principale", sandbox: true, phoneNumber: "+15005550006", gptModel: "gpt-4o-mini" } });
  }
  const account = (await call("/api/twilio-accounts", { cookie: owner.cookie, body: { name: "Sandbox", sandbox: true, phoneNumber: "+15005550006", gptModel: "gpt-4o-mini" } })).json as { id: string };
  await call(`/api/twilio-accounts/${account.id}/activate`, { cookie: owner.cookie, method: "PUT" });
  const started = await call("/api/sandbox/inbound", { cookie: owner.cookie, body: { phoneNumber: CUSTOMER, body: "Ciao" } });
  expect(started.status, started.text).toBeLessThan(300);
  const id = started.json.conversationId as string;
  await call(`/api/conversations/${id}/operator-mode`, { cookie: owner.cookie, body: { enabled: true } });
  return { owner, account, id };
}

async function member(accountId: string) {
  const user = await createUser();
  await addMember(user.id, accountId);
  return { user, cookie: await login(user.email) };
}

const customerWrites = (cookie: string, body: string) => call("/api/sandbox/inbound", { cookie, body: { phoneNumber: CUSTOMER, body } });
const stub = (id: string) => env.CONVERSATIONS.get(env.CONVERSATIONS.idFromName(id));

// The revoked socket is closed with REVOKED_CLOSE, and a message written afterwards reaches only the
// socket that is still allowed (so the check is not passing merely because nothing was published).
async function expectRevoked(revoked: Awaited<ReturnType<typeof openLiveSocket>>, witness: Awaited<ReturnType<typeof openLiveSocket>>, ownerCookie: string) {
  await waitFor(async () => expect(revoked.closes).toEqual([{ code: REVOKED_CLOSE.code, reason: REVOKED_CLOSE.reason }]));
  const before = revoked.frames.length;
  const text = `dopo la revoca ${crypto.randomUUID()}`;
  await customerWrites(ownerCookie, text);
  await waitFor(async () => expect(witness.frames.some((f) => f.type === "message" && f.message.content === text)).toBe(true));
  expect(revoked.frames.length).toBe(before);
  expect(witness.closes).toEqual([]);
}

describe("live sockets follow the session", () => {
  it("logout closes that session's socket at once and leaves other sessions' sockets open", async () => {
    const { owner, id } = await conversation();
    const second = await login(owner.user.email);
    const doomed = await openLiveSocket(id, second);
    const witness = await openLiveSocket(id, owner.cookie);
    await customerWrites(owner.cookie, "prima");
    await waitFor(async () => expect(doomed.frames.some((f) => f.type === "message" && f.message.content === "prima")).toBe(true));
    expect((await call("/api/auth/logout", { cookie: second, method: "POST" })).status).toBe(200);
    await expectRevoked(doomed, witness, owner.cookie);
    // Its registration is gone too.
    expect(await db().select().from(liveSockets).where(eq(liveSockets.sessionId, await sha256Hex(second.split("=")[1]!)))).toEqual([]);
  });

  it("deactivating the user closes their sockets", async () => {
    const { owner, account, id } = await conversation();
    const admin = await signedInUser("super_admin");
    const m = await member(account.id);
    const doomed = await openLiveSocket(id, m.cookie);
    const witness = await openLiveSocket(id, owner.cookie);
    expect((await call(`/api/admin/users/${m.user.id}/active`, { cookie: admin.cookie, method: "PUT", body: { isActive: false } })).status).toBe(200);
    await expectRevoked(doomed, witness, owner.cookie);
  });

  it("removing the membership closes the member's sockets on that account's conversations", async () => {
    const { owner, account, id } = await conversation();
    const admin = await signedInUser("super_admin");
    const m = await member(account.id);
    const doomed = await openLiveSocket(id, m.cookie);
    const witness = await openLiveSocket(id, owner.cookie);
    const res = await call(`/api/admin/users/${m.user.id}/unassign-account/${account.id}`, { cookie: admin.cookie, method: "DELETE" });
    expect(res.status, res.text).toBe(200);
    await expectRevoked(doomed, witness, owner.cookie);
  });

  it("demoting a super_admin who is not a member closes their sockets", async () => {
    const { owner, id } = await conversation();
    const admin = await signedInUser("super_admin");
    const other = await signedInUser("super_admin");
    const doomed = await openLiveSocket(id, other.cookie);
    const witness = await openLiveSocket(id, owner.cookie);
    expect((await call(`/api/admin/users/${other.user.id}/role`, { cookie: admin.cookie, method: "PUT", body: { role: "client" } })).status).toBe(200);
    await expectRevoked(doomed, witness, owner.cookie);
  });

  it("deleting the account closes every socket on its conversations", async () => {
    const { owner, account, id } = await conversation({ isDefault: false });
    const m = await member(account.id);
    const a = await openLiveSocket(id, owner.cookie);
    const b = await openLiveSocket(id, m.cookie);
    expect((await call(`/api/twilio-accounts/${account.id}`, { cookie: owner.cookie, method: "DELETE" })).status).toBe(200);
    for (const s of [a, b]) await waitFor(async () => expect(s.closes).toEqual([{ code: REVOKED_CLOSE.code, reason: REVOKED_CLOSE.reason }]));
  });

  it("re-checks every socket at least every 60 s: a session ended behind its back is closed by the alarm", async () => {
    const { owner, id } = await conversation();
    const second = await login(owner.user.email);
    const doomed = await openLiveSocket(id, second);
    const witness = await openLiveSocket(id, owner.cookie);
    const alarm = await runInDurableObject(stub(id), (_i, state) => state.storage.getAlarm());
    expect(alarm).not.toBeNull();
    expect(alarm!).toBeLessThanOrEqual(Date.now() + LIVE_RECHECK_MS);
    // The session disappears without any revocation (as a purge or a direct database change would do).
    await db().delete(sessions).where(eq(sessions.sid, await sha256Hex(second.split("=")[1]!)));
    expect(await runDurableObjectAlarm(stub(id))).toBe(true);
    await expectRevoked(doomed, witness, owner.cookie);
    // The re-check stays armed while a socket is open.
    expect(await runInDurableObject(stub(id), (_i, state) => state.storage.getAlarm())).not.toBeNull();
  });

  it("sends no frame to a socket whose session has expired, even before the next re-check", async () => {
    const { owner, id } = await conversation();
    const second = await login(owner.user.email);
    const doomed = await openLiveSocket(id, second);
    const witness = await openLiveSocket(id, owner.cookie);
    // The object knows the session's expiry: past it, publishing skips and closes the socket.
    const witnessSid = await sha256Hex(owner.cookie.split("=")[1]!);
    await runInDurableObject(stub(id), (_i, state) => {
      for (const ws of state.getWebSockets()) {
        const a = ws.deserializeAttachment() as { sid: string };
        if (a.sid !== witnessSid) ws.serializeAttachment({ ...a, expire: Date.now() - 1 });
      }
    });
    const text = "scaduta";
    await customerWrites(owner.cookie, text);
    await waitFor(async () => expect(witness.frames.some((f) => f.type === "message" && f.message.content === text)).toBe(true));
    expect(doomed.frames.some((f) => f.type === "message" && f.message.content === text)).toBe(false);
    await waitFor(async () => expect(doomed.closes.map((c) => c.code)).toEqual([REVOKED_CLOSE.code]));
  });
});
