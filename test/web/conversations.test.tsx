import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { SANDBOX_TEMPLATES, type ProviderTemplate } from "@shared/sandbox-templates";
import type { CurrentUser } from "@shared/schemas/auth";
import { type ApiConversation } from "@shared/schemas/conversations";
import { AI_STATE_TEXTS, CONVERSATION_TEXTS as TX } from "@shared/texts/conversations";
import { SIMULATOR_TEXTS as SX } from "@shared/texts/simulator";
import type { ApiPrompt } from "@shared/schemas/prompts";
import { T } from "@shared/strings";
import { MAX_MESSAGE_CHARS } from "@shared/messaging";
import { TEMPLATE_VARIABLE_TEXTS as VX } from "@shared/texts/template-variables";
import { MESSAGE_PAGE_SIZE, POLL_MS } from "@shared/constants";
import { LEAD_TEXTS as LX } from "@shared/texts/leads";
import { queryKeys } from "@web/lib/query-keys";
import { conversation, detail, message } from "./conversation-fixtures";
import { FakeWebSocket } from "./fake-websocket";
import { fakeMediaQueryList } from "./media-query";
import { type Handler, jsonResponse, mockFetch, type RecordedCall } from "./fetch-mock";
import { account, ADMIN, CLIENT, renderApp, shellRoutes } from "./render-app";
import { buildPrompt, NEW_YEAR } from "./fixtures";

const [LOANS, STATIONERY] = SANDBOX_TEMPLATES as [ProviderTemplate, ProviderTemplate, ProviderTemplate];
const TEMPLATES: ProviderTemplate[] = [LOANS, STATIONERY, { ...SANDBOX_TEMPLATES[2]!, status: "pending" }];

const prompt = (overrides: Partial<ApiPrompt>) =>
  buildPrompt({ name: "Assistente vendite (sandbox)", content: "Sei l'assistente vendite…", linkedTemplates: [LOANS.sid], createdAt: NEW_YEAR, updatedAt: NEW_YEAR, ...overrides });

const PROMPTS = [prompt({ id: "p-old", name: "Vecchio prompt", isActive: false }), prompt({ id: "p1" })];

function signedIn(user: CurrentUser, routes: Record<string, Handler> = {}, sandbox = false) {
  const active = account({ sandbox });
  return mockFetch({
    ...shellRoutes(user, active),
    "GET /api/conversations/unread-count": () => jsonResponse({ count: 1 }),
    "GET /api/conversations/active": () => jsonResponse([]),
    "GET /api/twilio-templates": () => jsonResponse(TEMPLATES),
    "GET /api/prompts": () => jsonResponse(PROMPTS),
    "POST /api/conversations/c1/mark-read": () => jsonResponse({ ok: true }),
    "POST /api/conversations/c2/mark-read": () => jsonResponse({ ok: true }),
    "GET /api/conversations/assignees": () => jsonResponse([{ id: ADMIN.id, name: "Admin Rossi", email: ADMIN.email }]),
    "GET /api/conversations/c1/notes": () => jsonResponse([]),
    "GET /api/conversations/c2/notes": () => jsonResponse([]),
    "GET /api/conversations/labels": () => jsonResponse([]),
    ...routes,
  });
}

const bodyOf = (call: RecordedCall | undefined) => JSON.parse(String(call?.body));
const posts = (calls: RecordedCall[], url: string) => calls.filter((c) => c.method === "POST" && c.url === url);
const select = (testId: string) => screen.getByTestId(testId) as HTMLSelectElement;
const input = (testId: string) => screen.getByTestId(testId) as HTMLInputElement;

// The console's split layout asks for (min-width: 640px); jsdom answers from innerWidth.
function setWidth(width: number) {
  Object.assign(window, { innerWidth: width });
}

// The screens are lazy routes: load them once up front, so no test waits on a cold import.
beforeAll(async () => {
  await Promise.all([
    import("@web/layout/app-shell"),
    import("@web/routes/index"),
    import("@web/routes/conversations"),
    import("@web/routes/chat"),
  ]);
});

const desktopWidth = window.innerWidth;
beforeEach(() => {
  FakeWebSocket.instances = [];
  vi.stubGlobal("WebSocket", FakeWebSocket);
  Object.defineProperty(window, "matchMedia", {
    writable: true,
    configurable: true,
    value: (query: string) => {
      const min = /min-width:\s*(\d+)px/.exec(query);
      return fakeMediaQueryList(query, min ? window.innerWidth >= Number(min[1]) : false);
    },
  });
  setWidth(1280);
});
afterEach(() => {
  vi.unstubAllGlobals();
  setWidth(desktopWidth);
});

