import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { T } from "@shared/strings";
import { ANALYTICS_TEXTS as UI } from "@shared/texts/analytics";
import { SANDBOX_TEMPLATES } from "@shared/sandbox-templates";
import type { AnalyticsStats, CampaignFigures, DayPoint, SentimentGroup } from "@shared/schemas/analytics";
import type { CurrentUser } from "@shared/schemas/auth";
import { presetRange, shiftDay } from "@web/features/analytics/lib/date-range";
import { conversation, detail, message } from "./conversation-fixtures";
import { FakeWebSocket } from "./fake-websocket";
import { jsonResponse, mockFetch, type RecordedCall } from "./fetch-mock";
import { account, ADMIN, CLIENT, renderApp, shellRoutes } from "./render-app";
import { buildPrompt, buildTemplate, NEW_YEAR } from "./fixtures";

type Handler = (call: RecordedCall) => Response;

const STATS: AnalyticsStats = {
  activeConversations: 4,
  totalTemplates: 3,
  conversionRate: 12.345,
  startedConversations: 8,
  revenue: 3750.5,
  performance: [
    { templateId: "HX1", templateName: "prestiti_benvenuto", conversionRate: 50, category: "loans", started: 4, converted: 2, revenue: 3000 },
    { templateId: "HX2", templateName: "agenzia_viaggi", conversionRate: 25, category: "agency", started: 4, converted: 1, revenue: 750.5 },
    { templateId: "HX3", templateName: "negozio_online", conversionRate: 0, category: "ecommerce", started: 2, converted: 0, revenue: 0 },
  ],
};

const prompt = (id: string, isActive: boolean) =>
  buildPrompt({ id, name: `Prompt ${id}`, content: "Sei l'assistente vendite.", isActive, createdAt: NEW_YEAR, updatedAt: NEW_YEAR });

const template = (id: string, name: string, status: string, createdAt: string) =>
  buildTemplate({ id, name, category: "loans", status, icon: "fas fa-template", color: "primary", createdAt, updatedAt: createdAt });

const TEMPLATES = [
  template("t1", "vecchio", "approved", "2026-01-01T00:00:00.000Z"),
  template("t2", "bozza_nuova", "draft", "2026-04-01T00:00:00.000Z"),
  template("t3", "in_attesa", "pending", "2026-03-01T00:00:00.000Z"),
  template("t4", "rifiutato", "rejected", "2026-02-01T00:00:00.000Z"),
];

const SENTIMENT: SentimentGroup[] = [
  { category: "price", positive: [], negative: [{ item: "troppo caro", count: 3 }] },
  { category: "product", positive: [{ item: "qualità ottima", count: 2 }], negative: [] },
];

function points(range: { startDate: string; endDate: string }): DayPoint[] {
  const out: DayPoint[] = [];
  for (let day = range.startDate, i = 0; day <= range.endDate; day = shiftDay(day, 1), i++) {
    out.push({
      day,
      started: i % 3,
      replied: i % 2,
      aiCost: i * 0.001,
      campaignSent: i % 4,
      campaignDelivered: i % 4 > 0 ? 1 : 0,
      campaignRead: 0,
      campaignFailed: 0,
      campaignReplied: 0,
      campaignStopped: 0,
      converted: i === 1 ? 1 : 0,
      conversionRate: i === 1 ? 100 : 0,
      revenue: i === 1 ? 120 : 0,
    });
  }
  return out;
}

function signedIn(user: CurrentUser, routes: Record<string, Handler> = {}) {
  const active = account({ sandbox: true });
  return mockFetch({
    ...shellRoutes(user, active),
    "GET /api/conversations/active": () => jsonResponse([]),
    "GET /api/twilio-templates": () => jsonResponse(SANDBOX_TEMPLATES),
    "GET /api/prompts": () => jsonResponse([prompt("p1", true), prompt("p2", false)]),
    "GET /api/templates": () => jsonResponse(TEMPLATES),
    "GET /api/analytics/stats": () => jsonResponse(STATS),
    "GET /api/analytics/client-stats": () => jsonResponse({ responseRate: 33.333, startedConversations: 3, repliedConversations: 1, activeConversations: 2 }),
    "GET /api/analytics/sentiment": () => jsonResponse(SENTIMENT),
    "GET /api/analytics/timeseries": (call) => {
      const q = new URL(call.url, "http://x").searchParams;
      return jsonResponse(points({ startDate: q.get("startDate")!, endDate: q.get("endDate")! }));
    },
    "GET /api/analytics/campaigns": () => jsonResponse(CAMPAIGNS),
    ...routes,
  });
}

