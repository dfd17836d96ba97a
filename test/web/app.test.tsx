import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { NAV_MOBILE_MENU } from "@shared/nav";
import { CAMPAIGN_TEXTS } from "@shared/texts/campaigns";
import { AUTH_TEXTS } from "@shared/texts/auth";
import { ACCOUNT_SELECTOR_TEXTS } from "@shared/texts/account-selector";
import { ACCOUNT_TEXTS } from "@shared/texts/accounts";
import { T } from "@shared/strings";
import { CONVERSATION_TEXTS } from "@shared/texts/conversations";
import { jsonResponse, mockFetch } from "./fetch-mock";
import { account, ADMIN, CLIENT, renderApp } from "./render-app";
import type { CurrentUser } from "@shared/schemas/auth";
import type { TwilioAccount } from "@shared/schemas/accounts";

const unauthorized = () => jsonResponse({ error: "Non autorizzato" }, 401);

function signedIn(user: CurrentUser, accounts: TwilioAccount[] = [account()], extra: Record<string, () => Response> = {}) {
  return mockFetch({
    "GET /api/auth/me": () => jsonResponse(user),
    "GET /api/twilio-accounts": () => jsonResponse(accounts),
    "GET /api/twilio-accounts/active": () => jsonResponse(accounts.find((a) => a.isActive) ?? null),
    "GET /api/openai-usage/stats": () => jsonResponse({ totalCost: "12.3456", totalRequests: 40 }),
    "GET /api/conversations/unread-count": () => jsonResponse({ count: 3 }),
    ...extra,
  });
}

describe("signed out", () => {
  it("shows the landing page, with the login form open after /api/login", async () => {
    mockFetch({ "GET /api/auth/me": unauthorized });
    renderApp("/?login=1");
    expect(await screen.findByRole("button", { name: AUTH_TEXTS.login })).toBeTruthy();
    expect(screen.getByText(AUTH_TEXTS.landingTitle)).toBeTruthy();
    for (const bullet of AUTH_TEXTS.landingBullets) expect(screen.getAllByText(bullet).length).toBeGreaterThan(0);
    expect(screen.getAllByRole("link", { name: AUTH_TEXTS.landingStart })[0]!.getAttribute("href")).toBe("/api/login");
    expect(document.querySelector('input[name="email"]')).not.toBeNull();
    expect(document.querySelector('input[name="password"]')).not.toBeNull();
  });

  it("keeps the login form closed on a plain visit, even to a console route", async () => {
    mockFetch({ "GET /api/auth/me": unauthorized });
    renderApp("/twilio-accounts");
    await screen.findByRole("button", { name: AUTH_TEXTS.login });
    expect(document.querySelector('input[name="email"]')).toBeNull();
    expect(screen.queryByRole("navigation", { name: T.mainNavLabel })).toBeNull();
  });

  it("reports wrong credentials", async () => {
    const log = vi.spyOn(console, "error").mockImplementation(() => {});
    const { calls } = mockFetch({
      "GET /api/auth/me": unauthorized,
      "POST /api/auth/login": () => jsonResponse({ error: "Email o password non corretti" }, 401),
    });
    renderApp("/?login=1");
    await screen.findByRole("button", { name: AUTH_TEXTS.login });
    fireEvent.change(document.querySelector('input[name="email"]')!, { target: { value: "a@b.it" } });
    fireEvent.change(document.querySelector('input[name="password"]')!, { target: { value: "sbagliata" } });
    fireEvent.click(screen.getByRole("button", { name: AUTH_TEXTS.loginSubmit }));
    expect(await screen.findByText(AUTH_TEXTS.loginErrorTitle)).toBeTruthy();
    expect(screen.getAllByText(AUTH_TEXTS.loginError).length).toBeGreaterThan(0);
    const login = calls.find((c) => c.method === "POST")!;
    expect(login.headers.get("Content-Type")).toBe("application/json");
    expect(JSON.parse(String(login.body))).toEqual({ email: "a@b.it", password: "sbagliata" });
    expect(log).toHaveBeenCalledWith("Mutation failed:", expect.any(Error));
  });

  it("shows the server's message when rate-limited", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    mockFetch({
      "GET /api/auth/me": unauthorized,
      "POST /api/auth/login": () => jsonResponse({ error: "Troppi tentativi di accesso. Riprova tra 15 minuti." }, 429),
    });
    renderApp("/?login=1");
    await screen.findByRole("button", { name: AUTH_TEXTS.login });
    fireEvent.change(document.querySelector('input[name="email"]')!, { target: { value: "a@b.it" } });
    fireEvent.change(document.querySelector('input[name="password"]')!, { target: { value: "x" } });
    fireEvent.click(screen.getByRole("button", { name: AUTH_TEXTS.loginSubmit }));
    expect((await screen.findAllByText("Troppi tentativi di accesso. Riprova tra 15 minuti.")).length).toBeGreaterThan(0);
  });

  it("enters the console after a successful login", async () => {
    let signedInNow = false;
    signedIn(ADMIN, [account()], {
      "GET /api/auth/me": () => (signedInNow ? jsonResponse(ADMIN) : unauthorized()),
      "POST /api/auth/login": () => {
        signedInNow = true;
        return jsonResponse(ADMIN);
      },
    });
    const { router } = renderApp("/?login=1");
    await screen.findByRole("button", { name: AUTH_TEXTS.login });
    fireEvent.change(document.querySelector('input[name="email"]')!, { target: { value: ADMIN.email } });
    fireEvent.change(document.querySelector('input[name="password"]')!, { target: { value: "giusta" } });
    fireEvent.click(screen.getByRole("button", { name: AUTH_TEXTS.loginSubmit }));
    expect(await screen.findByText(AUTH_TEXTS.loginSuccess)).toBeTruthy();
    // The console is a lazily loaded chunk; its first load in jsdom transforms many modules.
    expect(await screen.findByRole("navigation", { name: T.mainNavLabel }, { timeout: 10_000 })).toBeTruthy();
    expect(router.state.location.searchStr).toBe("");
  });
});