describe("dashboard start form", () => {
  it("offers only approved templates and auto-picks the first active linked prompt", async () => {
    signedIn(ADMIN);
    renderApp("/");
    await screen.findByTestId("start-conversation-form");
    await waitFor(() => expect(select("start-template").disabled).toBe(false));
    const options = Array.from(select("start-template").options).map((o) => o.textContent);
    expect(options).toEqual([TX.selectTemplate, "prestiti_benvenuto", "cartoleria_offerta"]);
    expect(screen.getByTestId("start-submit").hasAttribute("disabled")).toBe(true);

    fireEvent.change(select("start-template"), { target: { value: STATIONERY.sid } });
    expect(await screen.findByText(TX.noLinkedPrompt)).toBeTruthy();
    expect(select("start-prompt").value).toBe("");

    fireEvent.change(select("start-template"), { target: { value: LOANS.sid } });
    expect(select("start-prompt").value).toBe("p1");
    expect(screen.queryByText(TX.noLinkedPrompt)).toBeNull();
    expect(Array.from(select("start-prompt").options).map((o) => o.textContent)).toEqual([TX.selectPrompt, "Assistente vendite (sandbox)"]);
  });

  it("sends the number as typed, shows the server's refusal of an impossible one, and the stored E.164 on success", async () => {
    // The server reads the number with the account's country (Italy): it refuses "+39 333 12" and sends nothing.
    const { calls } = signedIn(ADMIN, {
      "POST /api/conversations/start-with-prompt": (c) =>
        JSON.parse(String(c.body)).phoneNumber === "+39 333 12"
          ? jsonResponse({ error: TX.invalidNumber, details: { title: TX.invalidNumberTitle } }, 400)
          : jsonResponse({ conversation: conversation({ phoneNumber: "+393331234567" }), message: message() }, 201),
    });
    renderApp("/");
    await screen.findByTestId("start-conversation-form");
    await waitFor(() => expect(select("start-template").disabled).toBe(false));
    fireEvent.change(input("start-phone"), { target: { value: "+39 333 12" } });
    fireEvent.change(select("start-template"), { target: { value: LOANS.sid } });
    fireEvent.change(input("start-name"), { target: { value: " Giulia " } });
    // Each {{n}} needs a source: the contact's name for {{1}}, fixed text for {{2}}, previewed live.
    fireEvent.click(screen.getByTestId("start-submit"));
    expect(await screen.findByText(VX.missing(["1", "2"]))).toBeTruthy();
    expect(posts(calls, "/api/conversations/start-with-prompt")).toHaveLength(0);
    fireEvent.change(screen.getByLabelText("{{1}}"), { target: { value: "field:nome" } });
    fireEvent.change(screen.getByLabelText("{{2}}"), { target: { value: "text" } });
    expect(screen.getByTestId("template-preview").textContent).toContain("Ciao Giulia, sono l'assistente di {{2}}.");
    fireEvent.change(screen.getByLabelText(VX.sourceLabels.text), { target: { value: "Prestiti Facili" } });
    expect(screen.getByTestId("template-preview").textContent).toContain("Ciao Giulia, sono l'assistente di Prestiti Facili.");
    // The server reads the number and refuses it: the form keeps what was typed.
    fireEvent.click(screen.getByTestId("start-submit"));
    expect(await screen.findByText(TX.invalidNumberTitle)).toBeTruthy();
    expect(screen.getByText(TX.invalidNumber)).toBeTruthy();
    expect(input("start-phone").value).toBe("+39 333 12");

    fireEvent.change(input("start-phone"), { target: { value: "333 123 4567" } });
    fireEvent.click(screen.getByTestId("start-submit"));
    expect(await screen.findByText(TX.startedTitle)).toBeTruthy();
    expect(screen.getByText(TX.started("+393331234567"))).toBeTruthy();
    expect(bodyOf(posts(calls, "/api/conversations/start-with-prompt")[1])).toEqual({
      phoneNumber: "333 123 4567",
      templateSid: LOANS.sid,
      promptId: "p1",
      customerName: "Giulia",
      customerCompany: null,
      variables: { "1": { source: "field", field: "nome" }, "2": { source: "text", value: "Prestiti Facili" } },
    });
    await waitFor(() => expect(input("start-phone").value).toBe(""));
    expect(select("start-template").value).toBe("");
    expect(input("start-name").value).toBe("");
  });

  it("shows the server's message when the start fails", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    signedIn(ADMIN, {
      "POST /api/conversations/start-with-prompt": () => jsonResponse({ error: TX.templateNotApproved }, 400),
    });
    renderApp("/");
    await waitFor(() => expect(select("start-template").disabled).toBe(false));
    fireEvent.change(input("start-phone"), { target: { value: "+393331234567" } });
    fireEvent.change(select("start-template"), { target: { value: LOANS.sid } });
    fireEvent.change(screen.getByLabelText("{{1}}"), { target: { value: "text" } });
    fireEvent.change(screen.getByLabelText(VX.sourceLabels.text), { target: { value: "Giulia" } });
    fireEvent.change(screen.getByLabelText("{{2}}"), { target: { value: "field:company" } });
    fireEvent.click(screen.getByTestId("start-submit"));
    expect(await screen.findByText(TX.templateNotApproved)).toBeTruthy();
    expect(screen.getByText(T.error)).toBeTruthy();
    expect(input("start-phone").value).toBe("+393331234567");
  });

  it("lists the admin's active conversations with their category and a Chat button", async () => {
    const many = Array.from({ length: 7 }, (_, i) => conversation({ id: `c${i}`, customerName: `Cliente ${i}` }));
    many[0] = conversation({ id: "c0", customerName: null, lastMessage: null, template: null });
    signedIn(ADMIN, { "GET /api/conversations/active": () => jsonResponse(many) });
    renderApp("/");
    const rows = await screen.findAllByTestId("conversation-row");
    expect(rows).toHaveLength(5);
    expect(within(rows[0]!).getByText(TX.anonymous)).toBeTruthy();
    expect(within(rows[0]!).getByText("CA")).toBeTruthy();
    expect(within(rows[0]!).getByText(TX.noMessage)).toBeTruthy();
    expect(within(rows[0]!).getByText("Generale")).toBeTruthy();
    expect(within(rows[1]!).getByText("Prestiti")).toBeTruthy();
    expect(within(rows[1]!).getByRole("link", { name: TX.chat }).getAttribute("href")).toBe("/chat/c1");
    expect(screen.getByRole("link", { name: TX.viewAll }).getAttribute("href")).toBe("/conversations");
  });

  it("gives a client 4 recent conversations, or an empty state that jumps to the form", async () => {
    signedIn(CLIENT);
    renderApp("/");
    expect(await screen.findByText(TX.noActiveConversations)).toBeTruthy();
    const anchor = document.getElementById("start-conversation")!;
    expect(within(anchor).getByTestId("start-conversation-form")).toBeTruthy();
    const scroll = vi.fn();
    anchor.scrollIntoView = scroll;
    fireEvent.click(screen.getByTestId("jump-to-start"));
    expect(scroll).toHaveBeenCalled();
    expect(document.activeElement).toBe(input("start-phone"));
  });
});

