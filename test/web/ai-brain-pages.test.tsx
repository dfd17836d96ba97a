import { QueryClientProvider } from "@tanstack/react-query";
import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { beforeAll, describe, expect, it, vi } from "vitest";
import type { ApiMemory } from "@shared/schemas/memories";
import { MEMORY_TEXTS } from "@shared/texts/memories";
import type { ApiPrompt } from "@shared/schemas/prompts";
import { PROMPT_TEXTS } from "@shared/texts/prompts";
import { TEMPLATE_TEST_TEXTS } from "@shared/texts/template-test";
import { SANDBOX_TEMPLATES, type ProviderTemplate } from "@shared/sandbox-templates";
import type { UsageItem, UsageReport } from "@shared/schemas/ai-usage";
import { DashboardPromptCard } from "@web/features/prompts/components/dashboard-prompt-card";
import { createQueryClient } from "@web/lib/query-client";
import { jsonResponse, mockFetch, type RecordedCall } from "./fetch-mock";
import { account, ADMIN, renderApp } from "./render-app";
import { buildMemory, buildPrompt, NEW_YEAR } from "./fixtures";

type Handler = (call: RecordedCall) => Response | Promise<Response>;

// The console and these screens are lazy chunks: load them once up front, not inside the first test's wait.
beforeAll(async () => {
  await Promise.all([
    import("@web/layout/app-shell"),
    import("@web/routes/prompts"),
    import("@web/routes/memories"),
    import("@web/routes/usage"),
    import("@web/routes/template-test"),
  ]);
}, 60_000);

function signedIn(extra: Record<string, Handler> = {}) {
  vi.spyOn(console, "error").mockImplementation(() => {});
  return mockFetch({
    "GET /api/auth/me": () => jsonResponse(ADMIN),
    "GET /api/twilio-accounts": () => jsonResponse([account({ sandbox: true })]),
    "GET /api/twilio-accounts/active": () => jsonResponse(account({ sandbox: true })),
    "GET /api/openai-usage/stats": () => jsonResponse({ totalCost: "0", totalRequests: 0 }),
    "GET /api/conversations/unread-count": () => jsonResponse({ count: 0 }),
    "GET /api/twilio-templates": () => jsonResponse(SANDBOX_TEMPLATES),
    ...extra,
  });
}

const prompt = (overrides: Partial<ApiPrompt> = {}) =>
  buildPrompt({ name: "Assistente prestiti", content: "Sei un consulente di prestiti personali. Rispondi in italiano.", model: "gpt-4", linkedTemplates: [SANDBOX_TEMPLATES[0]!.sid], createdAt: NEW_YEAR, updatedAt: NEW_YEAR, ...overrides });

const bodyOf = (call: RecordedCall) => JSON.parse(String(call.body)) as Record<string, unknown>;

