import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { MEDIA_TEXTS as MX } from "@shared/texts/media";
import { sampleBytes } from "@worker/features/media/samples";
import { baseUrl, screenshot, useBrowser, usePage } from "./browser";

const browser = useBrowser();

// A fresh number per run: the conversation is found by it.
const PHONE = `+39347${String(Date.now()).slice(-7)}`;

describe("photos, voice notes and documents in a sandbox chat (offline model)", () => {
  let page: Page;
  usePage(browser, 1280, (opened) => (page = opened), "sandbox");

  it("the simulator sends a photo and a voice note; the chat shows the image and the player, and the offline agent acknowledges the photo", async () => {
    const first = await page.request.post(`${baseUrl()}/api/sandbox/inbound`, {
      headers: { Origin: baseUrl() },
      data: { phoneNumber: PHONE, body: "Buongiorno, vi mando una foto", profileName: "Paola Verdi" },
    });
    expect(first.status()).toBe(201);
    const { conversationId } = (await first.json()) as { conversationId: string };
    await page.goto(`${baseUrl()}/chat/${conversationId}`);
    await page.getByTestId("simulator-media").waitFor();

    await page.getByTestId("simulator-photo").click();
    const photo = page.locator('[data-testid="message"][data-sender="customer"]').getByTestId("media-image");
    await photo.waitFor({ timeout: 20_000 });
    // The image is served to the signed-in console, with its type.
    const src = await photo.getAttribute("src");
    const served = await page.request.get(`${baseUrl()}${src}`);
    expect(served.headers()["content-type"]).toBe("image/png");
    await page.locator('[data-testid="message"][data-sender="ai"]').filter({ hasText: "Ho ricevuto la tua foto" }).waitFor({ timeout: 20_000 });
    // The phone shows the photo too.
    await page.getByTestId("simulator-thread").locator("img").first().waitFor();

    await page.getByTestId("simulator-voice").click();
    await page.locator('[data-testid="message"][data-sender="customer"]').getByTestId("media-audio").locator("audio").waitFor({ timeout: 20_000 });

    await photo.click();
    await page.getByRole("dialog").locator("img").waitFor();
    await page.keyboard.press("Escape");
    await screenshot(page, "chat-media-1280");
  });

  it("an operator attaches a PDF; it is sent and offered for download", async () => {
    await page.getByTestId("composer-file").setInputFiles({ name: "listino-2026.pdf", mimeType: "application/pdf", buffer: Buffer.from(sampleBytes("document")) });
    await page.getByTestId("composer-attachment").filter({ hasText: "listino-2026.pdf" }).waitFor();
    await page.getByTestId("composer-input").fill("Ecco il listino");
    await page.getByTestId("composer-send").click();
    const sent = page.locator('[data-testid="message"][data-sender="operator"]').filter({ hasText: "Ecco il listino" });
    await sent.getByTestId("media-document").filter({ hasText: "listino-2026.pdf" }).waitFor({ timeout: 20_000 });
    await sent.locator('[data-testid="message-status"][data-status="delivered"]').waitFor({ timeout: 20_000 });
    // The chat shows the message live, possibly before the upload's own answer clears the composer.
    await page.getByTestId("composer-attachment").waitFor({ state: "detached", timeout: 10_000 });
    const href = await sent.getByTestId("media-document").getAttribute("href");
    const download = await page.request.get(`${baseUrl()}${href}`);
    expect(download.headers()["content-disposition"]).toContain("attachment;");
    expect((await download.body()).subarray(0, 8).toString()).toBe("%PDF-1.4");
    await screenshot(page, "chat-media-operator-pdf-1280");
  });

  it("refuses a file WhatsApp does not take before uploading it", async () => {
    await page.getByTestId("composer-file").setInputFiles({ name: "script.exe", mimeType: "application/x-msdownload", buffer: Buffer.from("MZ") });
    await page.getByText(MX.notAllowedOutbound).first().waitFor();
    expect(await page.getByTestId("composer-attachment").count()).toBe(0);
  });

  it("fits a phone's 375 px with its media", async () => {
    await page.setViewportSize({ width: 375, height: 812 });
    await page.locator('[data-testid="message"]').getByTestId("media-document").first().waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await screenshot(page, "chat-media-375");
  });
});
