import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { LOGIN_LOCK_MS, LOGIN_MAX_FAILURES } from "@shared/constants";
import { AUTH_TEXTS } from "@shared/texts/auth";
import { T } from "@shared/strings";
import { sessions, users } from "@worker/db/schema";
import { resolveSession } from "@worker/features/auth/service";
import { call, createUser, db, login, PASSWORD, signedInUser, uniqueEmail } from "./helpers";

describe("sign-in", () => {
  it("signs in, sets a hardened session cookie and answers /me", async () => {
    const user = await createUser({ role: "super_admin" });
    const res = await call("/api/auth/login", { body: { email: user.email.toUpperCase(), password: PASSWORD } });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ email: user.email, role: "super_admin" });
    expect(res.text).not.toContain("pbkdf2");
    const cookie = res.headers.get("Set-Cookie")!;
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/Secure/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    const value = cookie.split(";")[0]!.split("=")[1]!;
    expect(value.length).toBeGreaterThanOrEqual(43); // 256 bits in base64url

    const me = await call("/api/auth/me", { cookie: cookie.split(";")[0] });
    expect(me.status).toBe(200);
    expect(me.json).toEqual({
      id: user.id,
      email: user.email,
      firstName: "Mario",
      lastName: "Rossi",
      profileImageUrl: null,
      role: "super_admin",
      mustChangePassword: false,
    });
  });

  it("stores only a hash of the session id and a versioned password hash", async () => {
    const user = await createUser();
    const cookie = await login(user.email);
    const raw = cookie.split("=")[1]!;
    const rows = await db().select().from(sessions).where(eq(sessions.userId, user.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.sid).not.toBe(raw);
    expect(rows[0]!.sid).toMatch(/^[0-9a-f]{64}$/);
    const stored = await db().query.users.findFirst({ where: eq(users.id, user.id) });
    expect(stored!.password).toMatch(/^pbkdf2-sha256\$v1\$100000\$/);
  });

  it("answers the same 401 for a wrong password and for an unknown e-mail", async () => {
    const user = await createUser();
    const wrong = await call("/api/auth/login", { body: { email: user.email, password: "sbagliata" } });
    const unknown = await call("/api/auth/login", { body: { email: uniqueEmail("nessuno"), password: "sbagliata" } });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.json).toEqual({ error: AUTH_TEXTS.loginError });
    expect(unknown.json).toEqual(wrong.json);
    expect(wrong.headers.get("Set-Cookie")).toBeNull();
  });

  it("rate-limits repeated failures for that e-mail and IP, then also refuses the right password", async () => {
    const user = await createUser();
    const attempt = (password: string, ip = "203.0.113.7") =>
      call("/api/auth/login", { body: { email: user.email, password }, headers: { "CF-Connecting-IP": ip } });
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push((await attempt("sbagliata")).status);
    expect(statuses).toEqual([401, 401, 401, 401, 429]);
    const locked = await attempt(PASSWORD);
    expect(locked.status).toBe(429);
    expect(locked.json.error).toBe(AUTH_TEXTS.loginTooMany);
    // Another IP is not locked out by this one.
    expect((await attempt(PASSWORD, "198.51.100.9")).status).toBe(200);
  });

  it("reserves each attempt atomically: of 30 concurrent wrong passwords at most 5 are evaluated", async () => {
    const user = await createUser();
    const ip = "203.0.113.30";
    const burst = await Promise.all(
      Array.from({ length: 30 }, () => call("/api/auth/login", { body: { email: user.email, password: "sbagliata" }, headers: { "CF-Connecting-IP": ip } })),
    );
    const statuses = burst.map((r) => r.status);
    // Reservations 1-4 are evaluated and wrong (401); the 5th is evaluated and locks (429); the rest are refused unread.
    expect(statuses.filter((s) => s === 401)).toHaveLength(LOGIN_MAX_FAILURES - 1);
    expect(statuses.filter((s) => s === 429)).toHaveLength(30 - (LOGIN_MAX_FAILURES - 1));
    for (const r of burst.filter((r) => r.status === 429)) {
      expect(r.json.error).toBe(AUTH_TEXTS.loginTooMany);
      const wait = Number(r.headers.get("Retry-After"));
      expect(wait).toBeGreaterThan(0);
      expect(wait).toBeLessThanOrEqual(LOGIN_LOCK_MS / 1000);
    }
    const right = await call("/api/auth/login", { body: { email: user.email, password: PASSWORD }, headers: { "CF-Connecting-IP": ip } });
    expect(right.status).toBe(429);
    expect(right.headers.get("Retry-After")).not.toBeNull();
  });

  it("a burst that mixes the right password in evaluates at most 5 passwords", async () => {
    const user = await createUser();
    const ip = "203.0.113.31";
    const bodies = Array.from({ length: 30 }, (_, i) => (i === 15 ? PASSWORD : "sbagliata"));
    const burst = await Promise.all(bodies.map((password) => call("/api/auth/login", { body: { email: user.email, password }, headers: { "CF-Connecting-IP": ip } })));
    const answered = burst.filter((r) => r.status === 401 || r.status === 200);
    expect(answered.length).toBeLessThanOrEqual(LOGIN_MAX_FAILURES);
    expect(burst.filter((r) => r.status === 429).length).toBeGreaterThanOrEqual(30 - LOGIN_MAX_FAILURES);
  });

  it("does not lock out an unknown e-mail differently from a known one", async () => {
    const email = uniqueEmail("ghost");
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      statuses.push((await call("/api/auth/login", { body: { email, password: "x" }, headers: { "CF-Connecting-IP": "1.2.3.4" } })).status);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 429]);
  });

  it("refuses a disabled user at sign-in", async () => {
    const user = await createUser();
    await db().update(users).set({ isActive: false }).where(eq(users.id, user.id));
    const res = await call("/api/auth/login", { body: { email: user.email, password: PASSWORD } });
    expect(res.status).toBe(401);
  });

  it("validates the login body", async () => {
    const res = await call("/api/auth/login", { body: { email: "non-una-email", password: "" } });
    expect(res.status).toBe(400);
    expect(res.json.error).toBe("Email non valida");
    expect(Array.isArray(res.json.details)).toBe(true);
  });

  it("sends /api/login to the login form", async () => {
    const res = await call("/api/login");
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/?login=1");
  });
});

