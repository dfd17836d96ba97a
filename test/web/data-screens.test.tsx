import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { ApiLead, ApiLeadSource } from "@shared/schemas/lead-sources";
import type { ApiList, ApiListImport } from "@shared/schemas/lists";
import type { ApiSettings, ApiToken } from "@shared/schemas/settings";
import { SETTINGS_TEXTS } from "@shared/texts/settings";
import { SAVED_REPLY_TEXTS } from "@shared/texts/saved-replies";
import type { ApiTemplate } from "@shared/schemas/templates";
import { TEMPLATE_TEXTS } from "@shared/texts/templates";
import { TEMPLATE_VARIABLE_TEXTS } from "@shared/texts/template-variables";
import { jsonResponse, type RecordedCall } from "./fetch-mock";
import { account, ADMIN, renderApp, adminOnSandbox } from "./render-app";
import { buildTextTemplate } from "./fixtures";
import { T } from "@shared/strings";
import { LEAD_TEXTS } from "@shared/texts/leads";
import { LIST_TEXTS } from "@shared/texts/lists";

const signedIn = adminOnSandbox;

const bodyOf = (call: RecordedCall | undefined) => JSON.parse(String(call?.body));

beforeAll(async () => {
  await Promise.all([
    import("@web/layout/app-shell"),
    import("@web/routes/templates"),
    import("@web/routes/lists"),
    import("@web/routes/settings"),
    import("@web/routes/leads"),
  ]);
});

beforeEach(() => {
  vi.spyOn(window, "confirm").mockReturnValue(true);
  vi.spyOn(console, "error").mockImplementation(() => {});
});

const template = (over: Partial<ApiTemplate>) => buildTextTemplate({ description: "Primo messaggio", ...over });

