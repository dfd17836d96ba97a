import type { Page, Request } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MESSAGE_PAGE_SIZE } from "@shared/constants";
import { activeSandbox, baseUrl, newPage, screenshot, signIn, useBrowser, usePage } from "./browser";

const browser = useBrowser();

const RUN = String(Date.now()).slice(-7);
const PHONE = `+39334${RUN}`;
const NAME = `Cliente Live ${RUN}`;
const LONG_PHONE = `+39335${RUN}`;

async function customerWrites(page: Page, phoneNumber: string, body: string, profileName?: string) {
  const res = await page.request.post(`${baseUrl()}/api/sandbox/inbound`, { headers: { Origin: baseUrl() }, data: { phoneNumber, body, profileName } });
  expect(res.ok(), await res.text()).toBe(true);
  return (await res.json()) as { conversationId: string };
}

const item = (page: Page, text: string) => page.getByTestId("conversation-item").filter({ hasText: text });

describe("two consoles on the team inbox at 1280 px", () => {
  let first: Page;
  let second: Page;
  beforeAll(async () => {
    first = await newPage(browser(), 1280);
    second = await newPage(browser(), 1280);
    await signIn(first);
    await activeSandbox(first);
    await signIn(second);
  });
  afterAll(async () => {
    await first.context().close();
    await second.context().close();
  });

  it("shows a new conversation on the other console at once, without reloading or polling the list", async () => {
    let loads = 0;
    second.on("load", () => (loads += 1));
    // The list is read on load and once more when the account socket opens; then it must stay quiet.
    const isListRead = (request: Request) => request.method() === "GET" && new URL(request.url()).pathname === "/api/conversations";
    let listInFlight = 0;
    let listLastSeen = Date.now();
    const track = (delta: number) => (request: Request) => {
      if (!isListRead(request)) return;
      listInFlight += delta;
      listLastSeen = Date.now();
    };
    const [started, ended] = [track(1), track(-1)];
    second.on("request", started);
    second.on("requestfinished", ended);
    second.on("requestfailed", ended);
    const socketOpened = second.waitForEvent("websocket", (ws) => ws.url().endsWith("/api/conversations/live"));
    await second.goto(`${baseUrl()}/conversations`);
    await socketOpened;
    await second.getByTestId("conversation-search").waitFor();
    await expect.poll(() => listInFlight === 0 && Date.now() - listLastSeen > 1_500).toBe(true);
    second.off("request", started);
    second.off("requestfinished", ended);
    second.off("requestfailed", ended);
    loads = 0;
    const listReads: string[] = [];
    const watch = (request: Request) => {
      if (isListRead(request)) listReads.push(new URL(request.url()).search);
    };
    second.on("request", watch);
    const startedAt = Date.now();
    await customerWrites(first, PHONE, "Buongiorno, vorrei un preventivo", NAME);
    await item(second, NAME).waitFor({ timeout: 8_000 });
    second.off("request", watch);
    // Well inside the 15 s polling interval, and without any read of the list.
    expect(Date.now() - startedAt).toBeLessThan(8_000);
    expect(listReads).toEqual([]);
    expect(loads).toBe(0);
    await screenshot(second, "team-inbox-live-1280");
  });

  it("assigns, labels, notes, answers with a saved reply and archives from the split inbox", async () => {
    const saved = await first.request.post(`${baseUrl()}/api/saved-replies`, {
      headers: { Origin: baseUrl() },
      data: { shortcut: `preventivo${RUN}`, content: "Gentile {{nome}}, le mando subito il preventivo." },
    });
    expect(saved.ok(), await saved.text()).toBe(true);

    await item(second, NAME).click();
    const pane = second.getByTestId("conversation-detail");
    await pane.getByTestId("conversation-title").filter({ hasText: NAME }).waitFor();
    await pane.getByTestId("operator-mode-switch").waitFor();

    await pane.getByTestId("assign-menu").click();
    await second.getByTestId("assign-option").first().click();
    await expect.poll(() => item(second, NAME).getByTestId("assignee").textContent()).not.toBe("Non assegnata");

    await pane.getByTestId("label-menu").click();
    await second.getByTestId("label-name").fill(`Caldo ${RUN}`);
    await second.getByTestId("label-create").click();
    await second.getByRole("checkbox", { name: `Caldo ${RUN}` }).click();
    await item(second, NAME).getByTestId("label-chip").filter({ hasText: `Caldo ${RUN}` }).waitFor();
    await second.keyboard.press("Escape");

    await pane.getByTestId("composer-mode-note").click();
    await pane.getByTestId("note-input").fill("Cliente interessato, richiamare domani");
    await pane.getByTestId("note-save").click();
    await pane.getByTestId("note-bubble").filter({ hasText: "richiamare domani" }).waitFor();

    await pane.getByTestId("composer-mode-reply").click();
    const input = pane.getByTestId("composer-input");
    await input.fill(`/preventivo${RUN}`);
    await pane.getByTestId("saved-reply-option").first().waitFor();
    await input.press("Enter");
    await expect.poll(() => input.inputValue()).toBe(`Gentile ${NAME}, le mando subito il preventivo.`);
    await input.press("Enter");
    await pane.locator('[data-testid="message"][data-sender="operator"]').filter({ hasText: "le mando subito il preventivo" }).waitFor();
    await screenshot(second, "team-inbox-work-1280");

    // The other console saw the assignment and the label arrive on its own list.
    await first.goto(`${baseUrl()}/conversations`);
    await item(first, NAME).getByTestId("label-chip").filter({ hasText: `Caldo ${RUN}` }).waitFor();

    await pane.getByTestId("archive-conversation").click();
    await expect.poll(() => item(second, NAME).count()).toBe(0);
    await second.getByTestId("conversation-view").selectOption("archived");
    await item(second, NAME).getByTestId("archived-badge").waitFor();
  });

  it("scrolls back through 500 messages, an older page at a time", async () => {
    const started = await customerWrites(first, LONG_PHONE, "messaggio 000", `Storico ${RUN}`);
    const on = await first.request.post(`${baseUrl()}/api/conversations/${started.conversationId}/operator-mode`, { headers: { Origin: baseUrl() }, data: { enabled: true } });
    expect(on.ok()).toBe(true);
    for (let i = 1; i < 500; i += 25) {
      await Promise.all(
        Array.from({ length: Math.min(25, 500 - i) }, (_, k) => customerWrites(first, LONG_PHONE, `messaggio ${String(i + k).padStart(3, "0")}`)),
      );
    }
    await second.goto(`${baseUrl()}/chat/${started.conversationId}`);
    const thread = second.getByTestId("message-thread");
    await second.locator('[data-testid="message"]').filter({ hasText: "messaggio 499" }).waitFor();
    expect(await second.getByTestId("message").count()).toBe(MESSAGE_PAGE_SIZE);
    // A page per scroll to the top, and a few more tries.
    for (let round = 0; round < 500 / MESSAGE_PAGE_SIZE + 3 && (await second.getByTestId("message").count()) < 500; round += 1) {
      await thread.evaluate((el) => el.scrollTo({ top: 0 }));
      await second.waitForTimeout(600);
    }
    await expect.poll(() => second.getByTestId("message").count(), { timeout: 15_000 }).toBe(500);
    await second.locator('[data-testid="message"]').filter({ hasText: "messaggio 000" }).waitFor();
    expect(await second.getByTestId("load-older-messages").count()).toBe(0);
  });
});

