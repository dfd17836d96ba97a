import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { type ApiLeadsPage, type ApiLeadSource, LEAD_STATUS_LABELS } from "@shared/schemas/lead-sources";
import { LEAD_TEXTS as TX } from "@shared/texts/leads";
import { baseUrl, originHeaders, screenshot, useBrowser, usePage } from "./browser";

const browser = useBrowser();

const RUN = Date.now().toString(36);
const SOURCE_NAME = `Fiera e2e ${RUN}`;
const TEMPLATE_NAME = `Invito fiera e2e ${RUN}`;
const PHONE = `348${String(Date.now() % 10_000_000).padStart(7, "0")}`;
const MESSAGE = "Ti aspettiamo allo stand 12!";
const fire = async (page: Page) => expect((await page.request.get(`${baseUrl()}/__scheduled?cron=*+*+*+*+*`)).status()).toBeLessThan(400);

// The Rome wall-clock minute two minutes from now: the slot the new source's schedule gets.
function romeSlot() {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat("en-GB", { timeZone: "Europe/Rome", hour: "2-digit", minute: "2-digit", hourCycle: "h23" })
      .formatToParts(new Date(Date.now() + 2 * 60_000))
      .map((p) => [p.type, p.value]),
  );
  return { hour: Number(parts.hour), minute: Number(parts.minute) };
}

describe("a lead source's talking schedule in the sandbox", () => {
  let page: Page;
  usePage(browser, 1280, (opened) => (page = opened), "sandbox");

  it("sends at its slot and the lead shows as contacted, with its chat", async () => {
    // An approved template (the sandbox approves a submitted one at the next cron) for outside the 24-hour window.
    const created = await page.request.post(`${baseUrl()}/api/templates`, {
      headers: originHeaders(),
      data: { name: TEMPLATE_NAME, category: "agency", whatsappContent: { text: "Ciao {{1}}, ti aspettiamo allo stand di {{2}}. Ci vediamo?" } },
    });
    const templateId = ((await created.json()) as { id: string }).id;
    await page.request.post(`${baseUrl()}/api/templates/${templateId}/submit`, { headers: originHeaders() });
    await expect
      .poll(
        async () => {
          await fire(page);
          const templates = (await (await page.request.get(`${baseUrl()}/api/templates`)).json()) as { id: string; status: string }[];
          return templates.find((t) => t.id === templateId)?.status;
        },
        { timeout: 30_000, interval: 1_500 },
      )
      .toBe("approved");

    // The source, made in the dialog: no immediate auto-response, every day, one talking schedule.
    await page.goto(`${baseUrl()}/leads`);
    await page.getByRole("button", { name: TX.newSource }).first().click();
    const dialog = page.getByRole("dialog");
    await dialog.locator('input[name="name"]').fill(SOURCE_NAME);
    await dialog.locator('select[name="type"]').selectOption("manual");
    await dialog.locator('select[name="templateId"]').selectOption(templateId);
    // {{1}} is the lead's first name, {{2}} fixed text; the preview reads it back.
    await dialog.locator('select[name="variable-1"]').selectOption("field:nome");
    await dialog.locator('select[name="variable-2"]').selectOption("text");
    await dialog.locator('input[name="variable-2-text"]').fill("Fiera di Milano");
    await dialog.getByTestId("template-preview").getByText("ti aspettiamo allo stand di Fiera di Milano").waitFor();
    await dialog.getByRole("switch", { name: TX.autoResponseLabel }).click();
    await dialog.locator('select[name="calendarType"]').selectOption("daily");
    await dialog.getByRole("button", { name: TX.addSchedule }).click();
    const slot = romeSlot();
    const schedules = dialog.getByTestId("talking-schedules");
    await schedules.locator("input").nth(0).fill(String(slot.hour));
    await schedules.locator("input").nth(1).fill(String(slot.minute));
    await schedules.locator("textarea").fill(MESSAGE);
    await dialog.getByTestId("planned-sends").getByText(TX.plannedTalking(MESSAGE)).first().waitFor();
    await screenshot(page, "lead-source-dialog-1280");
    await dialog.getByRole("button", { name: "Salva" }).click();
    await page.getByText(TX.sourceCreated, { exact: true }).first().waitFor();
    const sources = (await (await page.request.get(`${baseUrl()}/api/lead-sources`)).json()) as ApiLeadSource[];
    const source = sources.find((s) => s.name === SOURCE_NAME)!;
    expect(source.plannedSends.some((s) => s.key === "talk:0")).toBe(true);

    const lead = await page.request.post(`${baseUrl()}/api/leads`, { headers: originHeaders(), data: { phone: PHONE, name: "Giulia Fiera", leadSourceId: source.id } });
    expect(lead.status()).toBe(201);
    expect(((await lead.json()) as { lead: { status: string } }).lead.status).toBe("new");

    // The cron at the slot sends the message; the lead becomes contacted.
    await expect
      .poll(
        async () => {
          await fire(page);
          const leads = (await (await page.request.get(`${baseUrl()}/api/leads?leadSourceId=${source.id}`)).json()) as ApiLeadsPage;
          return leads.leads[0]?.status;
        },
        { timeout: 200_000, interval: 5_000 },
      )
      .toBe("contacted");

    await page.reload();
    await page.getByTestId("lead-source-card").filter({ hasText: SOURCE_NAME }).getByTestId("source-show-leads").click();
    const row = page.getByTestId("lead-row").filter({ hasText: "Giulia Fiera" });
    await row.waitFor();
    expect(await row.getByRole("combobox").inputValue()).toBe("contacted");
    expect(LEAD_STATUS_LABELS.contacted).toBe("Contattato");
    await screenshot(page, "lead-sources-1280");
    await row.getByTestId("lead-chat-link").click();
    await page.getByText(/ti aspettiamo allo stand/i).first().waitFor();
  }, 300_000);
});
