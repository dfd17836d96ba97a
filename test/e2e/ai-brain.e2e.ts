import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MEMORY_TEXTS } from "@shared/texts/memories";
import { PROMPT_TEXTS } from "@shared/texts/prompts";
import { USAGE_TEXTS } from "@shared/texts/usage";
import { TEMPLATE_TEST_TEXTS } from "@shared/texts/template-test";
import { activeSandbox, baseUrl, launch, newPage, OFFLINE_REPLY, screenshot, sidebar, signIn } from "./browser";

let browser: Browser;
let work: string;
beforeAll(async () => {
  browser = await launch();
  work = mkdtempSync(path.join(tmpdir(), "agentbot-ai-brain-"));
});
afterAll(async () => {
  await browser?.close();
  rmSync(work, { recursive: true, force: true });
});

const RUN = String(Date.now()).slice(-6);
const PROMPT_NAME = `Assistente ufficio ${RUN}`;
const MEMORY_NAME = `Listino cancelleria ${RUN}`;
const CSV = ["prodotto;prezzo;disponibile", "Risma A4;4,90;sì", "Toner nero;39,00;sì", '"Penne, confezione da 10";3,50;no'].join("\n");
const TEST_PHONE_DIGITS = `39347${RUN}1`;


// Each page is opened with a full load: other test runs may rebuild the web app meanwhile, and a
// client-side navigation would ask for lazy chunks of the previous build. During a rebuild the
// assets are briefly missing, so a failed load is tried again.
async function open(page: Page, route: string) {
  for (let attempt = 1; ; attempt++) {
    try {
      await page.goto(`${baseUrl()}${route}`);
      await page.getByTestId("page-title").waitFor({ timeout: 5_000 });
      return;
    } catch (err) {
      if (attempt === 3) throw err;
      await page.waitForTimeout(1_000);
    }
  }
}

async function setTheme(page: Page, theme: "dark" | "light") {
  const isDark = () => page.evaluate(() => document.documentElement.classList.contains("dark"));
  if ((await isDark()) !== (theme === "dark")) await page.getByTestId("theme-toggle").first().click();
  await expect.poll(isDark).toBe(theme === "dark");
}

// Below 768 px the theme toggle sits in the side menu: set the stored choice and reload instead.
async function setStoredTheme(page: Page, theme: "dark" | "light") {
  await page.evaluate((value) => localStorage.setItem("theme", value), theme);
  await page.reload();
  await expect.poll(() => page.evaluate(() => document.documentElement.classList.contains("dark"))).toBe(theme === "dark");
}

// Dialogs and toasts animate in: screenshots wait until they have landed, from the top of the page
// (a full-page shot of a scrolled page draws the sticky bars mid-page).
async function shot(page: Page, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getTiming().iterations !== Infinity)
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
  await screenshot(page, name);
}

// A toast sits over the bottom-right corner for 5 s; close it rather than wait for it.
async function closeToast(page: Page, title: string) {
  const toast = page.locator('li[data-state="open"]').filter({ hasText: title });
  await toast.getByRole("button", { name: "Chiudi" }).click();
  await toast.waitFor({ state: "hidden" });
}

