import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { CONVERSATION_TEXTS as TX } from "@shared/texts/conversations";
import type { ApiPrompt } from "@shared/schemas/prompts";
import { PROMPT_TEXTS } from "@shared/texts/prompts";
import type { TwilioAccount } from "@shared/schemas/accounts";
import { ACCOUNT_TEXTS } from "@shared/texts/accounts";
import { T } from "@shared/strings";
import { SANDBOX_TEMPLATES } from "@shared/sandbox-templates";
import { conversation, detail, message } from "./conversation-fixtures";
import { jsonResponse, mockFetch, type RecordedCall } from "./fetch-mock";
import { account, ADMIN, renderApp } from "./render-app";
import { buildPrompt, NEW_YEAR } from "./fixtures";

// Issue 14 in the console: the account card's webhook URLs, last inbound time and prompt for customers
// who write first; the prompt card's button; the chat's channel.

type Handler = (call: RecordedCall) => Response;

beforeAll(async () => {
  await Promise.all([import("@web/layout/app-shell"), import("@web/routes/prompts")]);
}, 60_000);

const prompt = (overrides: Partial<ApiPrompt> = {}) =>
  buildPrompt({ name: "Benvenuto", content: "Sei Martina del Negozio Milano.", createdAt: NEW_YEAR, updatedAt: NEW_YEAR, ...overrides });

function signedIn(accounts: TwilioAccount[], routes: Record<string, Handler> = {}) {
  vi.spyOn(console, "error").mockImplementation(() => {});
  let current = accounts;
  const { calls } = mockFetch({
    "GET /api/auth/me": () => jsonResponse(ADMIN),
    "GET /api/twilio-accounts": () => jsonResponse(current),
    "GET /api/twilio-accounts/active": () => jsonResponse(current.find((a) => a.isActive) ?? null),
    "GET /api/openai-usage/stats": () => jsonResponse({ totalCost: "0", totalRequests: 0 }),
    "GET /api/conversations/unread-count": () => jsonResponse({ count: 0 }),
    "GET /api/conversations/active": () => jsonResponse([]),
    "GET /api/twilio-templates": () => jsonResponse(SANDBOX_TEMPLATES),
    "GET /api/prompts": () => jsonResponse([prompt(), prompt({ id: "p2", name: "Prestiti" })]),
    "PATCH /api/twilio-accounts/a1": (c) => {
      const { defaultPromptId } = JSON.parse(String(c.body)) as { defaultPromptId: string | null };
      current = current.map((a) => (a.id === "a1" ? { ...a, defaultPromptId } : a));
      return jsonResponse(current.find((a) => a.id === "a1"));
    },
    ...routes,
  });
  return calls;
}

const patches = (calls: RecordedCall[]) => calls.filter((c) => c.method === "PATCH").map((c) => JSON.parse(String(c.body)));

