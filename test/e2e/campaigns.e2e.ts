import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { type ApiCampaign } from "@shared/schemas/campaigns";
import { CAMPAIGN_TEXTS as TX } from "@shared/texts/campaigns";
import type { ApiConversation } from "@shared/schemas/conversations";
import { LEAD_TEXTS as LX } from "@shared/texts/leads";
import { LIST_TEXTS } from "@shared/texts/lists";
import { TEMPLATE_VARIABLE_TEXTS as VX } from "@shared/texts/template-variables";
import { baseUrl, fitsWidth, screenshot, useBrowser, openNewDialog, screenshotBothThemes, usePage } from "./browser";

const browser = useBrowser();

const RUN = Date.now().toString(36);
const LIST_NAME = `Lead dinamici e2e ${RUN}`;
const CAMPAIGN_NAME = `Sconti cancelleria e2e ${RUN}`;
const BROADCAST_NAME = `Catalogo autunno e2e ${RUN}`;
const TEMPLATE = "cartoleria_offerta";
// The template's fixed words, whatever its variables become.
const TEMPLATE_WORDS = "20% di sconto su carta, toner e cancelleria";
// {{2}} of the campaign's message is this fixed text; {{1}} is each lead's own name.
const SHOP = "Cartoleria Bianchi";
// Fresh mobile numbers per run: each lead's conversation is found by its number.
const PHONES = [0, 1, 2].map((i) => `347${String((Date.now() + i) % 10_000_000).padStart(7, "0")}`);
const LEADS = [
  ["Mario", "Rossi"],
  ["Anna", "Verdi"],
  ["Sara", "Neri"],
];
const CSV = ["Nome;Cognome;Cellulare", ...LEADS.map(([nome, cognome], i) => `${nome};${cognome};${PHONES[i]}`)].join("\n");

async function ourCampaign(page: Page): Promise<ApiCampaign | undefined> {
  const campaigns = (await (await page.request.get(`${baseUrl()}/api/campaigns`)).json()) as ApiCampaign[];
  return campaigns.find((c) => c.name === CAMPAIGN_NAME);
}

const card = (page: Page) => page.getByTestId("campaign-card").filter({ hasText: CAMPAIGN_NAME });