describe("'Chat WhatsApp' side by side", () => {
  const first = conversation({ id: "c1", customerName: "Giulia Bianchi" });
  const second = conversation({ id: "c2", customerName: null, phoneNumber: "+393339876508", status: "waiting", unread: true, lastMessage: "Salve" });

  function routes(): Record<string, Handler> {
    return {
      "GET /api/conversations": () => jsonResponse([first, second]),
      "GET /api/conversations/c1": () =>
        jsonResponse(detail({ messages: [message(), message({ id: "m2", sender: "ai", isFromBot: true, content: "Risposta AI", status: "delivered", sources: [{ memoryId: "k", name: "Listino" }] })] })),
      "GET /api/conversations/c1/messages": () => jsonResponse([message(), message({ id: "m2", sender: "ai", isFromBot: true, content: "Risposta AI", status: "delivered", sources: [{ memoryId: "k", name: "Listino" }] })]),
      "GET /api/conversations/c2": () => jsonResponse({ ...detail(), ...second, messages: [] }),
      "GET /api/conversations/c2/messages": () => jsonResponse([]),
    };
  }

  it("selects the first conversation, marks it read and shows the thread", async () => {
    const { calls } = signedIn(ADMIN, routes());
    renderApp("/conversations");
    const items = await screen.findAllByTestId("conversation-item");
    expect(items).toHaveLength(2);
    expect(items[0]!.getAttribute("aria-current")).toBe("true");
    expect(within(items[0]!).getByText("GI")).toBeTruthy();
    expect(within(items[0]!).getByText(TX.statusActive)).toBeTruthy();
    expect(within(items[1]!).getByText("08")).toBeTruthy();
    expect(within(items[1]!).getByText("+393339876508")).toBeTruthy();
    expect(within(items[1]!).getByText(TX.statusWaiting)).toBeTruthy();

    const pane = screen.getByTestId("conversation-detail");
    expect((await within(pane).findByTestId("conversation-title")).textContent).toBe("Giulia Bianchi");
    await waitFor(() => expect(posts(calls, "/api/conversations/c1/mark-read")).toHaveLength(1));
    expect(posts(calls, "/api/conversations/c1/mark-read")[0]!.body).toBeUndefined();
    const bubbles = await within(pane).findAllByTestId("message");
    expect(bubbles.map((b) => b.dataset.sender)).toEqual(["customer", "ai"]);
    expect(within(pane).getByText("Fonti: Listino")).toBeTruthy();
    expect(within(pane).getByText("prestiti_benvenuto")).toBeTruthy();

    fireEvent.click(items[1]!);
    await waitFor(() => expect(within(pane).getByTestId("conversation-title").textContent).toBe("+393339876508"));
    expect(await within(pane).findByText(TX.noMessages)).toBeTruthy();
    await waitFor(() => expect(posts(calls, "/api/conversations/c2/mark-read")).toHaveLength(1));
  });

  it("polls the list only while the account socket is down, and shows a pushed new conversation without reading", async () => {
    const { calls } = signedIn(ADMIN, routes());
    const { queryClient } = renderApp("/conversations");
    await screen.findAllByTestId("conversation-item");
    const listInterval = () => queryClient.getQueryCache().find({ queryKey: queryKeys.conversationList({}), exact: true })!.observers[0]!.options.refetchInterval;
    expect(listInterval()).toBe(POLL_MS.conversations);
    const account = FakeWebSocket.latestFor("/api/conversations/live");
    act(() => account.open());
    await waitFor(() => expect(listInterval()).toBe(false));

    await waitFor(() => expect(queryClient.isFetching()).toBe(0));
    const listReads = () => calls.filter((c) => c.method === "GET" && c.url === "/api/conversations").length;
    const before = listReads();
    const unreadBefore = calls.filter((c) => c.url === "/api/conversations/unread-count").length;
    const fresh = conversation({ id: "c3", customerName: "Nuovo Cliente", lastMessage: "Salve, info?", lastMessageAt: "2026-03-10T11:00:00.000Z", unread: true });
    act(() => account.receive({ type: "conversation", conversation: fresh }));
    await waitFor(() => expect(screen.getAllByTestId("conversation-item").map((i) => i.dataset.id)).toEqual(["c3", "c1", "c2"]));
    // The conversation on screen stays the one that was.
    expect(within(screen.getByTestId("conversation-detail")).getByTestId("conversation-title").textContent).toBe("Giulia Bianchi");
    expect(listReads()).toBe(before);
    // The unread badge is read again once, the list is not.
    await waitFor(() => expect(calls.filter((c) => c.url === "/api/conversations/unread-count").length).toBe(unreadBefore + 1));

    // Archived elsewhere: it leaves the open list; removed: gone.
    act(() => account.receive({ type: "conversation", conversation: { ...fresh, archivedAt: "2026-03-10T11:01:00.000Z" } }));
    await waitFor(() => expect(screen.getAllByTestId("conversation-item").map((i) => i.dataset.id)).toEqual(["c1", "c2"]));
    act(() => account.receive({ type: "conversation-removed", id: "c2" }));
    await waitFor(() => expect(screen.getAllByTestId("conversation-item").map((i) => i.dataset.id)).toEqual(["c1"]));

    act(() => account.close());
    await waitFor(() => expect(listInterval()).toBe(POLL_MS.conversations));
  });

  it("reads the list again when the account socket opens again, so a conversation that came while it was down shows", async () => {
    let arrived = false;
    const fresh = conversation({ id: "c3", customerName: "Arrivato Offline", lastMessage: "Ci siete?", lastMessageAt: "2026-03-10T11:00:00.000Z", unread: true });
    const { calls } = signedIn(ADMIN, { ...routes(), "GET /api/conversations": () => jsonResponse(arrived ? [fresh, first, second] : [first, second]) });
    const { queryClient } = renderApp("/conversations");
    await screen.findAllByTestId("conversation-item");
    const sockets = () => FakeWebSocket.allFor("/api/conversations/live");
    act(() => sockets().at(-1)!.open());
    await waitFor(() => expect(queryClient.isFetching()).toBe(0));

    // Down for less than a polling interval: no poll, and no frame for what came meanwhile.
    const opened = sockets().length;
    act(() => sockets().at(-1)!.close());
    arrived = true;
    const listReads = () => calls.filter((c) => c.method === "GET" && c.url === "/api/conversations").length;
    const before = listReads();
    await waitFor(() => expect(sockets()).toHaveLength(opened + 1), { timeout: 3_000 });
    expect(listReads()).toBe(before);
    act(() => sockets().at(-1)!.open());
    await waitFor(() => expect(screen.getAllByTestId("conversation-item").map((i) => i.dataset.id)).toEqual(["c3", "c1", "c2"]));
    expect(listReads()).toBe(before + 1);
  });

  it("archives for real, and lists archived conversations under their own filter", async () => {
    let archived = false;
    const { calls } = signedIn(ADMIN, {
      ...routes(),
      "GET /api/conversations": (call) =>
        jsonResponse(new URL(call.url, "http://x").searchParams.get("view") === "archived" ? (archived ? [{ ...first, archivedAt: "2026-03-10T12:00:00.000Z" }] : []) : archived ? [second] : [first, second]),
      "POST /api/conversations/c1/archive": () => {
        archived = true;
        return jsonResponse({ ...first, archivedAt: "2026-03-10T12:00:00.000Z" });
      },
    });
    renderApp("/conversations");
    const pane = await screen.findByTestId("conversation-detail");
    await within(pane).findByTestId("conversation-title");
    fireEvent.click(within(pane).getByTestId("archive-conversation"));
    await waitFor(() => expect(posts(calls, "/api/conversations/c1/archive")).toHaveLength(1));
    expect(bodyOf(posts(calls, "/api/conversations/c1/archive")[0])).toEqual({ archived: true });
    expect(await screen.findByText(TX.archived)).toBeTruthy();
    await waitFor(() => expect(screen.getAllByTestId("conversation-item").map((i) => i.dataset.id)).toEqual(["c2"]));

    fireEvent.change(select("conversation-view"), { target: { value: "archived" } });
    await waitFor(() => expect(calls.some((c) => c.url === "/api/conversations?view=archived")).toBe(true));
    await waitFor(() => expect(screen.getAllByTestId("conversation-item").map((i) => i.dataset.id)).toEqual(["c1"]));
    expect(screen.getByTestId("archived-badge")).toBeTruthy();
  });

  it("deletes after confirmation and deselects the conversation", async () => {
    let deleted = false;
    const { calls } = signedIn(ADMIN, {
      ...routes(),
      "GET /api/conversations": () => jsonResponse(deleted ? [second] : [first, second]),
      "DELETE /api/conversations/c1": () => {
        deleted = true;
        return jsonResponse({ ok: true });
      },
    });
    const confirm = vi.spyOn(window, "confirm").mockReturnValueOnce(false).mockReturnValueOnce(true);
    renderApp("/conversations");
    const pane = await screen.findByTestId("conversation-detail");
    await within(pane).findByText("Giulia Bianchi");
    fireEvent.click(within(pane).getByTestId("delete-conversation"));
    expect(confirm).toHaveBeenCalledWith(TX.deleteConfirm);
    expect(calls.some((c) => c.method === "DELETE")).toBe(false);

    fireEvent.click(within(pane).getByTestId("delete-conversation"));
    expect(await screen.findByText(TX.deleted)).toBeTruthy();
    await waitFor(() => expect(screen.getAllByTestId("conversation-item")).toHaveLength(1));
    await waitFor(() => expect(within(pane).getByTestId("conversation-title").textContent).toBe("+393339876508"));
  });

  it("reports a failed delete", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    signedIn(ADMIN, { ...routes(), "DELETE /api/conversations/c1": () => jsonResponse({ error: "boom" }, 500) });
    vi.spyOn(window, "confirm").mockReturnValue(true);
    renderApp("/conversations");
    const pane = await screen.findByTestId("conversation-detail");
    await within(pane).findByText("Giulia Bianchi");
    fireEvent.click(within(pane).getByTestId("delete-conversation"));
    expect(await screen.findByText(TX.deleteError)).toBeTruthy();
    expect(within(pane).getByTestId("conversation-title").textContent).toBe("Giulia Bianchi");
  });

  it("filters by search and by a checked custom date range", async () => {
    const { calls } = signedIn(ADMIN, routes());
    renderApp("/conversations");
    await screen.findAllByTestId("conversation-item");
    fireEvent.change(screen.getByTestId("conversation-search"), { target: { value: "giulia" } });
    await waitFor(() => expect(calls.some((c) => c.url === "/api/conversations?search=giulia")).toBe(true));

    fireEvent.change(screen.getByTestId("date-filter"), { target: { value: "custom" } });
    const range = screen.getByTestId("custom-range");
    fireEvent.change(range.querySelector('input[name="start"]')!, { target: { value: "2026-03-05" } });
    fireEvent.change(range.querySelector('input[name="end"]')!, { target: { value: "2026-03-01" } });
    fireEvent.click(within(range).getByText(TX.applyFilter));
    expect(await within(range).findByText(T.endBeforeStart)).toBeTruthy();

    fireEvent.change(range.querySelector('input[name="end"]')!, { target: { value: "2026-03-06" } });
    fireEvent.click(within(range).getByText(TX.applyFilter));
    await waitFor(() =>
      expect(calls.some((c) => c.url.includes("from=2026-03-04T23%3A00%3A00.000Z") && c.url.includes("to=2026-03-06T22%3A59%3A59.999Z"))).toBe(true),
    );
    expect(within(range).queryByText(T.endBeforeStart)).toBeNull();
  });
});

