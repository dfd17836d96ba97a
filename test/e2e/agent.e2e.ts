import { formatInTimeZone } from "date-fns-tz";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { addDays, romeInstant } from "@shared/calendar-time";
import { romeWhen, WEEK_ORDER } from "@shared/schemas/agent";
import { AGENT_TEXTS as AX } from "@shared/texts/agent";
import { type ApiCalendarOccurrence } from "@shared/schemas/calendar";
import { CALENDAR_TEXTS as CX } from "@shared/texts/calendar";
import { SANDBOX_TEMPLATES } from "@shared/sandbox-templates";
import { baseUrl, originHeaders, screenshot, useBrowser, usePage } from "./browser";

const browser = useBrowser();

const ROME = "Europe/Rome";
const PHONE = `+39335${String(Date.now()).slice(-7)}`;
const CUSTOMER = "Luca Verdi";

describe("the agent books an appointment from the sandbox simulator", () => {
  let page: Page;
  usePage(browser, 1280, (opened) => (page = opened), "sandbox");

  it("sets opening hours, offers slots, books the chosen one into Calendario with the reminder, and shows the event line", async () => {

    // Configurazione: every day 9-13 (the card's first range), one-hour slots, the sandbox template for the reminder.
    await page.goto(`${baseUrl()}/settings`);
    const card = page.getByTestId("booking-hours-card");
    // The form opens for editing once the saved settings arrived (and no later read overwrites it).
    await card.locator('[data-testid="booking-hours-form"]:not([disabled])').waitFor();
    for (const day of WEEK_ORDER) {
      const add = card.getByRole("button", { name: `${AX.addRange} ${AX.weekdayLabels[day]}` });
      if ((await card.getByTestId(`booking-day-${day}`).getByLabel(`${AX.weekdayLabels[day]} ${AX.from}`).count()) === 0) await add.click();
    }
    await card.getByLabel(AX.slotMinutes).selectOption("60");
    await card.getByLabel(AX.reminderTemplate).selectOption({ label: SANDBOX_TEMPLATES[0]!.friendlyName });
    await card.getByRole("button", { name: AX.save }).click();
    await page.getByText(AX.bookingSaved, { exact: true }).first().waitFor();
    await screenshot(page, "agent-booking-hours-1280");

    // A prompt whose agent may book, and a conversation started with it.
    const prompt = await page.request.post(`${baseUrl()}/api/prompts`, {
      headers: originHeaders(),
      data: { name: "Agente prenotazioni e2e", content: "Sei l'assistente di uno studio.", linkedTemplates: [SANDBOX_TEMPLATES[0]!.sid], isActive: false, agentTools: ["prenotazioni", "operatore"] },
    });
    expect(prompt.status()).toBe(201);
    const started = await page.request.post(`${baseUrl()}/api/conversations/start-with-prompt`, {
      headers: originHeaders(),
      data: {
        phoneNumber: PHONE,
        templateSid: SANDBOX_TEMPLATES[0]!.sid,
        promptId: ((await prompt.json()) as { id: string }).id,
        customerName: CUSTOMER,
        variables: { "1": { source: "field", field: "nome" }, "2": { source: "text", value: "Studio Bianchi" } },
      },
    });
    expect(started.status()).toBe(201);
    const conversationId = ((await started.json()) as { conversation: { id: string } }).conversation.id;

    await page.goto(`${baseUrl()}/chat/${conversationId}`);
    await page.getByTestId("simulator-input").waitFor();
    const tomorrow = addDays(formatInTimeZone(new Date(), ROME, "yyyy-MM-dd"), 1);
    await page.getByTestId("simulator-input").fill("Buongiorno, vorrei un appuntamento per domani");
    await page.getByTestId("simulator-send").click();
    const offer = page.locator('[data-testid="message"][data-sender="ai"]').filter({ hasText: `(${tomorrow}): 09:00, 10:00, 11:00, 12:00.` });
    await offer.waitFor({ timeout: 20_000 });
    await page.locator('[data-testid="simulator-message"][data-from="business"]').filter({ hasText: "Quale preferisce?" }).waitFor();

    await page.getByTestId("simulator-input").fill("Perfetto, alle 10");
    await page.getByTestId("simulator-send").click();
    const when = romeWhen(romeInstant(tomorrow, 10));
    await page.locator('[data-testid="message"][data-sender="ai"]').filter({ hasText: `appuntamento prenotato per ${when}` }).waitFor({ timeout: 20_000 });
    await page.getByTestId("agent-event").filter({ hasText: `L'agente ha prenotato ${when}` }).waitFor({ timeout: 10_000 });
    await screenshot(page, "agent-chat-booking-1280");
    // The same chat on a phone still shows the event line.
    await page.setViewportSize({ width: 375, height: 800 });
    await page.getByTestId("agent-event").filter({ hasText: `L'agente ha prenotato ${when}` }).waitFor();
    await screenshot(page, "agent-chat-booking-375");
    await page.setViewportSize({ width: 1280, height: 800 });

    // The event is in Calendario with the customer's number as the reminder's recipient.
    const events = (await (await page.request.get(`${baseUrl()}/api/calendar?startDate=${tomorrow}&endDate=${tomorrow}`)).json()) as ApiCalendarOccurrence[];
    const booked = events.find((e) => e.title.includes(CUSTOMER));
    expect(booked).toMatchObject({
      startDate: romeInstant(tomorrow, 10).toISOString(),
      notificationEnabled: true,
      notificationPhoneNumbers: [PHONE],
      notificationTemplateId: SANDBOX_TEMPLATES[0]!.sid,
    });
    await page.evaluate((day) => {
      localStorage.setItem("calendar.viewMode", "day");
      localStorage.setItem("calendar.currentDate", day);
      localStorage.setItem("calendar.weekStartHour", "8");
    }, tomorrow);
    await page.goto(`${baseUrl()}/calendar`);
    const block = page.getByTestId("calendar-event").filter({ hasText: CUSTOMER });
    await block.first().waitFor();
    await block.first().click();
    const dialog = page.getByRole("dialog");
    await dialog.getByRole("button", { name: CX.removePhone(PHONE) }).waitFor();
    await screenshot(page, "agent-calendar-event-1280");
  });
});