describe("prompts page", () => {
  it("shows the loading text, then the cards, the count and the model filter", async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    signedIn({
      "GET /api/prompts": async () => {
        await gate;
        return jsonResponse([prompt(), prompt({ id: "p2", name: "Cartoleria", model: "gpt-5", isActive: false })]);
      },
    });
    renderApp("/prompts");
    expect(await screen.findByText(PROMPT_TEXTS.loading)).toBeTruthy();
    release();
    expect(await screen.findAllByTestId("prompt-card")).toHaveLength(2);
    expect(screen.getByTestId("prompt-count").textContent).toBe("2 prompt trovati");
    expect(screen.getAllByText("0.7")).toHaveLength(2);
    fireEvent.change(screen.getByTestId("prompt-model-filter"), { target: { value: "gpt-5" } });
    expect(screen.getAllByTestId("prompt-card")).toHaveLength(1);
    expect(screen.getByTestId("prompt-count").textContent).toBe("1 prompt trovato");
    fireEvent.change(screen.getByTestId("prompt-search"), { target: { value: "nessuno" } });
    expect(screen.getByText(PROMPT_TEXTS.empty)).toBeTruthy();
  });

  it("offers to create the first prompt when there is none", async () => {
    signedIn({ "GET /api/prompts": () => jsonResponse([]) });
    renderApp("/prompts");
    expect(await screen.findByText(PROMPT_TEXTS.empty)).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Crea il primo prompt" }));
    expect(await screen.findByRole("dialog", { name: PROMPT_TEXTS.newPrompt })).toBeTruthy();
  });

  it("tests the editor's content: the button waits for a message and for the running test", async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    const { calls } = signedIn({
      "GET /api/prompts": () => jsonResponse([]),
      "POST /api/prompts/test-content": async () => {
        await gate;
        return jsonResponse({
          content: "Risposta offline di AgentBot Pro",
          testMessage: "Ciao",
          model: "offline",
          offline: true,
          promptTokens: 1,
          completionTokens: 1,
          totalTokens: 2,
          totalCost: "0.00000000",
          durationMs: 3,
        });
      },
    });
    renderApp("/prompts");
    fireEvent.click(await screen.findByRole("button", { name: "Crea il primo prompt" }));
    const dialog = await screen.findByRole("dialog", { name: PROMPT_TEXTS.newPrompt });
    const button = within(dialog).getByTestId("prompt-test-button") as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    fireEvent.change(dialog.querySelector('textarea[name="content"]')!, { target: { value: "Vendi prestiti" } });
    fireEvent.change(dialog.querySelector('textarea[name="testMessage"]')!, { target: { value: "   " } });
    expect(button.disabled).toBe(true);
    fireEvent.change(dialog.querySelector('textarea[name="testMessage"]')!, { target: { value: "Ciao" } });
    expect(button.disabled).toBe(false);
    fireEvent.click(button);
    await waitFor(() => expect(button.disabled).toBe(true));
    release();
    expect((await within(dialog).findByTestId("prompt-test-result")).textContent).toContain("Risposta offline di AgentBot Pro");
    const call = calls.find((c) => c.url === "/api/prompts/test-content")!;
    expect(bodyOf(call)).toEqual({ content: "Vendi prestiti", testMessage: "Ciao", model: "gpt-4", temperature: 7, maxTokens: 500 });
    expect(await screen.findByText(PROMPT_TEXTS.testSuccess)).toBeTruthy();
  });

  it("shows 'Errore: ' with the server's message when the test fails", async () => {
    signedIn({
      "GET /api/prompts": () => jsonResponse([prompt()]),
      "POST /api/prompts/test-content": () => jsonResponse({ error: PROMPT_TEXTS.testError, details: { reason: "timeout" } }, 502),
    });
    renderApp("/prompts");
    fireEvent.click((await screen.findAllByRole("button", { name: "Modifica" }))[0]!);
    const dialog = await screen.findByRole("dialog", { name: PROMPT_TEXTS.editPrompt });
    fireEvent.change(dialog.querySelector('textarea[name="testMessage"]')!, { target: { value: "Ciao" } });
    fireEvent.click(within(dialog).getByTestId("prompt-test-button"));
    expect((await within(dialog).findByTestId("prompt-test-error")).textContent).toContain(`Errore: ${PROMPT_TEXTS.testError}`);
    expect(await screen.findByText(PROMPT_TEXTS.testErrorTitle)).toBeTruthy();
  });

  it("creates a prompt with its linked templates", async () => {
    const { calls } = signedIn({
      "GET /api/prompts": () => jsonResponse([]),
      "POST /api/prompts": (call) => jsonResponse(prompt(bodyOf(call) as Partial<ApiPrompt>), 201),
    });
    renderApp("/prompts");
    fireEvent.click(await screen.findByRole("button", { name: PROMPT_TEXTS.newPrompt }));
    const dialog = await screen.findByRole("dialog", { name: PROMPT_TEXTS.newPrompt });
    fireEvent.click(within(dialog).getByTestId("prompt-save"));
    expect(await within(dialog).findByText(PROMPT_TEXTS.nameRequired)).toBeTruthy();
    fireEvent.change(dialog.querySelector('input[name="name"]')!, { target: { value: "Nuovo" } });
    fireEvent.change(dialog.querySelector('textarea[name="content"]')!, { target: { value: "Contenuto" } });
    fireEvent.change(dialog.querySelector('input[name="temperature"]')!, { target: { value: "3" } });
    expect(within(dialog).getByTestId("temperature-value").textContent).toBe("0.3");
    fireEvent.click(await within(dialog).findByRole("checkbox", { name: /prestiti_benvenuto/ }));
    fireEvent.click(within(dialog).getByTestId("prompt-save"));
    expect(await screen.findByText(PROMPT_TEXTS.created)).toBeTruthy();
    const post = calls.find((c) => c.method === "POST" && c.url === "/api/prompts")!;
    expect(bodyOf(post)).toMatchObject({ name: "Nuovo", content: "Contenuto", temperature: 3, maxTokens: 500, model: "gpt-4", linkedTemplates: [SANDBOX_TEMPLATES[0]!.sid] });
  });

  it("asks before deleting and duplicates on the server", async () => {
    const { calls } = signedIn({
      "GET /api/prompts": () => jsonResponse([prompt()]),
      "DELETE /api/prompts/p1": () => jsonResponse({ ok: true }),
      "POST /api/prompts/p1/duplicate": () => jsonResponse(prompt({ id: "p9", name: "Assistente prestiti_copy", isActive: false }), 201),
    });
    const confirm = vi.spyOn(window, "confirm").mockReturnValueOnce(false).mockReturnValueOnce(true);
    renderApp("/prompts");
    const card = await screen.findByTestId("prompt-card");
    fireEvent.click(within(card).getByRole("button", { name: "Elimina" }));
    expect(calls.some((c) => c.method === "DELETE")).toBe(false);
    fireEvent.click(within(card).getByRole("button", { name: "Elimina" }));
    expect(await screen.findByText(PROMPT_TEXTS.deleted)).toBeTruthy();
    expect(confirm).toHaveBeenCalledTimes(2);
    fireEvent.click(within(card).getByRole("button", { name: "Duplica" }));
    expect(await screen.findByText(PROMPT_TEXTS.duplicated)).toBeTruthy();
  });
});

