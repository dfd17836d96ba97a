import type { Page } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { ANALYTICS_TEXTS as AX } from "@shared/texts/analytics";
import { NAV_DEFAULT } from "@shared/nav";
import type { TwilioAccount } from "@shared/schemas/accounts";
import { ADMIN_TEXTS as TX } from "@shared/texts/admin";
import { baseUrl, screenshot, sidebar, signIn, useBrowser, usePage } from "./browser";
import { T } from "@shared/strings";

const browser = useBrowser();

const toast = (page: Page, title: string) => page.locator("li[data-state=open]").filter({ hasText: title }).first();

// A fresh address per run: the e2e files share one local server.
const CLIENT_EMAIL = `cliente.${Date.now()}@negozio.it`;
const CLIENT_PASSWORD = "cliente-sicuro-2026";

async function sandboxAccount(page: Page): Promise<TwilioAccount> {
  const accounts = (await (await page.request.get(`${baseUrl()}/api/twilio-accounts`)).json()) as TwilioAccount[];
  const sandbox = accounts.find((a) => a.name === "Sandbox WhatsApp");
  if (!sandbox) throw new Error("no sandbox account");
  return sandbox;
}

// Some real activity on the sandbox account, so the figures and charts have something to show:
// a conversation started with the loans template, and the customer's answer through the simulator.
async function seedActivity(page: Page, sandbox: TwilioAccount) {
  const api = (path: string) => `${baseUrl()}${path}`;
  // Writes must come from the console's own origin, as the browser would send them.
  const headers = { Origin: baseUrl() };
  expect((await page.request.put(api(`/api/twilio-accounts/${sandbox.id}/activate`), { headers })).ok()).toBe(true);
  const templates = (await (await page.request.get(api("/api/twilio-templates"))).json()) as { sid: string; status: string }[];
  const prompts = (await (await page.request.get(api("/api/prompts"))).json()) as { id: string; isActive: boolean; linkedTemplates: string[] }[];
  const prompt = prompts.find((p) => p.isActive && p.linkedTemplates.some((sid) => templates.some((t) => t.sid === sid && t.status === "approved")));
  if (!prompt) throw new Error("no active prompt linked to an approved sandbox template");
  const phoneNumber = `+39345${String(Date.now()).slice(-7)}`;
  const started = await page.request.post(api("/api/conversations/start-with-prompt"), {
    headers,
    data: { phoneNumber, templateSid: prompt.linkedTemplates[0], promptId: prompt.id, customerName: "Marta Colombo", customerCompany: null, variables: { "1": { source: "field", field: "nome" }, "2": "Prestiti Facili" } },
  });
  expect(started.ok()).toBe(true);
  const reply = await page.request.post(api("/api/sandbox/inbound"), {
    headers,
    data: { phoneNumber, body: "Sì, vorrei sapere di più sul prestito", profileName: "Marta" },
  });
  expect(reply.ok()).toBe(true);
  const { conversation } = (await started.json()) as { conversation: { id: string } };
  // The offline responder answers within seconds: template, customer, AI.
  await expect
    .poll(async () => ((await (await page.request.get(api(`/api/conversations/${conversation.id}`))).json()) as { messages: unknown[] }).messages.length, {
      timeout: 30_000,
    })
    .toBeGreaterThanOrEqual(3);
}

// How far the page scrolls sideways, and the first unclipped elements that stick out (for the failure message).
async function sidewaysOverflow(page: Page) {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const clipped = (el: Element) => {
      for (let p = el.parentElement; p && p !== document.body; p = p.parentElement) {
        if (getComputedStyle(p).overflowX !== "visible") return true;
      }
      return false;
    };
    const culprits = Array.from(document.querySelectorAll("main *"))
      .filter((el) => el.getBoundingClientRect().right > width + 1 && !clipped(el))
      .slice(0, 5)
      .map((el) => `${el.tagName.toLowerCase()}.${String((el as HTMLElement).className).split(" ").slice(0, 4).join(".")}`);
    return { overflow: document.documentElement.scrollWidth - width, culprits: culprits.join(" | ") };
  });
}

