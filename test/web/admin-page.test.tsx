import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import type { TwilioAccount } from "@shared/schemas/accounts";
import { ADMIN_TEXTS as TX } from "@shared/texts/admin";
import { type AdminUser, type AuditEntry } from "@shared/schemas/admin";
import type { CurrentUser } from "@shared/schemas/auth";
import { AUTH_TEXTS as PX } from "@shared/texts/auth";
import { T } from "@shared/strings";
import { fakeMediaQueryList } from "./media-query";
import { jsonResponse, mockFetch, type RecordedCall } from "./fetch-mock";
import { account, ADMIN, CLIENT, renderApp } from "./render-app";

const SANDBOX = account({ id: "acc-sandbox", name: "Sandbox WhatsApp", phoneNumber: "+15005550006", sandbox: true, enabled: true });
const MILANO = account({ id: "acc-milano", name: "Negozio Milano", isActive: false, isDefault: false, enabled: true });
const CLOSED = account({ id: "acc-closed", name: "Negozio Chiuso", isActive: false, isDefault: false, enabled: false });

const USERS: AdminUser[] = [
  {
    id: ADMIN.id,
    email: ADMIN.email,
    firstName: "Admin",
    lastName: null,
    role: "super_admin",
    isActive: true,
    createdAt: "2026-01-01T09:00:00.000Z",
    accounts: [{ id: "m1", twilioAccountId: SANDBOX.id, accountName: SANDBOX.name, accountPhoneNumber: SANDBOX.phoneNumber, isOwner: true }],
  },
  {
    id: "8f2c41d0-aaaa-bbbb-cccc-000000000002",
    email: "mario.rossi@negozio.it",
    firstName: "Mario",
    lastName: "Rossi",
    role: "client",
    isActive: true,
    createdAt: "2026-02-01T09:00:00.000Z",
    accounts: [
      { id: "m2", twilioAccountId: SANDBOX.id, accountName: SANDBOX.name, accountPhoneNumber: SANDBOX.phoneNumber, isOwner: false },
      { id: "m3", twilioAccountId: MILANO.id, accountName: MILANO.name, accountPhoneNumber: MILANO.phoneNumber, isOwner: true },
    ],
  },
  {
    id: "c0ffee00-aaaa-bbbb-cccc-000000000003",
    email: "giulia@cartoleria.it",
    firstName: null,
    lastName: null,
    role: "client",
    isActive: false,
    createdAt: "2026-03-01T09:00:00.000Z",
    accounts: [],
  },
];

const AUDIT: AuditEntry[] = [
  { id: "e1", actorEmail: ADMIN.email, action: "user.create", targetType: "user", targetId: "u2", details: { email: "mario.rossi@negozio.it" }, createdAt: "2026-02-01T09:00:00.000Z" },
  {
    id: "e2",
    actorEmail: ADMIN.email,
    action: "user.role",
    targetType: "user",
    targetId: "u2",
    details: { email: "mario.rossi@negozio.it", from: "client", to: "super_admin" },
    createdAt: "2026-07-15T22:30:00.000Z",
  },
];

type Routes = Record<string, (call: RecordedCall) => Response>;

function signedIn(user: CurrentUser, extra: Routes = {}, accounts: TwilioAccount[] = [SANDBOX, MILANO, CLOSED]) {
  return mockFetch({
    "GET /api/auth/me": () => jsonResponse(user),
    "GET /api/twilio-accounts": () => jsonResponse(accounts),
    "GET /api/twilio-accounts/active": () => jsonResponse(accounts[0]),
    "GET /api/openai-usage/stats": () => jsonResponse({ totalCost: "0.0100", totalRequests: 1 }),
    "GET /api/conversations/unread-count": () => jsonResponse({ count: 0 }),
    "GET /api/operator-questions": () => jsonResponse([]),
    "GET /api/admin/users": () => jsonResponse(USERS),
    "GET /api/admin/audit-log": () => jsonResponse(AUDIT),
    ...extra,
  });
}