const memory = (overrides: Partial<ApiMemory> = {}) =>
  buildMemory({
    name: "Clienti",
    content: "",
    dataType: "csv",
    dataSource: { kind: "csv", fileName: "clienti.csv", size: 120, rowCount: 3, columns: ["nome", "citta"], columnCount: 2, separator: ",", uploadedAt: NEW_YEAR },
    linkedTemplates: ["HX1"],
    passageCount: 3,
    ...overrides,
  });

describe("memories page", () => {
  it("shows the counters and a CSV card with its rows and columns", async () => {
    signedIn({
      "GET /api/memories": () =>
        jsonResponse([
          memory(),
          memory({
            id: "m2",
            name: "Catalogo",
            dataType: "airtable",
            isActive: false,
            linkedTemplates: ["HX1", "HX2"],
            syncError: "Token Airtable non valido",
            dataSource: { kind: "airtable", apiKey: "••••••••abcd", baseId: "appAAAAAAAAAAAAAA", tableId: "tblB", viewId: null, recordCount: 0 },
          }),
        ]),
    });
    renderApp("/memories");
    expect((await screen.findAllByTestId("memory-card")).length).toBe(2);
    expect(screen.getByTestId("memories-active-count").textContent).toBe("1");
    expect(screen.getByTestId("memories-total-count").textContent).toBe("2");
    expect(screen.getByTestId("memories-linked-count").textContent).toBe("2");
    expect(screen.getByTestId("memory-row-count").textContent).toBe("3");
    expect(screen.getByText("nome, citta")).toBeTruthy();
    expect(screen.getByText("••••••••abcd")).toBeTruthy();
    expect(screen.getByTestId("memory-sync-error").textContent).toContain("Token Airtable non valido");
  });

  it("reads every page the server answers, following X-Next-Cursor", async () => {
    const { calls } = signedIn({
      "GET /api/memories": (call) => {
        if (new URL(call.url, "http://x").searchParams.get("before") === "m2") return jsonResponse([memory({ id: "m3", name: "Resi" })]);
        const res = jsonResponse([memory({ id: "m1", name: "Orari" }), memory({ id: "m2", name: "Spedizioni" })]);
        res.headers.set("X-Next-Cursor", "m2");
        return res;
      },
    });
    renderApp("/memories");
    await waitFor(() => expect(screen.getAllByTestId("memory-card")).toHaveLength(3));
    expect(screen.getByText("Resi")).toBeTruthy();
    expect(screen.getByTestId("memories-total-count").textContent).toBe("3");
    expect(calls.filter((c) => c.url.startsWith("/api/memories")).map((c) => c.url)).toEqual(["/api/memories", "/api/memories?before=m2"]);
  });

  it("shows a feedback memory's rows in the editor", async () => {
    signedIn({
      "GET /api/memories": () => jsonResponse([memory({ id: "f1", name: "Preferenze", memoryType: "feedback", dataType: "feedback", dataSource: null })]),
      "GET /api/memories/f1/feedback": () =>
        jsonResponse([{ id: "r1", phoneNumber: "+393331234567", positiveItems: ["prezzo"], negativeItems: ["attesa"], lastUpdated: "2026-01-02T10:00:00.000Z" }]),
    });
    renderApp("/memories");
    fireEvent.click(await screen.findByRole("button", { name: "Modifica" }));
    const dialog = await screen.findByRole("dialog", { name: MEMORY_TEXTS.editMemory });
    const row = await within(dialog).findByTestId("feedback-row");
    expect(row.textContent).toContain("+393331234567");
    expect(row.textContent).toContain("prezzo");
    expect(row.textContent).toContain("attesa");
  });

  it("shows the visibility texts in Italian", async () => {
    signedIn({ "GET /api/memories": () => jsonResponse([]) });
    renderApp("/memories");
    fireEvent.click(await screen.findByRole("button", { name: MEMORY_TEXTS.newMemory }));
    const dialog = await screen.findByRole("dialog", { name: MEMORY_TEXTS.newMemory });
    expect(within(dialog).getByText("Solo tu puoi vedere questi dati sensibili")).toBeTruthy();
    expect(within(dialog).getByText("Condivisibile con tutti gli utenti")).toBeTruthy();
  });
});