describe("'Chat WhatsApp' on a phone", () => {
  beforeEach(() => setWidth(375));

  it("shows the list alone, then the detail with a back button", async () => {
    signedIn(ADMIN, {
      "GET /api/conversations": () => jsonResponse([conversation()]),
      "GET /api/conversations/c1": () => jsonResponse(detail()),
      "GET /api/conversations/c1/messages": () => jsonResponse([message()]),
    });
    renderApp("/conversations");
    const item = await screen.findByTestId("conversation-item");
    expect(screen.queryByTestId("conversation-detail")).toBeNull();
    expect(item.getAttribute("aria-current")).toBeNull();
    fireEvent.click(item);
    const pane = await screen.findByTestId("conversation-detail");
    expect(await within(pane).findByTestId("conversation-title")).toBeTruthy();
    expect(screen.queryByTestId("conversation-search")).toBeNull();
    fireEvent.click(within(pane).getByTestId("back-to-list"));
    expect(await screen.findByTestId("conversation-search")).toBeTruthy();
    expect(screen.queryByTestId("conversation-detail")).toBeNull();
  });
});

describe("the chat page", () => {
  function chatRoutes(d = detail({ sandbox: true }), extra: Record<string, Handler> = {}) {
    return {
      "GET /api/conversations/c1": () => jsonResponse(d),
      "GET /api/conversations/c1/messages": () => jsonResponse(d.messages),
      ...extra,
    };
  }

  it("merges live frames, and polls only while the socket is down", async () => {
    const { queryClient } = (() => {
      signedIn(ADMIN, chatRoutes());
      return renderApp("/chat/c1");
    })();
    expect((await screen.findByTestId("conversation-title")).textContent).toBe("Giulia Bianchi");
    const socket = FakeWebSocket.latestFor("/api/conversations/c1/live");
    expect(socket.url).toBe(`ws://${window.location.host}/api/conversations/c1/live`);
    const interval = () => queryClient.getQueryCache().find({ queryKey: queryKeys.conversation("c1"), exact: true })!.observers[0]!.options.refetchInterval;
    const messagesInterval = () =>
      queryClient.getQueryCache().find({ queryKey: queryKeys.conversationMessages("c1") })!.observers[0]!.options.refetchInterval;
    expect(interval()).toBe(POLL_MS.conversation);
    expect(messagesInterval()).toBe(POLL_MS.messages);

    act(() => socket.open());
    await waitFor(() => expect(screen.getByTestId("live-indicator").dataset.live).toBe("true"));
    expect(interval()).toBe(false);
    expect(messagesInterval()).toBe(false);

    act(() => socket.receive({ type: "typing", active: true }));
    expect(await screen.findByText(TX.aiTyping)).toBeTruthy();
    act(() =>
      socket.receive({
        type: "message",
        message: message({ id: "m9", sender: "ai", isFromBot: true, content: "Eccomi, come posso aiutarla?", status: "queued", createdAt: "2026-03-10T10:05:00.000Z" }),
      }),
    );
    act(() => socket.receive({ type: "typing", active: false }));
    expect(await screen.findByText("Eccomi, come posso aiutarla?")).toBeTruthy();
    await waitFor(() => expect(screen.queryByText(TX.aiTyping)).toBeNull());
    act(() => socket.receive({ type: "message-status", messageId: "m9", status: "failed", errorCode: "21211", errorMessage: "Numero di telefono non valido" }));
    expect((await screen.findByTestId("message-error")).textContent).toBe("Non inviato: Numero di telefono non valido");
    // The simulator shows what reached the customer: not the failed reply.
    const phone = screen.getByTestId("simulator");
    expect(within(phone).queryByText("Eccomi, come posso aiutarla?")).toBeNull();

    act(() => socket.close());
    await waitFor(() => expect(interval()).toBe(POLL_MS.conversation));
  });

  it("marks read once more for a burst of customer messages, not once per message", async () => {
    let release!: () => void;
    let held: Promise<void> | null = null;
    const { calls } = signedIn(
      ADMIN,
      chatRoutes(detail({ sandbox: true }), {
        "POST /api/conversations/c1/mark-read": () => (held ?? Promise.resolve()).then(() => jsonResponse({ ok: true })),
      }),
    );
    renderApp("/chat/c1");
    expect((await screen.findByTestId("conversation-title")).textContent).toBe("Giulia Bianchi");
    const marks = () => posts(calls, "/api/conversations/c1/mark-read").length;
    await waitFor(() => expect(marks()).toBe(1));
    const socket = FakeWebSocket.latestFor("/api/conversations/c1/live");
    act(() => socket.open());

    held = new Promise<void>((resolve) => (release = resolve));
    const customerWrites = (n: number) =>
      act(() => socket.receive({ type: "message", message: message({ id: `burst${n}`, content: `Messaggio ${n}`, createdAt: `2026-03-10T10:0${n}:00.000Z` }) }));
    customerWrites(1);
    await waitFor(() => expect(marks()).toBe(2));
    for (const n of [2, 3, 4, 5]) customerWrites(n);
    expect((await screen.findAllByText("Messaggio 5")).length).toBeGreaterThan(0);
    expect(marks()).toBe(2);
    held = null;
    release();
    // One more for the four that came while the second was on its way, then none.
    await waitFor(() => expect(marks()).toBe(3));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(marks()).toBe(3);
  });

  it("reads the thread again when its socket opens during the first read, so a message sent in between shows", async () => {
    const before = detail({ sandbox: true });
    const arrived = message({ id: "m9", sender: "ai", isFromBot: true, content: "Arrivata nel frattempo", createdAt: "2026-03-10T10:05:00.000Z" });
    // The first read of the thread is still on its way when the socket opens; the message was stored after
    // that read and before the socket was open, so no frame carries it.
    let release!: () => void;
    const firstRead = new Promise<void>((resolve) => (release = resolve));
    let reads = 0;
    signedIn(
      ADMIN,
      chatRoutes(before, {
        "GET /api/conversations/c1/messages": () => {
          reads += 1;
          return reads === 1 ? firstRead.then(() => jsonResponse(before.messages)) : jsonResponse([...before.messages, arrived]);
        },
      }),
    );
    renderApp("/chat/c1");
    expect((await screen.findByTestId("conversation-title")).textContent).toBe("Giulia Bianchi");
    await waitFor(() => expect(reads).toBe(1));
    act(() => FakeWebSocket.latestFor("/api/conversations/c1/live").open());
    release();
    expect(await screen.findByText("Arrivata nel frattempo")).toBeTruthy();
    expect(reads).toBe(2);
  });

  it("sends with Enter as an operator message and explains a refusal", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    let refuse = false;
    const { calls } = signedIn(
      ADMIN,
      chatRoutes(undefined, {
        "POST /api/conversations/c1/send-manual": (call) =>
          refuse
            ? jsonResponse({ error: TX.outsideWindow }, 409)
            : jsonResponse(message({ id: "m5", sender: "operator", isFromBot: true, content: JSON.parse(String(call.body)).content, status: "queued" }), 201),
      }),
    );
    renderApp("/chat/c1");
    const box = (await screen.findByTestId("composer-input")) as HTMLTextAreaElement;
    const send = screen.getByTestId("composer-send");
    expect(send.hasAttribute("disabled")).toBe(true);
    fireEvent.change(box, { target: { value: "   " } });
    expect(send.hasAttribute("disabled")).toBe(true);
    fireEvent.change(box, { target: { value: "Buongiorno!" } });
    fireEvent.keyDown(box, { key: "Enter", shiftKey: true });
    expect(posts(calls, "/api/conversations/c1/send-manual")).toHaveLength(0);
    fireEvent.keyDown(box, { key: "Enter" });
    await waitFor(() => expect(posts(calls, "/api/conversations/c1/send-manual")).toHaveLength(1));
    expect(bodyOf(posts(calls, "/api/conversations/c1/send-manual")[0])).toEqual({ content: "Buongiorno!", isOperatorMessage: true });
    await waitFor(() => expect(box.value).toBe(""));
    expect(await screen.findByText("Buongiorno!")).toBeTruthy();

    refuse = true;
    const conversationReads = () => calls.filter((c) => c.method === "GET" && c.url === "/api/conversations/c1").length;
    const readsBefore = conversationReads();
    fireEvent.change(box, { target: { value: "Ancora io" } });
    fireEvent.click(send);
    expect(await screen.findByText(`${TX.sendError}: ${TX.outsideWindow}`)).toBeTruthy();
    expect(box.value).toBe("Ancora io");
    // The refusal made the cached conversation stale: it was read again before the failure showed.
    expect(conversationReads()).toBeGreaterThan(readsBefore);
  });

  it("switches operator mode and writes as the customer in the simulator", async () => {
    const { calls } = signedIn(
      ADMIN,
      chatRoutes(undefined, {
        "POST /api/conversations/c1/operator-mode": (call) => jsonResponse(conversation({ operatorMode: JSON.parse(String(call.body)).enabled })),
        "POST /api/sandbox/inbound": () => jsonResponse({ conversationId: "c1", messageSid: "SMsim1" }, 201),
      }),
      true,
    );
    renderApp("/chat/c1");
    const toggle = await screen.findByTestId("operator-mode-switch");
    expect(screen.getByText(TX.operatorOff)).toBeTruthy();
    fireEvent.click(toggle);
    await waitFor(() => expect(toggle.getAttribute("aria-checked")).toBe("true"));
    expect(bodyOf(posts(calls, "/api/conversations/c1/operator-mode")[0])).toEqual({ enabled: true });
    expect(screen.getByText(TX.operatorOn)).toBeTruthy();

    const phoneInput = screen.getByTestId("simulator-input") as HTMLInputElement;
    expect(screen.getByTestId("simulator-send").hasAttribute("disabled")).toBe(true);
    fireEvent.change(phoneInput, { target: { value: "Vorrei informazioni" } });
    fireEvent.click(screen.getByTestId("simulator-send"));
    await waitFor(() => expect(posts(calls, "/api/sandbox/inbound")).toHaveLength(1));
    expect(bodyOf(posts(calls, "/api/sandbox/inbound")[0])).toEqual({ phoneNumber: "+393331234567", body: "Vorrei informazioni", profileName: "Giulia Bianchi" });
    await waitFor(() => expect(phoneInput.value).toBe(""));

    fireEvent.click(screen.getByTestId("simulator-toggle"));
    expect(screen.queryByTestId("simulator")).toBeNull();
  });

  it("counts the characters of a manual message and refuses one over Twilio's 1,600", async () => {
    const { calls } = signedIn(ADMIN, chatRoutes(detail()));
    renderApp("/chat/c1");
    const box = (await screen.findByTestId("composer-input")) as HTMLTextAreaElement;
    expect(screen.getByTestId("composer-counter").textContent).toBe(`0/${MAX_MESSAGE_CHARS}`);
    fireEvent.change(box, { target: { value: "a".repeat(MAX_MESSAGE_CHARS) } });
    expect(screen.getByTestId("composer-counter").textContent).toBe("1600/1600");
    expect(screen.getByTestId("composer-send").hasAttribute("disabled")).toBe(false);
    fireEvent.change(box, { target: { value: "a".repeat(MAX_MESSAGE_CHARS + 1) } });
    expect(screen.getByTestId("composer-counter").textContent).toBe(TX.messageTooLong(1601, MAX_MESSAGE_CHARS));
    expect(screen.getByTestId("composer-counter").textContent).toBe("Il messaggio è troppo lungo: 1601 caratteri su 1600 consentiti");
    expect(screen.getByTestId("composer-send").hasAttribute("disabled")).toBe(true);
    fireEvent.keyDown(box, { key: "Enter" });
    expect(posts(calls, "/api/conversations/c1/send-manual")).toHaveLength(0);
  });

  it("offers approved templates outside the 24-hour window", async () => {
    const { calls } = signedIn(
      ADMIN,
      chatRoutes(detail({ windowOpenUntil: "2026-03-09T10:00:00.000Z" }), {
        "POST /api/conversations/c1/send-template": () =>
          jsonResponse(message({ id: "m7", sender: "operator", isFromBot: true, content: "template", templateSid: LOANS.sid, status: "queued" }), 201),
      }),
    );
    renderApp("/chat/c1");
    expect(await screen.findByText(TX.outsideWindow)).toBeTruthy();
    expect(screen.queryByTestId("composer-input")).toBeNull();
    await waitFor(() => expect(select("template-picker").disabled).toBe(false));
    expect(Array.from(select("template-picker").options).map((o) => o.textContent)).toEqual([
      TX.templatePickerPlaceholder,
      "prestiti_benvenuto",
      "cartoleria_offerta",
    ]);
    expect(screen.getByTestId("template-send").hasAttribute("disabled")).toBe(true);
    fireEvent.change(select("template-picker"), { target: { value: LOANS.sid } });
    // No guess: each {{n}} waits for the operator's choice, and the preview shows what is still open.
    expect(screen.getByTestId("template-preview").textContent).toContain("Ciao {{1}}, sono l'assistente di {{2}}.");
    fireEvent.click(screen.getByTestId("template-send"));
    expect(await screen.findByText(VX.missing(["1", "2"]))).toBeTruthy();
    fireEvent.change(screen.getByLabelText("{{1}}"), { target: { value: "field:nome" } });
    fireEvent.change(screen.getByLabelText("{{2}}"), { target: { value: "text" } });
    fireEvent.change(screen.getByLabelText(VX.sourceLabels.text), { target: { value: "Prestiti Facili" } });
    expect(screen.getByTestId("template-preview").textContent).toContain("Ciao Giulia Bianchi, sono l'assistente di Prestiti Facili.");
    fireEvent.click(screen.getByTestId("template-send"));
    await waitFor(() => expect(posts(calls, "/api/conversations/c1/send-template")).toHaveLength(1));
    expect(bodyOf(posts(calls, "/api/conversations/c1/send-template")[0])).toEqual({
      templateSid: LOANS.sid,
      variables: { "1": { source: "field", field: "nome" }, "2": { source: "text", value: "Prestiti Facili" } },
    });
  });

  it("disables the composer for an opted-out customer and shows the AI failure", async () => {
    signedIn(ADMIN, chatRoutes(detail({ optedOut: true, aiStatus: "failed", aiError: TX.aiFailed })));
    renderApp("/chat/c1");
    expect(await screen.findByText(TX.optedOut)).toBeTruthy();
    expect(screen.getByTestId("opted-out-badge")).toBeTruthy();
    expect(screen.queryByTestId("composer-input")).toBeNull();
    expect(screen.getByTestId("ai-failed").textContent).toBe(TX.aiFailed);
    // Not a sandbox: no simulator.
    expect(screen.queryByTestId("simulator")).toBeNull();
  });

  it("says when the conversation does not exist", async () => {
    signedIn(ADMIN, {
      "GET /api/conversations/zzz": () => jsonResponse({ error: TX.notFound }, 404),
      "GET /api/conversations/zzz/messages": () => jsonResponse({ error: TX.notFound }, 404),
      "POST /api/conversations/zzz/mark-read": () => jsonResponse({ error: TX.notFound }, 404),
    });
    vi.spyOn(console, "error").mockImplementation(() => {});
    renderApp("/chat/zzz");
    expect(await screen.findByText(TX.notFound)).toBeTruthy();
  });
});

