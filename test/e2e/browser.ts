import { mkdirSync } from "node:fs";
import path from "node:path";
import { type Browser, chromium, type Page } from "playwright-core";
import { afterAll, beforeAll, expect, inject } from "vitest";
import type { TwilioAccount } from "@shared/schemas/accounts";

export const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
export const SCREENSHOTS = path.resolve(import.meta.dirname, "../../test-results/screenshots");

export function launch(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
  });
}

// One Chromium per test file: launched before its tests, closed after them.
export function useBrowser(): () => Browser {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => {
    await browser?.close();
  });
  return () => browser!;
}

export async function newPage(browser: Browser, width = 1280) {
  const context = await browser.newContext({ viewport: { width, height: width < 640 ? 812 : 800 }, locale: "it-IT", timezoneId: "Europe/Rome" });
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  return page;
}

// One page (in its own context) per describe block: opened before its tests and handed to `opened`
// (which keeps it, and may listen to it), then signed in — and on the sandbox account — when `setUp`
// asks; closed after the tests.
export function usePage(browser: () => Browser, width: number, opened: (page: Page) => unknown, setUp?: "signed-in" | "sandbox") {
  let page: Page | undefined;
  beforeAll(async () => {
    page = await newPage(browser(), width);
    await opened(page);
    if (setUp) await signIn(page);
    if (setUp === "sandbox") await activeSandbox(page);
  });
  afterAll(async () => {
    await page?.context().close();
  });
}

export const baseUrl = () => inject("baseUrl");

// Writes must come from the console's own origin, as the browser would send them.
export const originHeaders = () => ({ Origin: baseUrl() });

// The offline responder's answer (no OPENAI_API_KEY on the e2e server).
export const OFFLINE_REPLY = "Risposta offline di AgentBot Pro";

export const sidebar = (page: Page) => page.getByRole("navigation", { name: "Navigazione principale" });

// Signs in and waits for the shell: the sidebar on a desktop, the menu button on a phone.
export async function signIn(page: Page, email = inject("adminEmail"), password = inject("adminPassword")) {
  await page.goto(`${baseUrl()}/`);
  await page.getByRole("button", { name: "Accedi" }).first().click();
  await page.locator('input[name="email"]').fill(email);
  await page.locator('input[name="password"]').fill(password);
  await page.locator('button[type="submit"]').click();
  const phone = (page.viewportSize()?.width ?? 1280) < 768;
  await (phone ? page.getByTestId("mobile-menu-button") : sidebar(page)).waitFor();
}

// The e2e server's sandbox account, made the active one.
export async function activeSandbox(page: Page): Promise<TwilioAccount> {
  const accounts = (await (await page.request.get(`${baseUrl()}/api/twilio-accounts`)).json()) as TwilioAccount[];
  const sandbox = accounts.find((a) => a.sandbox && a.isDefault) ?? accounts.find((a) => a.sandbox);
  expect(sandbox, "the e2e server ships a sandbox account").toBeTruthy();
  if (!sandbox!.isActive) {
    const res = await page.request.put(`${baseUrl()}/api/twilio-accounts/${sandbox!.id}/activate`, { headers: originHeaders() });
    expect(res.ok()).toBe(true);
  }
  return sandbox!;
}

// Nothing sticks out sideways (at 375 px, a page must not scroll horizontally).
export function fitsWidth(page: Page) {
  return page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1);
}

export async function screenshot(page: Page, name: string) {
  mkdirSync(SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SCREENSHOTS, `${name}.png`), fullPage: true });
}

// The screen as it is (dark), then in the light theme, and back to dark.
export async function screenshotBothThemes(page: Page, name: string, lightName: string) {
  await screenshot(page, name);
  await page.getByTestId("theme-toggle").click();
  await expect.poll(() => page.evaluate(() => document.documentElement.className)).not.toContain("dark");
  await screenshot(page, lightName);
  await page.getByTestId("theme-toggle").click();
}

// Goes to a screen and opens its creation dialog: the header's button, or the empty state's first one.
export async function openNewDialog(page: Page, route: string, newLabel: string, firstLabel: string) {
  await page.goto(`${baseUrl()}${route}`);
  await page.getByRole("button", { name: new RegExp(`^(${newLabel}|${firstLabel})$`) }).first().click();
  return page.getByRole("dialog");
}
