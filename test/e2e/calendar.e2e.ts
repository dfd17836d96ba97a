import { formatInTimeZone } from "date-fns-tz";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { weekRange } from "@shared/calendar-time";
import { PHONE_EXAMPLE } from "@shared/schemas/accounts";
import { T } from "@shared/strings";
import { CALENDAR_TEXTS as TX } from "@shared/texts/calendar";
import type { ApiConversationDetail } from "@shared/schemas/conversations";
import { ACTIONS_TEXTS as AX } from "@shared/texts/actions";
import { baseUrl, originHeaders, screenshot, useBrowser, usePage } from "./browser";

const browser = useBrowser();

const ROME = "Europe/Rome";
// A fresh staff number per run: it writes to the sandbox first, so free text reaches it for 24 hours.
const STAFF_PHONE = `+39347${String(Date.now()).slice(-7)}`;
const TITLE = "Chiamata con il fornitore";
const LOCATION = "Ufficio acquisti";

async function conversation(page: Page, id: string) {
  return (await (await page.request.get(`${baseUrl()}/api/conversations/${id}`)).json()) as ApiConversationDetail;
}

const reminders = async (page: Page, id: string) => (await conversation(page, id)).messages.filter((m) => m.content.startsWith("Promemoria"));

describe("the calendar on a desktop", () => {
  let page: Page;
  let conversationId = "";
  usePage(browser, 1280, (opened) => (page = opened), "sandbox");

  it("creates an event with a WhatsApp reminder, and the cron delivers it once into the number's conversation", async () => {
    const inbound = await page.request.post(`${baseUrl()}/api/sandbox/inbound`, { headers: originHeaders(), data: { phoneNumber: STAFF_PHONE, body: "Ciao, sono Marco dell'ufficio acquisti" } });
    expect(inbound.status()).toBe(201);
    conversationId = ((await inbound.json()) as { conversationId: string }).conversationId;

    await page.goto(`${baseUrl()}/calendar`);
    await page.getByTestId("calendar-view-week").click();
    await page.getByTestId("italy-clock").getByText(/\d{2}:\d{2}:\d{2}/).waitFor();

    // Ten minutes from now in Rome, for half an hour; the reminder goes 15 minutes before: it is due now.
    const start = new Date(Date.now() + 10 * 60_000);
    const local = (at: Date) => formatInTimeZone(at, ROME, "yyyy-MM-dd'T'HH:mm");
    await page.getByRole("button", { name: TX.newEvent, exact: true }).click();
    const dialog = page.getByRole("dialog", { name: TX.newEvent });
    await dialog.waitFor();
    await dialog.getByLabel(`${TX.titleLabel} *`).fill(TITLE);
    await dialog.getByLabel(TX.locationLabel).fill(LOCATION);
    await dialog.getByLabel(`${TX.startLabel} *`).fill(local(start));
    await dialog.getByLabel(TX.endLabel).fill(local(new Date(start.getTime() + 30 * 60_000)));
    await dialog.getByRole("switch", { name: TX.notificationsLabel }).click();
    await dialog.getByLabel(TX.minutesLabel).fill("15");
    // A number in the wrong format is refused with the spec's text before it is listed.
    await dialog.getByLabel(TX.phonesLabel, { exact: true }).fill("3331234567");
    await dialog.getByRole("button", { name: TX.addPhone }).click();
    await dialog.getByText(T.phoneInvalid(PHONE_EXAMPLE)).waitFor();
    await dialog.getByLabel(TX.phonesLabel, { exact: true }).fill(STAFF_PHONE);
    await dialog.getByRole("button", { name: TX.addPhone }).click();
    await dialog.getByRole("button", { name: TX.removePhone(STAFF_PHONE) }).waitFor();
    await dialog.getByRole("button", { name: "Salva" }).click();
    await page.getByText(TX.created, { exact: true }).waitFor();
    await dialog.waitFor({ state: "hidden" });

    const day = formatInTimeZone(start, ROME, "yyyy-MM-dd");
    const today = formatInTimeZone(new Date(), ROME, "yyyy-MM-dd");
    if (weekRange(day).startDate === weekRange(today).startDate) {
      // The grid shows 18 hours from the chosen start hour: start it at the event's hour, whatever the time of day.
      await page.getByTestId("calendar-start-hour").selectOption(String(Number(formatInTimeZone(start, ROME, "H"))));
      const block = page.getByTestId(`day-column-${day}`).getByTestId("calendar-event").filter({ hasText: TITLE });
      await block.waitFor();
      await block.click();
      const edit = page.getByRole("dialog", { name: TX.editEvent });
      await expect.poll(() => edit.getByLabel(`${TX.titleLabel} *`).inputValue()).toBe(TITLE);
      await edit.getByRole("button", { name: "Annulla" }).click();
      await edit.waitFor({ state: "hidden" });
    }

    // The cron finds the due reminder and the queue sends it (a sandbox delivers at once).
    const fire = async () => expect((await page.request.get(`${baseUrl()}/__scheduled?cron=*+*+*+*+*`)).status()).toBeLessThan(400);
    await fire();
    await expect.poll(async () => (await reminders(page, conversationId)).map((m) => m.status), { timeout: 30_000, interval: 500 }).toEqual(["delivered"]);
    const [reminder] = await reminders(page, conversationId);
    expect(reminder!.content).toContain(`"${TITLE}"`);
    expect(reminder!.content).toContain(formatInTimeZone(start, ROME, "HH:mm"));
    expect(reminder!.content).toContain(LOCATION);

    // Overlapping cron runs send nothing more.
    await Promise.all([fire(), fire()]);
    await page.waitForTimeout(2_000);
    expect(await reminders(page, conversationId)).toHaveLength(1);

    await page.goto(`${baseUrl()}/chat/${conversationId}`);
    await page.locator('[data-testid="message"][data-sender="operator"]').filter({ hasText: TITLE }).waitFor();
  });

  it("shows the week with the now line, and the month, light and dark", async () => {
    await page.goto(`${baseUrl()}/calendar`);
    await page.getByTestId("calendar-view-week").click();
    await page.getByTestId("calendar-time-grid").waitFor();
    // The grid starts an hour before now, so now and the new event are on it; the view and the
    // start hour are remembered in the browser.
    const hour = String((Number(formatInTimeZone(new Date(), ROME, "H")) + 23) % 24);
    await page.getByTestId("calendar-start-hour").selectOption(hour);
    await page.reload();
    await expect.poll(() => page.getByTestId("calendar-start-hour").inputValue()).toBe(hour);
    await expect.poll(() => page.getByTestId("calendar-view-week").getAttribute("aria-pressed")).toBe("true");
    const today = formatInTimeZone(new Date(), ROME, "yyyy-MM-dd");
    await page.getByTestId(`day-column-${today}`).getByTestId("now-line").waitFor();
    await screenshot(page, "calendar-week-1280");

    await page.getByTestId("calendar-view-month").click();
    await page.getByTestId("calendar-month-grid").waitFor();
    await screenshot(page, "calendar-month-1280");

    await page.getByRole("button", { name: TX.settingsButton, exact: true }).click();
    const settings = page.getByRole("dialog", { name: TX.settingsTitle });
    await settings.getByText(TX.settingsText(15)).waitFor();
    await settings.getByRole("button", { name: "Annulla" }).click();

    await page.evaluate(() => localStorage.setItem("theme", "light"));
    await page.reload();
    await page.getByTestId("calendar-month-grid").waitFor();
    await screenshot(page, "calendar-month-light-1280");
    await page.evaluate(() => localStorage.setItem("theme", "dark"));
  });

  it("shows the actions, switches Lead Detection AI on and off from its dialog", async () => {
    await page.goto(`${baseUrl()}/actions`);
    const card = page.getByTestId("action-lead-detection");
    await expect.poll(() => card.getByTestId("lead-detection-status").textContent()).toBe(AX.inactive);
    for (const title of ["Email Sync Pro", "Voice AI", "Vision AI"]) {
      await page.getByText(title, { exact: true }).waitFor();
    }
    await card.getByRole("button", { name: T.configure }).click();
    const dialog = page.getByRole("dialog", { name: AX.settingsTitle });
    await dialog.getByRole("switch", { name: AX.enabledLabel }).click();
    await dialog.getByLabel(AX.phonesLabel, { exact: true }).fill(STAFF_PHONE);
    await dialog.getByRole("button", { name: AX.addPhone }).click();
    await dialog.getByLabel(AX.phonesLabel, { exact: true }).fill(STAFF_PHONE);
    await dialog.getByRole("button", { name: AX.addPhone }).click();
    await dialog.getByText(T.phoneAlreadyListed).waitFor();
    await dialog.getByRole("button", { name: "Salva" }).click();
    await page.getByText(AX.saved, { exact: true }).waitFor();
    await expect.poll(() => card.getByTestId("lead-detection-status").textContent()).toBe(AX.active);
    await screenshot(page, "actions-1280");

    // Off again, so the other end-to-end tests run without lead alerts.
    await card.getByRole("button", { name: T.configure }).click();
    await dialog.getByRole("switch", { name: AX.enabledLabel }).click();
    await dialog.getByRole("button", { name: "Salva" }).click();
    await expect.poll(() => card.getByTestId("lead-detection-status").textContent()).toBe(AX.inactive);
  });
});

describe("the calendar and actions on a phone", () => {
  let page: Page;
  usePage(browser, 375, (opened) => (page = opened), "signed-in");

  it("lists the week and the month, and the actions", async () => {
    await page.goto(`${baseUrl()}/calendar`);
    await page.getByTestId("calendar-mobile").waitFor();
    await page.getByTestId("calendar-view-week").click();
    await page.getByTestId("calendar-event").filter({ hasText: TITLE }).first().waitFor();
    await screenshot(page, "calendar-week-375");
    await page.getByTestId("calendar-view-month").click();
    await page.getByTestId("calendar-mini-month").waitFor();
    await screenshot(page, "calendar-month-375");
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

    await page.goto(`${baseUrl()}/actions`);
    await page.getByTestId("actions-mobile").waitFor();
    for (const title of ["Lead Detection AI", "Voice AI", "Vision AI", "Email Sync Pro"]) {
      await page.getByText(title, { exact: true }).waitFor();
    }
    await screenshot(page, "actions-375");
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  });
});