describe("simulating a new customer", () => {
  it("is offered on sandbox accounts and opens the new chat", async () => {
    const { calls } = signedIn(
      ADMIN,
      {
        "GET /api/conversations": () => jsonResponse([] as ApiConversation[]),
        "POST /api/sandbox/inbound": () => jsonResponse({ conversationId: "c1", messageSid: "SMsim1" }, 201),
        "GET /api/conversations/c1": () => jsonResponse(detail({ sandbox: true })),
        "GET /api/conversations/c1/messages": () => jsonResponse([message()]),
      },
      true,
    );
    const { router } = renderApp("/conversations");
    expect(await screen.findByText(TX.listEmpty)).toBeTruthy();
    expect(screen.getByText(TX.selectConversation)).toBeTruthy();
    fireEvent.click(await screen.findByTestId("simulate-customer"));
    const dialog = await screen.findByRole("dialog", { name: SX.customerTitle });
    fireEvent.click(within(dialog).getByTestId("simulate-submit"));
    expect(within(dialog).getByText(TX.invalidNumber)).toBeTruthy();
    expect(within(dialog).getByText(TX.blankMessage)).toBeTruthy();
    fireEvent.change(dialog.querySelector('input[name="phoneNumber"]')!, { target: { value: "347 000 1122" } });
    fireEvent.change(dialog.querySelector('textarea[name="body"]')!, { target: { value: "Salve!" } });
    fireEvent.click(within(dialog).getByTestId("simulate-submit"));
    await waitFor(() => expect(router.state.location.pathname).toBe("/chat/c1"));
    // The server reads the number with the account's country.
    expect(bodyOf(posts(calls, "/api/sandbox/inbound")[0])).toEqual({ phoneNumber: "347 000 1122", body: "Salve!" });
  });

  it("is not offered on real accounts", async () => {
    signedIn(ADMIN, { "GET /api/conversations": () => jsonResponse([]) });
    renderApp("/conversations");
    expect(await screen.findByText(TX.listEmpty)).toBeTruthy();
    expect(screen.queryByTestId("simulate-customer")).toBeNull();
  });
});

