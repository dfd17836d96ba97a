import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { LEAD_TEXTS } from "@shared/texts/leads";
import { LIST_TEXTS } from "@shared/texts/lists";
import { SETTINGS_TEXTS } from "@shared/texts/settings";
import { TEMPLATE_TEXTS } from "@shared/texts/templates";
import { baseUrl, fitsWidth, screenshot, useBrowser, openNewDialog, usePage } from "./browser";
import { T } from "@shared/strings";

const browser = useBrowser();

const TEMPLATE_NAME = `Benvenuto e2e ${Date.now().toString(36)}`;
const LIST_NAME = `Clienti CSV e2e ${Date.now().toString(36)}`;
const CSV = ["Nome;Cognome;Cellulare;E-mail", "Mario;Rossi;333 111 2222;mario@example.com", "Anna;Verdi;+39 02 1234567;anna@example.com", "Luca;Bianchi;non ho il telefono;", "Sara;Neri;347 5551234;sara@example.com"].join("\n");

describe("templates, lists and API tokens on a desktop", () => {
  let page: Page;
  usePage(browser, 1280, (opened) => (page = opened), "signed-in");

  it("creates a template, submits it, and sees it approved after the cron on the sandbox account", async () => {
    const dialog = await openNewDialog(page, "/templates", TEMPLATE_TEXTS.newTemplate, TEMPLATE_TEXTS.createFirst);
    await dialog.locator('input[name="name"]').fill(TEMPLATE_NAME);
    await dialog.locator('input[name="description"]').fill("Primo messaggio a chi chiede un preventivo");
    await dialog.locator('select[name="category"]').selectOption("agency");
    await dialog.locator('textarea[name="text"]').fill("Ciao {{1}}, grazie per aver contattato {{2}}! Possiamo sentirci oggi?");
    await screenshot(page, "template-dialog-1280");
    await dialog.getByRole("button", { name: "Salva" }).click();
    await page.getByText(TEMPLATE_TEXTS.created, { exact: true }).first().waitFor();

    const card = page.getByTestId("template-card").filter({ hasText: TEMPLATE_NAME });
    await card.getByText("Bozza").waitFor();
    await card.getByRole("button", { name: TEMPLATE_TEXTS.submit }).click();
    await page.getByText(TEMPLATE_TEXTS.submittedDescription).first().waitFor();
    await card.getByText("In attesa").waitFor();
    expect(await card.getByRole("button", { name: TEMPLATE_TEXTS.submit }).count()).toBe(0);

    const cron = await page.request.get(`${baseUrl()}/__scheduled?cron=*+*+*+*+*`);
    expect(cron.status()).toBeLessThan(400);
    await expect
      .poll(
        async () => {
          const templates = (await (await page.request.get(`${baseUrl()}/api/templates`)).json()) as { name: string; status: string }[];
          return templates.find((t) => t.name === TEMPLATE_NAME)?.status;
        },
        { timeout: 20_000 },
      )
      .toBe("approved");
    await page.reload();
    await page.getByTestId("template-card").filter({ hasText: TEMPLATE_NAME }).getByText("Approvato").waitFor();
    await screenshot(page, "templates-1280");

    // Approved, it is offered where provider templates are (the start form, prompts, campaigns).
    const offered = (await (await page.request.get(`${baseUrl()}/api/twilio-templates`)).json()) as { friendlyName: string; status: string }[];
    expect(offered.find((t) => t.friendlyName === TEMPLATE_NAME)?.status).toBe("approved");
  });

  it("creates a CSV list, maps its columns, imports it and shows the leads", async () => {
    const create = await openNewDialog(page, "/lists", LIST_TEXTS.newList, LIST_TEXTS.createFirst);
    await create.locator('input[name="name"]').fill(LIST_NAME);
    await create.locator('select[name="source"]').selectOption("csv");
    await create.locator('input[name="file"]').setInputFiles({ name: "contatti.csv", mimeType: "text/csv", buffer: Buffer.from(CSV, "utf8") });
    await create.getByRole("button", { name: LIST_TEXTS.create }).click();

    // The configuration opens with the columns the file names, already matched.
    const config = page.getByRole("dialog", { name: LIST_TEXTS.configTitle(LIST_NAME) });
    await config.getByTestId("mapping-form").waitFor();
    expect(await config.locator('select[name="mapping-numeroTelefono"]').inputValue()).toBe("Cellulare");
    expect(await config.locator('select[name="mapping-email"]').inputValue()).toBe("E-mail");
    await screenshot(page, "list-mapping-1280");
    await config.getByRole("button", { name: LIST_TEXTS.saveMapping }).click();
    // Saving closes the dialog and imports; a small file is in before the next refresh.
    await config.waitFor({ state: "detached" });
    await page.getByText(LIST_TEXTS.importedDescription(3)).first().waitFor({ timeout: 20_000 });

    const card = page.getByTestId("list-card").filter({ hasText: LIST_NAME });
    await card.getByTestId("import-report").waitFor({ timeout: 20_000 });
    await card.getByText(LEAD_TEXTS.total(3)).waitFor();
    await card.getByText(LIST_TEXTS.importReport(3, 0, 0, 1)).waitFor();
    await card.getByText(new RegExp(LIST_TEXTS.invalidRowsTitle)).click();
    await card.getByText(LIST_TEXTS.invalidRow(4, LIST_TEXTS.phoneInvalidValue("non ho il telefono"))).waitFor();
    await screenshot(page, "lists-1280");

    await card.getByRole("button", { name: LIST_TEXTS.leads, exact: true }).click();
    const leads = page.getByRole("dialog", { name: LIST_TEXTS.leadsTitle(LIST_NAME) });
    const rows = leads.getByTestId("list-leads");
    await rows.getByText("Mario Rossi").waitFor();
    await rows.getByText("+39021234567").waitFor();
    await rows.getByText("Sara Neri").waitFor();
    await leads.getByRole("searchbox").fill("verdi");
    await expect.poll(() => rows.locator("li").count()).toBe(1);
    await screenshot(page, "list-leads-1280");
    await page.keyboard.press("Escape");
  });

  it("creates an API token, lists it without the raw value, and the token adds a lead", async () => {
    await page.goto(`${baseUrl()}/settings`);
    await page.getByTestId("profile-card").waitFor();
    expect(await page.getByLabel(T.loginEmail).inputValue()).toBe("admin@agentbot.local");
    await page.getByRole("button", { name: SETTINGS_TEXTS.logout }).waitFor();
    await page.getByRole("button", { name: SETTINGS_TEXTS.newToken }).click();
    const form = page.getByTestId("token-form");
    await form.locator('input[name="tokenName"]').fill("CRM e2e");
    await form.getByRole("button", { name: SETTINGS_TEXTS.generateToken }).click();
    const raw = await form.locator('input[name="tokenRaw"]').inputValue();
    expect(raw).toMatch(/^abp_/);
    await form.getByRole("button", { name: "Salva" }).click();
    await page.getByText(SETTINGS_TEXTS.tokenSaved, { exact: true }).first().waitFor();
    const row = page.getByTestId("token-row").filter({ hasText: "CRM e2e" });
    await row.getByText(T.active).waitFor();
    await row.getByText(SETTINGS_TEXTS.neverUsed).waitFor();
    expect(await page.getByTestId("token-form").count()).toBe(0);
    expect(await page.content()).not.toContain(raw);
    const listed = await (await page.request.get(`${baseUrl()}/api/lead-manager/tokens`)).text();
    expect(listed).toContain("CRM e2e");
    expect(listed).not.toContain(raw);
    await screenshot(page, "settings-1280");

    // An external system: the bearer token, no session cookie.
    const context = await browser().newContext();
    const ingest = await context.request.post(`${baseUrl()}/api/lead-manager/leads`, {
      headers: { Authorization: `Bearer ${raw}`, "Content-Type": "application/json" },
      data: { phone: "+39 340 123 4567", name: "Giulia Bianchi", email: "giulia@example.com", company: "Studio Bianchi" },
    });
    expect(ingest.status()).toBe(201);
    const refused = await context.request.post(`${baseUrl()}/api/lead-manager/leads`, {
      headers: { Authorization: "Bearer token-sbagliato-0000000000", "Content-Type": "application/json" },
      data: { phone: "3401234567" },
    });
    expect(refused.status()).toBe(401);
    await context.close();

    await page.reload();
    await page.getByTestId("token-row").filter({ hasText: "CRM e2e" }).getByText(SETTINGS_TEXTS.lastUsed).waitFor();
    expect(await page.getByTestId("token-row").filter({ hasText: "CRM e2e" }).getByText(SETTINGS_TEXTS.neverUsed).count()).toBe(0);

    await page.goto(`${baseUrl()}/leads`);
    const lead = page.getByTestId("lead-row").filter({ hasText: "Giulia Bianchi" });
    await lead.waitFor();
    await lead.getByText("+393401234567").waitFor();
    await screenshot(page, "leads-1280");
  });

  it("creates a lead source whose approved template answers a new lead", async () => {
    await page.goto(`${baseUrl()}/leads`);
    await page.getByRole("button", { name: LEAD_TEXTS.newSource }).first().click();
    const dialog = page.getByRole("dialog");
    await dialog.locator('input[name="name"]').fill("Sito web e2e");
    await dialog.locator('select[name="type"]').selectOption("website");
    await dialog.locator('select[name="templateId"]').selectOption({ label: TEMPLATE_NAME });
    // {{1}} is the lead's first name, {{2}} fixed text.
    await dialog.locator('select[name="variable-1"]').selectOption("field:nome");
    await dialog.locator('select[name="variable-2"]').selectOption("text");
    await dialog.locator('input[name="variable-2-text"]').fill("Studio Neri");
    await dialog.getByRole("button", { name: LEAD_TEXTS.addSchedule }).click();
    await dialog.getByTestId("talking-schedules").locator("textarea").fill("Buongiorno! Hai domande sul preventivo?");
    // A talking schedule needs a plan to fall due: weekly, on the days below.
    await dialog.locator('select[name="calendarType"]').selectOption("weekly");
    await dialog.getByRole("button", { name: "Lun" }).click();
    await dialog.getByRole("button", { name: "Ven" }).click();
    await screenshot(page, "lead-source-dialog-1280");
    await dialog.getByRole("button", { name: "Salva" }).click();
    await page.getByText(LEAD_TEXTS.sourceCreated, { exact: true }).first().waitFor();
    await page.getByTestId("lead-source-card").filter({ hasText: "Sito web e2e" }).waitFor();

    await page.getByRole("button", { name: LEAD_TEXTS.newLead }).click();
    const leadDialog = page.getByRole("dialog");
    await leadDialog.locator('input[name="phone"]').fill("347 765 4321");
    await leadDialog.locator('input[name="name"]').fill("Paolo Neri");
    await leadDialog.locator('select[name="leadSourceId"]').selectOption({ label: "Sito web e2e" });
    await leadDialog.getByRole("button", { name: "Salva" }).click();
    await page.getByText(LEAD_TEXTS.autoResponseQueued).first().waitFor();
    const row = page.getByTestId("lead-row").filter({ hasText: "Paolo Neri" });
    await row.getByTestId("lead-chat-link").click();
    await page.waitForURL(/\/chat\/[^/]+$/);
    await page.getByText("Ciao Paolo, grazie per aver contattato Studio Neri").first().waitFor();
  });
});