describe("sessions", () => {
  it("answers 401 without a session and with a forged cookie", async () => {
    expect((await call("/api/auth/me")).status).toBe(401);
    const forged = await call("/api/twilio-accounts", { cookie: "agentbot_session=forged" });
    expect(forged.status).toBe(401);
    expect(forged.json).toEqual({ error: T.unauthorized });
  });

  it("logout ends the session", async () => {
    const { cookie } = await signedInUser();
    expect((await call("/api/auth/logout", { method: "POST", cookie })).status).toBe(200);
    expect((await call("/api/auth/me", { cookie })).status).toBe(401);
  });

  it("expires after inactivity and deletes the row", async () => {
    const { user, cookie } = await signedInUser();
    await db().update(sessions).set({ expire: new Date(Date.now() - 1000) }).where(eq(sessions.userId, user.id));
    expect((await call("/api/auth/me", { cookie })).status).toBe(401);
    expect(await db().select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(0);
  });

  it("slides the idle expiry but never past the absolute lifetime", async () => {
    const { user, cookie } = await signedInUser();
    const token = cookie.split("=")[1]!;
    const day = 24 * 60 * 60 * 1000;
    // Used every 6 days, the session lives on until its 30-day absolute limit.
    for (let d = 6; d < 30; d += 6) {
      expect(await resolveSession(db(), token, new Date(Date.now() + d * day))).not.toBeNull();
    }
    expect(await resolveSession(db(), token, new Date(Date.now() + 30 * day + 1000))).toBeNull();
    expect(await db().select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(0);
  });

  it("expires after 7 idle days", async () => {
    const { cookie } = await signedInUser();
    const token = cookie.split("=")[1]!;
    expect(await resolveSession(db(), token, new Date(Date.now() + 7 * 24 * 60 * 60 * 1000 + 1000))).toBeNull();
  });

  it("disabling a user ends all of their sessions", async () => {
    const user = await createUser();
    const first = await login(user.email);
    const second = await login(user.email, PASSWORD, "10.9.9.9");
    await db().update(users).set({ isActive: false }).where(eq(users.id, user.id));
    expect((await call("/api/auth/me", { cookie: first })).status).toBe(401);
    expect((await call("/api/auth/me", { cookie: second })).status).toBe(401);
    expect(await db().select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(0);
  });
});

describe("cross-site protection", () => {
  it("refuses a mutation from a foreign or missing Origin with 403", async () => {
    const { cookie } = await signedInUser();
    for (const origin of ["https://evil.example", null]) {
      const res = await call("/api/twilio-accounts", { cookie, origin, body: { name: "x" } });
      expect(res.status).toBe(403);
      expect(res.json).toEqual({ error: T.badOrigin });
    }
    const loginCsrf = await call("/api/auth/login", { origin: "https://evil.example", body: { email: "a@b.it", password: "x" } });
    expect(loginCsrf.status).toBe(403);
  });

  it("accepts the PUBLIC_BASE_URL origin", async () => {
    const res = await call("/api/auth/logout", { method: "POST", origin: env.PUBLIC_BASE_URL });
    expect(res.status).toBe(200);
  });

  it("refuses a mutation body that is not JSON", async () => {
    const { cookie } = await signedInUser();
    const res = await call("/api/twilio-accounts", {
      cookie,
      rawBody: "name=x",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
    });
    expect(res.status).toBe(415);
    expect(res.json).toEqual({ error: T.jsonRequired });
  });
});

describe("unknown API paths", () => {
  it("answer a JSON 404 once signed in", async () => {
    const { cookie } = await signedInUser();
    const res = await call("/api/does-not-exist", { cookie });
    expect(res.status).toBe(404);
    expect(res.json).toEqual({ error: T.notFoundApi });
  });
});