describe("team work in the chat", () => {
  function chatRoutes(d = detail(), extra: Record<string, Handler> = {}) {
    return {
      "GET /api/conversations/c1": () => jsonResponse(d),
      "GET /api/conversations/c1/messages": () => jsonResponse(d.messages),
      ...extra,
    };
  }

  it("writes an internal note that is saved as a note, never sent, and shown apart from messages", async () => {
    const stored: unknown[] = [];
    const { calls } = signedIn(
      ADMIN,
      chatRoutes(detail(), {
        "GET /api/conversations/c1/notes": () => jsonResponse(stored),
        "POST /api/conversations/c1/notes": (call) => {
          const note = { id: "n1", conversationId: "c1", authorId: ADMIN.id, authorName: "Admin Rossi", content: JSON.parse(String(call.body)).content, createdAt: "2026-03-10T10:01:00.000Z" };
          stored.push(note);
          return jsonResponse(note, 201);
        },
      }),
    );
    renderApp("/chat/c1");
    await screen.findByTestId("composer-input");
    fireEvent.click(screen.getByTestId("composer-mode-note"));
    const note = screen.getByTestId("note-input");
    fireEvent.change(note, { target: { value: "Richiamare dopo le 18" } });
    fireEvent.keyDown(note, { key: "Enter" });
    await waitFor(() => expect(posts(calls, "/api/conversations/c1/notes")).toHaveLength(1));
    expect(bodyOf(posts(calls, "/api/conversations/c1/notes")[0])).toEqual({ content: "Richiamare dopo le 18" });
    expect(posts(calls, "/api/conversations/c1/send-manual")).toHaveLength(0);
    const bubble = await screen.findByTestId("note-bubble");
    expect(bubble.textContent).toContain(TX.noteBadge);
    expect(bubble.textContent).toContain("Richiamare dopo le 18");
    expect(screen.getAllByTestId("message")).toHaveLength(1);

    // A colleague's note arrives on the conversation socket.
    const socket = FakeWebSocket.latestFor("/api/conversations/c1/live");
    act(() => socket.open());
    await waitFor(() => expect(screen.getAllByTestId("note-bubble")).toHaveLength(1));
    act(() =>
      socket.receive({ type: "note", note: { id: "n2", conversationId: "c1", authorId: "u2", authorName: "Luca", content: "Ok, lo chiamo io", createdAt: "2026-03-10T10:02:00.000Z" } }),
    );
    await waitFor(() => expect(screen.getAllByTestId("note-bubble")).toHaveLength(2));
  });

  it("says the customer never wrote, and how long the open window lasts", async () => {
    signedIn(ADMIN, chatRoutes(detail({ windowOpenUntil: null })));
    const first = renderApp("/chat/c1");
    expect(await screen.findByText(TX.neverWrote)).toBeTruthy();
    expect(screen.queryByText(TX.outsideWindow)).toBeNull();
    first.unmount();

    const until = new Date(Date.now() + (3 * 60 + 12) * 60_000 + 30_000).toISOString();
    signedIn(ADMIN, chatRoutes(detail({ windowOpenUntil: until })));
    renderApp("/chat/c1");
    expect((await screen.findByTestId("window-left")).textContent).toBe(TX.windowLeft("3 h 12 min"));
  });

  it("loads older messages above the newest page, keeping them in order", async () => {
    const at = (i: number) => new Date(Date.UTC(2026, 2, 10, 8, 0, i)).toISOString();
    // A full newest page, so older ones may exist.
    const newest = Array.from({ length: MESSAGE_PAGE_SIZE }, (_, i) => message({ id: `m${i + 100}`, content: `messaggio ${i + 100}`, createdAt: at(i + 100) }));
    const older = Array.from({ length: 100 }, (_, i) => message({ id: `m${i}`, content: `messaggio ${i}`, createdAt: at(i) }));
    const { calls } = signedIn(
      ADMIN,
      chatRoutes(detail({ messages: newest }), {
        "GET /api/conversations/c1/messages": (call) =>
          call.url.includes("before=") ? jsonResponse(older) : jsonResponse(newest),
      }),
    );
    renderApp("/chat/c1");
    await waitFor(() => expect(screen.getAllByTestId("message")).toHaveLength(MESSAGE_PAGE_SIZE));
    fireEvent.click(screen.getByTestId("load-older-messages"));
    await waitFor(() => expect(screen.getAllByTestId("message")).toHaveLength(MESSAGE_PAGE_SIZE + 100));
    expect(calls.some((c) => c.url === `/api/conversations/c1/messages?limit=${MESSAGE_PAGE_SIZE}&before=m100`)).toBe(true);
    const shown = screen.getAllByTestId("message").map((m) => m.textContent ?? "");
    expect(shown[0]).toContain("messaggio 0");
    expect(shown[MESSAGE_PAGE_SIZE + 99]).toContain(`messaggio ${MESSAGE_PAGE_SIZE + 99}`);
    // That page had no cursor after it: nothing older remains.
    expect(screen.queryByTestId("load-older-messages")).toBeNull();
  });

  it("shows the operator switch, the AI state and the assignee in the split inbox", async () => {
    let current = conversation({ id: "c1", operatorMode: true, unread: true, assignedUserId: ADMIN.id });
    const { calls } = signedIn(ADMIN, {
      "GET /api/conversations": () => jsonResponse([current]),
      "GET /api/conversations/c1": () => jsonResponse({ ...detail(), ...current }),
      "GET /api/conversations/c1/messages": () => jsonResponse([message()]),
      "POST /api/conversations/c1/operator-mode": () => {
        current = { ...current, operatorMode: false };
        return jsonResponse(current);
      },
    });
    renderApp("/conversations");
    const item = (await screen.findAllByTestId("conversation-item"))[0]!;
    expect(within(item).getByTestId("ai-state").dataset.state).toBe("waiting");
    expect(within(item).getByTestId("ai-state").textContent).toBe(AI_STATE_TEXTS.waiting);
    await waitFor(() => expect(within(item).getByTestId("assignee").textContent).toBe("Admin Rossi"));
    const pane = await screen.findByTestId("conversation-detail");
    const toggle = await within(pane).findByTestId("operator-mode-switch");
    fireEvent.click(toggle);
    await waitFor(() => expect(posts(calls, "/api/conversations/c1/operator-mode")).toHaveLength(1));
    expect(bodyOf(posts(calls, "/api/conversations/c1/operator-mode")[0])).toEqual({ enabled: false });
    await waitFor(() => expect(within(screen.getAllByTestId("conversation-item")[0]!).getByTestId("ai-state").dataset.state).toBe("active"));
  });

  it("loads the next page of conversations with the server's cursor", async () => {
    const page1 = Array.from({ length: 50 }, (_, i) => conversation({ id: `c${i + 1}`, customerName: `Cliente ${i + 1}` }));
    const page2 = [conversation({ id: "c51", customerName: "Cliente 51" })];
    const { calls } = signedIn(ADMIN, {
      "GET /api/conversations": (call) =>
        call.url.includes("cursor=")
          ? jsonResponse(page2)
          : new Response(JSON.stringify(page1), { status: 200, headers: { "Content-Type": "application/json", "X-Next-Cursor": "1773136800000_c50" } }),
      "GET /api/conversations/c1": () => jsonResponse(detail()),
      "GET /api/conversations/c1/messages": () => jsonResponse([message()]),
    });
    renderApp("/conversations");
    await waitFor(() => expect(screen.getAllByTestId("conversation-item")).toHaveLength(50));
    expect(screen.queryByTestId("list-end")).toBeNull();
    fireEvent.click(screen.getByTestId("load-more-conversations"));
    await waitFor(() => expect(screen.getAllByTestId("conversation-item")).toHaveLength(51));
    expect(calls.some((c) => c.url === "/api/conversations?cursor=1773136800000_c50")).toBe(true);
    expect(await screen.findByTestId("list-end")).toBeTruthy();
  });

  it("labels a conversation from the split inbox, shows the chips and filters the list by label", async () => {
    const LABELS = [
      { id: "l1", name: "Caldo", color: "red" },
      { id: "l2", name: "VIP", color: "violet" },
    ];
    let current = conversation({ id: "c1", labelIds: [] });
    const { calls } = signedIn(ADMIN, {
      "GET /api/conversations/labels": () => jsonResponse(LABELS),
      "GET /api/conversations": (call) => jsonResponse(call.url.includes("label=l1") ? (current.labelIds?.includes("l1") ? [current] : []) : [current]),
      "GET /api/conversations/c1": () => jsonResponse({ ...detail(), ...current }),
      "GET /api/conversations/c1/messages": () => jsonResponse([message()]),
      "PUT /api/conversations/c1/labels": (call) => {
        current = { ...current, labelIds: JSON.parse(String(call.body)).labelIds };
        return jsonResponse(current);
      },
    });
    renderApp("/conversations");
    const pane = await screen.findByTestId("conversation-detail");
    fireEvent.click(await within(pane).findByTestId("label-menu"));
    const options = await screen.findAllByTestId("label-option");
    fireEvent.click(options[0]!);
    await waitFor(() => expect(calls.filter((c) => c.method === "PUT")).toHaveLength(1));
    expect(bodyOf(calls.find((c) => c.method === "PUT"))).toEqual({ labelIds: ["l1"] });
    const item = screen.getAllByTestId("conversation-item")[0]!;
    await waitFor(() => expect(within(item).getAllByTestId("label-chip").map((c) => c.textContent)).toEqual(["Caldo"]));

    fireEvent.change(select("conversation-label"), { target: { value: "l1" } });
    await waitFor(() => expect(calls.some((c) => c.url === "/api/conversations?label=l1")).toBe(true));
    await waitFor(() => expect(screen.getAllByTestId("conversation-item")).toHaveLength(1));
  });

  it("lists saved replies on '/' and fills {{nome}} from the contact", async () => {
    const { calls } = signedIn(
      ADMIN,
      chatRoutes(detail(), {
        "GET /api/saved-replies": () =>
          jsonResponse([
            { id: "r1", shortcut: "orari", content: "Siamo aperti dalle 9 alle 18.", updatedAt: "2026-03-01T00:00:00.000Z" },
            { id: "r2", shortcut: "saluti", content: "Buongiorno {{nome}}, come posso aiutarla?", updatedAt: "2026-03-01T00:00:00.000Z" },
          ]),
        "POST /api/conversations/c1/send-manual": (call) =>
          jsonResponse(message({ id: "m5", sender: "operator", isFromBot: true, content: JSON.parse(String(call.body)).content, status: "queued" }), 201),
      }),
    );
    renderApp("/chat/c1");
    const box = (await screen.findByTestId("composer-input")) as HTMLTextAreaElement;
    fireEvent.change(box, { target: { value: "/" } });
    await waitFor(() => expect(screen.getAllByTestId("saved-reply-option")).toHaveLength(2));
    fireEvent.change(box, { target: { value: "/sal" } });
    await waitFor(() => expect(screen.getAllByTestId("saved-reply-option").map((o) => o.textContent)).toEqual(["/salutiBuongiorno {{nome}}, come posso aiutarla?"]));
    fireEvent.keyDown(box, { key: "Enter" });
    expect(box.value).toBe("Buongiorno Giulia Bianchi, come posso aiutarla?");
    expect(screen.queryByTestId("saved-reply-picker")).toBeNull();
    expect(posts(calls, "/api/conversations/c1/send-manual")).toHaveLength(0);
    fireEvent.keyDown(box, { key: "Enter" });
    await waitFor(() => expect(posts(calls, "/api/conversations/c1/send-manual")).toHaveLength(1));
    expect(bodyOf(posts(calls, "/api/conversations/c1/send-manual")[0]).content).toBe("Buongiorno Giulia Bianchi, come posso aiutarla?");
  });

  it("adds the contact to a chosen static list with the known fields", async () => {
    const list = (id: string, name: string, listType: string) => ({ id, name, listType, source: "csv", twilioAccountId: "a1", config: null, fieldMapping: {}, isActive: true, createdAt: "", lastSyncAt: null, leadCount: 0, lastImport: null });
    const { calls } = signedIn(
      ADMIN,
      chatRoutes(detail(), {
        "GET /api/lists": () => jsonResponse([list("s1", "Clienti caldi", "static"), list("d1", "Airtable", "dynamic")]),
        "POST /api/lists/s1/leads": (call) => jsonResponse({ id: "ll1", ...bodyOf(call) }, 201),
      }),
    );
    renderApp("/chat/c1");
    fireEvent.click(await screen.findByTestId("add-to-list"));
    const dialog = await screen.findByRole("dialog");
    await waitFor(() => expect(Array.from(select("add-to-list-pick").options).map((o) => o.textContent)).toEqual([TX.addToListPickPlaceholder, "Clienti caldi"]));
    expect((within(dialog).getByLabelText(TX.addToListFirstName) as HTMLInputElement).value).toBe("Giulia");
    expect((within(dialog).getByLabelText(TX.addToListLastName) as HTMLInputElement).value).toBe("Bianchi");
    expect(within(dialog).getByTestId("add-to-list-submit").hasAttribute("disabled")).toBe(true);
    fireEvent.change(select("add-to-list-pick"), { target: { value: "s1" } });
    fireEvent.click(within(dialog).getByTestId("add-to-list-submit"));
    await waitFor(() => expect(posts(calls, "/api/lists/s1/leads")).toHaveLength(1));
    expect(bodyOf(posts(calls, "/api/lists/s1/leads")[0])).toEqual({ nome: "Giulia", cognome: "Bianchi", numeroTelefono: "+393331234567", email: null, note: null });
    expect(await screen.findByText(TX.addToListDone("Clienti caldi"))).toBeTruthy();
  });

  it("marks the customer converted with the sale's value, edits it, and undoes it", async () => {
    let state = { leadId: null as string | null, status: null as string | null, converted: false, dealValue: null as number | null, convertedAt: null as string | null };
    const { calls } = signedIn(
      ADMIN,
      chatRoutes(detail(), {
        "GET /api/conversations/c1/conversion": () => jsonResponse(state),
        "PUT /api/conversations/c1/conversion": (call) => {
          const body = bodyOf(call);
          state = body.converted
            ? { leadId: "l1", status: "converted", converted: true, dealValue: body.dealValue ?? state.dealValue, convertedAt: state.convertedAt ?? "2026-03-10T10:00:00.000Z" }
            : { ...state, status: "contacted", converted: false, dealValue: null, convertedAt: null };
          return jsonResponse(state);
        },
      }),
    );
    const puts = () => calls.filter((c) => c.method === "PUT" && c.url === "/api/conversations/c1/conversion").map(bodyOf);
    renderApp("/chat/c1");
    expect((await screen.findByTestId("conversion")).getAttribute("aria-label")).toBe(LX.conversionMark);
    fireEvent.click(screen.getByTestId("conversion"));
    let dialog = await screen.findByRole("dialog");
    expect(within(dialog).getByText(LX.conversionTitle)).toBeTruthy();
    const value = () => within(screen.getByRole("dialog")).getByTestId("conversion-value") as HTMLInputElement;
    await waitFor(() => expect(value().value).toBe(""));
    expect(within(dialog).queryByTestId("conversion-undo")).toBeNull();
    // An amount that is not euros with cents is refused before anything is sent.
    fireEvent.change(value(), { target: { value: "12,345" } });
    fireEvent.click(within(dialog).getByTestId("conversion-save"));
    expect(await within(dialog).findByText(LX.dealValueInvalid)).toBeTruthy();
    expect(puts()).toEqual([]);
    fireEvent.change(value(), { target: { value: "1.250,50" } });
    fireEvent.click(within(dialog).getByTestId("conversion-save"));
    await waitFor(() => expect(puts()).toEqual([{ converted: true, dealValue: 1250.5 }]));
    expect(await screen.findByText(LX.conversionSaved)).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(screen.getByTestId("conversion").getAttribute("aria-pressed")).toBe("true");
    expect(screen.getByTestId("conversion").getAttribute("aria-label")).toBe(`${LX.conversionAction}: 1250,50\u00a0€`);

    // Reopened: the stored value, editable, and the way back.
    fireEvent.click(screen.getByTestId("conversion"));
    dialog = await screen.findByRole("dialog");
    expect(value().value).toBe("1250,50");
    expect(within(dialog).getByTestId("conversion-state").textContent).toContain("Convertito il");
    fireEvent.change(value(), { target: { value: "1300" } });
    fireEvent.click(within(dialog).getByTestId("conversion-save"));
    await waitFor(() => expect(puts()).toHaveLength(2));
    expect(puts()[1]).toEqual({ converted: true, dealValue: 1300 });
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    fireEvent.click(screen.getByTestId("conversion"));
    dialog = await screen.findByRole("dialog");
    fireEvent.click(within(dialog).getByTestId("conversion-undo"));
    await waitFor(() => expect(puts()[2]).toEqual({ converted: false }));
    expect(await screen.findByText(LX.conversionUndone)).toBeTruthy();
    expect(screen.getByTestId("conversion").getAttribute("aria-pressed")).toBe("false");
  });
});
