import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { ADMIN_TEXTS as TX } from "@shared/texts/admin";
import { T } from "@shared/strings";
import { auditLog, users } from "@worker/db/schema";
import { call, createAccount, db, login, signedInUser, uniqueEmail } from "./helpers";

describe("user administration", () => {
  it("answers 403 to a client on every admin route, and 401 without a session", async () => {
    const { user, cookie } = await signedInUser();
    const routes: [string, string, unknown?][] = [
      ["GET", "/api/admin/users"],
      ["GET", "/api/admin/audit-log"],
      ["POST", "/api/admin/users/create", { email: "x@example.com", password: "Cliente-Nuovo-2026" }],
      ["PUT", `/api/admin/users/${user.id}/role`, { role: "super_admin" }],
      ["PUT", `/api/admin/users/${user.id}/active`, { isActive: false }],
      ["POST", `/api/admin/users/${user.id}/assign-account`, { twilioAccountId: "x", isOwner: true }],
      ["DELETE", `/api/admin/users/${user.id}/unassign-account/x`],
    ];
    for (const [method, path, body] of routes) {
      const refused = await call(path, { method, cookie, body });
      expect(refused.status, `${method} ${path}`).toBe(403);
      expect(refused.json).toEqual({ error: T.forbidden });
      expect((await call(path, { method, body })).status, `${method} ${path} anonymous`).toBe(401);
    }
    // The client did not promote themselves.
    expect((await db().query.users.findFirst({ where: eq(users.id, user.id) }))!.role).toBe("client");
  });

  it("creates users, assigns and removes accounts, changes roles, and writes the audit log", async () => {
    const admin = await signedInUser("super_admin");
    const owner = await signedInUser();
    const account = await createAccount(owner.cookie);
    const email = uniqueEmail("nuovo");
    const created = await call("/api/admin/users/create", { cookie: admin.cookie, body: { email, password: "Cliente-Nuovo-2026", twilioAccountId: account.id, isOwner: false } });
    expect(created.status).toBe(201);
    const duplicate = await call("/api/admin/users/create", { cookie: admin.cookie, body: { email, password: "Cliente-Nuovo-2026" } });
    expect(duplicate.status).toBe(409);
    expect(duplicate.json.error).toBe(T.emailInUse);
    const short = await call("/api/admin/users/create", { cookie: admin.cookie, body: { email: uniqueEmail(), password: "corta" } });
    expect(short.json.error).toBe("Password must be at least 8 characters long");

    const id = created.json.id;
    const listed = (await call("/api/admin/users", { cookie: admin.cookie })).json.find((u: any) => u.id === id);
    expect(listed.accounts).toEqual([expect.objectContaining({ twilioAccountId: account.id, isOwner: false })]);
    expect((await call(`/api/admin/users/${id}/assign-account`, { cookie: admin.cookie, body: { twilioAccountId: account.id, isOwner: true } })).status).toBe(200);
    const promoted = (await call("/api/admin/users", { cookie: admin.cookie })).json.find((u: any) => u.id === id);
    expect(promoted.accounts).toEqual([expect.objectContaining({ isOwner: true })]);
    expect((await call(`/api/admin/users/${id}/assign-account`, { cookie: admin.cookie, body: { twilioAccountId: "" } })).json.error).toBe("Twilio Account ID is required");
    expect((await call(`/api/admin/users/${id}/unassign-account/${account.id}`, { method: "DELETE", cookie: admin.cookie })).status).toBe(200);
    expect((await call(`/api/admin/users/${id}/unassign-account/${account.id}`, { method: "DELETE", cookie: admin.cookie })).status).toBe(404);
    expect((await call(`/api/admin/users/${id}/role`, { method: "PUT", cookie: admin.cookie, body: { role: "super_admin" } })).status).toBe(200);
    expect((await call(`/api/admin/users/${id}/role`, { method: "PUT", cookie: admin.cookie, body: { role: "boss" } })).status).toBe(400);

    const audit = (await call("/api/admin/audit-log", { cookie: admin.cookie })).json.filter((e: any) => e.targetId === id);
    expect(audit.map((e: any) => e.action)).toEqual(["user.role", "account.unassign", "account.assign", "user.create"]);
    expect(audit.every((e: any) => e.actorEmail === admin.user.email)).toBe(true);
    expect(audit[0].details).toMatchObject({ from: "client", to: "super_admin" });
  });

  it("protects the last super_admin and the admin's own role", async () => {
    await db().update(users).set({ role: "client" }).where(eq(users.role, "super_admin"));
    const admin = await signedInUser("super_admin");
    const own = await call(`/api/admin/users/${admin.user.id}/role`, { method: "PUT", cookie: admin.cookie, body: { role: "client" } });
    expect(own.status).toBe(409);
    expect(own.json.error).toBe(TX.ownRole);
    const other = await signedInUser("super_admin");
    // Two super_admins: one may demote the other, then the last one stands.
    expect((await call(`/api/admin/users/${other.user.id}/role`, { method: "PUT", cookie: admin.cookie, body: { role: "client" } })).status).toBe(200);
    const third = await signedInUser("super_admin");
    await db().update(users).set({ role: "client" }).where(eq(users.id, admin.user.id));
    const last = await call(`/api/admin/users/${admin.user.id}/role`, { method: "PUT", cookie: third.cookie, body: { role: "client" } });
    expect(last.status).toBe(200); // already a client: nothing to protect
    const lastStanding = await call(`/api/admin/users/${third.user.id}/active`, { method: "PUT", cookie: third.cookie, body: { isActive: false } });
    expect(lastStanding.status).toBe(409);
  });

  it("disabling a user ends their sessions and is audited; deleting an account is audited", async () => {
    const admin = await signedInUser("super_admin");
    const target = await signedInUser();
    expect((await call(`/api/admin/users/${target.user.id}/active`, { method: "PUT", cookie: admin.cookie, body: { isActive: false } })).status).toBe(200);
    expect((await call("/api/auth/me", { cookie: target.cookie })).status).toBe(401);
    await expect(login(target.user.email)).rejects.toThrow();

    const owner = await signedInUser();
    await createAccount(owner.cookie);
    const second = await createAccount(owner.cookie, { name: "Da eliminare" });
    expect((await call(`/api/twilio-accounts/${second.id}`, { method: "DELETE", cookie: owner.cookie })).status).toBe(200);
    const rows = await db().select().from(auditLog).where(eq(auditLog.targetId, second.id));
    expect(rows).toEqual([expect.objectContaining({ action: "account.delete", actorEmail: owner.user.email, details: { name: "Da eliminare" } })]);
  });
});