describe("a dynamic campaign with a two-step funnel on a desktop", () => {
  let page: Page;
  usePage(browser, 1280, (opened) => (page = opened), "sandbox");

  it("imports three leads into a dynamic list on the Liste screen", async () => {
    const create = await openNewDialog(page, "/lists", LIST_TEXTS.newList, LIST_TEXTS.createFirst);
    await create.locator('input[name="name"]').fill(LIST_NAME);
    await create.locator('select[name="listType"]').selectOption("dynamic");
    await create.locator('select[name="source"]').selectOption("csv");
    await create.locator('input[name="file"]').setInputFiles({ name: "lead-campagna.csv", mimeType: "text/csv", buffer: Buffer.from(CSV, "utf8") });
    await create.getByRole("button", { name: LIST_TEXTS.create }).click();

    const config = page.getByRole("dialog", { name: LIST_TEXTS.configTitle(LIST_NAME) });
    await config.getByTestId("mapping-form").waitFor();
    expect(await config.locator('select[name="mapping-numeroTelefono"]').inputValue()).toBe("Cellulare");
    await config.getByRole("button", { name: LIST_TEXTS.saveMapping }).click();
    await config.waitFor({ state: "detached" });
    await page.getByTestId("list-card").filter({ hasText: LIST_NAME }).getByText(LX.total(3)).waitFor({ timeout: 20_000 });
  });

  it("creates the dynamic campaign on that list, offering only dynamic lists", async () => {
    await page.goto(`${baseUrl()}/campaigns`);
    await page.getByRole("tab", { name: TX.tabDynamic, selected: true }).waitFor();
    await page.getByRole("button", { name: TX.createDynamic }).first().click();
    const dialog = page.getByRole("dialog", { name: TX.createDynamicTitle });
    await dialog.getByLabel(`${TX.nameLabel} *`).fill(CAMPAIGN_NAME);
    const listSelect = dialog.getByLabel(`${TX.targetListLabel} *`);
    await listSelect.selectOption({ label: LIST_NAME });
    const offered = await listSelect.locator("option").allTextContents();
    const lists = (await (await page.request.get(`${baseUrl()}/api/lists`)).json()) as { name: string; listType: string }[];
    for (const l of lists.filter((x) => x.listType !== "dynamic")) expect(offered).not.toContain(l.name);
    await dialog.getByLabel(`${TX.template} *`).selectOption({ label: TEMPLATE });
    await dialog.getByLabel(TX.preferredHourLabel).selectOption("10");
    await screenshot(page, "campaign-create-dynamic-1280");
    await dialog.getByRole("button", { name: TX.create }).click();
    await page.getByText(TX.created, { exact: true }).first().waitFor();
    await dialog.waitFor({ state: "detached" });

    await card(page).waitFor();
    await card(page).getByTestId("campaign-status").filter({ hasText: TX.paused }).waitFor();
    await card(page).getByText(TX.sentCount(0)).waitFor();
  });

  it("builds the funnel: an immediate message, then a reply check two days later", async () => {
    await card(page).getByTestId("funnel-toggle").click();
    const panel = card(page).getByTestId("funnel-panel");
    await panel.getByText(TX.noSteps).waitFor();

    await panel.getByRole("button", { name: TX.addStep }).click();
    let dialog = page.getByRole("dialog", { name: TX.addStepTitle });
    await dialog.getByLabel(`${TX.template} *`).selectOption({ label: TEMPLATE });
    // {{1}} is the lead's first name, {{2}} fixed text; the preview shows the list's first lead.
    await dialog.getByLabel("{{1}}", { exact: true }).selectOption("field:nome");
    await dialog.getByLabel("{{2}}", { exact: true }).selectOption("text");
    await dialog.getByLabel(VX.sourceLabels.text).fill(SHOP);
    const preview = dialog.getByTestId("template-preview");
    await expect.poll(() => preview.textContent(), { timeout: 10_000 }).toMatch(new RegExp(`^Buongiorno (Mario|Anna|Sara)! Questa settimana ${SHOP} ha il ${TEMPLATE_WORDS}`));
    await dialog.getByLabel(`${TX.whenLabel} *`).selectOption("immediate");
    await dialog.getByRole("button", { name: TX.saveStep }).click();
    await page.getByText(TX.stepAdded, { exact: true }).first().waitFor();
    await dialog.waitFor({ state: "detached" });

    await panel.getByRole("button", { name: TX.addStep }).click();
    dialog = page.getByRole("dialog", { name: TX.addStepTitle });
    await dialog.getByLabel(TX.stepTypeLabel).selectOption("conditional_reply");
    await dialog.getByText(TX.conditionalExplain).waitFor();
    await dialog.getByLabel(`${TX.whenLabel} *`).selectOption("relative");
    await dialog.getByLabel(`${TX.triggerValueLabel} *`).fill("2");
    await dialog.getByLabel(TX.triggerUnitLabel).selectOption("days");
    await dialog.getByText(TX.snapHint("10:00")).waitFor();
    await screenshot(page, "campaign-step-dialog-1280");
    await dialog.getByRole("button", { name: TX.saveStep }).click();
    await dialog.waitFor({ state: "detached" });

    const steps = panel.getByTestId("funnel-step");
    await expect.poll(() => steps.count()).toBe(2);
    expect(await steps.getByTestId("step-trigger").allTextContents()).toEqual(["Immediato", "Dopo 2 giorni"]);
    await steps.first().getByText(TEMPLATE).waitFor();
  });

  it("activates the campaign after the capacity check", async () => {
    await card(page).getByTestId("campaign-status-switch").click();
    const dialog = page.getByRole("dialog", { name: TX.capacityTitle });
    await dialog.getByTestId("capacity-recipients").getByText("3", { exact: true }).waitFor();
    await dialog.getByTestId("capacity-rate").getByText(/msg\/s/).waitFor();
    await dialog.getByTestId("capacity-finishes").getByText(/\d{2}\/\d{2}\/\d{4} alle \d{2}:\d{2}/).waitFor();
    await screenshot(page, "campaign-capacity-1280");
    await dialog.getByTestId("capacity-confirm").click();
    await dialog.waitFor({ state: "detached" });
    await card(page).getByTestId("campaign-status").filter({ hasText: TX.active }).waitFor();
    expect((await ourCampaign(page))?.status).toBe("active");
  });

  it("sends the first step to every lead when the cron runs, and counts the sends on the card", async () => {
    const fire = async () => expect((await page.request.get(`${baseUrl()}/__scheduled?cron=*+*+*+*+*`)).status()).toBeLessThan(400);
    await expect
      .poll(
        async () => {
          await fire();
          return (await ourCampaign(page))?.sentCount ?? 0;
        },
        { timeout: 40_000, interval: 2_000 },
      )
      .toBe(3);

    await page.reload();
    await card(page).getByTestId("campaign-sent").getByText(TX.sentCount(3)).waitFor();
    await card(page).getByTestId("funnel-toggle").click();
    const chart = card(page).getByTestId("funnel-chart");
    await chart.getByTestId("funnel-chart-step-1").getByTestId("chart-sent").getByText("3", { exact: true }).waitFor();
    await screenshotBothThemes(page, "campaigns-1280", "campaigns-light-1280");
  });

  it("greets every lead by their own name in their chat", async () => {
    for (const [i, [nome]] of LEADS.entries()) {
      const phone = `+39${PHONES[i]}`;
      const conversations = (await (await page.request.get(`${baseUrl()}/api/conversations?search=${encodeURIComponent(PHONES[i]!)}`)).json()) as ApiConversation[];
      expect(conversations.find((c) => c.phoneNumber === phone), "the send created the lead's conversation").toBeTruthy();

      await page.goto(`${baseUrl()}/conversations`);
      await page.getByTestId("conversation-search").fill(PHONES[i]!);
      const item = page.getByTestId("conversation-item").filter({ hasText: nome! });
      await item.first().click();
      await page
        .getByTestId("conversation-detail")
        .locator('[data-testid="message"]')
        .filter({ hasText: `Buongiorno ${nome}! Questa settimana ${SHOP} ha il ${TEMPLATE_WORDS}` })
        .first()
        .waitFor();
      if (i === 0) await screenshot(page, "campaign-message-in-chat-1280");
    }
  });

  it("marks a lead's chat converted with the sale's value; the card, the dashboard and Analytics agree", async () => {
    const [nome] = LEADS[0]!;
    await page.goto(`${baseUrl()}/conversations`);
    await page.getByTestId("conversation-search").fill(PHONES[0]!);
    await page.getByTestId("conversation-item").filter({ hasText: nome! }).first().click();
    await page.getByTestId("conversion").click();
    const dialog = page.getByRole("dialog", { name: LX.conversionTitle });
    await dialog.getByLabel(LX.dealValueLabel).fill("1.250,50");
    await screenshot(page, "conversation-conversion-1280");
    await dialog.getByTestId("conversion-save").click();
    await page.getByText(LX.conversionSaved, { exact: true }).first().waitFor();
    await dialog.waitFor({ state: "detached" });

    // The card's sends, Analytics' row for the campaign and the dashboard's revenue are the same figures.
    const sent = (await ourCampaign(page))!.sentCount;
    expect(sent).toBe(3);
    await page.goto(`${baseUrl()}/analytics`);
    const row = page.getByTestId("campaign-figures-row").filter({ hasText: CAMPAIGN_NAME });
    await expect.poll(() => row.locator("td").first().textContent(), { timeout: 15_000 }).toBe(String(sent));
    await row.getByText("1250,50\u00a0€").waitFor();
    await page.goto(`${baseUrl()}/`);
    const revenue = page.getByTestId("revenue-card");
    await expect.poll(() => revenue.getByTestId("revenue-total").textContent(), { timeout: 15_000 }).toBe("1250,50\u00a0€");
    await revenue.getByTestId("revenue-last30").getByText("1250,50\u00a0€").waitFor();
    await revenue.locator("li").filter({ hasText: CAMPAIGN_NAME }).getByText("1250,50\u00a0€").waitFor();
  });
});