describe("Account Twilio: going live", () => {
  it("shows the two webhook URLs with copy buttons, the steps and that no message arrived yet", async () => {
    const writeText = vi.fn(async () => {});
    Object.defineProperty(navigator, "clipboard", { value: { writeText }, configurable: true });
    signedIn([account()]);
    renderApp("/twilio-accounts");
    const card = await screen.findByTestId("account-card");
    const webhooks = within(card).getByTestId("account-webhooks");
    expect(within(webhooks).getByTestId("webhook-message-url").textContent).toBe("https://agentbot.test/webhooks/twilio/a1/message");
    expect(within(webhooks).getByTestId("webhook-status-url").textContent).toBe("https://agentbot.test/webhooks/twilio/a1/status");
    for (const step of ACCOUNT_TEXTS.webhookSteps) expect(within(webhooks).getByText(step)).toBeTruthy();
    expect(within(webhooks).getByTestId("account-last-inbound").textContent).toBe(ACCOUNT_TEXTS.noInboundYet);
    fireEvent.click(within(webhooks).getByRole("button", { name: `${T.copy}: ${ACCOUNT_TEXTS.webhookMessageLabel}` }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith("https://agentbot.test/webhooks/twilio/a1/message"));
    expect(await within(webhooks).findByText(ACCOUNT_TEXTS.copied)).toBeTruthy();
  });

  it("shows when the last inbound message arrived, and no webhook box on a sandbox", async () => {
    signedIn([account({ lastInboundAt: "2026-03-10T09:30:00.000Z" }), account({ id: "s1", name: "Prove", sandbox: true, isActive: false, isDefault: false })]);
    renderApp("/twilio-accounts");
    const [real, sandbox] = await screen.findAllByTestId("account-card");
    expect(within(real!).getByTestId("account-last-inbound").textContent).toBe(ACCOUNT_TEXTS.lastInbound("10 marzo 2026 alle ore 10:30"));
    expect(within(sandbox!).queryByTestId("account-webhooks")).toBeNull();
  });

  it("warns that customers who write first wait for an operator, and sets the prompt on the active account", async () => {
    const calls = signedIn([account()]);
    renderApp("/twilio-accounts");
    const card = await screen.findByTestId("account-card");
    expect(within(card).getByTestId("default-prompt-missing").textContent).toContain(ACCOUNT_TEXTS.defaultPromptMissing);
    const select = within(card).getByTestId("default-prompt-select") as HTMLSelectElement;
    await waitFor(() => expect(within(select).getByRole("option", { name: "Prestiti" })).toBeTruthy());
    fireEvent.change(select, { target: { value: "p2" } });
    expect(await screen.findByText(T.defaultPromptSaved)).toBeTruthy();
    expect(patches(calls)).toEqual([{ defaultPromptId: "p2" }]);
    await waitFor(() => expect(within(card).queryByTestId("default-prompt-missing")).toBeNull());
  });

  it("lets a prompt card make its prompt the one for customers who write first", async () => {
    const calls = signedIn([account({ defaultPromptId: "p2" })]);
    renderApp("/prompts");
    const cards = await screen.findAllByTestId("prompt-card");
    const first = cards.find((c) => within(c).queryByText("Benvenuto"))!;
    const second = cards.find((c) => within(c).queryByText("Prestiti"))!;
    expect(within(second).getByTestId("first-contact-badge").textContent).toBe(PROMPT_TEXTS.firstContactBadge);
    fireEvent.click(await within(first).findByRole("button", { name: PROMPT_TEXTS.useForFirstContact }));
    expect(await screen.findByText(T.defaultPromptSaved)).toBeTruthy();
    expect(patches(calls)).toEqual([{ defaultPromptId: "p1" }]);
    await waitFor(() => expect(within(first).getByTestId("first-contact-badge")).toBeTruthy());
  });
});

describe("Account Twilio: saving a real account", () => {
  it("shows Twilio's refusal of the credentials and keeps the dialog open with the country chosen", async () => {
    const calls = signedIn([], {
      "POST /api/twilio-accounts": () => jsonResponse({ error: ACCOUNT_TEXTS.credentialsRejected }, 400),
    });
    renderApp("/twilio-accounts");
    fireEvent.click(await screen.findByRole("button", { name: ACCOUNT_TEXTS.accountsAddFirst }));
    const dialog = await screen.findByRole("dialog");
    fireEvent.change(dialog.querySelector('input[name="name"]')!, { target: { value: "Negozio" } });
    fireEvent.change(dialog.querySelector('input[name="accountSid"]')!, { target: { value: `AC${"1".repeat(32)}` } });
    fireEvent.change(dialog.querySelector('input[name="authToken"]')!, { target: { value: "sbagliato" } });
    fireEvent.change(dialog.querySelector('input[name="phoneNumber"]')!, { target: { value: "020 7946 0958" } });
    fireEvent.change(dialog.querySelector('select[name="phoneCountry"]')!, { target: { value: "GB" } });
    fireEvent.click(within(dialog).getByRole("button", { name: T.save }));
    expect(await screen.findByText(ACCOUNT_TEXTS.credentialsRejected)).toBeTruthy();
    expect(screen.getByRole("dialog")).toBeTruthy();
    const post = calls.find((c) => c.method === "POST" && c.url === "/api/twilio-accounts")!;
    expect(JSON.parse(String(post.body))).toMatchObject({ phoneNumber: "020 7946 0958", phoneCountry: "GB", sandbox: false });
  });
});

describe("the chat's channel", () => {
  it("shows SMS for a customer who wrote by SMS, and the reason the AI did not answer", async () => {
    const sms = detail({ ...conversation({ channel: "sms", aiStatus: "failed", aiError: TX.noPromptWaiting }), messages: [message({ content: "Info?", sender: "customer", isFromBot: false })] });
    signedIn([account()], {
      "GET /api/conversations/c1": () => jsonResponse(sms),
      "GET /api/conversations/c1/messages": () => jsonResponse([message({ content: "Info?", sender: "customer", isFromBot: false })]),
      "POST /api/conversations/c1/mark-read": () => jsonResponse({ ok: true }),
    });
    renderApp("/chat/c1");
    expect((await screen.findByTestId("channel-badge")).textContent).toBe(TX.channelSms);
    expect(await screen.findByText(TX.noPromptWaiting)).toBeTruthy();
  });
});
