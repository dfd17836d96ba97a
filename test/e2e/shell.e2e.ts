import { readFileSync } from "node:fs";
import path from "node:path";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { NAV_DEFAULT, NAV_PERSONAL_ASSISTANT } from "@shared/nav";
import { AUTH_TEXTS } from "@shared/texts/auth";
import { ACCOUNT_TEXTS } from "@shared/texts/accounts";
import { DASHBOARD_TEXTS } from "@shared/texts/dashboard";
import { ACCOUNT_SELECTOR_TEXTS } from "@shared/texts/account-selector";
import { T } from "@shared/strings";
import { baseUrl, screenshot, sidebar, signIn, useBrowser, usePage } from "./browser";

const browser = useBrowser();


describe("the console shell on a desktop", () => {
  let page: Page;
  usePage(browser, 1280, (opened) => (page = opened));

  it("refuses a wrong password with the spec's message", async () => {
    await page.goto(`${baseUrl()}/`);
    await page.getByRole("button", { name: "Accedi" }).first().click();
    await page.locator('input[name="email"]').fill("admin@agentbot.local");
    await page.locator('input[name="password"]').fill("password-sbagliata");
    await page.locator('button[type="submit"]').click();
    await expect(page.getByText(AUTH_TEXTS.loginError).first().waitFor()).resolves.toBeUndefined();
    await screenshot(page, "login-error-1280");
  });

  it("signs in and shows the Italian sidebar with the admin entries", async () => {
    await signIn(page);
    for (const item of NAV_DEFAULT) {
      await sidebar(page).getByRole("link", { name: item.label, exact: true }).waitFor();
    }
    await page.getByRole("heading", { name: "Admin Dashboard" }).waitFor();
    await page.getByText("Business Dashboard").first().waitFor();
    await page.getByText("Sandbox WhatsApp").first().waitFor();
    await screenshot(page, "dashboard-dark-1280");
    // The server's log (global-setup's logFile) has the sign-in, after the time it came.
    const log = path.resolve(import.meta.dirname, "../../test-results/e2e-server.log");
    await expect
      .poll(() => readFileSync(log, "utf8"))
      .toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z \[wrangler:info\] POST \/api\/auth\/login 200 /m);
  });

  it("creates a sandbox account and switches the active account", async () => {
    await sidebar(page).getByRole("link", { name: "Account Twilio", exact: true }).click();
    await page.waitForURL(/\/twilio-accounts$/);
    await page.getByTestId("account-card").first().waitFor();
    await page.getByRole("button", { name: /Aggiungi (Primo )?Account/ }).first().click();
    const dialog = page.getByRole("dialog");
    await dialog.locator('input[name="name"]').fill("Negozio Milano");
    await dialog.getByTestId("sandbox-switch").click();
    await dialog.locator('input[name="phoneNumber"]').fill("+393331234567");
    await dialog.locator('input[name="gptModel"]').fill("gpt-4o");
    await dialog.getByRole("button", { name: "Salva" }).click();
    await page.getByText(ACCOUNT_TEXTS.accountCreated).first().waitFor();
    const card = page.getByTestId("account-card").filter({ hasText: "Negozio Milano" });
    await card.waitFor();
    expect(await page.getByTestId("account-card").count()).toBe(2);
    await screenshot(page, "twilio-accounts-1280");

    await page.getByTestId("account-selector").click();
    await page.getByRole("menuitem", { name: /Negozio Milano/ }).click();
    await page.getByText(T.activateSuccess).first().waitFor();
    await expect.poll(async () => (await page.request.get(`${baseUrl()}/api/twilio-accounts/active`)).json()).toMatchObject({
      name: "Negozio Milano",
    });
    await page.getByTestId("account-selector").filter({ hasText: "Negozio Milano" }).waitFor();
  });

  it("toggles the theme and keeps it after a reload", async () => {
    const htmlClass = () => page.evaluate(() => document.documentElement.className);
    expect(await htmlClass()).toContain("dark");
    await page.getByTestId("theme-toggle").click();
    await expect.poll(htmlClass).not.toContain("dark");
    expect(await page.evaluate(() => localStorage.getItem("theme"))).toBe("light");
    await page.reload();
    await sidebar(page).waitFor();
    expect(await htmlClass()).not.toContain("dark");
    await screenshot(page, "twilio-accounts-light-1280");
    await page.getByTestId("theme-toggle").click();
    await expect.poll(htmlClass).toContain("dark");
  });

  it("enters Personal Assistant mode with the 0,1,2,3 sequence and leaves it", async () => {
    await sidebar(page).getByRole("link", { name: "Dashboard", exact: true }).click();
    const htmlClass = () => page.evaluate(() => document.documentElement.className);
    // A wrong order does nothing.
    await page.getByTestId("pa-icon-1").click();
    await page.getByTestId("pa-icon-0").click();
    await page.getByTestId("pa-icon-2").click();
    await page.waitForTimeout(300);
    expect(await htmlClass()).not.toContain("personal-assistant-mode");

    for (const i of [0, 1, 2, 3]) await page.getByTestId(`pa-icon-${i}`).click();
    await expect.poll(htmlClass, { timeout: 5_000 }).toContain("personal-assistant-mode");
    await page.getByRole("heading", { name: DASHBOARD_TEXTS.paHubTitle }).waitFor();
    for (const item of NAV_PERSONAL_ASSISTANT) {
      await sidebar(page).getByRole("link", { name: item.label, exact: true }).waitFor();
    }
    expect(await sidebar(page).getByRole("link", { name: "Template WhatsApp", exact: true }).count()).toBe(0);
    await screenshot(page, "personal-assistant-1280");

    await page.getByRole("button", { name: T.paExit }).click();
    await expect.poll(htmlClass, { timeout: 5_000 }).not.toContain("personal-assistant-mode");
    await sidebar(page).getByRole("link", { name: "Template WhatsApp", exact: true }).waitFor();
  });

  it("shows the not-found page for an unknown route", async () => {
    await page.goto(`${baseUrl()}/pagina-che-non-esiste`);
    await page.getByText(T.notFound).first().waitFor();
  });

  it("signs out", async () => {
    await page.goto(`${baseUrl()}/`);
    await page.getByRole("button", { name: "Esci", exact: true }).click();
    await page.getByRole("button", { name: "Accedi" }).first().waitFor();
    expect((await page.request.get(`${baseUrl()}/api/auth/me`)).status()).toBe(401);
  });
});