async function cleanShot(page: Page, name: string) {
  const close = page.locator("li[data-state=open]").getByRole("button", { name: "Chiudi" });
  if (await close.count()) await close.first().click();
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.mouse.move(0, 0);
  await page.waitForTimeout(400);
  await screenshot(page, name);
}

describe("user administration on a desktop", () => {
  let page: Page;
  usePage(browser, 1280, (opened) => (page = opened), "signed-in");

  it("an admin creates a client for the sandbox account on /admin", async () => {
    await sidebar(page).getByRole("link", { name: "Admin Users", exact: true }).click();
    await page.waitForURL(/\/admin$/);
    await page.getByTestId("admin-users-count").waitFor();
    expect(await page.getByTestId("users-list").getAttribute("data-layout")).toBe("table");
    const before = Number(await page.getByTestId("admin-stat-clients-value").textContent());

    const sandbox = await sandboxAccount(page);
    // Validation first: nothing is sent with a short password.
    await page.getByTestId("create-user-email").fill(CLIENT_EMAIL);
    await page.getByTestId("create-user-password").fill("corta");
    await page.getByTestId("create-user-submit").click();
    await page.getByText("Password deve essere almeno 8 caratteri").waitFor();

    await page.getByTestId("create-user-password").fill(CLIENT_PASSWORD);
    await page.getByTestId("create-user-account").selectOption(sandbox.id);
    await page.getByTestId("create-user-submit").click();
    await toast(page, TX.created).waitFor();
    const row = page.getByTestId("admin-user").filter({ hasText: CLIENT_EMAIL });
    await row.waitFor();
    await expect.poll(() => row.getByTestId("account-badge").allTextContents()).toEqual([expect.stringContaining("Sandbox WhatsApp")]);
    expect(await row.getByTestId("role-select").inputValue()).toBe("client");
    expect(await row.getByTestId("owner-badge").count()).toBe(0);
    expect((await row.getByTestId("user-id").textContent())!.length).toBe(8);
    await expect.poll(async () => Number(await page.getByTestId("admin-stat-clients-value").textContent())).toBe(before + 1);
    expect(await page.getByTestId("create-user-email").inputValue()).toBe("");

    // The same address again: the error sits under the e-mail field, not in a toast.
    await page.getByTestId("create-user-email").fill(CLIENT_EMAIL);
    await page.getByTestId("create-user-password").fill(CLIENT_PASSWORD);
    await page.getByTestId("create-user-submit").click();
    await page.getByTestId("create-user-form").getByText(T.emailInUse).waitFor();
    expect(await toast(page, TX.createErrorTitle).count()).toBe(0);

    await page.getByTestId("audit-entry").filter({ hasText: CLIENT_EMAIL }).first().waitFor();
    await page.getByTestId("create-user-email").fill("");
    await page.getByTestId("create-user-password").fill("");
    await cleanShot(page, "admin-1280");
  });

  it("shows the admin dashboard's figures and the charts on /analytics", async () => {
    await seedActivity(page, await sandboxAccount(page));
    await page.goto(`${baseUrl()}/`);
    await page.getByTestId("stat-conversion-rate-value").waitFor();
    await expect.poll(async () => Number(await page.getByTestId("stat-active-conversations-value").textContent())).toBeGreaterThan(0);
    await page.getByTestId("quick-analytics").waitFor();
    await page.getByTestId("preview-test").getByTestId("preview-message").first().waitFor();
    expect(await page.getByTestId("preview-test").getByTestId("preview-message").count()).toBe(3);
    expect(await page.getByTestId("analytics-insights").count()).toBe(0);

    await sidebar(page).getByRole("link", { name: "Analytics", exact: true }).click();
    await page.waitForURL(/\/analytics$/);
    const chart = page.getByTestId("chart-conversations");
    await chart.waitFor();
    expect(await chart.getAttribute("data-kind")).toBe("bar");
    await page.getByTestId("chart-cost").waitFor();
    await page.getByTestId("chart-campaigns").waitFor();
    await page.getByTestId("sentiment-panel").waitFor();
    await page.getByRole("img", { name: AX.conversationsChart }).waitFor();
    await page.getByTestId("range-preset-90").click();
    await expect.poll(() => chart.getAttribute("data-kind")).toBe("line");
    await page.getByTestId("range-preset-7").click();
    await expect.poll(() => chart.getAttribute("data-kind")).toBe("bar");
    await expect.poll(() => chart.locator("rect").count()).toBe(14);
    await cleanShot(page, "analytics-1280");

    // The charts read the same on the light theme.
    const htmlClass = () => page.evaluate(() => document.documentElement.className);
    await page.getByTestId("theme-toggle").click();
    await expect.poll(htmlClass).not.toContain("dark");
    await cleanShot(page, "analytics-light-1280");
    await page.getByTestId("theme-toggle").click();
    await expect.poll(htmlClass).toContain("dark");
  });

  it("the new client signs in to 'Dashboard Cliente' without the admin entries", async () => {
    await page.getByRole("button", { name: "Esci", exact: true }).click();
    await page.getByRole("button", { name: "Accedi" }).first().waitFor();

    await signIn(page, CLIENT_EMAIL, CLIENT_PASSWORD);
    await page.getByRole("heading", { name: "Dashboard Cliente" }).waitFor();
    await page.getByTestId("stat-response-rate-value").waitFor();
    expect(await page.getByTestId("stat-response-rate-value").textContent()).toMatch(/^\d+,\d%$/);
    for (const item of NAV_DEFAULT) {
      const link = sidebar(page).getByRole("link", { name: item.label, exact: true });
      if (item.adminOnly) expect(await link.count(), item.label).toBe(0);
      else await link.waitFor();
    }
    for (const label of ["Analytics", "Consumi", "Account Twilio", "Configurazione", "Template Test", "Admin Users"]) {
      expect(await sidebar(page).getByText(label, { exact: true }).count(), label).toBe(0);
    }
    await page.getByTestId("sidebar-account-name").filter({ hasText: "Sandbox WhatsApp" }).waitFor();
    // Other e2e files may have used the sandbox account too: the card shows what the server counts.
    const { responseRate } = (await (await page.request.get(`${baseUrl()}/api/analytics/client-stats`)).json()) as { responseRate: number };
    expect(responseRate).toBeGreaterThan(0);
    const shown = `${responseRate.toLocaleString("it-IT", { minimumFractionDigits: 1, maximumFractionDigits: 1 })}%`;
    await expect.poll(() => page.getByTestId("stat-response-rate-value").textContent()).toBe(shown);
    await cleanShot(page, "client-dashboard-1280");

    await page.goto(`${baseUrl()}/admin`);
    await page.getByText(TX.denied).waitFor();
    expect((await page.request.get(`${baseUrl()}/api/admin/users`)).status()).toBe(403);

    await page.getByRole("button", { name: "Esci", exact: true }).click();
    await page.getByRole("button", { name: "Accedi" }).first().waitFor();
  });
});

describe("user administration at 375 px", () => {
  let page: Page;
  usePage(browser, 375, (opened) => (page = opened));

  it("shows users as cards and the charts at phone width", async () => {
    await signIn(page, inject("adminEmail"), inject("adminPassword"));
    await page.goto(`${baseUrl()}/admin`);
    const list = page.getByTestId("users-list");
    await list.waitFor();
    expect(await list.getAttribute("data-layout")).toBe("cards");
    await page.getByTestId("admin-user").filter({ hasText: CLIENT_EMAIL }).waitFor();
    expect(await page.getByText(TX.colRole).count()).toBeGreaterThan(0);
    await cleanShot(page, "admin-375");
    const admin = await sidewaysOverflow(page);
    expect(admin.overflow, admin.culprits).toBeLessThanOrEqual(0);

    await page.goto(`${baseUrl()}/analytics`);
    await page.getByTestId("chart-conversations").waitFor();
    await page.getByTestId("sentiment-panel").waitFor();
    await cleanShot(page, "analytics-375");
    const analytics = await sidewaysOverflow(page);
    expect(analytics.overflow, analytics.culprits).toBeLessThanOrEqual(0);
  });
});