describe("Template WhatsApp", () => {
  const TEMPLATES = [
    template({ id: "t1" }),
    template({ id: "t2", name: "Offerta", status: "approved", category: "stationery", submittedAt: "2026-03-02T10:00:00.000Z" }),
    template({ id: "t3", name: "Rifiutato", status: "rejected", rejectionReason: "Contenuto promozionale in categoria UTILITY" }),
  ];

  it("shows cards with badges, content and the rejection reason; only drafts can be submitted", async () => {
    const { calls } = signedIn({
      "GET /api/templates": () => jsonResponse(TEMPLATES),
      "POST /api/templates/t1/submit": () => jsonResponse({ ...TEMPLATES[0], status: "pending" }),
      "DELETE /api/templates/t3": () => jsonResponse({ ok: true }),
    });
    renderApp("/templates");
    const cards = await screen.findAllByTestId("template-card");
    expect(cards).toHaveLength(3);
    expect(within(cards[0]!).getByText("Bozza")).toBeTruthy();
    expect(within(cards[0]!).getByText("Prestiti")).toBeTruthy();
    expect(within(cards[0]!).getByText(/"text": "Ciao \{\{1\}\}, come stai\?"/)).toBeTruthy();
    expect(within(cards[1]!).getByText("Approvato")).toBeTruthy();
    expect(within(cards[2]!).getByText(TEMPLATE_TEXTS.rejectionReason)).toBeTruthy();
    expect(within(cards[2]!).getByText("Contenuto promozionale in categoria UTILITY")).toBeTruthy();
    expect(screen.getAllByRole("button", { name: TEMPLATE_TEXTS.submit })).toHaveLength(1);
    expect(screen.getAllByRole("button", { name: "Modifica" })).toHaveLength(3);

    fireEvent.click(within(cards[0]!).getByRole("button", { name: TEMPLATE_TEXTS.submit }));
    expect(await screen.findByText(TEMPLATE_TEXTS.submitted)).toBeTruthy();
    expect(screen.getByText(TEMPLATE_TEXTS.submittedDescription)).toBeTruthy();
    expect(calls.some((c) => c.method === "POST" && c.url === "/api/templates/t1/submit")).toBe(true);

    fireEvent.click(within(cards[2]!).getByRole("button", { name: "Elimina" }));
    expect(await screen.findByText(TEMPLATE_TEXTS.deleted)).toBeTruthy();
    expect(window.confirm).toHaveBeenCalledWith(TEMPLATE_TEXTS.deleteConfirm("Rifiutato"));
  });

  it("reports a failed submit and a failed delete", async () => {
    signedIn({
      "GET /api/templates": () => jsonResponse([template({})]),
      "POST /api/templates/t1/submit": () => jsonResponse({ error: "Twilio ha rifiutato il template: invalid" }, 502),
      "DELETE /api/templates/t1": () => jsonResponse({ error: "boom" }, 502),
    });
    renderApp("/templates");
    fireEvent.click(await screen.findByRole("button", { name: TEMPLATE_TEXTS.submit }));
    expect(await screen.findByText(TEMPLATE_TEXTS.submitError)).toBeTruthy();
    expect(screen.getByText("Twilio ha rifiutato il template: invalid")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Elimina" }));
    expect(await screen.findByText(TEMPLATE_TEXTS.deleteError)).toBeTruthy();
  });

  it("creates a draft with the spec's payload, after the form's checks", async () => {
    const { calls } = signedIn({
      "GET /api/templates": () => jsonResponse([]),
      "POST /api/templates": (call) => jsonResponse(template({ ...bodyOf(call), id: "new" }), 201),
    });
    renderApp("/templates");
    fireEvent.click(await screen.findByRole("button", { name: TEMPLATE_TEXTS.createFirst }));
    const dialog = await screen.findByRole("dialog");
    fireEvent.click(within(dialog).getByRole("button", { name: "Salva" }));
    expect(await within(dialog).findByText(TEMPLATE_TEXTS.nameRequired)).toBeTruthy();
    expect(within(dialog).getByText(TEMPLATE_TEXTS.categoryRequired)).toBeTruthy();

    fireEvent.change(dialog.querySelector('input[name="name"]')!, { target: { value: "Benvenuto" } });
    fireEvent.change(dialog.querySelector('select[name="category"]')!, { target: { value: "agency" } });
    fireEvent.change(dialog.querySelector('textarea[name="text"]')!, { target: { value: "Ciao {{1}} {{2}} grazie" } });
    expect(within(dialog).getByText(TEMPLATE_TEXTS.variablesAdjacent("{{1}}", "{{2}}"))).toBeTruthy();
    fireEvent.change(dialog.querySelector('textarea[name="text"]')!, { target: { value: "Ciao {{1}}, grazie da {{2}}!" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Salva" }));
    expect(await screen.findByText(TEMPLATE_TEXTS.created)).toBeTruthy();
    expect(screen.getByText(TEMPLATE_TEXTS.createdDescription)).toBeTruthy();
    const post = calls.find((c) => c.method === "POST" && c.url === "/api/templates");
    expect(bodyOf(post)).toEqual({
      name: "Benvenuto",
      description: null,
      category: "agency",
      channel: "whatsapp",
      language: "it",
      whatsappContent: { type: "text", text: "Ciao {{1}}, grazie da {{2}}!", mediaUrl: null, mediaCaption: null },
      twilioAccountId: "a1",
      status: "draft",
    });
  });

  it("edits a draft in a working form", async () => {
    const { calls } = signedIn({
      "GET /api/templates": () => jsonResponse([template({})]),
      "PUT /api/templates/t1": (call) => jsonResponse(template(bodyOf(call))),
    });
    renderApp("/templates");
    fireEvent.click(await screen.findByRole("button", { name: "Modifica" }));
    const dialog = await screen.findByRole("dialog", { name: TEMPLATE_TEXTS.editTitle });
    expect((dialog.querySelector('input[name="name"]') as HTMLInputElement).value).toBe("Benvenuto");
    fireEvent.change(dialog.querySelector('input[name="name"]')!, { target: { value: "Benvenuto 2" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Salva" }));
    expect(await screen.findByText(TEMPLATE_TEXTS.updated)).toBeTruthy();
    expect(bodyOf(calls.find((c) => c.method === "PUT"))).toMatchObject({ name: "Benvenuto 2", category: "loans" });
  });
});

function imp(over: Partial<ApiListImport>): ApiListImport {
  return {
    id: "i1",
    source: "csv",
    status: "running",
    total: 1000,
    processed: 400,
    created: 400,
    updated: 0,
    unchanged: 0,
    invalid: 0,
    deactivated: 0,
    count: 400,
    error: null,
    invalidRows: [],
    startedAt: "2026-03-01T09:00:00.000Z",
    finishedAt: null,
    ...over,
  };
}

function list(over: Partial<ApiList>): ApiList {
  return {
    id: "l1",
    twilioAccountId: "a1",
    name: "Clienti CSV",
    source: "csv",
    listType: "static",
    config: { fileName: "clienti.csv", columns: ["Nome", "Telefono"], rowCount: 1000, uploadedAt: "2026-03-01T08:00:00.000Z" },
    fieldMapping: {},
    isActive: true,
    createdAt: "2026-03-01T08:00:00.000Z",
    lastSyncAt: null,
    syncInterval: 30,
    nextSyncAt: null,
    leadCount: 400,
    lastImport: null,
    ...over,
  };
}

describe("Liste", () => {
  it("shows cards with source, type, state, lead count, a progress bar and the invalid rows", async () => {
    signedIn({
      "GET /api/lists": () =>
        jsonResponse([
          list({ lastImport: imp({}) }),
          list({
            id: "l2",
            name: "Airtable",
            source: "airtable",
            listType: "dynamic",
            isActive: false,
            leadCount: 2,
            lastImport: imp({ id: "i2", status: "completed", total: 3, processed: 3, created: 2, invalid: 1, count: 2, invalidRows: [{ row: 3, reason: "Numero telefono mancante" }], finishedAt: "2026-03-01T09:05:00.000Z" }),
          }),
        ]),
    });
    renderApp("/lists");
    const cards = await screen.findAllByTestId("list-card");
    expect(within(cards[0]!).getByText("File CSV")).toBeTruthy();
    expect(within(cards[0]!).getByText("Statica")).toBeTruthy();
    expect(within(cards[0]!).getByText("Attiva")).toBeTruthy();
    expect(within(cards[0]!).getByRole("progressbar").getAttribute("aria-valuenow")).toBe("40");
    expect(within(cards[0]!).getByRole("button", { name: LIST_TEXTS.importing })).toHaveProperty("disabled", true);
    expect(within(cards[1]!).getByText("Dinamica")).toBeTruthy();
    expect(within(cards[1]!).getByText("Inattiva")).toBeTruthy();
    expect(within(cards[1]!).getByText(LIST_TEXTS.invalidRow(3, "Numero telefono mancante"))).toBeTruthy();
    expect(screen.getByTestId("lists-back").getAttribute("href")).toBe("/");
  });

  it("goes back to the new last page of a list's leads when a deletion empties the one on screen", async () => {
    let total = 26;
    const row = (i: number) => ({ id: `ll${i}`, listId: "l1", nome: `Nome${i}`, cognome: "Rossi", numeroTelefono: `+3933300000${i}`, email: null, professione: null, note: null, externalId: null, funnelStatus: "pending", isActive: true, importedAt: "2026-03-01T08:00:00.000Z" });
    const { calls } = signedIn({
      "GET /api/lists": () => jsonResponse([list({ leadCount: total })]),
      "GET /api/lists/l1/leads": (call) => {
        const page = Number(new URL(call.url, "http://x").searchParams.get("page") ?? "1");
        const all = Array.from({ length: total }, (_, i) => row(i));
        return jsonResponse({ leads: all.slice((page - 1) * 25, page * 25), total, page, pageSize: 25 });
      },
      "DELETE /api/lists/l1/leads/ll25": () => {
        total = 25;
        return jsonResponse({ ok: true });
      },
    });
    vi.spyOn(window, "confirm").mockReturnValue(true);
    renderApp("/lists");
    fireEvent.click(within((await screen.findAllByTestId("list-card"))[0]!).getByRole("button", { name: LIST_TEXTS.leads }));
    const dialog = await screen.findByRole("dialog");
    await waitFor(() => expect(within(dialog).getAllByRole("listitem")).toHaveLength(25));
    fireEvent.click(within(dialog).getByRole("button", { name: new RegExp(LIST_TEXTS.next) }));
    await waitFor(() => expect(within(dialog).getAllByRole("listitem")).toHaveLength(1));
    fireEvent.click(within(dialog).getByRole("button", { name: /Nome25/ }));
    // Page 2 is now empty: the dialog asks for page 1 again instead of showing no leads.
    await waitFor(() => expect(within(dialog).getAllByRole("listitem")).toHaveLength(25));
    expect(calls.filter((c) => c.url.startsWith("/api/lists/l1/leads?")).at(-1)!.url).toContain("page=1");
  });

  it("shows a dynamic Airtable list's re-sync, its last result, and saves its interval", async () => {
    const dynamic = list({
      id: "l3",
      name: "Dinamica Airtable",
      source: "airtable",
      listType: "dynamic",
      lastSyncAt: "2026-03-01T09:05:00.000Z",
      lastImport: imp({ id: "i3", status: "completed", created: 2, updated: 1, deactivated: 1, finishedAt: "2026-03-01T09:05:00.000Z" }),
    });
    const { calls } = signedIn({
      "GET /api/lists": () => jsonResponse([dynamic, list({})]),
      "PUT /api/lists/l3/sync": (call) => jsonResponse({ ...dynamic, ...bodyOf(call) }),
    });
    renderApp("/lists");
    const cards = await screen.findAllByTestId("list-card");
    expect(within(cards[1]!).queryByTestId("list-sync")).toBeNull();
    const panel = within(cards[0]!).getByTestId("list-sync");
    expect(within(panel).getByText(LIST_TEXTS.syncEvery(30))).toBeTruthy();
    expect(within(panel).getByTestId("list-sync-last").textContent).toContain(LIST_TEXTS.syncResult(2, 1, 1));
    expect(within(cards[0]!).getByRole("button", { name: LIST_TEXTS.syncNow })).toBeTruthy();
    const input = within(panel).getByRole("spinbutton") as HTMLInputElement;
    fireEvent.change(input, { target: { value: "2" } });
    fireEvent.click(within(panel).getByRole("button", { name: "Salva" }));
    expect(await screen.findByText(T.syncIntervalInvalid)).toBeTruthy();
    fireEvent.change(input, { target: { value: "45" } });
    fireEvent.click(within(panel).getByRole("button", { name: "Salva" }));
    await waitFor(() => expect(bodyOf(calls.find((c) => c.method === "PUT"))).toEqual({ syncInterval: 45 }));
  });

  it("validates the create dialog with the spec's messages and hints", async () => {
    const { calls } = signedIn({ "GET /api/lists": () => jsonResponse([]) });
    renderApp("/lists");
    fireEvent.click(await screen.findByRole("button", { name: LIST_TEXTS.createFirst }));
    const dialog = await screen.findByRole("dialog");
    expect(within(dialog).getByText(LIST_TEXTS.baseIdHint)).toBeTruthy();
    expect(within(dialog).getByText(LIST_TEXTS.tableIdHint)).toBeTruthy();
    expect(within(dialog).getByText(LIST_TEXTS.apiKeyHint)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole("button", { name: LIST_TEXTS.create }));
    expect(await within(dialog).findByText(LIST_TEXTS.createRequired)).toBeTruthy();
    fireEvent.change(dialog.querySelector('input[name="name"]')!, { target: { value: "Clienti" } });
    fireEvent.click(within(dialog).getByRole("button", { name: LIST_TEXTS.create }));
    expect(await within(dialog).findByText(LIST_TEXTS.airtableRequired)).toBeTruthy();
    expect(calls.some((c) => c.method === "POST")).toBe(false);
  });

  it("shows the fields error with a retry, saves the mapping, and reports the finished import", async () => {
    let fieldsCalls = 0;
    let listsCalls = 0;
    const { calls } = signedIn({
      "GET /api/lists": () => {
        listsCalls++;
        const lastImport = listsCalls <= 1 ? null : listsCalls === 2 ? imp({ id: "i9", status: "running", processed: 500 }) : imp({ id: "i9", status: "completed", processed: 1000, count: 998 });
        return jsonResponse([list({ lastImport })]);
      },
      "GET /api/lists/l1/fields": () => {
        fieldsCalls++;
        return fieldsCalls === 1
          ? jsonResponse({ error: LIST_TEXTS.fieldsErrorAirtable, details: { reason: "Airtable non è raggiungibile" } }, 502)
          : jsonResponse({
              availableFields: ["Nome", "Telefono"],
              standardFields: [
                { key: "nome", label: "Nome", required: false },
                { key: "numeroTelefono", label: "Numero telefono", required: true },
              ],
              suggestedMapping: { nome: "Nome", numeroTelefono: "Telefono" },
            });
      },
      "GET /api/lists/l1/mapping": () => jsonResponse({ fieldMapping: {} }),
      "PUT /api/lists/l1/mapping": (call) => jsonResponse({ fieldMapping: bodyOf(call).fieldMapping, import: imp({ id: "i9", status: "queued", processed: 0 }) }, 202),
    });
    renderApp("/lists");
    fireEvent.click(await screen.findByRole("button", { name: T.configure }));
    const dialog = await screen.findByRole("dialog");
    const error = await within(dialog).findByTestId("fields-error");
    expect(within(error).getByText(LIST_TEXTS.fieldsErrorTitle)).toBeTruthy();
    expect(within(error).getByText(/Impossibile recuperare i campi da Airtable/)).toBeTruthy();
    fireEvent.click(within(error).getByRole("button", { name: "Riprova" }));
    await within(dialog).findByTestId("mapping-form");
    expect((dialog.querySelector('select[name="mapping-numeroTelefono"]') as HTMLSelectElement).value).toBe("Telefono");
    fireEvent.click(within(dialog).getByRole("button", { name: LIST_TEXTS.saveMapping }));
    expect(await screen.findByText(LIST_TEXTS.mappingSaved)).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(bodyOf(calls.find((c) => c.method === "PUT"))).toEqual({ fieldMapping: { nome: "Nome", numeroTelefono: "Telefono" } });
    expect(await screen.findByText(LIST_TEXTS.importedDescription(998), {}, { timeout: 6_000 })).toBeTruthy();
  });
});

describe("Configurazione", () => {
  const SETTINGS: ApiSettings = {
    profile: { id: "u1", email: ADMIN.email, firstName: "Admin", lastName: "Rossi", profileImageUrl: null, role: "super_admin" },
    activeTwilioAccountId: "a1",
    signInMethod: "password",
    timezone: "Europe/Rome",
  };
  const token = (over: Partial<ApiToken>): ApiToken => ({
    id: "k1",
    name: "CRM",
    tokenPrefix: "abp_Xy…",
    isActive: true,
    permissions: [],
    lastUsedAt: null,
    createdAt: "2026-03-01T08:00:00.000Z",
    twilioAccountId: "a1",
    accountName: "Negozio Milano",
    ...over,
  });

  it("shows the profile, the tokens with their state, and the security card", async () => {
    const { calls } = signedIn({
      "GET /api/settings": () => jsonResponse(SETTINGS),
      "GET /api/lead-manager/tokens": () =>
        jsonResponse([token({}), token({ id: "k2", name: "Zapier", isActive: false, permissions: ["leads:write"], lastUsedAt: "2026-03-02T14:30:00.000Z" })]),
      "PUT /api/lead-manager/tokens/k1": (call) => jsonResponse(token({ ...bodyOf(call) })),
    });
    renderApp("/settings");
    expect(((await screen.findByLabelText(T.loginEmail)) as HTMLInputElement).value).toBe(ADMIN.email);
    expect((screen.getByLabelText(SETTINGS_TEXTS.nameLabel) as HTMLInputElement).readOnly).toBe(true);
    expect(screen.getByRole("link", { name: SETTINGS_TEXTS.twilioManage }).getAttribute("href")).toBe("/twilio-accounts");
    const rows = await screen.findAllByTestId("token-row");
    expect(within(rows[0]!).getByText("N/A")).toBeTruthy();
    expect(within(rows[0]!).getByText(T.active)).toBeTruthy();
    expect(within(rows[0]!).getByText(SETTINGS_TEXTS.neverUsed)).toBeTruthy();
    expect(within(rows[1]!).getByText(SETTINGS_TEXTS.tokenInactive)).toBeTruthy();
    expect(within(rows[1]!).getByText("leads:write")).toBeTruthy();
    expect(within(rows[1]!).getByText("02/03/26, 15:30")).toBeTruthy();
    expect(screen.getByRole("button", { name: SETTINGS_TEXTS.logout })).toBeTruthy();
    expect(screen.getByText(SETTINGS_TEXTS.signInMethod)).toBeTruthy();

    fireEvent.click(within(rows[0]!).getByRole("switch", { name: SETTINGS_TEXTS.toggleToken("CRM") }));
    await waitFor(() => expect(calls.some((c) => c.method === "PUT")).toBe(true));
    expect(bodyOf(calls.find((c) => c.method === "PUT"))).toEqual({ isActive: false });
  });

  it("manages the saved replies the composer offers", async () => {
    const replies = [{ id: "r1", shortcut: "orari", content: "Siamo aperti dalle 9 alle 18.", updatedAt: "2026-03-01T08:00:00.000Z" }];
    const { calls } = signedIn({
      "GET /api/settings": () => jsonResponse(SETTINGS),
      "GET /api/lead-manager/tokens": () => jsonResponse([]),
      "GET /api/saved-replies": () => jsonResponse(replies),
      "POST /api/saved-replies": (call) => {
        const created = { id: "r2", ...bodyOf(call), updatedAt: "2026-03-02T08:00:00.000Z" };
        replies.push(created);
        return jsonResponse(created, 201);
      },
      "DELETE /api/saved-replies/r1": () => {
        replies.splice(0, 1);
        return jsonResponse({ ok: true });
      },
    });
    renderApp("/settings");
    const card = await screen.findByTestId("saved-replies-card");
    expect((await within(card).findAllByTestId("saved-reply")).map((r) => r.textContent)).toEqual(["/orariSiamo aperti dalle 9 alle 18."]);
    fireEvent.click(within(card).getByTestId("saved-reply-add"));
    fireEvent.change(within(card).getByLabelText(SAVED_REPLY_TEXTS.shortcut), { target: { value: "saluti" } });
    fireEvent.change(within(card).getByLabelText(SAVED_REPLY_TEXTS.content), { target: { value: "Buongiorno {{nome}}!" } });
    fireEvent.click(within(card).getByTestId("saved-reply-save"));
    await waitFor(() => expect(calls.some((c) => c.method === "POST" && c.url === "/api/saved-replies")).toBe(true));
    expect(bodyOf(calls.find((c) => c.method === "POST" && c.url === "/api/saved-replies"))).toEqual({ shortcut: "saluti", content: "Buongiorno {{nome}}!" });
    await waitFor(() => expect(within(card).getAllByTestId("saved-reply")).toHaveLength(2));
    fireEvent.click(within(card).getByRole("button", { name: `${SAVED_REPLY_TEXTS.delete} /orari` }));
    await waitFor(() => expect(within(card).getAllByTestId("saved-reply")).toHaveLength(1));
  });

  it("picks the active account, saves only a change, and shows the saved one after the refresh", async () => {
    let active = "a1";
    const { calls } = signedIn({
      "GET /api/twilio-accounts": () => jsonResponse([account({ id: "a1", name: "Negozio Milano" }), account({ id: "a2", name: "Negozio Roma", isDefault: false })]),
      "GET /api/settings": () => jsonResponse({ ...SETTINGS, activeTwilioAccountId: active }),
      "GET /api/lead-manager/tokens": () => jsonResponse([]),
      "PUT /api/settings": (call) => {
        active = bodyOf(call).activeTwilioAccountId;
        return jsonResponse({ ...SETTINGS, activeTwilioAccountId: active });
      },
    });
    renderApp("/settings");
    const card = await screen.findByTestId("twilio-card");
    const picker = (await within(card).findByLabelText(T.accountSelectorLabel)) as HTMLSelectElement;
    expect(picker.value).toBe("a1");
    const saveButton = within(card).getByRole("button", { name: SETTINGS_TEXTS.saveSettings });
    expect(saveButton.hasAttribute("disabled")).toBe(true);
    fireEvent.change(picker, { target: { value: "a2" } });
    expect(saveButton.hasAttribute("disabled")).toBe(false);
    fireEvent.click(saveButton);
    expect(await screen.findByText(SETTINGS_TEXTS.settingsSaved)).toBeTruthy();
    expect(bodyOf(calls.find((c) => c.method === "PUT" && c.url === "/api/settings"))).toEqual({ activeTwilioAccountId: "a2" });
    await waitFor(() => expect(within(screen.getByTestId("twilio-card")).getByRole("button", { name: SETTINGS_TEXTS.saveSettings }).hasAttribute("disabled")).toBe(true));
    expect((within(screen.getByTestId("twilio-card")).getByLabelText(T.accountSelectorLabel) as HTMLSelectElement).value).toBe("a2");
  });

  it("opens the token form new, refuses it empty, saves, closes and clears", async () => {
    const { calls } = signedIn({
      "GET /api/settings": () => jsonResponse(SETTINGS),
      "GET /api/lead-manager/tokens": () => jsonResponse([]),
      "POST /api/lead-manager/tokens": (call) => jsonResponse(token({ name: bodyOf(call).name }), 201),
    });
    renderApp("/settings");
    expect(screen.queryByTestId("token-form")).toBeNull();
    fireEvent.click(await screen.findByRole("button", { name: SETTINGS_TEXTS.newToken }));
    const form = await screen.findByTestId("token-form");
    // The value is generated by the console, shown read-only; Genera replaces it with another.
    const input = form.querySelector('input[name="tokenRaw"]') as HTMLInputElement;
    expect(input.readOnly).toBe(true);
    const first = input.value;
    expect(first).toMatch(/^abp_/);
    fireEvent.click(within(form).getByRole("button", { name: "Salva" }));
    expect(await within(form).findByText(SETTINGS_TEXTS.tokenRequired)).toBeTruthy();
    fireEvent.change(form.querySelector('input[name="tokenName"]')!, { target: { value: "CRM" } });
    fireEvent.click(within(form).getByRole("button", { name: SETTINGS_TEXTS.generateToken }));
    const raw = (form.querySelector('input[name="tokenRaw"]') as HTMLInputElement).value;
    expect(raw.startsWith("abp_")).toBe(true);
    expect(raw).not.toBe(first);
    fireEvent.click(within(form).getByRole("button", { name: "Salva" }));
    expect(await screen.findByText(SETTINGS_TEXTS.tokenSaved)).toBeTruthy();
    await waitFor(() => expect(screen.queryByTestId("token-form")).toBeNull());
    expect(bodyOf(calls.find((c) => c.method === "POST"))).toEqual({ name: "CRM", tokenRaw: raw });
    fireEvent.click(screen.getByRole("button", { name: SETTINGS_TEXTS.newToken }));
    const next = ((await screen.findByTestId("token-form")).querySelector('input[name="tokenRaw"]') as HTMLInputElement).value;
    expect(next).toMatch(/^abp_/);
    expect(next).not.toBe(raw);
  });

  it("says 'Impossibile salvare il token' when the save fails", async () => {
    signedIn({
      "GET /api/settings": () => jsonResponse(SETTINGS),
      "GET /api/lead-manager/tokens": () => jsonResponse([]),
      "POST /api/lead-manager/tokens": () => jsonResponse({ error: "boom" }, 500),
    });
    renderApp("/settings");
    fireEvent.click(await screen.findByRole("button", { name: SETTINGS_TEXTS.newToken }));
    const form = await screen.findByTestId("token-form");
    fireEvent.change(form.querySelector('input[name="tokenName"]')!, { target: { value: "CRM" } });
    fireEvent.change(form.querySelector('input[name="tokenRaw"]')!, { target: { value: "x".repeat(20) } });
    fireEvent.click(within(form).getByRole("button", { name: "Salva" }));
    expect(await screen.findByText(SETTINGS_TEXTS.tokenSaveError)).toBeTruthy();
    expect(screen.getByTestId("token-form")).toBeTruthy();
  });

  describe("signed out", () => {
    const realLocation = window.location;
    const assign = vi.fn();
    beforeEach(() => {
      Object.defineProperty(window, "location", { configurable: true, value: { ...realLocation, assign } });
    });
    afterEach(() => {
      Object.defineProperty(window, "location", { configurable: true, value: realLocation });
      assign.mockReset();
    });

    it("toasts 'Non autorizzato' and goes to /api/login after 500 ms", async () => {
      signedIn({
        "GET /api/settings": () => jsonResponse({ error: "Non autorizzato" }, 401),
        "GET /api/lead-manager/tokens": () => jsonResponse({ error: "Non autorizzato" }, 401),
      });
      renderApp("/settings");
      expect(await screen.findByText(SETTINGS_TEXTS.unauthorizedDescription)).toBeTruthy();
      expect(assign).not.toHaveBeenCalled();
      await waitFor(() => expect(assign).toHaveBeenCalledWith("/api/login"), { timeout: 2_000 });
    });
  });
});

describe("Lead Sources", () => {
  const SOURCE: ApiLeadSource = {
    id: "s1",
    twilioAccountId: "a1",
    name: "Sito web",
    type: "website",
    isActive: true,
    templateId: "t2",
    templateName: "Offerta",
    templateVariables: { "1": { source: "field", field: "nome" } },
    autoResponse: true,
    autoSync: false,
    syncInterval: 30,
    calendarType: "weekly",
    calendarHour: 9,
    calendarMinute: 0,
    timezone: "Europe/Rome",
    talkingSchedules: [{ hour: 10, minute: 30, message: "Ciao!" }],
    selectedDays: [1, 3],
    startDate: null,
    endDate: null,
    specificDate: null,
    leadCount: 1,
    lastSyncAt: null,
    nextSyncAt: null,
    lastSyncResult: null,
    config: null,
    fieldMapping: {},
    webhook: null,
    lastCampaignAt: null,
    nextCampaignAt: "2026-03-02T09:30:00.000Z",
    campaignSent: false,
    plannedSends: [
      { at: "2026-03-02T09:30:00.000Z", key: "talk:0" },
      { at: "2026-03-04T09:30:00.000Z", key: "talk:0" },
    ],
    createdAt: "2026-03-01T08:00:00.000Z",
  };
  const LEAD: ApiLead = {
    id: "ld1",
    twilioAccountId: "a1",
    leadSourceId: "s1",
    leadSourceName: "Sito web",
    phoneNumber: "+393331234567",
    name: "Mario Rossi",
    email: "mario@rossi.it",
    company: "Rossi Srl",
    notes: null,
    customFields: null,
    status: "contacted",
    conversationId: "c1",
    externalId: null,
    importedAt: "2026-03-01T08:00:00.000Z",
    lastContactedAt: "2026-03-01T08:00:00.000Z",
    dealValue: null,
    convertedAt: null,
    templateBlocked: null,
  };

  it("takes the deal value of a converted lead, in euros, Italian style", async () => {
    const { calls } = signedIn({
      "GET /api/lead-sources": () => jsonResponse([SOURCE]),
      "GET /api/templates": () => jsonResponse([]),
      "GET /api/leads": () => jsonResponse({ leads: [{ ...LEAD, status: "converted", dealValue: 100, convertedAt: "2026-03-02T08:00:00.000Z" }, LEAD], total: 2, page: 1, pageSize: 25 }),
      "PUT /api/leads/ld1": (call) => jsonResponse({ ...LEAD, status: "converted", ...bodyOf(call) }),
    });
    renderApp("/leads");
    const rows = await screen.findAllByTestId("lead-row");
    expect(within(rows[1]!).queryByTestId("lead-deal-value")).toBeNull();
    const field = within(rows[0]!).getByTestId("lead-deal-value") as HTMLInputElement;
    expect(field.value).toBe("100,00");
    fireEvent.change(field, { target: { value: "dieci" } });
    fireEvent.blur(field);
    expect(await screen.findByText(LEAD_TEXTS.dealValueInvalid)).toBeTruthy();
    expect(calls.some((c) => c.method === "PUT")).toBe(false);
    fireEvent.change(field, { target: { value: "1.250,50" } });
    fireEvent.blur(field);
    await waitFor(() => expect(bodyOf(calls.find((c) => c.method === "PUT"))).toEqual({ dealValue: 1250.5 }));
  });

  it("lists sources and leads with status and a link to the conversation", async () => {
    const { calls } = signedIn({
      "GET /api/lead-sources": () => jsonResponse([SOURCE]),
      "GET /api/templates": () => jsonResponse([template({ id: "t2", name: "Offerta", status: "approved" })]),
      "GET /api/leads": () => jsonResponse({ leads: [LEAD, { ...LEAD, id: "ld2", name: null, phoneNumber: "+393330000000", conversationId: null, status: "new" }], total: 2, page: 1, pageSize: 25 }),
      "PUT /api/leads/ld1": (call) => jsonResponse({ ...LEAD, ...bodyOf(call) }),
    });
    renderApp("/leads");
    const card = await screen.findByTestId("lead-source-card");
    expect(within(card).getByRole("heading", { name: "Sito web" })).toBeTruthy();
    expect(within(card).getByText("Offerta")).toBeTruthy();
    expect(within(card).getByText(/Lun Mer/)).toBeTruthy();
    const rows = await screen.findAllByTestId("lead-row");
    expect(within(rows[0]!).getByTestId("lead-chat-link").getAttribute("href")).toBe("/chat/c1");
    expect(within(rows[1]!).queryByTestId("lead-chat-link")).toBeNull();
    const status = within(rows[0]!).getByRole("combobox") as HTMLSelectElement;
    expect(status.value).toBe("contacted");
    fireEvent.change(status, { target: { value: "converted" } });
    expect(await screen.findByText(LEAD_TEXTS.leadUpdated)).toBeTruthy();
    expect(bodyOf(calls.find((c) => c.method === "PUT"))).toEqual({ status: "converted" });
  });

  it("loads the following leads with 'Carica altri' through X-Next-Cursor, with the filter kept", async () => {
    const { calls } = signedIn({
      "GET /api/lead-sources": () => jsonResponse([SOURCE]),
      "GET /api/templates": () => jsonResponse([]),
      "GET /api/leads": (call) => {
        const q = new URL(call.url, "http://x").searchParams;
        if (q.get("cursor") === "1772352000000_ld2") return jsonResponse({ leads: [{ ...LEAD, id: "ld3", name: "Terzo" }], total: 3, page: 1, pageSize: 25 });
        const res = jsonResponse({ leads: [LEAD, { ...LEAD, id: "ld2", name: "Secondo" }], total: 3, page: 1, pageSize: 25 });
        res.headers.set("X-Next-Cursor", "1772352000000_ld2");
        return res;
      },
    });
    renderApp("/leads");
    expect(await screen.findAllByTestId("lead-row")).toHaveLength(2);
    expect(screen.getByTestId("leads-shown").textContent).toBe("2 di 3 lead");
    fireEvent.change(screen.getByRole("combobox", { name: LEAD_TEXTS.statusLabel }), { target: { value: "contacted" } });
    await waitFor(() => expect(calls.some((c) => c.url.includes("status=contacted"))).toBe(true));
    fireEvent.click(await screen.findByRole("button", { name: "Carica altri" }));
    await waitFor(() => expect(screen.getAllByTestId("lead-row")).toHaveLength(3));
    const next = calls.find((c) => c.url.includes("cursor="))!;
    expect(new URL(next.url, "http://x").searchParams.get("status")).toBe("contacted");
    // The last page has no cursor: the list says it is whole.
    expect(screen.queryByRole("button", { name: "Carica altri" })).toBeNull();
    expect(screen.getByText("3 lead")).toBeTruthy();
  });

  it("creates an Airtable source with its table and mapping; push-only types offer no auto-sync", async () => {
    const { calls } = signedIn({
      "GET /api/lead-sources": () => jsonResponse([]),
      "GET /api/templates": () => jsonResponse([]),
      "GET /api/leads": () => jsonResponse({ leads: [], total: 0, page: 1, pageSize: 25 }),
      "POST /api/lead-sources": (call) => jsonResponse({ ...SOURCE, ...bodyOf(call) }, 201),
    });
    renderApp("/leads");
    fireEvent.click(await screen.findByRole("button", { name: LEAD_TEXTS.newSource }));
    const dialog = await screen.findByRole("dialog");
    expect(within(dialog).queryByLabelText(LEAD_TEXTS.autoSyncLabel)).toBeNull();
    fireEvent.change(dialog.querySelector('input[name="name"]')!, { target: { value: "Fiera" } });
    fireEvent.change(dialog.querySelector('select[name="type"]')!, { target: { value: "airtable" } });
    expect(within(dialog).getByLabelText(LEAD_TEXTS.autoSyncLabel)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole("button", { name: "Salva" }));
    expect((await within(dialog).findAllByText(LEAD_TEXTS.airtableRequired)).length).toBeGreaterThan(0);
    expect(calls.some((c) => c.method === "POST")).toBe(false);
    const input = (name: string, value: string) => fireEvent.change(dialog.querySelector(`input[name="${name}"]`)!, { target: { value } });
    input("apiKey", "patSegreto.123");
    input("baseId", "appFiera");
    input("tableId", "tblLead");
    input("mapping.phoneNumber", "Cellulare");
    input("mapping.name", "Nome");
    fireEvent.click(within(dialog).getByLabelText(LEAD_TEXTS.autoSyncLabel));
    fireEvent.click(within(dialog).getByRole("button", { name: "Salva" }));
    await waitFor(() => expect(calls.some((c) => c.method === "POST")).toBe(true));
    expect(bodyOf(calls.find((c) => c.method === "POST"))).toMatchObject({
      type: "airtable",
      autoSync: true,
      config: { apiKey: "patSegreto.123", baseId: "appFiera", tableId: "tblLead", viewId: null },
      fieldMapping: { phoneNumber: "Cellulare", name: "Nome" },
    });
  });

  it("shows a source's last sync and lists its leads from its card", async () => {
    const airtableSource: ApiLeadSource = {
      ...SOURCE,
      id: "s2",
      name: "Tabella fiera",
      type: "airtable",
      autoSync: true,
      lastSyncAt: "2026-03-01T09:00:00.000Z",
      nextSyncAt: "2026-03-01T09:30:00.000Z",
      lastSyncResult: { ok: true, created: 3, updated: 1, invalid: 2, error: null },
      config: { baseId: "appFiera", tableId: "tblLead", viewId: null, apiKey: "••••••••1234" },
      fieldMapping: { phoneNumber: "Cellulare" },
    };
    const { calls } = signedIn({
      "GET /api/lead-sources": () => jsonResponse([SOURCE, airtableSource]),
      "GET /api/templates": () => jsonResponse([]),
      "GET /api/leads": () => jsonResponse({ leads: [LEAD], total: 1, page: 1, pageSize: 25 }),
    });
    renderApp("/leads");
    const cards = await screen.findAllByTestId("lead-source-card");
    expect(within(cards[0]!).queryByTestId("source-sync")).toBeNull();
    expect(within(cards[1]!).getByTestId("source-sync").textContent).toContain(LEAD_TEXTS.syncResult(3, 1, 2));
    fireEvent.click(within(cards[1]!).getByTestId("source-show-leads"));
    await waitFor(() => expect(calls.some((c) => c.url.startsWith("/api/leads") && new URL(c.url, "http://x").searchParams.get("leadSourceId") === "s2")).toBe(true));
  });

  it("shows the next planned sends of the plan being typed, and the next one on the card", async () => {
    signedIn({
      "GET /api/lead-sources": () => jsonResponse([SOURCE]),
      "GET /api/templates": () => jsonResponse([]),
      "GET /api/leads": () => jsonResponse({ leads: [], total: 0, page: 1, pageSize: 25 }),
    });
    renderApp("/leads");
    const card = await screen.findByTestId("lead-source-card");
    expect(within(card).getByTestId("source-next-send").textContent).toContain(LEAD_TEXTS.plannedTitle);
    fireEvent.click(await screen.findByRole("button", { name: LEAD_TEXTS.newSource }));
    const dialog = await screen.findByRole("dialog");
    const preview = within(dialog).getByTestId("planned-sends");
    expect(within(preview).getByText(LEAD_TEXTS.plannedNone)).toBeTruthy();
    fireEvent.change(dialog.querySelector('input[name="name"]')!, { target: { value: "Fiera" } });
    fireEvent.change(dialog.querySelector('select[name="calendarType"]')!, { target: { value: "daily" } });
    fireEvent.click(within(dialog).getByRole("button", { name: LEAD_TEXTS.addSchedule }));
    fireEvent.change(within(dialog).getByTestId("talking-schedules").querySelector("textarea")!, { target: { value: "Ci vediamo allo stand" } });
    await waitFor(() => expect(within(preview).getAllByRole("listitem")).toHaveLength(5));
    expect(within(preview).getAllByText(LEAD_TEXTS.plannedCampaign).length).toBeGreaterThan(0);
    expect(within(preview).getAllByText(LEAD_TEXTS.plannedTalking("Ci vediamo allo stand")).length).toBeGreaterThan(0);
  });

  it("shows a Google Ads source's webhook URL and key to paste into the lead form", async () => {
    signedIn({
      "GET /api/lead-sources": () => jsonResponse([{ ...SOURCE, id: "g1", type: "google", webhook: { path: "/webhooks/google-leads/g1", key: "chiave-google-123" } }]),
      "GET /api/templates": () => jsonResponse([]),
      "GET /api/leads": () => jsonResponse({ leads: [], total: 0, page: 1, pageSize: 25 }),
    });
    renderApp("/leads");
    const hook = await screen.findByTestId("source-webhook");
    expect(hook.textContent).toContain(`${window.location.origin}/webhooks/google-leads/g1`);
    expect(hook.textContent).toContain("chiave-google-123");
  });

  it("maps the source template's variables with a live preview for the source's first lead, and refuses an unmapped one", async () => {
    const first = { ...LEAD, customFields: { Negozio: "Bottega Rossi" } };
    const { calls } = signedIn({
      "GET /api/lead-sources": () => jsonResponse([SOURCE]),
      "GET /api/templates": () =>
        jsonResponse([template({ id: "t2", name: "Offerta", status: "approved", whatsappContent: { type: "text", text: "Ciao {{1}}, ti aspettiamo da {{2}}!", mediaUrl: null, mediaCaption: null }, variables: ["1", "2"] })]),
      "GET /api/leads": () => jsonResponse({ leads: [first], total: 1, page: 1, pageSize: 25 }),
      "PUT /api/lead-sources/s1": (call) => jsonResponse({ ...SOURCE, ...bodyOf(call) }),
    });
    renderApp("/leads");
    const card = await screen.findByTestId("lead-source-card");
    fireEvent.click(within(card).getByRole("button", { name: /Modifica/ }));
    const dialog = await screen.findByRole("dialog");
    const preview = await within(dialog).findByTestId("template-preview");
    // {{1}} was saved as the lead's first name; {{2}} has no value yet and stays visible in the preview.
    await waitFor(() => expect(preview.textContent).toBe("Ciao Mario, ti aspettiamo da {{2}}!"));
    expect(within(dialog).getByText(TEMPLATE_VARIABLE_TEXTS.previewFor("Mario Rossi"))).toBeTruthy();
    fireEvent.click(within(dialog).getByRole("button", { name: "Salva" }));
    expect(await within(dialog).findByText(TEMPLATE_VARIABLE_TEXTS.missing(["2"]))).toBeTruthy();
    expect(calls.some((c) => c.method === "PUT")).toBe(false);

    fireEvent.change(dialog.querySelector('select[name="variable-2"]')!, { target: { value: "custom" } });
    fireEvent.change(dialog.querySelector('input[name="variable-2-key"]')!, { target: { value: "negozio" } });
    expect(preview.textContent).toBe("Ciao Mario, ti aspettiamo da Bottega Rossi!");
    fireEvent.click(within(dialog).getByRole("button", { name: "Salva" }));
    await waitFor(() => expect(calls.some((c) => c.method === "PUT")).toBe(true));
    expect(bodyOf(calls.find((c) => c.method === "PUT"))).toMatchObject({
      templateId: "t2",
      templateVariables: { "1": { source: "field", field: "nome" }, "2": { source: "custom", key: "negozio" } },
    });
  });

  it("shows on a lead's row why the source's template was not sent to it", async () => {
    signedIn({
      "GET /api/lead-sources": () => jsonResponse([SOURCE]),
      "GET /api/templates": () => jsonResponse([]),
      "GET /api/leads": () => jsonResponse({ leads: [{ ...LEAD, templateBlocked: TEMPLATE_VARIABLE_TEXTS.noValue(["2"]) }, { ...LEAD, id: "ld2" }], total: 2, page: 1, pageSize: 25 }),
    });
    renderApp("/leads");
    const rows = await screen.findAllByTestId("lead-row");
    expect(within(rows[0]!).getByTestId("lead-template-blocked").textContent).toBe(LEAD_TEXTS.templateBlocked(TEMPLATE_VARIABLE_TEXTS.noValue(["2"])));
    expect(within(rows[1]!).queryByTestId("lead-template-blocked")).toBeNull();
  });

  it("checks the talking schedules in the source dialog", async () => {
    const { calls } = signedIn({
      "GET /api/lead-sources": () => jsonResponse([]),
      "GET /api/templates": () => jsonResponse([]),
      "GET /api/leads": () => jsonResponse({ leads: [], total: 0, page: 1, pageSize: 25 }),
    });
    renderApp("/leads");
    fireEvent.click(await screen.findByRole("button", { name: LEAD_TEXTS.newSource }));
    const dialog = await screen.findByRole("dialog");
    fireEvent.change(dialog.querySelector('input[name="name"]')!, { target: { value: "Fiera" } });
    fireEvent.click(within(dialog).getByRole("button", { name: LEAD_TEXTS.addSchedule }));
    const schedules = within(dialog).getByTestId("talking-schedules");
    fireEvent.change(schedules.querySelectorAll("input")[0]!, { target: { value: "25" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Salva" }));
    expect(await within(dialog).findByText(LEAD_TEXTS.hourInvalid)).toBeTruthy();
    expect(within(dialog).getByText(LEAD_TEXTS.messageRequired)).toBeTruthy();
    expect(calls.some((c) => c.method === "POST")).toBe(false);
  });
});

afterEach(() => {
  vi.useRealTimers();
});