describe("the inbox on a phone at 375 px", () => {
  let page: Page;
  usePage(browser, 375, (opened) => (page = opened), "sandbox");

  it("opens the chat at the newest message with the composer on screen, and goes back to the list", async () => {
    const phone = `+39336${RUN}`;
    await customerWrites(page, phone, "Salve, siete aperti sabato?", `Telefono ${RUN}`);
    for (let i = 1; i <= 30; i += 1) await customerWrites(page, phone, `riga ${i}`);

    await page.getByTestId("mobile-menu-button").click();
    const menu = page.getByRole("navigation", { name: "Menu di navigazione" });
    for (const entry of ["Campagne", "Liste", "Template WhatsApp", "Analytics", "Consumi"]) await menu.getByRole("link", { name: entry }).waitFor();
    await menu.getByRole("link", { name: "Conversazioni" }).click();

    await item(page, `Telefono ${RUN}`).click();
    await page.locator('[data-testid="message"][data-sender="customer"]').filter({ hasText: "riga 30" }).waitFor();
    await expect
      .poll(() => page.getByTestId("message-thread").evaluate((el) => Math.abs(el.scrollHeight - el.clientHeight - el.scrollTop) < 4))
      .toBe(true);
    const composer = await page.getByTestId("composer").boundingBox();
    expect(composer).not.toBeNull();
    expect(composer!.y + composer!.height).toBeLessThanOrEqual(812);
    expect(composer!.y).toBeGreaterThan(300);
    await screenshot(page, "team-inbox-chat-375");
    await page.getByTestId("back-to-list").click();
    await page.getByTestId("conversation-search").waitFor();
  });
});
