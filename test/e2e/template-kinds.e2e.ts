import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { type ApiTemplate } from "@shared/schemas/templates";
import { TEMPLATE_TEXTS as TX } from "@shared/texts/templates";
import { baseUrl, screenshot, useBrowser, openNewDialog, usePage } from "./browser";

const browser = useBrowser();

const PHONE = `+39348${String(Date.now()).slice(-7)}`;
const NAME = `Catalogo pulsanti ${Date.now()}`;

describe("a quick-reply template built in the browser (sandbox)", () => {
  let page: Page;
  usePage(browser, 1280, (opened) => (page = opened), "sandbox");

  it("is built with its buttons, previewed as WhatsApp shows it, approved and sent", async () => {
    const dialog = await openNewDialog(page, "/templates", TX.newTemplate, TX.createFirst);
    await dialog.locator('input[name="name"]').fill(NAME);
    await dialog.locator('select[name="category"]').selectOption("stationery");
    await dialog.locator('select[name="contentType"]').selectOption("quick-reply");
    await dialog.locator('textarea[name="text"]').fill("Ciao {{1}}, vuoi ricevere il catalogo di primavera?");
    await dialog.getByRole("button", { name: TX.addQuickReply }).click();
    await dialog.locator('input[name="buttons.0.title"]').fill("Sì, mandalo");
    await dialog.getByRole("button", { name: TX.addQuickReply }).click();
    await dialog.locator('input[name="buttons.1.title"]').fill("No grazie");

    const preview = dialog.getByTestId("template-preview");
    await expect.poll(() => preview.textContent()).toContain("Ciao Mario, vuoi ricevere il catalogo di primavera?");
    expect(await preview.getByTestId("template-preview-buttons").locator("li").allTextContents()).toEqual(["Sì, mandalo", "No grazie"]);
    await screenshot(page, "template-quick-reply-1280");

    await dialog.getByRole("button", { name: "Salva" }).click();
    const card = page.getByTestId("template-card").filter({ hasText: NAME });
    await card.waitFor();
    expect(await card.getByTestId("template-kind").textContent()).toBe("Pulsanti");

    // A sandbox template is approved by the next sync, with no Twilio call.
    await card.getByRole("button", { name: TX.submit }).click();
    await card.locator('[data-testid="template-status"][data-status="pending"]').waitFor();
    const template = ((await (await page.request.get(`${baseUrl()}/api/templates`)).json()) as ApiTemplate[]).find((t) => t.name === NAME)!;
    expect(template.whatsappContent).toMatchObject({ type: "quick-reply", buttons: [{ title: "Sì, mandalo", id: "si_mandalo" }, { title: "No grazie", id: "no_grazie" }] });
    await expect
      .poll(
        async () => {
          await page.request.get(`${baseUrl()}/__scheduled?cron=*+*+*+*+*`);
          return ((await (await page.request.get(`${baseUrl()}/api/templates`)).json()) as ApiTemplate[]).find((t) => t.id === template.id)?.status;
        },
        { timeout: 30_000, interval: 1000 },
      )
      .toBe("approved");

    // Sent from the template test to a number: the chat shows it with the variable filled.
    const sid = `HXint${template.id.replaceAll("-", "")}`;
    const sent = await page.request.post(`${baseUrl()}/api/template-test/send`, {
      headers: { Origin: baseUrl() },
      data: { templateSid: sid, phone: PHONE, variables: { "1": "Giulia" } },
    });
    expect(sent.status(), await sent.text()).toBe(201);
    const { conversationId } = (await sent.json()) as { conversationId: string };
    await page.goto(`${baseUrl()}/chat/${conversationId}`);
    await page.locator('[data-testid="message"]').filter({ hasText: "Ciao Giulia, vuoi ricevere il catalogo di primavera?" }).waitFor({ timeout: 20_000 });
    await screenshot(page, "template-quick-reply-sent-1280");
  });
});