describe("the audit log's pages", () => {
  it("answers X-Next-Cursor: every entry once across pages, ties included, stable under inserts", async () => {
    const admin = await signedInUser("super_admin");
    const tied = new Date("2026-04-01T10:00:00Z");
    const entry = (targetId: string, createdAt?: Date) => ({ actorId: admin.user.id, actorEmail: admin.user.email, action: "user.create", targetType: "user", targetId, ...(createdAt ? { createdAt } : {}) });
    const mine = ["a1", "a2", "a3", "a4", "a5"].map((n) => `paging-${n}`);
    for (const id of mine) await db().insert(auditLog).values(entry(id, tied));
    const first = await call("/api/admin/audit-log?limit=2", { cookie: admin.cookie });
    expect(first.status).toBe(200);
    expect(first.json).toHaveLength(2);
    // An entry in the tied millisecond and a newer one arrive between pages.
    await db().insert(auditLog).values(entry("paging-late", tied));
    await db().insert(auditLog).values(entry("paging-new"));
    const ids: string[] = first.json.map((e: any) => e.id);
    const targets: string[] = first.json.map((e: any) => e.targetId);
    let cursor = first.headers.get("X-Next-Cursor");
    for (let guard = 0; cursor && guard < 500; guard++) {
      const page = await call(`/api/admin/audit-log?limit=2&before=${cursor}`, { cookie: admin.cookie });
      expect(page.status).toBe(200);
      ids.push(...page.json.map((e: any) => e.id));
      targets.push(...page.json.map((e: any) => e.targetId));
      cursor = page.headers.get("X-Next-Cursor");
    }
    expect(cursor).toBeNull();
    expect(new Set(ids).size).toBe(ids.length);
    // The first listing's entries come exactly once, in order; the later ones at most once (a later
    // entry lands before the cursor when it is newer than the cursor's entry).
    expect(targets.filter((t) => mine.includes(t))).toEqual([...mine].reverse());
    expect(targets.filter((t) => t === "paging-late").length).toBeLessThanOrEqual(1);
    expect((await call("/api/admin/audit-log?limit=0", { cookie: admin.cookie })).status).toBe(400);
    const client = await signedInUser();
    expect((await call(`/api/admin/audit-log?before=${ids[0]}`, { cookie: client.cookie })).status).toBe(403);
  });
});