const bodyOf = (call: RecordedCall | undefined) => JSON.parse(String(call?.body));
const callsTo = (calls: RecordedCall[], method: string, path: string) => calls.filter((c) => c.method === method && c.url === path);

function wide(matches: boolean) {
  vi.stubGlobal("matchMedia", (query: string) => fakeMediaQueryList(query, /min-width:\s*1024px/.test(query) ? matches : /min-width:\s*768px/.test(query)));
}

// The route is loaded lazily; loading it once up front keeps the first test within findBy's wait.
beforeAll(async () => {
  await Promise.all([import("@web/routes/admin"), import("@web/layout/app-shell")]);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

const row = async (email: string) => {
  const rows = await screen.findAllByTestId("admin-user");
  const found = rows.find((r) => within(r).queryByText(email));
  if (!found) throw new Error(`no row for ${email}`);
  return found;
};

describe("'Amministrazione Utenti' access", () => {
  it("shows a client the denial text and never asks for the users", async () => {
    const { calls } = signedIn(CLIENT);
    renderApp("/admin");
    expect(await screen.findByText(TX.denied)).toBeTruthy();
    expect(screen.getByTestId("page-title").textContent).toBe(TX.title);
    expect(calls.some((c) => c.url.startsWith("/api/admin"))).toBe(false);
  });

  it("shows the load error when the users cannot be read", async () => {
    signedIn(ADMIN, { "GET /api/admin/users": () => jsonResponse({ error: "Operazione non consentita" }, 403) });
    renderApp("/admin");
    expect(await screen.findByText(TX.loadError)).toBeTruthy();
  });
});

describe("'Amministrazione Utenti' for a super admin", () => {
  it("loads older audit entries with 'Carica altri' through the server's cursor", async () => {
    const { calls } = signedIn(ADMIN, {
      "GET /api/admin/audit-log": (call) => {
        if (new URL(call.url, "http://x").searchParams.get("before") === "e1") {
          return jsonResponse([{ ...AUDIT[0]!, id: "e0", action: "user.active", details: { email: "vecchio@negozio.it", isActive: false }, createdAt: "2026-01-10T09:00:00.000Z" }]);
        }
        const res = jsonResponse(AUDIT);
        res.headers.set("X-Next-Cursor", "e1");
        return res;
      },
    });
    renderApp("/admin");
    const card = await screen.findByTestId("audit-log");
    await waitFor(() => expect(within(card).getAllByTestId("audit-entry")).toHaveLength(2));
    fireEvent.click(within(card).getByRole("button", { name: "Carica altri" }));
    await waitFor(() => expect(within(card).getAllByTestId("audit-entry")).toHaveLength(3));
    expect(calls.some((c) => c.url === "/api/admin/audit-log?before=e1")).toBe(true);
    expect(within(card).queryByRole("button", { name: "Carica altri" })).toBeNull();
  });

  it("counts the users and shows the three stat cards", async () => {
    wide(true);
    signedIn(ADMIN);
    renderApp("/admin");
    expect((await screen.findByTestId("admin-users-count")).textContent).toBe("3 utenti registrati");
    expect(screen.getByTestId("admin-stat-super-admins-value").textContent).toBe("1");
    expect(screen.getByTestId("admin-stat-clients-value").textContent).toBe("2");
    expect((await screen.findByTestId("admin-stat-accounts-value")).textContent).toBe("2");
  });

  it("lists users in a table: 8-character id, e-mail, role, accounts with owner badge, state", async () => {
    wide(true);
    signedIn(ADMIN);
    renderApp("/admin");
    await screen.findByTestId("users-table");
    const mario = await row("mario.rossi@negozio.it");
    expect(within(mario).getByTestId("user-id").textContent).toBe("8f2c41d0");
    expect(within(mario).getByTestId("user-id").getAttribute("title")).toBe(USERS[1]!.id);
    expect((within(mario).getByTestId("role-select") as HTMLSelectElement).value).toBe("client");
    const badges = within(mario).getAllByTestId("account-badge");
    expect(badges.map((b) => b.textContent)).toEqual([expect.stringContaining("Sandbox WhatsApp"), expect.stringContaining("Negozio Milano")]);
    expect(within(badges[1]!).getByTestId("owner-badge").textContent).toBe(TX.ownBadge);
    expect(within(badges[0]!).queryByTestId("owner-badge")).toBeNull();
    expect(within(mario).getByText(T.active)).toBeTruthy();
    const giulia = await row("giulia@cartoleria.it");
    expect(within(giulia).getByText(TX.disabled)).toBeTruthy();
    expect(within(giulia).getByText(TX.noAccount)).toBeTruthy();
    // One's own role and state cannot be changed here.
    const me = await row(ADMIN.email);
    expect((within(me).getByTestId("role-select") as HTMLSelectElement).disabled).toBe(true);
    expect(within(me).getByTestId("active-switch").hasAttribute("disabled")).toBe(true);
    expect(within(me).getByText(TX.you)).toBeTruthy();
  });

  it("resets another user's password from a dialog, checks it first, and shows the server's refusal", async () => {
    wide(true);
    let answer = jsonResponse({ error: PX.common }, 400);
    const { calls } = signedIn(ADMIN, { [`PUT /api/admin/users/${USERS[1]!.id}/password`]: () => answer });
    renderApp("/admin");
    await screen.findByTestId("users-table");
    const me = await row(ADMIN.email);
    expect(within(me).getByTestId("reset-password").hasAttribute("disabled")).toBe(true);
    fireEvent.click(within(await row("mario.rossi@negozio.it")).getByTestId("reset-password"));
    const form = await screen.findByTestId("reset-password-form");
    const input = form.querySelector('input[name="password"]')!;
    fireEvent.change(input, { target: { value: "corta" } });
    fireEvent.click(within(form).getByRole("button", { name: PX.resetAction }));
    expect(await within(form).findByText(PX.tooShort)).toBeTruthy();
    fireEvent.change(input, { target: { value: "juventus1" } });
    fireEvent.click(within(form).getByRole("button", { name: PX.resetAction }));
    expect(await within(form).findByText(PX.common)).toBeTruthy();
    answer = jsonResponse({ ok: true });
    fireEvent.change(input, { target: { value: "Temporanea-Sicura-42" } });
    fireEvent.click(within(form).getByRole("button", { name: PX.resetAction }));
    expect(await screen.findByText(PX.resetDone)).toBeTruthy();
    await waitFor(() => expect(screen.queryByTestId("reset-password-form")).toBeNull());
    const puts = calls.filter((c) => c.method === "PUT" && c.url.endsWith("/password"));
    expect(puts).toHaveLength(2);
    expect(JSON.parse(String(puts[1]!.body))).toEqual({ password: "Temporanea-Sicura-42" });
  });

  it("turns the table into cards on a phone", async () => {
    wide(false);
    signedIn(ADMIN);
    renderApp("/admin");
    expect((await screen.findByTestId("users-list")).getAttribute("data-layout")).toBe("cards");
    expect(screen.queryByTestId("users-table")).toBeNull();
    expect(await screen.findAllByTestId("admin-user")).toHaveLength(3);
  });

  it("changes a role and reports the server's refusal", async () => {
    wide(true);
    let refuse = false;
    const { calls } = signedIn(ADMIN, {
      "PUT /api/admin/users/8f2c41d0-aaaa-bbbb-cccc-000000000002/role": () =>
        refuse ? jsonResponse({ error: TX.lastSuperAdmin }, 409) : jsonResponse({ ok: true }),
    });
    renderApp("/admin");
    const mario = await row("mario.rossi@negozio.it");
    fireEvent.change(within(mario).getByTestId("role-select"), { target: { value: "super_admin" } });
    expect(await screen.findByText(TX.roleUpdated)).toBeTruthy();
    expect(bodyOf(callsTo(calls, "PUT", `/api/admin/users/${USERS[1]!.id}/role`)[0])).toEqual({ role: "super_admin" });
    await waitFor(() => expect(callsTo(calls, "GET", "/api/admin/users").length).toBeGreaterThan(1));
    expect(callsTo(calls, "GET", "/api/admin/audit-log").length).toBeGreaterThan(1);

    vi.spyOn(console, "error").mockImplementation(() => {});
    refuse = true;
    fireEvent.change(within(await row("mario.rossi@negozio.it")).getByTestId("role-select"), { target: { value: "super_admin" } });
    expect(await screen.findByText(TX.lastSuperAdmin)).toBeTruthy();
    expect(screen.getByText(T.error)).toBeTruthy();
  });

  it("falls back to the default role error text", async () => {
    wide(true);
    vi.spyOn(console, "error").mockImplementation(() => {});
    signedIn(ADMIN, { "PUT /api/admin/users/8f2c41d0-aaaa-bbbb-cccc-000000000002/role": () => new Response("boom", { status: 500 }) });
    renderApp("/admin");
    fireEvent.change(within(await row("mario.rossi@negozio.it")).getByTestId("role-select"), { target: { value: "super_admin" } });
    expect(await screen.findByText(TX.roleErrorDefault)).toBeTruthy();
  });

  it("removes an account with the '×' and reports failures", async () => {
    wide(true);
    let fail = false;
    const path = `/api/admin/users/${USERS[1]!.id}/unassign-account/${MILANO.id}`;
    const { calls } = signedIn(ADMIN, { [`DELETE ${path}`]: () => (fail ? jsonResponse({ error: "Account Twilio non trovato" }, 404) : jsonResponse({ ok: true })) });
    renderApp("/admin");
    const mario = await row("mario.rossi@negozio.it");
    fireEvent.click(within(mario).getByRole("button", { name: TX.removeAccount("Negozio Milano", "mario.rossi@negozio.it") }));
    expect(await screen.findByText(TX.removed)).toBeTruthy();
    expect(callsTo(calls, "DELETE", path)).toHaveLength(1);

    vi.spyOn(console, "error").mockImplementation(() => {});
    fail = true;
    fireEvent.click(within(await row("mario.rossi@negozio.it")).getByRole("button", { name: TX.removeAccount("Negozio Milano", "mario.rossi@negozio.it") }));
    expect(await screen.findByText(TX.removeErrorTitle)).toBeTruthy();
    expect(screen.getByText("Account Twilio non trovato")).toBeTruthy();
  });

  it("asks before disabling a user, then ends their access", async () => {
    wide(true);
    const path = `/api/admin/users/${USERS[1]!.id}/active`;
    const { calls } = signedIn(ADMIN, { [`PUT ${path}`]: () => jsonResponse({ ok: true }) });
    const confirm = vi.spyOn(window, "confirm").mockReturnValueOnce(false).mockReturnValueOnce(true);
    renderApp("/admin");
    const mario = await row("mario.rossi@negozio.it");
    fireEvent.click(within(mario).getByTestId("active-switch"));
    expect(confirm).toHaveBeenCalledWith(TX.deactivateConfirm("mario.rossi@negozio.it"));
    expect(callsTo(calls, "PUT", path)).toHaveLength(0);
    fireEvent.click(within(mario).getByTestId("active-switch"));
    expect(await screen.findByText(TX.deactivated)).toBeTruthy();
    expect(bodyOf(callsTo(calls, "PUT", path)[0])).toEqual({ isActive: false });
  });

  it("re-enables a disabled user without asking", async () => {
    wide(true);
    const path = `/api/admin/users/${USERS[2]!.id}/active`;
    const { calls } = signedIn(ADMIN, { [`PUT ${path}`]: () => jsonResponse({ ok: true }) });
    const confirm = vi.spyOn(window, "confirm");
    renderApp("/admin");
    fireEvent.click(within(await row("giulia@cartoleria.it")).getByTestId("active-switch"));
    expect(await screen.findByText(TX.activated)).toBeTruthy();
    expect(confirm).not.toHaveBeenCalled();
    expect(bodyOf(callsTo(calls, "PUT", path)[0])).toEqual({ isActive: true });
  });

  it("shows the audit log newest first, in Rome time", async () => {
    signedIn(ADMIN);
    renderApp("/admin");
    const entries = await screen.findAllByTestId("audit-entry");
    expect(entries.map((e) => e.getAttribute("data-action"))).toEqual(["user.role", "user.create"]);
    // 22:30 UTC on 15 July is 00:30 on the 16th in Rome (summer time).
    expect(within(entries[0]!).getByText("16/07/26, 00:30")).toBeTruthy();
    expect(within(entries[0]!).getByText("Ruolo cambiato")).toBeTruthy();
    expect(within(entries[0]!).getByText(/Cliente → Super amministratore/)).toBeTruthy();
    expect(within(entries[0]!).getByText(ADMIN.email)).toBeTruthy();
  });
});

describe("the create-user form", () => {
  const form = () => screen.findByTestId("create-user-form");
  const fill = (testId: string, value: string) => fireEvent.change(screen.getByTestId(testId), { target: { value } });

  it("offers only enabled accounts, and ownership only with an account", async () => {
    signedIn(ADMIN);
    renderApp("/admin");
    await form();
    const select = screen.getByTestId("create-user-account") as HTMLSelectElement;
    await waitFor(() => expect(select.options).toHaveLength(3));
    expect(Array.from(select.options).map((o) => o.value)).toEqual(["", SANDBOX.id, MILANO.id]);
    expect((screen.getByTestId("create-user-owner") as HTMLInputElement).disabled).toBe(true);
    fill("create-user-account", SANDBOX.id);
    expect((screen.getByTestId("create-user-owner") as HTMLInputElement).disabled).toBe(false);
  });

  it("validates before sending", async () => {
    const { calls } = signedIn(ADMIN);
    renderApp("/admin");
    await form();
    fireEvent.click(screen.getByTestId("create-user-submit"));
    expect(await screen.findByText(T.emailRequired)).toBeTruthy();
    expect(screen.getByText(T.passwordTooShort)).toBeTruthy();
    fill("create-user-email", "mario@");
    fill("create-user-password", "12345678");
    fireEvent.click(screen.getByTestId("create-user-submit"));
    expect(await screen.findByText(T.emailInvalid)).toBeTruthy();
    expect(callsTo(calls, "POST", "/api/admin/users/create")).toHaveLength(0);
  });

  it("creates the user, says so and clears the form", async () => {
    const { calls } = signedIn(ADMIN, {
      "POST /api/admin/users/create": () => jsonResponse({ ...CLIENT, id: "new", email: "nuovo@negozio.it" }, 201),
    });
    renderApp("/admin");
    await form();
    await waitFor(() => expect((screen.getByTestId("create-user-account") as HTMLSelectElement).options).toHaveLength(3));
    fill("create-user-email", " nuovo@negozio.it ");
    fill("create-user-password", "password-sicura");
    fill("create-user-account", SANDBOX.id);
    fireEvent.click(screen.getByTestId("create-user-owner"));
    fireEvent.click(screen.getByTestId("create-user-submit"));
    expect(await screen.findByText(TX.created)).toBeTruthy();
    expect(bodyOf(callsTo(calls, "POST", "/api/admin/users/create")[0])).toEqual({
      email: "nuovo@negozio.it",
      password: "password-sicura",
      twilioAccountId: SANDBOX.id,
      isOwner: true,
    });
    await waitFor(() => expect((screen.getByTestId("create-user-email") as HTMLInputElement).value).toBe(""));
    expect((screen.getByTestId("create-user-password") as HTMLInputElement).value).toBe("");
    expect((screen.getByTestId("create-user-account") as HTMLSelectElement).value).toBe("");
  });

  it("puts 'already in use' under the e-mail instead of a toast", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    signedIn(ADMIN, { "POST /api/admin/users/create": () => jsonResponse({ error: T.emailInUse }, 409) });
    renderApp("/admin");
    await form();
    fill("create-user-email", "mario.rossi@negozio.it");
    fill("create-user-password", "password-sicura");
    fireEvent.click(screen.getByTestId("create-user-submit"));
    const error = await screen.findByText(T.emailInUse);
    expect(error.getAttribute("role")).toBe("alert");
    expect(screen.getByTestId("create-user-email").getAttribute("aria-invalid")).toBe("true");
    expect(screen.queryByText(TX.createErrorTitle)).toBeNull();
  });

  it("shows other failures in a toast with the server's message, or the default", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    let answer = () => jsonResponse({ error: "Invalid email format" }, 400);
    signedIn(ADMIN, { "POST /api/admin/users/create": () => answer() });
    renderApp("/admin");
    await form();
    fill("create-user-email", "mario@negozio.it");
    fill("create-user-password", "password-sicura");
    fireEvent.click(screen.getByTestId("create-user-submit"));
    expect(await screen.findByText(TX.createErrorTitle)).toBeTruthy();
    expect(screen.getByText("Invalid email format")).toBeTruthy();
    answer = () => new Response("", { status: 502 });
    fireEvent.click(screen.getByTestId("create-user-submit"));
    expect(await screen.findByText(TX.createErrorDefault)).toBeTruthy();
  });
});