describe("the AI brain pages on a desktop", () => {
  let page: Page;
  beforeAll(async () => {
    page = await newPage(browser, 1280);
    await signIn(page);
    await activeSandbox(page);
    await page.reload();
    await sidebar(page).waitFor();
  });
  afterAll(async () => {
    await page.context().close();
  });

  it("creates a prompt linked to a sandbox template, after testing it in the editor", async () => {
    await open(page, "/prompts");
    await page.getByTestId("prompt-count").waitFor();
    await page.getByRole("button", { name: PROMPT_TEXTS.newPrompt }).first().click();
    const dialog = page.getByRole("dialog", { name: PROMPT_TEXTS.newPrompt });
    await dialog.waitFor();
    await dialog.locator('input[name="name"]').fill(PROMPT_NAME);
    await dialog.locator('textarea[name="content"]').fill(
      "Sei l'assistente vendite di una cartoleria per l'ufficio. Rispondi in italiano, in modo breve, e proponi sempre un preventivo.",
    );
    await dialog.locator('input[name="model"]').fill("gpt-4o-mini");
    await dialog.locator('input[name="temperature"]').fill("4");
    await expect.poll(() => dialog.getByTestId("temperature-value").textContent()).toBe("0.4");
    await dialog.getByRole("checkbox", { name: /cartoleria_offerta/ }).check();

    const testButton = dialog.getByTestId("prompt-test-button");
    await expect(testButton.isDisabled()).resolves.toBe(true);
    await dialog.getByRole("button", { name: "Usa un messaggio suggerito" }).click();
    await expect(dialog.locator('textarea[name="testMessage"]').inputValue()).resolves.toContain("toner");
    await testButton.click();
    const result = dialog.getByTestId("prompt-test-result");
    await result.filter({ hasText: OFFLINE_REPLY }).waitFor();
    await shot(page, "prompt-editor-1280");

    await dialog.getByTestId("prompt-save").click();
    await page.getByText(PROMPT_TEXTS.created).first().waitFor();
    await dialog.waitFor({ state: "detached" });
    const card = page.getByTestId("prompt-card").filter({ hasText: PROMPT_NAME });
    await card.waitFor();
    await card.getByText("GPT-4o mini").waitFor();
    await card.getByText("0.4", { exact: true }).waitFor();
  });

  it("tests the saved prompt from its card", async () => {
    const card = page.getByTestId("prompt-card").filter({ hasText: PROMPT_NAME });
    await card.getByTestId("prompt-card-test").click();
    await page.getByText(PROMPT_TEXTS.testSuccess).first().waitFor();
    await page.getByText(OFFLINE_REPLY).first().waitFor();
    await page.getByTestId("prompt-search").fill(RUN);
    await expect.poll(() => page.getByTestId("prompt-card").count()).toBe(1);
    await expect(page.getByTestId("prompt-count").textContent()).resolves.toBe("1 prompt trovato");
    await page.getByTestId("prompt-search").fill("");
    await shot(page, "prompts-1280");
    await setTheme(page, "light");
    await shot(page, "prompts-light-1280");
    await setTheme(page, "dark");
  });

  it("uploads a CSV memory and shows its row count on the card", async () => {
    const file = path.join(work, "listino.csv");
    writeFileSync(file, CSV);
    await open(page, "/memories");
    await page.getByTestId("memories-total-count").filter({ hasText: /\d/ }).waitFor();
    const before = Number(await page.getByTestId("memories-total-count").textContent());

    await page.getByRole("button", { name: MEMORY_TEXTS.newMemory }).first().click();
    const dialog = page.getByRole("dialog", { name: MEMORY_TEXTS.newMemory });
    await dialog.locator('input[name="name"]').fill(MEMORY_NAME);
    await dialog.locator('select[name="dataType"]').selectOption("csv");
    await dialog.locator('textarea[name="content"]').fill("Prezzi e disponibilità dei prodotti di cancelleria.");
    await dialog.getByTestId("csv-file-input").setInputFiles(file);
    await dialog.getByTestId("csv-file-name").filter({ hasText: "listino.csv" }).waitFor();
    await dialog.getByText(MEMORY_TEXTS.visibilityPrivate).waitFor();
    await dialog.getByRole("checkbox", { name: /cartoleria_offerta/ }).check();
    await shot(page, "memory-editor-1280");
    await dialog.getByTestId("memory-save").click();

    await page.getByText(MEMORY_TEXTS.created).first().waitFor();
    await page.getByText(MEMORY_TEXTS.csvUploaded(3)).first().waitFor();
    const card = page.getByTestId("memory-card").filter({ hasText: MEMORY_NAME });
    await card.waitFor();
    await expect.poll(() => card.getByTestId("memory-row-count").textContent()).toBe("3");
    await card.getByText("prodotto, prezzo, disponibile").waitFor();
    await expect.poll(async () => Number(await page.getByTestId("memories-total-count").textContent())).toBe(before + 1);
    await shot(page, "memories-1280");
  });

  it("reports a malformed CSV with its line and keeps the memory for a retry", async () => {
    const bad = path.join(work, "rotto.csv");
    writeFileSync(bad, 'nome;prezzo\n"Risma;4,90\nToner;39\n');
    const card = page.getByTestId("memory-card").filter({ hasText: MEMORY_NAME });
    await card.getByRole("button", { name: "Modifica" }).click();
    const dialog = page.getByRole("dialog", { name: MEMORY_TEXTS.editMemory });
    await dialog.getByTestId("csv-file-input").setInputFiles(bad);
    await dialog.getByTestId("memory-save").click();
    await dialog.getByTestId("csv-error").filter({ hasText: /Riga \d+:/ }).waitFor();
    await shot(page, "memory-csv-error-1280");
    await dialog.getByRole("button", { name: "Annulla" }).click();
    await dialog.waitFor({ state: "detached" });
    // The previous file is still the memory's knowledge.
    await expect.poll(() => card.getByTestId("memory-row-count").textContent()).toBe("3");
  });

  it("shows the prompt tests on the usage page with their 4-decimal cost", async () => {
    await open(page, "/usage");
    await page.getByText(USAGE_TEXTS.detailTitle).first().waitFor();
    const row = page.locator('[data-testid="usage-row"][data-operation="prompt_test"]').first();
    await row.waitFor();
    await expect(row.getByTestId("usage-row-cost").textContent()).resolves.toBe("$0.0000");
    await expect(page.getByTestId("usage-total-cost").textContent()).resolves.toMatch(/^\$\d+\.\d{4}$/);
    await page.getByTestId("model-chart").getByRole("img").waitFor();
    await page.getByTestId("day-chart").getByRole("img").waitFor();
    const budget = page.getByTestId("budget-card");
    await budget.locator('input[name="monthlyLimitUsd"]').fill("12,5");
    await budget.getByRole("button", { name: USAGE_TEXTS.budgetSave }).click();
    await page.getByText(USAGE_TEXTS.budgetSaved).first().waitFor();
    await expect.poll(() => budget.getByTestId("budget-limit").textContent()).toBe("$12.50");
    await expect(budget.getByTestId("budget-remaining").textContent()).resolves.toMatch(/^\$\d+\.\d{4}$/);
    await budget.getByText(USAGE_TEXTS.budgetOk).waitFor();
    await budget.getByRole("button", { name: USAGE_TEXTS.budgetClear }).click();
    await expect.poll(() => budget.getByTestId("budget-limit").textContent()).toBe(USAGE_TEXTS.budgetNoLimit);

    await page.getByTestId("usage-operation-filter").selectOption("prompt_test");
    await expect
      .poll(async () => {
        const ops = await page.getByTestId("usage-row").evaluateAll((rows) => rows.map((r) => r.getAttribute("data-operation")));
        return ops.length > 0 && ops.every((op) => op === "prompt_test");
      })
      .toBe(true);
    await shot(page, "usage-1280");
    await setTheme(page, "light");
    await shot(page, "usage-light-1280");
    await setTheme(page, "dark");
  });

  it("sends a template test to the sandbox and links to the simulator", async () => {
    await open(page, "/template-test");
    await page.getByTestId("brain-panel").getByText("feedback_data").waitFor();
    await page.getByTestId("template-test-send").click();
    await page.getByText(TEMPLATE_TEST_TEXTS.missingInfo).first().waitFor();
    await closeToast(page, TEMPLATE_TEST_TEXTS.missingInfoTitle);

    await page.getByRole("button", { name: /prestiti_benvenuto/ }).click();
    await page.getByTestId("template-variable-1").fill("Giulia");
    await page.getByTestId("template-variable-2").fill("Prestiti Facili");
    await expect(page.getByTestId("template-preview").textContent()).resolves.toContain("Ciao Giulia, sono l'assistente di Prestiti Facili");
    await page.getByTestId("template-test-phone").fill(`+${TEST_PHONE_DIGITS}`);
    await page.getByTestId("template-test-send").click();
    await page.getByText(TEMPLATE_TEST_TEXTS.sentTitle).first().waitFor();
    const result = page.getByTestId("template-test-result");
    await result.getByText("Ciao Giulia").waitFor();
    await shot(page, "template-test-1280");
    await setTheme(page, "light");
    await shot(page, "template-test-light-1280");
    await setTheme(page, "dark");
    await closeToast(page, TEMPLATE_TEST_TEXTS.sentTitle);
    await result.getByRole("link", { name: "Apri nel simulatore" }).click();
    await page.waitForURL(/\/chat\/[^/]+$/);
  });
});