describe("the campaigns screen at 375 px", () => {
  let page: Page;
  usePage(browser, 375, (opened) => (page = opened), "signed-in");

  it("stacks the cards, keeps the funnel and its chart within the screen, and scrolls the step dialog", async () => {
    await page.goto(`${baseUrl()}/campaigns`);
    await card(page).waitFor();
    await card(page).getByTestId("funnel-toggle").click();
    await card(page).getByTestId("funnel-chart").waitFor();
    expect(await fitsWidth(page)).toBe(true);
    await screenshot(page, "campaigns-375");

    await card(page).getByRole("button", { name: TX.addStep }).click();
    const dialog = page.getByRole("dialog", { name: TX.addStepTitle });
    await dialog.getByLabel(`${TX.whenLabel} *`).selectOption("absolute");
    await dialog.getByLabel(`${TX.dateLabel} *`).waitFor();
    expect(await fitsWidth(page)).toBe(true);
    await screenshot(page, "campaign-step-dialog-375");
    await page.keyboard.press("Escape");

    await page.getByRole("tab", { name: TX.tabCalendar }).click();
    await page.getByRole("button", { name: TX.createCalendar }).first().click();
    const calendar = page.getByRole("dialog", { name: TX.createCalendarTitle });
    expect(await calendar.getByLabel(`${TX.timeLabel} *`).inputValue()).toBe("10:00");
    await calendar.getByLabel(`${TX.nameLabel} *`).fill(BROADCAST_NAME);
    await calendar.getByLabel(`${TX.targetListLabel} *`).selectOption({ label: LIST_NAME });
    await calendar.getByLabel(`${TX.template} *`).selectOption({ label: TEMPLATE });
    await calendar.getByLabel("{{1}}", { exact: true }).selectOption("field:cognome");
    await calendar.getByLabel("{{2}}", { exact: true }).selectOption("text");
    await calendar.getByLabel(VX.sourceLabels.text).fill(SHOP);
    const day = await calendar.getByLabel(`${TX.dateLabel} *`).inputValue();
    expect(await fitsWidth(page)).toBe(true);
    await screenshot(page, "campaign-calendar-dialog-375");
    await calendar.getByRole("button", { name: TX.create }).click();
    await calendar.waitFor({ state: "detached" });

    // Tomorrow at 10:00 in Italy, as the dialog proposed.
    const broadcast = page.getByTestId("calendar-campaign-card").filter({ hasText: BROADCAST_NAME });
    const [y, m, d] = day.split("-");
    await broadcast.getByTestId("calendar-scheduled-at").getByText(TX.scheduledFor(`${d}/${m}/${y} alle 10:00`)).waitFor();
    expect(await fitsWidth(page)).toBe(true);
    await screenshot(page, "campaigns-calendar-375");
  });
});