describe("the assign-account panel", () => {
  it("enables the button only with a user and an account, then assigns", async () => {
    const path = `/api/admin/users/${USERS[2]!.id}/assign-account`;
    const { calls } = signedIn(ADMIN, { [`POST ${path}`]: () => jsonResponse({ ok: true }) });
    renderApp("/admin");
    const submit = await screen.findByTestId("assign-submit");
    expect(submit.hasAttribute("disabled")).toBe(true);
    fireEvent.change(screen.getByTestId("assign-user"), { target: { value: USERS[2]!.id } });
    expect(submit.hasAttribute("disabled")).toBe(true);
    await waitFor(() => expect((screen.getByTestId("assign-account") as HTMLSelectElement).options).toHaveLength(4));
    expect(screen.getByText(`${CLOSED.name} · ${CLOSED.phoneNumber} (${TX.accountDisabled})`)).toBeTruthy();
    fireEvent.change(screen.getByTestId("assign-account"), { target: { value: MILANO.id } });
    fireEvent.click(screen.getByTestId("assign-owner"));
    expect(submit.hasAttribute("disabled")).toBe(false);
    fireEvent.click(submit);
    expect(await screen.findByText(TX.assigned)).toBeTruthy();
    expect(bodyOf(callsTo(calls, "POST", path)[0])).toEqual({ twilioAccountId: MILANO.id, isOwner: true });
    await waitFor(() => expect((screen.getByTestId("assign-user") as HTMLSelectElement).value).toBe(""));
  });

  it("reports a failed assignment with the default text", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    signedIn(ADMIN, { [`POST /api/admin/users/${USERS[2]!.id}/assign-account`]: () => new Response("", { status: 500 }) });
    renderApp("/admin");
    await screen.findByTestId("assign-submit");
    fireEvent.change(screen.getByTestId("assign-user"), { target: { value: USERS[2]!.id } });
    await waitFor(() => expect((screen.getByTestId("assign-account") as HTMLSelectElement).options).toHaveLength(4));
    fireEvent.change(screen.getByTestId("assign-account"), { target: { value: SANDBOX.id } });
    fireEvent.click(screen.getByTestId("assign-submit"));
    expect(await screen.findByText(TX.assignErrorTitle)).toBeTruthy();
    expect(screen.getByText(TX.assignErrorDefault)).toBeTruthy();
  });
});
