import { mkdirSync } from "node:fs";
import path from "node:path";
import { type Browser, chromium, type Page } from "playwright-core";
import { inject } from "vitest";

export const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
export const SCREENSHOTS = path.resolve(import.meta.dirname, "../../test-results/screenshots");

export function launch(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
  });
}

export async function newPage(browser: Browser, width = 1280) {
  const context = await browser.newContext({ viewport: { width, height: width < 640 ? 812 : 800 }, locale: "it-IT", timezoneId: "Europe/Rome" });
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  return page;
}

export const baseUrl = () => inject("baseUrl");

export async function signIn(page: Page, email = inject("adminEmail"), password = inject("adminPassword")) {
  await page.goto(`${baseUrl()}/`);
  await page.getByRole("button", { name: "Accedi" }).first().click();
  await page.locator('input[name="email"]').fill(email);
  await page.locator('input[name="password"]').fill(password);
  await page.locator('button[type="submit"]').click();
  await page.getByRole("navigation", { name: "Navigazione principale" }).waitFor();
}

export async function screenshot(page: Page, name: string) {
  mkdirSync(SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SCREENSHOTS, `${name}.png`), fullPage: true });
}
