import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { AUTH_TEXTS as PX } from "@shared/texts/auth";
import { users } from "@worker/db/schema";
import { hashPassword, PBKDF2_ITERATIONS } from "@worker/lib/crypto";
import { call, createAccount, createUser, db, login, openLiveSocket, PASSWORD, signedInUser, uniqueEmail } from "./helpers";

const create = (cookie: string, password: string) => call("/api/admin/users/create", { cookie, body: { email: uniqueEmail("pw"), password } });

describe("password rules", () => {
  it("refuses common and breached passwords, blank ones and one repeated character, with the reason in Italian", async () => {
    const admin = await signedInUser("super_admin");
    for (const [password, reason] of [
      ["1qaz2wsx", PX.common],
      ["Juventus", PX.common],
      ["qwertyuiop", PX.common],
      ["        ", PX.blank],
      ["aaaaaaaaaa", PX.common],
      ["corta", PX.tooShort],
    ] as const) {
      const res = await create(admin.cookie, password);
      expect(res.status, password).toBe(400);
      expect(res.json.error, password).toBe(reason);
    }
    expect((await create(admin.cookie, "Trattoria-Da-Gino-1987")).status).toBe(201);
  });

  it("applies the same rules to an account owner's new user", async () => {
    const owner = await signedInUser();
    const account = await createAccount(owner.cookie);
    const res = await call("/api/admin/users/create-for-account", {
      cookie: owner.cookie,
      body: { email: uniqueEmail(), password: "iloveyou", firstName: "A", lastName: "B", twilioAccountId: account.id },
    });
    expect(res.status).toBe(400);
    expect(res.json.error).toBe(PX.common);
  });

  it("upgrades an older hash at sign-in and keeps accepting the password", async () => {
    const user = await createUser();
    await db().update(users).set({ password: await hashPassword(PASSWORD, env.PASSWORD_PEPPER, 20_000) }).where(eq(users.id, user.id));
    await login(user.email);
    const stored = (await db().query.users.findFirst({ where: eq(users.id, user.id) }))!.password!;
    expect(stored.split("$")[2]).toBe(String(PBKDF2_ITERATIONS));
    await login(user.email);
  });
});

describe("Cambia password", () => {
  const change = (cookie: string, currentPassword: string, newPassword: string) => call("/api/auth/change-password", { cookie, body: { currentPassword, newPassword } });

  it("requires the current password, checks the new one, and ends every other session with its sockets", async () => {
    const owner = await signedInUser();
    await call("/api/twilio-accounts", { cookie: owner.cookie, body: { name: "Sandbox", sandbox: true, phoneNumber: "+15005550006", gptModel: "gpt-4o-mini" } });
    const other = await login(owner.user.email, PASSWORD, "10.0.0.2");
    expect((await change(owner.cookie, "sbagliata-123", "Nuova-Password-Sicura-7")).json.error).toBe(PX.currentWrong);
    expect((await change(owner.cookie, PASSWORD, "zaq12wsx")).json.error).toBe(PX.common);
    expect((await change(owner.cookie, PASSWORD, PASSWORD)).json.error).toBe(PX.sameAsCurrent);
    expect((await change(owner.cookie, PASSWORD, "   ")).status).toBe(400);

    // A socket of the other session is closed too.
    const started = await call("/api/sandbox/inbound", { cookie: owner.cookie, body: { phoneNumber: "+393401112299", body: "Ciao" } });
    expect(started.status, started.text).toBeLessThan(300);
    const live = await openLiveSocket(started.json.conversationId, other);

    const ok = await change(owner.cookie, PASSWORD, "Nuova-Password-Sicura-7");
    expect(ok.status, ok.text).toBe(200);
    expect((await call("/api/auth/me", { cookie: owner.cookie })).status).toBe(200);
    expect((await call("/api/auth/me", { cookie: other })).status).toBe(401);
    await expect.poll(() => live.closes.length).toBe(1);
    expect((await call("/api/auth/login", { body: { email: owner.user.email, password: PASSWORD }, headers: { "CF-Connecting-IP": "10.9.9.9" } })).status).toBe(401);
    await login(owner.user.email, "Nuova-Password-Sicura-7", "10.9.9.8");
  });

  it("limits guesses of the current password like sign-in", async () => {
    const { cookie } = await signedInUser();
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await change(cookie, `sbagliata-${i}-xyz`, "Nuova-Password-Sicura-7")).status);
    expect(statuses).toEqual([400, 400, 400, 400, 429, 429]);
    expect((await change(cookie, PASSWORD, "Nuova-Password-Sicura-7")).status).toBe(429);
  });
});

describe("admin password reset", () => {
  it("sets a password, ends the user's sessions, and forces a change at next sign-in", async () => {
    const admin = await signedInUser("super_admin");
    const target = await signedInUser();
    const path = `/api/admin/users/${target.user.id}/password`;
    expect((await call(path, { method: "PUT", cookie: target.cookie, body: { password: "Temporanea-Sicura-42" } })).status).toBe(403);
    expect((await call(path, { method: "PUT", cookie: admin.cookie, body: { password: "Dragon123" } })).json.error).toBe(PX.common);
    expect((await call(`/api/admin/users/${admin.user.id}/password`, { method: "PUT", cookie: admin.cookie, body: { password: "Temporanea-Sicura-42" } })).status).toBe(409);

    const reset = await call(path, { method: "PUT", cookie: admin.cookie, body: { password: "Temporanea-Sicura-42" } });
    expect(reset.status, reset.text).toBe(200);
    expect((await call("/api/auth/me", { cookie: target.cookie })).status).toBe(401);
    expect((await call("/api/admin/audit-log", { cookie: admin.cookie })).json[0]).toMatchObject({ action: "user.password-reset", targetId: target.user.id });

    const cookie = await login(target.user.email, "Temporanea-Sicura-42");
    expect((await call("/api/auth/me", { cookie })).json.mustChangePassword).toBe(true);
    const blocked = await call("/api/conversations", { cookie });
    expect(blocked.status).toBe(403);
    expect(blocked.json.error).toBe(PX.mustChange);
    expect((await call("/api/auth/change-password", { cookie, body: { currentPassword: "Temporanea-Sicura-42", newPassword: "Scelta-Da-Me-2026" } })).status).toBe(200);
    expect((await call("/api/auth/me", { cookie })).json.mustChangePassword).toBe(false);
    expect((await call("/api/conversations", { cookie })).status).toBe(200);
  });

  it("unknown users answer 404 and bodies are validated", async () => {
    const admin = await signedInUser("super_admin");
    expect((await call(`/api/admin/users/${crypto.randomUUID()}/password`, { method: "PUT", cookie: admin.cookie, body: { password: "Temporanea-Sicura-42" } })).status).toBe(404);
    const bad = await call(`/api/admin/users/${admin.user.id}/password`, { method: "PUT", cookie: admin.cookie, body: { password: 12 } });
    expect(bad.status).toBe(400);
    expect(bad.json.error).toBe(PX.tooShort);
  });
});
