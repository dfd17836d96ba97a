import type { Locator, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { CONVERSATION_TEXTS as TX } from "@shared/texts/conversations";
import { type ApiConversation } from "@shared/schemas/conversations";
import { baseUrl, OFFLINE_REPLY, screenshot, useBrowser, usePage } from "./browser";
import { SIMULATOR_TEXTS as SX } from "@shared/texts/simulator";

// Issue 14 in Chromium: an Italian number typed without its prefix reaches +39, and a customer who
// writes first is answered with the account's prompt for them.

const browser = useBrowser();

// Fresh national numbers per run (Italian mobiles: 3 and nine digits).
const tail = String(Date.now()).slice(-7);
const STARTED = `333${tail}`;
const WROTE_FIRST = `347${tail}`;

async function conversationOf(page: Page, e164: string) {
  const list = (await (await page.request.get(`${baseUrl()}/api/conversations?search=${e164.slice(1)}`)).json()) as ApiConversation[];
  return list.find((c) => c.phoneNumber === e164);
}

// Fills the dashboard's start form for `phone` with the loans template, whose {{1}} and {{2}} take the
// contact's name and company, and submits it.
async function startLoansConversation(form: Locator, phone: string) {
  await form.getByTestId("start-phone").fill(phone);
  await form.getByTestId("start-template").selectOption({ label: "prestiti_benvenuto" });
  await expect.poll(() => form.getByTestId("start-prompt").inputValue()).not.toBe("");
  await form.getByTestId("start-name").fill("Giulia");
  await form.getByTestId("start-company").fill("Prestiti Facili");
  await form.getByLabel("{{1}}", { exact: true }).selectOption("field:nome");
  await form.getByLabel("{{2}}", { exact: true }).selectOption("field:company");
  await form.getByTestId("start-submit").click();
}

describe("real numbers in the sandbox", () => {
  let page: Page;
  usePage(browser, 1280, (opened) => (page = opened), "sandbox");

  it("starts a conversation with an Italian number typed without prefix and sends it to +39", async () => {
    await page.reload();
    const form = page.getByTestId("start-conversation-form");
    await form.waitFor();
    await startLoansConversation(form, `${STARTED.slice(0, 3)} ${STARTED.slice(3, 6)} ${STARTED.slice(6)}`);
    await page.getByText(TX.started(`+39${STARTED}`)).first().waitFor();
    expect((await conversationOf(page, `+39${STARTED}`))?.channel).toBe("whatsapp");

    // A number that cannot exist is refused with the spec's title, and nothing is started.
    await startLoansConversation(form, "12345");
    await page.getByText(TX.invalidNumberTitle).first().waitFor();
    await screenshot(page, "start-form-national-number-1280");
  });

  it("answers a customer who writes first with the account's prompt for them", async () => {
    // The account card names that prompt (a sandbox gets its seeded one).
    await page.goto(`${baseUrl()}/twilio-accounts`);
    const card = page.getByTestId("account-card").filter({ has: page.getByTestId("default-prompt-select") });
    await card.waitFor();
    await expect
      .poll(() => card.getByTestId("default-prompt-select").evaluate((el) => (el as HTMLSelectElement).selectedOptions[0]?.textContent))
      .toBe("Assistente vendite (sandbox)");
    await expect(card.getByTestId("default-prompt-missing").count()).resolves.toBe(0);

    await page.goto(`${baseUrl()}/conversations`);
    await page.getByTestId("simulate-customer").click();
    const dialog = page.getByRole("dialog", { name: SX.customerTitle });
    await dialog.locator('input[name="phoneNumber"]').fill(`${WROTE_FIRST.slice(0, 3)} ${WROTE_FIRST.slice(3)}`);
    await dialog.locator('textarea[name="body"]').fill("Buongiorno, siete aperti sabato?");
    await dialog.getByTestId("simulate-submit").click();
    await page.waitForURL(/\/chat\/[^/]+$/);
    await page.getByTestId("channel-badge").filter({ hasText: TX.channelWhatsapp }).waitFor();
    await page.locator('[data-testid="message"][data-sender="ai"]').filter({ hasText: OFFLINE_REPLY }).waitFor({ timeout: 20_000 });
    const conversation = await conversationOf(page, `+39${WROTE_FIRST}`);
    expect(conversation).toMatchObject({ template: null, aiError: null });
    await expect(page.getByText(TX.noPromptWaiting).count()).resolves.toBe(0);
    await screenshot(page, "customer-wrote-first-1280");
  });
});