describe("the console shell at 375 px", () => {
  let page: Page;
  usePage(browser, 375, (opened) => (page = opened));

  it("signs in, opens the side menu and the account dialog", async () => {
    await page.goto(`${baseUrl()}/`);
    await screenshot(page, "landing-375");
    await page.getByRole("button", { name: "Accedi" }).first().click();
    await page.locator('input[name="email"]').fill("admin@agentbot.local");
    await page.locator('input[name="password"]').fill("agentbot-demo-2026");
    await page.locator('button[type="submit"]').click();
    await page.getByTestId("mobile-menu-button").waitFor();
    await screenshot(page, "dashboard-375");

    await page.getByTestId("mobile-menu-button").click();
    await page.getByRole("link", { name: "Lead Sources" }).waitFor();
    await screenshot(page, "mobile-menu-375");
    await page.getByRole("link", { name: "Account Twilio" }).first().click();
    await page.waitForURL(/\/twilio-accounts$/);
    await page.getByTestId("account-card").first().waitFor();
    await screenshot(page, "twilio-accounts-375");

    await page.getByTestId("account-selector-mobile").click();
    await page.getByRole("dialog", { name: ACCOUNT_SELECTOR_TEXTS.switchAccountTitle }).waitFor();
    await page.getByText(T.defaultAccount).first().waitFor();
    await screenshot(page, "account-dialog-375");
  });
});