describe("signed in shell", () => {
  it("shows the admin sidebar, header and footer", async () => {
    signedIn(ADMIN);
    renderApp("/");
    const nav = await screen.findByRole("navigation", { name: T.mainNavLabel });
    expect(within(nav).getAllByRole("link")).toHaveLength(16);
    expect(within(nav).getByRole("link", { name: /Lead Sources/ }).getAttribute("href")).toBe("/leads");
    expect(within(nav).getByRole("link", { name: /Admin Users/ })).toBeTruthy();
    expect(await screen.findByText("Admin Dashboard")).toBeTruthy();
    expect(screen.getByText("Ciao Admin!")).toBeTruthy();
    expect(screen.getByText(ADMIN.email)).toBeTruthy();
    expect(screen.getByText(T.subtitle)).toBeTruthy();
    expect(await screen.findByTestId("sidebar-account-name")).toHaveProperty("textContent", "Negozio Milano");
    const badge = await screen.findByTestId("cost-badge");
    expect(badge.textContent).toBe("$12.346");
    expect(within(badge).getByTestId("cost-warning")).toBeTruthy();
    expect((await within(nav).findByTestId("unread-badge")).textContent).toContain("3");
    expect(within(nav).getByRole("link", { name: "Conversazioni" }).getAttribute("aria-describedby")).toBeTruthy();
    expect(screen.getByText(CONVERSATION_TEXTS.unreadBadge(3))).toBeTruthy();
    expect(screen.getByTestId("theme-toggle")).toBeTruthy();
    expect(screen.getByRole("button", { name: AUTH_TEXTS.logout })).toBeTruthy();
    expect(screen.getByTestId("page-title").textContent).toBe("Dashboard");
  });

  it("gives a client the reduced sidebar and dashboard, greeting by e-mail", async () => {
    signedIn(CLIENT);
    renderApp("/");
    const nav = await screen.findByRole("navigation", { name: T.mainNavLabel });
    expect(within(nav).queryByRole("link", { name: /Admin Users/ })).toBeNull();
    expect(within(nav).getAllByRole("link")).toHaveLength(10);
    expect(await screen.findByText("Dashboard Cliente")).toBeTruthy();
    expect(screen.getByTestId("user-greeting").textContent).toBe("Ciao mario.rossi!");
  });

  it("falls back to the product name without an active account, and offers setup", async () => {
    signedIn(ADMIN, []);
    renderApp("/");
    await screen.findByText("Admin Dashboard");
    expect(screen.getByTestId("sidebar-account-name").textContent).toBe(T.appName);
    const selector = await screen.findByTestId("account-selector");
    expect(within(selector).getByText(T.noAccounts)).toBeTruthy();
    expect(within(selector).getByRole("link", { name: T.configure }).getAttribute("href")).toBe("/twilio-accounts");
  });

  it("names the open section in the top bar", async () => {
    signedIn(ADMIN, [account()], { "GET /api/campaigns": () => jsonResponse([]) });
    renderApp("/campaigns");
    expect(await screen.findByText(CAMPAIGN_TEXTS.emptyDynamic)).toBeTruthy();
    expect(screen.getByTestId("page-title").textContent).toBe("Campagne WhatsApp");
  });

  it("shows the not-found page on unknown routes", async () => {
    signedIn(ADMIN);
    renderApp("/does-not-exist");
    expect((await screen.findAllByText(T.notFound)).length).toBeGreaterThan(0);
  });

  it("logs out, clears the cache and returns to the landing page", async () => {
    let loggedOut = false;
    const { calls } = signedIn(ADMIN, [account()], {
      "GET /api/auth/me": () => (loggedOut ? unauthorized() : jsonResponse(ADMIN)),
      "POST /api/auth/logout": () => {
        loggedOut = true;
        return jsonResponse({ ok: true });
      },
    });
    const { queryClient } = renderApp("/");
    fireEvent.click(await screen.findByRole("button", { name: AUTH_TEXTS.logout }));
    expect(await screen.findByText(T.logoutSuccess)).toBeTruthy();
    expect(await screen.findByRole("button", { name: AUTH_TEXTS.login })).toBeTruthy();
    expect(queryClient.getQueryData(["/api/twilio-accounts"])).toBeUndefined();
    const logout = calls.find((c) => c.url === "/api/auth/logout")!;
    expect(logout.headers.has("Content-Type")).toBe(false);
  });
});

