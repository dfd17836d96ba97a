import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { baseUrl, launch, newPage, signIn } from "./browser";

// axe-core with the WCAG 2.1 A and AA rules over every route of the console and every dialog opened
// from it, at 1280 px and 375 px in the default (dark) theme; a serious or critical violation fails.
// The SPA's CSP (script-src 'self') refuses an inline <script>, so axe's source is evaluated through
// the DevTools protocol (page.evaluate), which the page's CSP does not govern.

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");
const WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"];
const BLOCKING = new Set(["serious", "critical"]);

const ROUTES = [
  "/",
  "/templates",
  "/prompts",
  "/memories",
  "/lists",
  "/leads",
  "/campaigns",
  "/conversations",
  "/chat/:id",
  "/calendar",
  "/actions",
  "/analytics",
  "/usage",
  "/twilio-accounts",
  "/settings",
  "/template-test",
  "/admin",
] as const;

// Buttons whose names open a dialog (new, add, edit, settings, import, simulate…), never one that
// deletes, sends or starts something. Each distinct name is tried once per route.
const OPENS_DIALOG = /^(nuov|aggiungi|crea|modifica|impostazioni|configura|importa|simula|apri menu|menu|mostra dettagli|dettagli|cambia foto|foto profilo|gestisci|collega|mappa|testa|anteprima)/i;
const MAX_DIALOGS_PER_ROUTE = 8;

interface Violation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: unknown[]; html: string; failureSummary?: string }[];
}

let browser: Browser;
let conversationId: string;
const found: string[] = [];
const checked: string[] = [];
const timings: string[] = [];

beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

async function audit(page: Page, where: string) {
  if (!(await page.evaluate(() => "axe" in window))) await page.evaluate(AXE_SOURCE);
  const violations = (await page.evaluate(
    (tags) =>
      (window as unknown as { axe: { run: (ctx: Document, opts: unknown) => Promise<{ violations: unknown[] }> } }).axe
        .run(document, { runOnly: { type: "tag", values: tags }, resultTypes: ["violations"] })
        .then((r) => r.violations),
    WCAG_TAGS,
  )) as Violation[];
  checked.push(where);
  for (const v of violations.filter((v) => v.impact && BLOCKING.has(v.impact))) {
    const targets = v.nodes
      .map((n) => `    ${JSON.stringify(n.target)} ${n.html.slice(0, 160)}${n.failureSummary ? ` — ${n.failureSummary.replaceAll("\n", " ")}` : ""}`)
      .join("\n");
    found.push(`${where}: [${v.impact}] ${v.id} — ${v.help}\n${targets}`);
  }
}

async function settle(page: Page) {
  // Lazy chunks and first queries: wait until no spinner is left (or give up after 3 s).
  await page.waitForFunction(() => !document.querySelector(".animate-spin"), undefined, { timeout: 3_000 }).catch(() => undefined);
  // Entrance animations end before colours are measured.
  await page.waitForTimeout(250);
}

const openDialog = (page: Page) => page.locator('[role="dialog"]:visible, [role="alertdialog"]:visible').first();

async function auditDialogs(page: Page, where: string) {
  const buttons = page.locator("main, header").getByRole("button", { name: OPENS_DIALOG });
  const names = await buttons.evaluateAll((els) => els.map((e) => (e.getAttribute("aria-label") ?? e.textContent ?? "").trim()));
  // "Nuovo evento alle 9 di lunedì…" and "…di martedì…" open the same dialog: the first two words decide.
  const kinds = new Set<string>();
  const picked: number[] = [];
  names.forEach((name, i) => {
    const kind = name.toLowerCase().split(/\s+/).slice(0, 2).join(" ");
    if (!name || kinds.has(kind) || picked.length >= MAX_DIALOGS_PER_ROUTE) return;
    kinds.add(kind);
    picked.push(i);
  });
  for (const i of picked) {
    const button = buttons.nth(i);
    if (await button.isDisabled().catch(() => true)) continue;
    await button.click({ timeout: 3_000 }).catch(() => undefined);
    const dialog = openDialog(page);
    if (!(await dialog.waitFor({ timeout: 1_000 }).then(() => true, () => false))) continue;
    await page.waitForTimeout(250);
    const title = ((await dialog.getByRole("heading").first().innerText().catch(() => "")) || names[i]!).trim();
    await audit(page, `${where} › dialog "${title}"`);
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "hidden", timeout: 3_000 }).catch(() => undefined);
  }
}

async function auditEveryRoute(page: Page, width: number) {
  for (const route of ROUTES) {
    const path = route.replace(":id", conversationId);
    await page.goto(`${baseUrl()}${path}`);
    await page.locator("main").first().waitFor();
    await settle(page);
    const started = Date.now();
    await audit(page, `${route} @${width}px`);
    await auditDialogs(page, `${route} @${width}px`);
    timings.push(`${route} @${width}px ${Date.now() - started} ms`);
  }
}

function report() {
  return `${found.length} serious or critical violation(s):\n${found.join("\n")}`;
}

// Printed whole (an assertion's diff would cut it), then the test fails on it.
function failOnViolations() {
  if (found.length) console.error(report());
  expect(found.length, report()).toBe(0);
}

describe("accessibility (axe-core, WCAG 2.1 A and AA)", () => {
  let page: Page;
  beforeAll(async () => {
    page = await newPage(browser, 1280);
    page.on("dialog", (d) => void d.dismiss());
    await signIn(page);
    const origin = { Origin: baseUrl() };
    const accounts = (await (await page.request.get(`${baseUrl()}/api/twilio-accounts`)).json()) as { id: string; sandbox: boolean; isActive: boolean }[];
    const sandbox = accounts.find((a) => a.sandbox);
    expect(sandbox, "the e2e server ships a sandbox account").toBeTruthy();
    if (!sandbox!.isActive) expect((await page.request.put(`${baseUrl()}/api/twilio-accounts/${sandbox!.id}/activate`, { headers: origin })).ok()).toBe(true);
    // A conversation to open in the chat route, with a customer message and an answer.
    const inbound = await page.request.post(`${baseUrl()}/api/sandbox/inbound`, { headers: origin, data: { phoneNumber: "+393401234599", body: "Buongiorno, vorrei informazioni sui prezzi" } });
    expect(inbound.status()).toBe(201);
    conversationId = ((await inbound.json()) as { conversationId: string }).conversationId;
  });
  afterAll(async () => {
    console.log(`audited ${checked.length} views:\n${checked.join("\n")}\n${timings.join("\n")}`);
    await page?.context().close();
  });

  it("finds no serious or critical violation on any route or dialog at 1280 px", async () => {
    found.length = 0;
    await auditEveryRoute(page, 1280);
    // Every route, and dialogs opened from them, were audited.
    expect(checked.length).toBeGreaterThan(ROUTES.length * 2);
    failOnViolations();
  }, 150_000);

  it("finds no serious or critical violation on any route or dialog at 375 px", async () => {
    found.length = 0;
    await page.setViewportSize({ width: 375, height: 812 });
    await auditEveryRoute(page, 375);
    failOnViolations();
  }, 150_000);
});