function usageItem(i: number): UsageItem {
  return {
    id: `u${i}`,
    model: "gpt-4",
    operationType: i === 0 ? "prompt_test" : "chat_response",
    totalCost: "0.01234567",
    promptTokens: 100,
    completionTokens: 50,
    totalTokens: 150,
    requestDuration: 900,
    conversationId: null,
    promptId: null,
    createdAt: new Date(Date.UTC(2026, 0, 2, 10, i)).toISOString(),
  };
}

function report(items: UsageItem[]): UsageReport {
  return {
    items,
    totals: { totalCost: "0.14814804", totalRequests: items.length, totalTokens: 150 * items.length },
    byModel: [{ model: "gpt-4", totalCost: "0.14814804", requests: items.length, tokens: 150 * items.length }],
    byOperation: [{ operationType: "chat_response", totalCost: "0.14814804", requests: items.length, tokens: 1 }],
    byDay: [{ day: "2026-01-02", totalCost: "0.14814804", requests: items.length }],
    filters: { limit: 50, startDate: null, endDate: null, model: null, operationType: null },
  };
}

describe("usage page", () => {
  it("shows totals with 4 decimals, the charts and the first 10 uses until 'Mostra tutti'", async () => {
    const { calls } = signedIn({
      "GET /api/openai-usage": () => jsonResponse(report(Array.from({ length: 12 }, (_, i) => usageItem(i)))),
      "GET /api/openai-usage/budget": () =>
        jsonResponse({
          monthlyLimitUsd: 0.1,
          month: "2026-01",
          spentThisMonth: "0.14814804",
          remaining: "0.00000000",
          allowed: false,
          reason: "Limite di spesa AI mensile raggiunto ($0.15 su $0.10)",
        }),
    });
    renderApp("/usage");
    expect((await screen.findByTestId("usage-total-cost")).textContent).toBe("$0.1481");
    expect(screen.getAllByTestId("usage-row")).toHaveLength(10);
    expect(screen.getAllByTestId("usage-row-cost")[0]!.textContent).toBe("$0.0123");
    expect(screen.getByRole("img", { name: /Costo per modello/ })).toBeTruthy();
    expect(screen.getByRole("img", { name: /Costo per giorno/ })).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Mostra tutti" }));
    expect(screen.getAllByTestId("usage-row")).toHaveLength(12);
    expect((await screen.findByTestId("budget-reason")).textContent).toContain("Limite di spesa AI mensile raggiunto");
    expect(calls.find((c) => c.url.startsWith("/api/openai-usage?"))!.url).toBe("/api/openai-usage?limit=50");
    fireEvent.change(screen.getByTestId("usage-page-size"), { target: { value: "100" } });
    await waitFor(() => expect(calls.some((c) => c.url === "/api/openai-usage?limit=100")).toBe(true));
  });

  it("loads the following pages of uses with 'Carica altri' through the server's cursor", async () => {
    const firstPage = Array.from({ length: 12 }, (_, i) => usageItem(i));
    const secondPage = [usageItem(12), usageItem(13)];
    const { calls } = signedIn({
      "GET /api/openai-usage": (call) => {
        const before = new URL(call.url, "http://x").searchParams.get("before");
        if (before === "u11") return jsonResponse({ ...report(secondPage), totals: { ...report(firstPage).totals, totalRequests: 14 } });
        const res = jsonResponse({ ...report(firstPage), totals: { ...report(firstPage).totals, totalRequests: 14 } });
        res.headers.set("X-Next-Cursor", "u11");
        return res;
      },
      "GET /api/openai-usage/budget": () => jsonResponse({ monthlyLimitUsd: null, month: "2026-01", spentThisMonth: "0", remaining: null, allowed: true, reason: null }),
    });
    renderApp("/usage");
    await screen.findByTestId("usage-total-cost");
    // Only the first 10 are shown: more pages are offered once every loaded row is on screen.
    expect(screen.queryByTestId("usage-load-more")).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Mostra tutti" }));
    expect(screen.getByText("12 di 14")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Carica altri" }));
    await waitFor(() => expect(screen.getAllByTestId("usage-row")).toHaveLength(14));
    expect(calls.some((c) => c.url === "/api/openai-usage?limit=50&before=u11")).toBe(true);
    expect(screen.getByText("14 di 14")).toBeTruthy();
    // The last page has no cursor: nothing more is offered.
    expect(screen.queryByTestId("usage-load-more")).toBeNull();
  });

  it("says who may see usage when the server refuses", async () => {
    signedIn({
      "GET /api/openai-usage": () => jsonResponse({ error: "Solo il proprietario dell'account o un super amministratore può vedere i consumi e il budget" }, 403),
      "GET /api/openai-usage/budget": () => jsonResponse({ error: "no" }, 403),
    });
    renderApp("/usage");
    expect(await screen.findByText(/Solo il proprietario dell'account/)).toBeTruthy();
  });
});

describe("template test page", () => {
  const templates: ProviderTemplate[] = [
    SANDBOX_TEMPLATES[0]!,
    { ...SANDBOX_TEMPLATES[1]!, sid: "HXpending", friendlyName: "in_attesa", status: "pending" },
    { ...SANDBOX_TEMPLATES[2]!, sid: "HXrejected", friendlyName: "rifiutato", status: "rejected" },
  ];

  it("colours statuses, lets only approved templates be picked and sends the test", async () => {
    const { calls } = signedIn({
      "GET /api/twilio-templates": () => jsonResponse(templates),
      "POST /api/template-test/send": () =>
        jsonResponse({ conversationId: "c1", phoneNumber: "+393331234567", templateSid: templates[0]!.sid, content: "Ciao Giulia", messageId: "m1", sandbox: true }, 201),
    });
    renderApp("/template-test");
    const options = await screen.findAllByTestId("template-option");
    expect(options.map((o) => (o as HTMLButtonElement).disabled)).toEqual([false, true, true]);
    expect(screen.getAllByTestId("template-status").map((b) => b.dataset.tone)).toEqual(["green", "yellow", "red"]);
    expect(screen.getByText("memory_id")).toBeTruthy();
    expect(screen.getByText("sentiment")).toBeTruthy();

    fireEvent.click(screen.getByTestId("template-test-send"));
    expect(await screen.findByText(TEMPLATE_TEST_TEXTS.missingInfoTitle)).toBeTruthy();

    fireEvent.click(options[0]!);
    fireEvent.change(screen.getByTestId("template-variable-1"), { target: { value: "Giulia" } });
    expect(screen.getByTestId("template-preview").textContent).toContain("Ciao Giulia, sono l'assistente di {{2}}");
    fireEvent.change(screen.getByTestId("template-variable-2"), { target: { value: "Prestiti Facili" } });
    fireEvent.change(screen.getByTestId("template-test-phone"), { target: { value: "3331234567" } });
    fireEvent.click(screen.getByTestId("template-test-send"));
    expect((await screen.findAllByText(TEMPLATE_TEST_TEXTS.countryCodeRequired)).length).toBeGreaterThan(0);

    fireEvent.change(screen.getByTestId("template-test-phone"), { target: { value: "+39 333 123 4567" } });
    fireEvent.click(screen.getByTestId("template-test-send"));
    expect(await screen.findByText(TEMPLATE_TEST_TEXTS.sentTitle)).toBeTruthy();
    const post = calls.find((c) => c.method === "POST")!;
    expect(bodyOf(post)).toEqual({ templateSid: templates[0]!.sid, phone: "+393331234567", variables: { "1": "Giulia", "2": "Prestiti Facili" } });
    expect(screen.getByRole("link", { name: /Apri nel simulatore/ }).getAttribute("href")).toBe("/chat/c1");
  });

  it("reports a failed send and a failed load with the spec's texts", async () => {
    signedIn({ "GET /api/twilio-templates": () => jsonResponse({ error: "Twilio non risponde" }, 502) });
    renderApp("/template-test");
    expect(await screen.findByText(TEMPLATE_TEST_TEXTS.loadError("Twilio non risponde"))).toBeTruthy();
  });
});

describe("dashboard prompt card", () => {
  it("shows name, state, 100 characters, model, linked templates and tokens, and opens its own editor", async () => {
    signedIn();
    const content = "Sei l'assistente vendite di un'azienda italiana su WhatsApp. Rispondi in italiano, in modo cordiale e breve, e proponi sempre un passo successivo.";
    render(
      <QueryClientProvider client={createQueryClient()}>
        <DashboardPromptCard prompt={prompt({ content, isActive: false, linkedTemplates: ["HX1", "HX2"], maxTokens: 800 })} />
      </QueryClientProvider>,
    );
    const card = screen.getByTestId("dashboard-prompt-card");
    expect(within(card).getByText("Assistente prestiti")).toBeTruthy();
    expect(within(card).getByText(PROMPT_TEXTS.inactive)).toBeTruthy();
    expect(within(card).getByText(`${content.slice(0, 100).trimEnd()}…`)).toBeTruthy();
    expect(within(card).getByText("GPT-4")).toBeTruthy();
    expect(within(card).getByText("2 template collegati")).toBeTruthy();
    expect(within(card).getByText("~800 token max")).toBeTruthy();
    for (const name of ["Modifica", "Test", "Duplica", "Elimina"]) expect(within(card).getByRole("button", { name })).toBeTruthy();
    fireEvent.click(within(card).getByRole("button", { name: "Modifica" }));
    const dialog = await screen.findByRole("dialog", { name: PROMPT_TEXTS.editPrompt });
    expect((dialog.querySelector('input[name="maxTokens"]') as HTMLInputElement).value).toBe("800");
  });
});