describe("the AI brain pages at 375 px", () => {
  let page: Page;
  beforeAll(async () => {
    page = await newPage(browser, 375);
    await signIn(page);
  });
  afterAll(async () => {
    await page.context().close();
  });

  const noHorizontalScroll = () => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1);

  it("shows the prompts as compact cards and the editor fits", async () => {
    await open(page, "/prompts");
    const card = page.getByTestId("prompt-card").filter({ hasText: PROMPT_NAME });
    await card.waitFor();
    await card.getByRole("button", { name: "Duplica" }).waitFor();
    expect(await noHorizontalScroll()).toBe(true);
    await shot(page, "prompts-375");
    await card.getByRole("button", { name: "Modifica" }).click();
    await page.getByRole("dialog", { name: PROMPT_TEXTS.editPrompt }).waitFor();
    await shot(page, "prompt-editor-375");
    await page.keyboard.press("Escape");
  });

  it("shows the memories with their counters", async () => {
    await open(page, "/memories");
    await page.getByTestId("memory-card").filter({ hasText: MEMORY_NAME }).getByTestId("memory-row-count").waitFor();
    expect(await noHorizontalScroll()).toBe(true);
    await shot(page, "memories-375");
    await page.getByRole("button", { name: MEMORY_TEXTS.newMemory }).click();
    await page.getByRole("dialog", { name: MEMORY_TEXTS.newMemory }).waitFor();
    await shot(page, "memory-editor-375");
    await page.keyboard.press("Escape");
  });

  it("shows the usage page with its list and charts", async () => {
    await open(page, "/usage");
    await page.locator('[data-testid="usage-row"][data-operation="prompt_test"]').first().waitFor();
    await page.getByTestId("day-chart").getByRole("img").waitFor();
    expect(await noHorizontalScroll()).toBe(true);
    await shot(page, "usage-375");
  });

  it("shows the template test page", async () => {
    await open(page, "/template-test");
    await page.getByTestId("template-option").first().waitFor();
    await page.getByRole("button", { name: /agenzia_consulenza/ }).click();
    await page.getByTestId("template-variable-1").fill("Marco");
    expect(await noHorizontalScroll()).toBe(true);
    await shot(page, "template-test-375");
    await setStoredTheme(page, "light");
    await page.getByTestId("template-option").first().waitFor();
    await shot(page, "template-test-light-375");
    await open(page, "/prompts");
    await page.getByTestId("prompt-card").first().waitFor();
    await shot(page, "prompts-light-375");
    await open(page, "/usage");
    await page.getByTestId("usage-row").first().waitFor();
    await shot(page, "usage-light-375");
    await setStoredTheme(page, "dark");
  });
});