describe("small screens", () => {
  const desktopWidth = window.innerWidth;
  beforeEach(() => Object.assign(window, { innerWidth: 375 }));
  afterEach(() => Object.assign(window, { innerWidth: desktopWidth }));

  it("hide the sidebar behind a hamburger menu with the mobile entries", async () => {
    signedIn(CLIENT, [account(), account({ id: "a2", name: "Secondo", isDefault: false, isActive: false })]);
    renderApp("/calendar");
    fireEvent.click(await screen.findByTestId("mobile-menu-button"));
    expect(screen.queryByRole("navigation", { name: T.mainNavLabel })).toBeNull();
    const menu = await screen.findByRole("navigation", { name: T.mobileNavLabel });
    const labels = within(menu).getAllByRole("link").map((a) => a.getAttribute("aria-label"));
    expect(labels).toEqual(NAV_MOBILE_MENU.filter((i) => !i.adminOnly).map((i) => i.label));
    // The spec's list plus the sections a client has on the desktop sidebar, and none of an admin's.
    expect(labels).toEqual(expect.arrayContaining(["Campagne", "Liste", "Template WhatsApp"]));
    expect(labels).not.toContain("Consumi");
    expect(within(menu).getByRole("link", { name: "Calendario" }).getAttribute("aria-current")).toBe("page");
    expect(within(menu).getByRole("link", { name: "Dashboard" }).getAttribute("aria-current")).toBeNull();
  });

  it("switch account from a dialog", async () => {
    const { calls } = signedIn(CLIENT, [account(), account({ id: "a2", name: "Secondo", isDefault: false, isActive: false })], {
      "PUT /api/twilio-accounts/a2/activate": () => jsonResponse({ id: "a2" }),
    });
    renderApp("/");
    fireEvent.click(await screen.findByTestId("account-selector-mobile"));
    const dialog = await screen.findByRole("dialog", { name: ACCOUNT_SELECTOR_TEXTS.switchAccountTitle });
    expect(within(dialog).getByText(T.defaultAccount)).toBeTruthy();
    expect(within(dialog).getByText(ACCOUNT_SELECTOR_TEXTS.secondaryAccount)).toBeTruthy();
    expect(within(dialog).getByRole("link", { name: T.manageAccounts })).toBeTruthy();
    fireEvent.click(within(dialog).getByRole("button", { name: /Secondo/ }));
    await waitFor(() => expect(screen.queryByRole("dialog", { name: ACCOUNT_SELECTOR_TEXTS.switchAccountTitle })).toBeNull());
    expect(await screen.findByText(T.activateSuccess)).toBeTruthy();
    expect(calls.filter((c) => c.url === "/api/twilio-accounts/a2/activate")).toHaveLength(1);
  });
});