describe("the data screens at 375 px", () => {
  let page: Page;
  usePage(browser, 375, async (opened) => {
    page = opened;
    await page.goto(`${baseUrl()}/`);
    await page.getByRole("button", { name: "Accedi" }).first().click();
    await page.locator('input[name="email"]').fill("admin@agentbot.local");
    await page.locator('input[name="password"]').fill("agentbot-demo-2026");
    await page.locator('button[type="submit"]').click();
    await page.getByTestId("mobile-menu-button").waitFor();
  });

  it("fits templates, lists, lead sources and settings on a phone", async () => {
    for (const [path, name, ready] of [
      ["/templates", "templates-375", "template-card"],
      ["/lists", "lists-375", "list-card"],
      ["/leads", "leads-375", "lead-row"],
      ["/settings", "settings-375", "token-row"],
    ] as const) {
      await page.goto(`${baseUrl()}${path}`);
      await page.getByTestId(ready).first().waitFor();
      expect(await fitsWidth(page), path).toBe(true);
      await screenshot(page, name);
    }
    await page.goto(`${baseUrl()}/lists`);
    await page.getByTestId("list-card").first().getByRole("button", { name: T.configure }).click();
    await page.getByRole("dialog").getByTestId("mapping-form").waitFor();
    await screenshot(page, "list-mapping-375");
    await page.keyboard.press("Escape");
    await page.goto(`${baseUrl()}/templates`);
    await page.getByRole("button", { name: TEMPLATE_TEXTS.newTemplate }).click();
    await page.getByRole("dialog").locator('input[name="name"]').waitFor();
    await screenshot(page, "template-dialog-375");
  });

  it("shows the light theme too", async () => {
    await page.goto(`${baseUrl()}/templates`);
    await page.getByTestId("template-card").first().waitFor();
    await page.evaluate(() => {
      localStorage.setItem("theme", "light");
    });
    await page.reload();
    await page.getByTestId("template-card").first().waitFor();
    expect(await page.evaluate(() => document.documentElement.className)).not.toContain("dark");
    await screenshot(page, "templates-light-375");
    await page.goto(`${baseUrl()}/settings`);
    await page.getByTestId("token-row").first().waitFor();
    await screenshot(page, "settings-light-375");
    await page.evaluate(() => localStorage.setItem("theme", "dark"));
  });
});
