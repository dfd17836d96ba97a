import { describe, expect, it } from "vitest";
import type { AdminUser, AuditEntry } from "@shared/schemas/admin";
import { T } from "@shared/strings";
import { auditDetails, enabledAccounts, fullName, newestFirst, shortId, userStats } from "@web/features/admin/lib/admin-view";
import { emptyCreateUser, isEmailInUse, validateCreateUser } from "@web/features/admin/lib/create-user-form";
import { account } from "./render-app";

const user = (overrides: Partial<AdminUser> = {}): AdminUser => ({
  id: "0123456789abcdef",
  email: "a@b.it",
  firstName: null,
  lastName: null,
  role: "client",
  isActive: true,
  createdAt: "2026-01-01T00:00:00.000Z",
  accounts: [],
  ...overrides,
});

describe("admin create-user form", () => {
  const values = (v: Partial<ReturnType<typeof emptyCreateUser>>) => ({ ...emptyCreateUser(), ...v });

  it("requires a valid e-mail and a password of at least 8 characters", () => {
    expect(validateCreateUser(values({}))).toEqual({ ok: false, errors: { email: T.emailRequired, password: T.passwordTooShort } });
    expect(validateCreateUser(values({ email: "   ", password: "12345678" }))).toEqual({ ok: false, errors: { email: T.emailRequired } });
    expect(validateCreateUser(values({ email: "mario@", password: "12345678" }))).toEqual({ ok: false, errors: { email: T.emailInvalid } });
    expect(validateCreateUser(values({ email: "mario@negozio.it", password: "1234567" }))).toEqual({ ok: false, errors: { password: T.passwordTooShort } });
  });

  it("sends the trimmed e-mail, no account as null, and ownership only with an account", () => {
    expect(validateCreateUser(values({ email: " mario@negozio.it ", password: "12345678", isOwner: true }))).toEqual({
      ok: true,
      data: { email: "mario@negozio.it", password: "12345678", twilioAccountId: null, isOwner: false },
    });
    expect(validateCreateUser(values({ email: "mario@negozio.it", password: "12345678", twilioAccountId: "a1", isOwner: true }))).toEqual({
      ok: true,
      data: { email: "mario@negozio.it", password: "12345678", twilioAccountId: "a1", isOwner: true },
    });
  });

  it("recognises an e-mail already in use, in Italian or English", () => {
    expect(isEmailInUse("Email già in uso da un altro utente")).toBe(true);
    expect(isEmailInUse("User already exists")).toBe(true);
    expect(isEmailInUse("Invalid email format")).toBe(false);
    expect(isEmailInUse("Password must be at least 8 characters long")).toBe(false);
    expect(isEmailInUse(null)).toBe(false);
    expect(isEmailInUse("")).toBe(false);
  });
});

describe("admin page figures", () => {
  it("truncates user ids to 8 characters", () => {
    expect(shortId("0123456789abcdef")).toBe("01234567");
    expect(shortId("abc")).toBe("abc");
  });

  it("counts super admins, clients and active provider accounts", () => {
    const users = [user({ role: "super_admin" }), user({ role: "client" }), user({ role: "client", isActive: false })];
    const accounts = [account({ id: "a1", enabled: true }), account({ id: "a2", enabled: false }), account({ id: "a3", enabled: true })];
    expect(userStats(users, accounts)).toEqual({ total: 3, superAdmins: 1, clients: 2, activeAccounts: 2 });
    expect(enabledAccounts(accounts).map((a) => a.id)).toEqual(["a1", "a3"]);
    expect(enabledAccounts(undefined)).toEqual([]);
  });

  it("names a user by first and last name when known", () => {
    expect(fullName(user({ firstName: "Mario", lastName: "Rossi" }))).toBe("Mario Rossi");
    expect(fullName(user({ firstName: "Mario", lastName: null }))).toBe("Mario");
    expect(fullName(user())).toBe("");
  });
});

describe("audit log", () => {
  const entry = (id: string, createdAt: string, action: string, details: AuditEntry["details"]): AuditEntry => ({
    id,
    actorEmail: "admin@agentbot.local",
    action,
    targetType: "user",
    targetId: "u2",
    details,
    createdAt,
  });

  it("lists the newest first", () => {
    const list = [entry("1", "2026-01-01T10:00:00Z", "user.create", null), entry("2", "2026-01-03T10:00:00Z", "user.role", null), entry("3", "2026-01-02T10:00:00Z", "user.active", null)];
    expect(newestFirst(list).map((e) => e.id)).toEqual(["2", "3", "1"]);
  });

  it("says what changed in a few words", () => {
    expect(auditDetails(entry("1", "", "user.role", { email: "m@n.it", from: "client", to: "super_admin" }))).toBe("m@n.it · Cliente → Super amministratore");
    expect(auditDetails(entry("1", "", "user.active", { email: "m@n.it", isActive: false }))).toBe("m@n.it · disattivato");
    expect(auditDetails(entry("1", "", "account.assign", { email: "m@n.it", account: "Sandbox WhatsApp", twilioAccountId: "a1", isOwner: true }))).toBe(
      "m@n.it · Sandbox WhatsApp · come proprietario",
    );
    expect(auditDetails(entry("1", "", "account.delete", { name: "Negozio Milano" }))).toBe("Negozio Milano");
    expect(auditDetails(entry("1", "", "user.create", null))).toBe("");
  });
});