describe("Account Twilio page", () => {
  it("shows the empty state and validates the new-account form", async () => {
    const { calls } = signedIn(ADMIN, []);
    renderApp("/twilio-accounts");
    expect(await screen.findByText(T.accountsEmpty)).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: ACCOUNT_TEXTS.accountsAddFirst }));
    const dialog = await screen.findByRole("dialog");
    fireEvent.click(within(dialog).getByRole("button", { name: T.save }));
    for (const text of [ACCOUNT_TEXTS.nameRequired, ACCOUNT_TEXTS.sidRequired, ACCOUNT_TEXTS.tokenRequired, ACCOUNT_TEXTS.phoneRequired]) {
      expect(within(dialog).getByText(text)).toBeTruthy();
    }
    expect(calls.some((c) => c.method === "POST")).toBe(false);

    fireEvent.click(within(dialog).getByTestId("sandbox-switch"));
    expect(dialog.querySelector('input[name="accountSid"]')).toBeNull();
    expect(dialog.querySelector('input[name="authToken"]')).toBeNull();
  });

  it("creates a sandbox account", async () => {
    const created = account({ sandbox: true, name: "Prova" });
    const { calls } = signedIn(ADMIN, [], { "POST /api/twilio-accounts": () => jsonResponse(created, 201) });
    renderApp("/twilio-accounts");
    fireEvent.click(await screen.findByRole("button", { name: ACCOUNT_TEXTS.accountsAddFirst }));
    const dialog = await screen.findByRole("dialog");
    fireEvent.change(dialog.querySelector('input[name="name"]')!, { target: { value: "Prova" } });
    fireEvent.click(within(dialog).getByTestId("sandbox-switch"));
    fireEvent.change(dialog.querySelector('input[name="phoneNumber"]')!, { target: { value: "+393331234567" } });
    // The model is free text with the known OpenAI models suggested.
    const model = dialog.querySelector('input[name="gptModel"]') as HTMLInputElement;
    const suggestions = Array.from(document.getElementById(model.getAttribute("list")!)!.querySelectorAll("option")).map((o) => o.value);
    expect(suggestions).toContain("gpt-4o-mini");
    expect(suggestions).toContain("gpt-5");
    fireEvent.change(model, { target: { value: "gpt-4o" } });
    fireEvent.change(dialog.querySelector('input[name="feedbackModel"]')!, { target: { value: "llama3.1:8b" } });
    fireEvent.click(within(dialog).getByRole("button", { name: T.save }));
    expect(await screen.findByText(ACCOUNT_TEXTS.accountCreated)).toBeTruthy();
    const post = calls.find((c) => c.method === "POST" && c.url === "/api/twilio-accounts")!;
    expect(JSON.parse(String(post.body))).toEqual({
      name: "Prova",
      accountSid: "",
      authToken: "",
      phoneNumber: "+393331234567",
      phoneCountry: "IT",
      gptModel: "gpt-4o",
      feedbackModel: "llama3.1:8b",
      isDefault: false,
      sandbox: true,
    });
  });

  it("lists accounts with truncated SID, masked token, badges and the right actions", async () => {
    const accounts = [
      account(),
      account({ id: "a2", name: "Prove", isDefault: false, isActive: false, sandbox: true, accountSid: "SB0123456789abcdef" }),
    ];
    const { calls } = signedIn(ADMIN, accounts, {
      "PUT /api/twilio-accounts/a2/activate": () => jsonResponse(accounts[1]),
    });
    renderApp("/twilio-accounts");
    const cards = await screen.findAllByTestId("account-card");
    expect(cards).toHaveLength(2);
    const [first, second] = cards as [HTMLElement, HTMLElement];
    expect(within(first).getByText(`AC11111111…`)).toBeTruthy();
    expect(within(first).getByText("••••••••abcd")).toBeTruthy();
    expect(within(first).getByText(T.defaultBadge)).toBeTruthy();
    expect(within(first).getByText(T.active)).toBeTruthy();
    expect(within(first).queryByRole("button", { name: T.delete })).toBeNull();
    expect(within(first).queryByRole("button", { name: ACCOUNT_TEXTS.accountActivate })).toBeNull();
    expect(within(second).getByText(T.sandboxBadge)).toBeTruthy();
    expect(within(second).getByRole("button", { name: T.delete })).toBeTruthy();

    fireEvent.click(within(second).getByRole("button", { name: ACCOUNT_TEXTS.accountActivate }));
    expect(await screen.findByText(T.activateSuccess)).toBeTruthy();
    expect(calls.some((c) => c.method === "PUT" && c.url === "/api/twilio-accounts/a2/activate")).toBe(true);
  });
});