const CAMPAIGNS: CampaignFigures[] = [
  { campaignId: "c1", name: "Autunno", sent: 4, delivered: 4, read: 2, failed: 0, replied: 1, stopped: 0, converted: 1, conversionRate: 25, revenue: 120 },
];

const timeseriesCalls = (calls: RecordedCall[]) =>
  calls.filter((c) => c.url.startsWith("/api/analytics/timeseries")).map((c) => Object.fromEntries(new URL(c.url, "http://x").searchParams));

beforeAll(async () => {
  await Promise.all([
    import("@web/layout/app-shell"),
    import("@web/routes/index"),
    import("@web/routes/analytics"),
    import("@web/routes/chat"),
    import("@web/routes/conversations"),
  ]);
});

beforeEach(() => {
  vi.stubGlobal("WebSocket", FakeWebSocket);
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe("admin dashboard figures", () => {
  it("shows the four stat cards", async () => {
    signedIn(ADMIN);
    renderApp("/");
    expect((await screen.findByTestId("stat-conversion-rate-value")).textContent).toBe("12,3%");
    expect(screen.getByTestId("stat-active-conversations-value").textContent).toBe("4");
    expect(screen.getByTestId("stat-total-templates-value").textContent).toBe("3");
    expect((await screen.findByTestId("stat-ai-prompts-value")).textContent).toBe("2");
    const labels = [UI.activeConversations, UI.totalTemplates, UI.aiPrompts, UI.conversionRate];
    const cards = ["stat-active-conversations", "stat-total-templates", "stat-ai-prompts", "stat-conversion-rate"];
    cards.forEach((id, i) => expect(within(screen.getByTestId(id)).getByText(labels[i]!)).toBeTruthy());
    // The heading and the Personal Assistant icons stay in place.
    expect(screen.getByTestId("dashboard-heading").textContent).toBe("Admin Dashboard");
    for (const i of [0, 1, 2, 3]) expect(screen.getByTestId(`pa-icon-${i}`)).toBeTruthy();
  });

  it("draws 'Analytics Rapide' with bars coloured by category", async () => {
    signedIn(ADMIN);
    renderApp("/");
    const card = await screen.findByTestId("quick-analytics");
    expect(within(card).getByText(UI.quickAnalytics)).toBeTruthy();
    const bars = await within(card).findAllByTestId("quick-analytics-bar");
    expect(bars.map((b) => b.getAttribute("data-category"))).toEqual(["loans", "agency", "other"]);
    expect(within(bars[0]!).getByText("prestiti_benvenuto")).toBeTruthy();
    expect(within(bars[0]!).getByText(/50,0%/)).toBeTruthy();
    expect(bars[0]!.getAttribute("title")).toBe(UI.barText("prestiti_benvenuto", "50,0%", 2, 4));
    for (const label of ["Prestiti", "Cartoleria", "Agenzia", UI.categoryOther]) expect(within(card).getAllByText(label).length).toBeGreaterThan(0);
  });

  it("says 'Nessun dato disponibile' without performance, and shows dashes without an active account", async () => {
    signedIn(ADMIN, { "GET /api/analytics/stats": () => jsonResponse({ error: "Nessun account Twilio attivo" }, 400) });
    renderApp("/");
    const card = await screen.findByTestId("quick-analytics");
    expect(await within(card).findByText(UI.noData)).toBeTruthy();
    expect(screen.getByTestId("stat-conversion-rate-value").textContent).toBe(UI.statUnavailable);
  });

  it("offers the quick actions, the start one jumping to the form", async () => {
    signedIn(ADMIN);
    renderApp("/");
    const actions = await screen.findByTestId("quick-actions");
    const href = (id: string) => within(actions).getByTestId(id).getAttribute("href");
    expect(href("quick-action-templates")).toBe("/templates");
    expect(href("quick-action-prompts")).toBe("/prompts");
    expect(href("quick-action-settings")).toBe("/settings");
    expect(href("quick-action-users")).toBe("/admin");
    expect(href("quick-action-start")).toBe("#start-conversation");
    await screen.findByTestId("start-conversation-form");
    const anchor = document.getElementById("start-conversation")!;
    const scroll = vi.fn();
    anchor.scrollIntoView = scroll;
    fireEvent.click(within(actions).getByTestId("quick-action-start"));
    expect(scroll).toHaveBeenCalled();
    expect(document.activeElement).toBe(screen.getByTestId("start-phone"));
  });
});

describe("admin dashboard panels", () => {
  it("lists the three newest templates with their status", async () => {
    signedIn(ADMIN);
    renderApp("/");
    const card = await screen.findByTestId("recent-templates");
    const rows = await within(card).findAllByTestId("recent-template");
    expect(rows.map((r) => within(r).getByTestId("recent-template-status").getAttribute("data-status"))).toEqual(["draft", "pending", "rejected"]);
    expect(within(rows[0]!).getByText("bozza_nuova")).toBeTruthy();
    expect(within(rows[1]!).getByText("In attesa")).toBeTruthy();
  });

  it("shows an empty state when the templates cannot be read", async () => {
    signedIn(ADMIN, { "GET /api/templates": () => jsonResponse({ error: "boom" }, 500) });
    renderApp("/");
    const card = await screen.findByTestId("recent-templates");
    expect(await within(card).findByText(UI.noTemplates)).toBeTruthy();
  });

  it("places the prompts feature's active prompts card", async () => {
    signedIn(ADMIN);
    renderApp("/");
    expect(await screen.findByTestId("active-prompts")).toBeTruthy();
  });

  it("previews the last three messages of the latest conversation, bot left and customer right", async () => {
    const older = conversation({ id: "c1", lastMessageAt: "2026-03-10T10:00:00.000Z" });
    const latest = conversation({ id: "c2", customerName: "Luca Verdi", lastMessageAt: "2026-03-11T10:00:00.000Z" });
    signedIn(ADMIN, {
      "GET /api/conversations/active": () => jsonResponse([older, latest]),
      "POST /api/conversations/c2/mark-read": () => jsonResponse({ ok: true }),
      "GET /api/conversations/c2": () =>
        jsonResponse(
          detail({
            ...latest,
            messages: [
              message({ id: "m1", content: "primo", isFromBot: true, sender: "ai", createdAt: "2026-03-11T09:00:00.000Z" }),
              message({ id: "m2", content: "secondo", createdAt: "2026-03-11T09:01:00.000Z" }),
              message({ id: "m3", content: "terzo", isFromBot: true, sender: "ai", createdAt: "2026-03-11T09:02:00.000Z" }),
              message({ id: "m4", content: "quarto", createdAt: "2026-03-11T09:03:00.000Z" }),
            ],
          }),
        ),
    });
    const { router } = renderApp("/");
    const card = await screen.findByTestId("preview-test");
    await waitFor(() => expect(within(card).getAllByTestId("preview-message")).toHaveLength(3));
    const bubbles = within(card).getAllByTestId("preview-message");
    expect(bubbles.map((b) => [b.textContent?.replace(/\d{2}:\d{2}$/, "").replace(/^.*: /, ""), b.getAttribute("data-from")])).toEqual([
      ["secondo", "customer"],
      ["terzo", "bot"],
      ["quarto", "customer"],
    ]);
    expect(bubbles[1]!.className).toContain("justify-start");
    expect(bubbles[0]!.className).toContain("justify-end");
    expect(within(card).getByText("Luca Verdi")).toBeTruthy();
    fireEvent.click(within(card).getByRole("button", { name: UI.previewStart }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/chat/c2"));
  });

  it("shows sample messages without conversations and opens the conversations page", async () => {
    signedIn(ADMIN);
    const { router } = renderApp("/");
    const card = await screen.findByTestId("preview-test");
    await waitFor(() => expect(within(card).getAllByTestId("preview-message")).toHaveLength(3));
    expect(within(card).getByText(UI.previewSample)).toBeTruthy();
    expect(within(card).getByText(UI.sampleMessages[0].content)).toBeTruthy();
    expect(within(card).getAllByTestId("preview-message")[0]!.getAttribute("data-from")).toBe("bot");
    fireEvent.click(within(card).getByRole("button", { name: UI.previewStart }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/conversations"));
  });

  it("has no period charts on /, only the revenue of the last 30 Rome days", async () => {
    const { calls } = signedIn(ADMIN);
    renderApp("/");
    await screen.findByTestId("quick-analytics");
    expect(screen.queryByTestId("analytics-insights")).toBeNull();
    await waitFor(() => expect(timeseriesCalls(calls)).toEqual([presetRange(30)]));
  });

  it("shows the revenue: all-time, last 30 days per day, and per campaign and template with their conversion rate", async () => {
    signedIn(ADMIN);
    renderApp("/");
    const card = await screen.findByTestId("revenue-card");
    await waitFor(() => expect(within(card).getByTestId("revenue-total").textContent).toBe("3750,50\u00a0€"));
    await waitFor(() => expect(within(card).getByTestId("revenue-last30").textContent).toBe("120,00\u00a0€"));
    expect(await within(card).findByTestId("chart-revenue-dashboard")).toBeTruthy();
    expect(await within(card).findByText("Autunno")).toBeTruthy();
    expect(within(card).getByText("prestiti_benvenuto")).toBeTruthy();
    expect(within(card).getAllByText(/25,0%/).length).toBeGreaterThan(0);
  });
});

describe("client dashboard", () => {
  it("shows active conversations and the response rate with one decimal, and the main actions", async () => {
    const { calls } = signedIn(CLIENT);
    renderApp("/");
    expect((await screen.findByTestId("stat-response-rate-value")).textContent).toBe("33,3%");
    expect(screen.getByTestId("stat-active-conversations-value").textContent).toBe("2");
    expect(screen.getByText(UI.responseRate)).toBeTruthy();
    const actions = screen.getByTestId("main-actions");
    expect(within(actions).getAllByRole("link").map((a) => a.getAttribute("href"))).toEqual(["/lists", "/campaigns", "/calendar", "/conversations"]);
    expect(screen.queryByTestId("quick-analytics")).toBeNull();
    expect(screen.queryByTestId("preview-test")).toBeNull();
    expect(calls.some((c) => c.url === "/api/analytics/stats")).toBe(false);
  });

  it("gets no charts on /analytics either", async () => {
    signedIn(CLIENT);
    renderApp("/analytics");
    await screen.findByTestId("stat-response-rate-value");
    expect(screen.queryByTestId("analytics-insights")).toBeNull();
  });
});

describe("/analytics", () => {
  it("shows the dashboard with the last 30 Rome days charted", async () => {
    const { calls } = signedIn(ADMIN);
    renderApp("/analytics");
    expect(await screen.findByTestId("quick-analytics")).toBeTruthy();
    const chart = await screen.findByTestId("chart-conversations");
    expect(chart.getAttribute("data-kind")).toBe("bar");
    expect(within(chart).getByRole("img", { name: UI.conversationsChart })).toBeTruthy();
    expect(await screen.findByTestId("chart-cost")).toBeTruthy();
    expect(screen.getByTestId("chart-campaigns")).toBeTruthy();
    expect(timeseriesCalls(calls)[0]).toEqual(presetRange(30));
    expect(screen.getByTestId("range-preset-30").getAttribute("aria-pressed")).toBe("true");
    expect(chart.querySelectorAll("rect")).toHaveLength(60);
  });

  it("switches to 7 and 90 days", async () => {
    const { calls } = signedIn(ADMIN);
    renderApp("/analytics");
    await screen.findByTestId("chart-conversations");
    fireEvent.click(screen.getByTestId("range-preset-7"));
    await waitFor(() => expect(timeseriesCalls(calls).at(-1)).toEqual(presetRange(7)));
    await waitFor(() => expect(screen.getByTestId("chart-conversations").querySelectorAll("rect")).toHaveLength(14));
    expect(screen.getByTestId("range-summary").textContent).toContain("7 giorni");
    fireEvent.click(screen.getByTestId("range-preset-90"));
    await waitFor(() => expect(timeseriesCalls(calls).at(-1)).toEqual(presetRange(90)));
    await waitFor(() => expect(screen.getByTestId("chart-conversations").getAttribute("data-kind")).toBe("line"));
  });

  it("checks and applies a custom range", async () => {
    const { calls } = signedIn(ADMIN);
    renderApp("/analytics");
    await screen.findByTestId("chart-conversations");
    fireEvent.click(screen.getByTestId("range-custom"));
    const { endDate } = presetRange(1);
    fireEvent.change(screen.getByTestId("range-start"), { target: { value: shiftDay(endDate, -2) } });
    fireEvent.change(screen.getByTestId("range-end"), { target: { value: shiftDay(endDate, -5) } });
    fireEvent.click(screen.getByTestId("range-apply"));
    expect(await screen.findByText(T.endBeforeStart)).toBeTruthy();
    fireEvent.change(screen.getByTestId("range-end"), { target: { value: shiftDay(endDate, 1) } });
    fireEvent.click(screen.getByTestId("range-apply"));
    expect(await screen.findByText(UI.rangeFuture)).toBeTruthy();
    fireEvent.change(screen.getByTestId("range-start"), { target: { value: shiftDay(endDate, -9) } });
    fireEvent.change(screen.getByTestId("range-end"), { target: { value: shiftDay(endDate, -5) } });
    fireEvent.click(screen.getByTestId("range-apply"));
    await waitFor(() => expect(timeseriesCalls(calls).at(-1)).toEqual({ startDate: shiftDay(endDate, -9), endDate: shiftDay(endDate, -5) }));
    expect(screen.queryByText(UI.rangeFuture)).toBeNull();
    await waitFor(() => expect(screen.getByTestId("range-summary").textContent).toContain("5 giorni"));
  });

  it("groups the sentiment by category with Italian labels", async () => {
    signedIn(ADMIN);
    renderApp("/analytics");
    const panel = await screen.findByTestId("sentiment-panel");
    const groups = await within(panel).findAllByTestId("sentiment-group");
    expect(groups.map((g) => g.getAttribute("aria-label"))).toEqual(["Prodotto", "Prezzo"]);
    expect(within(groups[0]!).getByText("qualità ottima")).toBeTruthy();
    expect(within(groups[1]!).getByTestId("sentiment-negative").textContent).toContain("troppo caro");
    expect(within(groups[1]!).getByText("3×")).toBeTruthy();
  });

  it("says when no feedback has been collected", async () => {
    signedIn(ADMIN, { "GET /api/analytics/sentiment": () => jsonResponse([]) });
    renderApp("/analytics");
    const panel = await screen.findByTestId("sentiment-panel");
    expect(await within(panel).findByText(UI.sentimentEmpty)).toBeTruthy();
  });

  it("lists the performance per template", async () => {
    signedIn(ADMIN);
    renderApp("/analytics");
    const table = await screen.findByTestId("performance-table");
    const rows = await within(table).findAllByRole("row");
    expect(rows).toHaveLength(4);
    expect(within(rows[1]!).getByText("prestiti_benvenuto")).toBeTruthy();
    expect(within(rows[1]!).getByText("50,0%")).toBeTruthy();
    expect(within(rows[1]!).getByText(/^3000,00\s€$/)).toBeTruthy();
  });

  it("lists the campaigns of the period with the card's figures and their revenue", async () => {
    const { calls } = signedIn(ADMIN);
    renderApp("/analytics");
    const table = await screen.findByTestId("campaign-figures");
    const [row] = await within(table).findAllByTestId("campaign-figures-row");
    expect(within(row!).getByText("Autunno")).toBeTruthy();
    expect(within(row!).getAllByText("4")).toHaveLength(2);
    expect(within(row!).getByText(/^120,00\s€$/)).toBeTruthy();
    const campaignCalls = calls.filter((c) => c.url.startsWith("/api/analytics/campaigns")).map((c) => Object.fromEntries(new URL(c.url, "http://x").searchParams));
    expect(campaignCalls).toContainEqual(presetRange(30));
    expect(await screen.findByTestId("chart-revenue")).toBeTruthy();
  });
});
