import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { ApiCampaign, ApiCampaignCapacity, ApiFunnelStep, ApiRecipientSample } from "@shared/schemas/campaigns";
import { CAMPAIGN } from "@shared/schemas/campaigns";
import { CAMPAIGN_TEXTS as TX } from "@shared/texts/campaigns";
import type { ApiList } from "@shared/schemas/lists";
import type { ProviderTemplate } from "@shared/sandbox-templates";
import { TEMPLATE_VARIABLE_TEXTS as VX } from "@shared/texts/template-variables";
import { emptyCalendarForm, emptyDynamicForm, validateCalendarForm, validateDynamicForm } from "@web/features/campaigns/lib/campaign-form";
import { romeDateTime, stepTriggerText } from "@web/features/campaigns/lib/format";
import { emptyStepForm, stepFormFrom, validateStepForm } from "@web/features/campaigns/lib/step-form";
import { jsonResponse, type RecordedCall } from "./fetch-mock";
import { adminOnSandbox, renderApp } from "./render-app";

type Handler = (call: RecordedCall) => Response | Promise<Response>;

const STATS = { pending: 0, sent: 0, delivered: 0, replied: 0, stopped: 0, skipped: 0, failed: 0 };

function campaign(over: Partial<ApiCampaign> = {}): ApiCampaign {
  return {
    id: "c1",
    campaignId: "camp_c1",
    name: "Follow-up preventivi",
    campaignType: "dynamic",
    status: "active",
    templateSid: "HXwelcome",
    targetListId: "l-dyn",
    targetListName: "Nuovi contatti",
    twilioAccountId: "a1",
    preferredHour: null,
    preferredMinute: 0,
    scheduledAt: null,
    totalRecipients: 3,
    sentCount: 0,
    deliveredCount: 0,
    failedCount: 0,
    skippedCount: 0,
    stepCount: 0,
    createdAt: "2026-03-01T09:00:00.000Z",
    ...over,
  };
}

function step(over: Partial<ApiFunnelStep> = {}): ApiFunnelStep {
  return {
    id: "s1",
    campaignId: "c1",
    stepOrder: 1,
    stepType: "message",
    templateSid: "HXwelcome",
    variables: { "1": { source: "field", field: "nome" } },
    triggerType: "immediate",
    triggerValue: null,
    triggerUnit: null,
    triggerDate: null,
    isActive: true,
    stats: STATS,
    ...over,
  };
}

function list(over: Partial<ApiList>): ApiList {
  return {
    id: "l1",
    twilioAccountId: "a1",
    name: "Lista",
    source: "csv",
    listType: "static",
    config: null,
    fieldMapping: {},
    isActive: true,
    createdAt: "2026-03-01T09:00:00.000Z",
    lastSyncAt: null,
    syncInterval: 30,
    nextSyncAt: null,
    leadCount: 3,
    lastImport: null,
    ...over,
  };
}

const LISTS = [list({ id: "l-static", name: "Fiera 2025", listType: "static" }), list({ id: "l-dyn", name: "Nuovi contatti", listType: "dynamic" })];

function template(sid: string, friendlyName: string, status = "approved"): ProviderTemplate {
  return { sid, friendlyName, status, language: "it", bodyText: "Ciao {{1}}", variables: ["1"], category: null };
}

// The list's first lead as the server reads it for the preview.
const SAMPLE: ApiRecipientSample = {
  total: 3,
  first: { name: "Giulia Bianchi", context: { contact: { nome: "Giulia", cognome: "Bianchi" }, custom: { Città: "Parma" } } },
  customKeys: ["Città"],
};

const TEMPLATES = [template("HXwelcome", "benvenuto"), template("HXfollow", "promemoria_offerta"), template("HXdraft", "in_revisione", "pending")];

const CAPACITY: ApiCampaignCapacity = {
  recipients: 12000,
  skippedOptedOut: 4,
  skippedOperator: 1,
  messages: 24000,
  messagesPerSecond: 10,
  firstSendAt: "2026-03-25T09:00:00.000Z",
  finishesAt: "2026-03-25T09:02:00.000Z",
};

function signedIn(routes: Record<string, Handler>) {
  return adminOnSandbox({
    "GET /api/operator-questions": () => jsonResponse([]),
    "GET /api/twilio-templates": () => jsonResponse(TEMPLATES),
    "GET /api/lists": () => jsonResponse(LISTS),
    ...routes,
  });
}

const bodyOf = (call: RecordedCall | undefined) => JSON.parse(String(call?.body));
const callsTo = (calls: RecordedCall[], method: string, url: string) => calls.filter((c) => c.method === method && c.url === url);
const expectToast = async (text: string) => expect((await screen.findAllByText(text)).length).toBeGreaterThan(0);
const select = (dialog: HTMLElement, label: string, value: string) => fireEvent.change(within(dialog).getByLabelText(label), { target: { value } });
const type = (dialog: HTMLElement, label: string, value: string) => fireEvent.change(within(dialog).getByLabelText(label), { target: { value } });

async function openFunnel(name: string) {
  const card = (await screen.findAllByTestId("campaign-card")).find((c) => within(c).queryByText(name))!;
  fireEvent.click(within(card).getByTestId("funnel-toggle"));
  return within(card).findByTestId("funnel-panel");
}

beforeAll(async () => {
  await Promise.all([import("@web/layout/app-shell"), import("@web/routes/campaigns")]);
});

beforeEach(() => {
  vi.spyOn(console, "error").mockImplementation(() => {});
});

describe("trigger texts and the step form", () => {
  it("describes each trigger as the spec words it, with absolute dates in Rome", () => {
    expect(stepTriggerText(step())).toBe("Immediato");
    expect(stepTriggerText(step({ triggerType: "relative", triggerValue: 1, triggerUnit: "days" }))).toBe("Dopo 1 giorno");
    expect(stepTriggerText(step({ triggerType: "relative", triggerValue: 3, triggerUnit: "hours" }))).toBe("Dopo 3 ore");
    expect(stepTriggerText(step({ triggerType: "relative", triggerValue: 30, triggerUnit: "minutes" }))).toBe("Dopo 30 minuti");
    // 29 March 2026 is the day Italy moves to summer time: 08:00 UTC is 10:00 in Rome, the day before 09:00 UTC is.
    expect(stepTriggerText(step({ triggerType: "absolute", triggerDate: "2026-03-29T08:00:00.000Z" }))).toBe("Il 29/03/2026 alle 10:00");
    expect(stepTriggerText(step({ triggerType: "absolute", triggerDate: "2026-03-28T09:00:00.000Z" }))).toBe("Il 28/03/2026 alle 10:00");
    expect(stepTriggerText(step({ triggerType: "relative", triggerValue: null, triggerUnit: null }))).toBe(TX.notConfigured);
    expect(stepTriggerText(step({ triggerType: "absolute", triggerDate: null }))).toBe(TX.notConfigured);
  });

  it("defaults to a message sent immediately, and asks for the template of a message", () => {
    const empty = emptyStepForm();
    expect(empty).toMatchObject({ stepType: "message", triggerType: "immediate" });
    expect(validateStepForm(empty)).toEqual({ ok: false, errors: { templateSid: TX.stepTemplateRequired } });
    expect(validateStepForm({ ...empty, stepType: "conditional_reply" })).toEqual({
      ok: true,
      body: { stepType: "conditional_reply", templateSid: null, triggerType: "immediate", triggerValue: null, triggerUnit: null, triggerDate: null, variables: null },
    });
  });

  it("parses the delay as an integer of at least 1, and sends only the trigger's own fields", () => {
    const relative = { ...emptyStepForm(), templateSid: "HXfollow", triggerType: "relative" as const, triggerUnit: "hours" as const };
    expect(validateStepForm({ ...relative, triggerValue: "0" })).toMatchObject({ ok: false, errors: { triggerValue: TX.triggerValueMin } });
    expect(validateStepForm({ ...relative, triggerValue: "" })).toMatchObject({ ok: false, errors: { triggerValue: TX.triggerValueMin } });
    expect(validateStepForm({ ...relative, triggerValue: "10001" })).toMatchObject({ ok: false, errors: { triggerValue: TX.triggerValueMax(CAMPAIGN.triggerValueMax) } });
    expect(validateStepForm({ ...relative, triggerValue: "2.7" })).toEqual({
      ok: true,
      body: { stepType: "message", templateSid: "HXfollow", triggerType: "relative", triggerValue: 2, triggerUnit: "hours", triggerDate: null, variables: {} },
    });
    // A {{n}} of the template without a source stops the save.
    expect(validateStepForm({ ...relative, triggerValue: "2" }, ["1"])).toEqual({ ok: false, errors: { variables: VX.missing(["1"]) } });
  });

  it("turns the Rome date and time of an absolute step into the UTC instant, across both DST changes", () => {
    const absolute = { ...emptyStepForm(), templateSid: "HXfollow", triggerType: "absolute" as const };
    expect(validateStepForm({ ...absolute, date: "" })).toMatchObject({ ok: false, errors: { date: TX.triggerDateRequired } });
    const at = (date: string, time: string) => {
      const result = validateStepForm({ ...absolute, date, time });
      return result.ok ? result.body.triggerDate : null;
    };
    expect(at("2026-03-28", "10:00")).toBe("2026-03-28T09:00:00.000Z");
    expect(at("2026-03-29", "10:00")).toBe("2026-03-29T08:00:00.000Z");
    expect(at("2026-10-25", "10:00")).toBe("2026-10-25T09:00:00.000Z");
    expect(at("2026-07-15", "23:30")).toBe("2026-07-15T21:30:00.000Z");
    // Editing shows the stored instant back as Rome date and time.
    expect(stepFormFrom(step({ triggerType: "absolute", triggerDate: "2026-03-29T08:00:00.000Z" }))).toMatchObject({ date: "2026-03-29", time: "10:00" });
  });

  it("checks the campaign forms with the shared schemas", () => {
    expect(validateDynamicForm(emptyDynamicForm(), "a1")).toMatchObject({
      ok: false,
      errors: { name: "Nome campagna richiesto", templateSid: "Template richiesto", targetListId: "Lista di destinazione richiesta" },
    });
    const now = new Date("2026-03-25T12:00:00.000Z");
    const calendar = emptyCalendarForm(now);
    expect(calendar).toMatchObject({ scheduledDate: "2026-03-26", scheduledTime: "10:00" });
    const filled = { ...calendar, name: "Saldi", targetListId: "l1", templateSid: "HXwelcome" };
    expect(validateCalendarForm({ ...filled, scheduledDate: "2026-03-25", scheduledTime: "12:30" }, now)).toMatchObject({ ok: false, errors: { scheduledDate: TX.scheduledInPast } });
    expect(validateCalendarForm(filled, now)).toEqual({
      ok: true,
      data: { name: "Saldi", targetListId: "l1", templateSid: "HXwelcome", scheduledDate: "2026-03-26", scheduledTime: "10:00", variables: {} },
    });
    expect(validateCalendarForm(filled, now, ["1"])).toEqual({ ok: false, errors: { variables: VX.missing(["1"]) } });
    expect(romeDateTime("2026-03-26T09:00:00.000Z")).toBe("26/03/2026 alle 10:00");
  });
});

describe("Campagne WhatsApp", () => {
  it("shows the loading text, then only dynamic campaigns on DINAMICA and calendar ones on CALENDAR", async () => {
    const waiting: ((r: Response) => void)[] = [];
    const { calls } = signedIn({
      "GET /api/campaigns": () => new Promise<Response>((resolve) => waiting.push(resolve)),
    });
    renderApp("/campaigns");
    expect(await screen.findByText(TX.loading)).toBeTruthy();
    expect(screen.getByTestId("page-title").textContent).toBe(TX.title);
    expect(screen.getByTestId("campaigns-back").getAttribute("href")).toBe("/");
    const answer = () =>
      jsonResponse([
        campaign({ sentCount: 12345, deliveredCount: 12000, failedCount: 3, skippedCount: 2 }),
        campaign({ id: "c2", name: "Riattivazione", status: "paused" }),
        campaign({ id: "c3", name: "Saldi di primavera", campaignType: "calendar", status: "active", scheduledAt: "2026-03-29T08:00:00.000Z", sentCount: 40, deliveredCount: 38, failedCount: 2 }),
      ]);
    await waitFor(() => expect(waiting.length).toBeGreaterThan(0));
    expect(screen.getByText(TX.loading)).toBeTruthy();
    for (const resolve of waiting) resolve(answer());
    const cards = await screen.findAllByTestId("campaign-card");
    expect(cards).toHaveLength(2);
    const first = within(cards[0]!);
    expect(first.getByText("Follow-up preventivi")).toBeTruthy();
    expect(first.getByTestId("campaign-template-sid").textContent).toBe("HXwelcome");
    expect(first.getByText("benvenuto")).toBeTruthy();
    expect(first.getByTestId("campaign-status").textContent).toBe(TX.active);
    expect(first.getByTestId("campaign-sent").textContent).toBe("12.345 inviati");
    expect(first.getByTestId("campaign-counts").textContent).toContain("12.000 consegnati");
    expect(first.getByRole("switch").getAttribute("aria-checked")).toBe("true");
    expect(within(cards[1]!).getByTestId("campaign-status").textContent).toBe(TX.paused);
    expect(within(cards[1]!).getByRole("switch").getAttribute("aria-checked")).toBe("false");
    expect(screen.queryByText("Saldi di primavera")).toBeNull();
    expect(callsTo(calls, "GET", "/api/campaigns")).toHaveLength(1);

    const dynamicTab = screen.getByRole("tab", { name: TX.tabDynamic });
    expect(dynamicTab.getAttribute("aria-selected")).toBe("true");
    fireEvent.click(screen.getByRole("tab", { name: TX.tabCalendar }));
    const calendarCard = await screen.findByTestId("calendar-campaign-card");
    expect(within(calendarCard).getByText("Saldi di primavera")).toBeTruthy();
    expect(within(calendarCard).getByTestId("calendar-scheduled-at").textContent).toBe(TX.scheduledFor("29/03/2026 alle 10:00"));
    expect(within(calendarCard).getByTestId("campaign-sent").textContent).toBe("40 inviati");
    expect(within(calendarCard).getByTestId("campaign-counts").textContent).toContain("2 falliti");
    expect(screen.queryAllByTestId("campaign-card")).toHaveLength(0);
  });

  it("shows the empty states of both tabs", async () => {
    signedIn({ "GET /api/campaigns": () => jsonResponse([]) });
    renderApp("/campaigns");
    expect(await screen.findByText(TX.emptyDynamic)).toBeTruthy();
    expect(screen.getByRole("button", { name: TX.createDynamic })).toBeTruthy();
    fireEvent.click(screen.getByRole("tab", { name: TX.tabCalendar }));
    expect(await screen.findByText(TX.emptyCalendar)).toBeTruthy();
    expect(screen.getByRole("button", { name: TX.createCalendar })).toBeTruthy();
  });

  it("creates a dynamic campaign on a dynamic list only, with the preferred follow-up time", async () => {
    const { calls } = signedIn({
      "GET /api/campaigns": () => jsonResponse([]),
      "POST /api/campaigns/dynamic": (call) => jsonResponse(campaign({ id: "c9", name: bodyOf(call).name, status: "pending" }), 201),
    });
    renderApp("/campaigns");
    fireEvent.click(await screen.findByRole("button", { name: TX.createDynamic }));
    const dialog = await screen.findByRole("dialog", { name: TX.createDynamicTitle });
    const listOptions = within(within(dialog).getByLabelText(`${TX.targetListLabel} *`)).getAllByRole("option").map((o) => o.textContent);
    expect(listOptions).toEqual([TX.selectList, "Nuovi contatti"]);
    const templateOptions = within(within(dialog).getByLabelText(`${TX.template} *`)).getAllByRole("option").map((o) => o.textContent);
    expect(templateOptions).toEqual([TX.selectTemplate, "benvenuto", "promemoria_offerta"]);
    expect(within(dialog).getByText(TX.preferredHint)).toBeTruthy();

    fireEvent.click(within(dialog).getByRole("button", { name: TX.create }));
    expect(await within(dialog).findByText("Nome campagna richiesto")).toBeTruthy();
    expect(within(dialog).getByText("Lista di destinazione richiesta")).toBeTruthy();
    expect(within(dialog).getByText("Template richiesto")).toBeTruthy();
    expect(callsTo(calls, "POST", "/api/campaigns/dynamic")).toHaveLength(0);

    type(dialog, `${TX.nameLabel} *`, "  Benvenuto nuovi lead ");
    select(dialog, `${TX.targetListLabel} *`, "l-dyn");
    select(dialog, `${TX.template} *`, "HXfollow");
    select(dialog, TX.preferredHourLabel, "14");
    select(dialog, TX.preferredMinuteLabel, "30");
    fireEvent.click(within(dialog).getByRole("button", { name: TX.create }));
    await expectToast(TX.created);
    expect(bodyOf(callsTo(calls, "POST", "/api/campaigns/dynamic")[0])).toEqual({
      name: "Benvenuto nuovi lead",
      templateSid: "HXfollow",
      targetListId: "l-dyn",
      twilioAccountId: "a1",
      preferredHour: 14,
      preferredMinute: 30,
    });
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
  });

  it("explains when there is no dynamic list, and shows the server's reason when creation fails", async () => {
    let lists = [LISTS[0]!];
    signedIn({
      "GET /api/lists": () => jsonResponse(lists),
      "GET /api/campaigns": () => jsonResponse([]),
      "POST /api/campaigns/dynamic": () => jsonResponse({ error: TX.templateNotApproved }, 400),
    });
    const { queryClient } = renderApp("/campaigns");
    fireEvent.click(await screen.findByRole("button", { name: TX.createDynamic }));
    let dialog = await screen.findByRole("dialog", { name: TX.createDynamicTitle });
    expect(await within(dialog).findByText(TX.noDynamicLists)).toBeTruthy();
    expect(within(dialog).getByRole("link", { name: TX.goToLists }).getAttribute("href")).toBe("/lists");

    lists = LISTS;
    await queryClient.invalidateQueries({ queryKey: ["/api/lists"] });
    dialog = await screen.findByRole("dialog", { name: TX.createDynamicTitle });
    await waitFor(() => expect(within(dialog).queryByText(TX.noDynamicLists)).toBeNull());
    type(dialog, `${TX.nameLabel} *`, "Benvenuto");
    select(dialog, `${TX.targetListLabel} *`, "l-dyn");
    select(dialog, `${TX.template} *`, "HXwelcome");
    fireEvent.click(within(dialog).getByRole("button", { name: TX.create }));
    await expectToast(TX.createError);
    await expectToast(TX.templateNotApproved);
    expect(screen.getByRole("dialog", { name: TX.createDynamicTitle })).toBeTruthy();
  });

  it("checks capacity before first activating a campaign, then sends the PATCH; pausing needs no check", async () => {
    let status: ApiCampaign["status"] = "pending";
    const { calls } = signedIn({
      "GET /api/campaigns": () => jsonResponse([campaign({ status, stepCount: 2 })]),
      "GET /api/campaigns/c1/capacity": () => jsonResponse(CAPACITY),
      "PATCH /api/campaigns/c1": (call) => {
        status = bodyOf(call).status;
        return jsonResponse(campaign({ status }));
      },
    });
    renderApp("/campaigns");
    const card = await screen.findByTestId("campaign-card");
    expect(within(card).getByTestId("campaign-status").textContent).toBe(TX.paused);
    fireEvent.click(within(card).getByRole("switch"));

    const dialog = await screen.findByRole("dialog", { name: TX.capacityTitle });
    expect((await within(dialog).findByTestId("capacity-recipients")).textContent).toContain("12.000");
    expect(within(dialog).getByTestId("capacity-messages").textContent).toContain("24.000");
    expect(within(dialog).getByTestId("capacity-rate").textContent).toContain("10 msg/s");
    expect(within(dialog).getByTestId("capacity-skipped").textContent).toContain(TX.skippedDetail(4, 1));
    expect(within(dialog).getByTestId("capacity-finishes").textContent).toContain("25/03/2026 alle 10:02");
    expect(callsTo(calls, "PATCH", "/api/campaigns/c1")).toHaveLength(0);

    fireEvent.click(within(dialog).getByTestId("capacity-confirm"));
    await expectToast(TX.updated);
    expect(bodyOf(callsTo(calls, "PATCH", "/api/campaigns/c1")[0])).toEqual({ status: "active" });
    await waitFor(() => expect(within(screen.getByTestId("campaign-card")).getByTestId("campaign-status").textContent).toBe(TX.active));
    expect(screen.queryByRole("dialog")).toBeNull();

    fireEvent.click(within(screen.getByTestId("campaign-card")).getByRole("switch"));
    await waitFor(() => expect(callsTo(calls, "PATCH", "/api/campaigns/c1")).toHaveLength(2));
    expect(bodyOf(callsTo(calls, "PATCH", "/api/campaigns/c1")[1])).toEqual({ status: "paused" });
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(callsTo(calls, "GET", "/api/campaigns/c1/capacity")).toHaveLength(1);
  });

  it("shows why a campaign cannot be activated", async () => {
    signedIn({
      "GET /api/campaigns": () => jsonResponse([campaign({ status: "pending" })]),
      "GET /api/campaigns/c1/capacity": () => jsonResponse({ error: TX.noStepsToActivate }, 400),
      "PATCH /api/campaigns/c1": () => jsonResponse({ error: TX.noStepsToActivate }, 400),
    });
    renderApp("/campaigns");
    fireEvent.click(within(await screen.findByTestId("campaign-card")).getByRole("switch"));
    const dialog = await screen.findByRole("dialog", { name: TX.capacityTitle });
    expect(await within(dialog).findByText(TX.noStepsToActivate)).toBeTruthy();
    fireEvent.click(within(dialog).getByTestId("capacity-confirm"));
    await expectToast(TX.updateError);
  });

  it("deletes a campaign only after the confirmation, and says when it fails", async () => {
    const confirm = vi.spyOn(window, "confirm").mockReturnValueOnce(false).mockReturnValue(true);
    let fail = false;
    const { calls } = signedIn({
      "GET /api/campaigns": () => jsonResponse([campaign()]),
      "DELETE /api/campaigns/c1": () => (fail ? jsonResponse({ error: TX.campaignNotFound }, 404) : new Response(null, { status: 204 })),
    });
    renderApp("/campaigns");
    const card = await screen.findByTestId("campaign-card");
    fireEvent.click(within(card).getByRole("button", { name: "Elimina" }));
    expect(confirm).toHaveBeenCalledWith(TX.deleteConfirm("Follow-up preventivi"));
    expect(callsTo(calls, "DELETE", "/api/campaigns/c1")).toHaveLength(0);

    fail = true;
    fireEvent.click(within(card).getByRole("button", { name: "Elimina" }));
    await expectToast(TX.deleteError);
    await expectToast(TX.campaignNotFound);

    fail = false;
    fireEvent.click(within(card).getByRole("button", { name: "Elimina" }));
    await expectToast(TX.deleted);
    expect(callsTo(calls, "DELETE", "/api/campaigns/c1")).toHaveLength(2);
  });

  it("expands the funnel: ordered steps, trigger texts, the per-step chart, and an empty funnel", async () => {
    signedIn({
      "GET /api/campaigns": () => jsonResponse([campaign({ stepCount: 3 }), campaign({ id: "c2", name: "Senza step" })]),
      "GET /api/campaigns/c1/funnel": () =>
        jsonResponse([
          step({ id: "s3", stepOrder: 3, triggerType: "absolute", triggerDate: "2026-03-29T08:00:00.000Z", templateSid: "HXfollow" }),
          step({ id: "s1", stepOrder: 1, stats: { ...STATS, sent: 120, delivered: 110, replied: 30, stopped: 0 } }),
          step({ id: "s2", stepOrder: 2, stepType: "conditional_reply", templateSid: null, triggerType: "relative", triggerValue: 2, triggerUnit: "days", stats: { ...STATS, stopped: 30 } }),
        ]),
      "GET /api/campaigns/c2/funnel": () => jsonResponse([]),
    });
    renderApp("/campaigns");
    const panel = within(await openFunnel("Follow-up preventivi"));
    const rows = await panel.findAllByTestId("funnel-step");
    expect(rows.map((r) => r.getAttribute("data-step-id"))).toEqual(["s1", "s2", "s3"]);
    expect(rows.map((r) => within(r).getByTestId("step-trigger").textContent)).toEqual(["Immediato", "Dopo 2 giorni", "Il 29/03/2026 alle 10:00"]);
    expect(within(rows[0]!).getByText("benvenuto")).toBeTruthy();
    expect(within(rows[1]!).getByText(TX.stepTypeLabels.conditional_reply)).toBeTruthy();
    expect(within(rows[2]!).getByText("promemoria_offerta")).toBeTruthy();

    const chart = within(panel.getByTestId("funnel-chart"));
    const first = within(chart.getByTestId("funnel-chart-step-1"));
    expect(first.getByTestId("chart-sent").textContent).toBe("120");
    expect(first.getByTestId("chart-delivered").textContent).toBe("110");
    expect(first.getByTestId("chart-replied").textContent).toBe("30");
    expect(within(chart.getByTestId("funnel-chart-step-2")).getByTestId("chart-stopped").textContent).toBe("30");

    const empty = within(await openFunnel("Senza step"));
    expect(await empty.findByText(TX.noSteps)).toBeTruthy();
  });

  it("adds steps with the body each trigger needs and stepOrder = count + 1", async () => {
    const steps = [step(), step({ id: "s2", stepOrder: 2 })];
    const { calls } = signedIn({
      "GET /api/campaigns": () => jsonResponse([campaign({ stepCount: steps.length, preferredHour: 9, preferredMinute: 30 })]),
      "GET /api/campaigns/c1/funnel": () => jsonResponse(steps),
      "POST /api/campaigns/c1/funnel": (call) => jsonResponse(step({ id: "new", ...bodyOf(call) }), 201),
      "GET /api/campaigns/recipients-sample": () => jsonResponse(SAMPLE),
    });
    renderApp("/campaigns");
    const panel = within(await openFunnel("Follow-up preventivi"));
    await panel.findAllByTestId("funnel-step");
    const posts = () => callsTo(calls, "POST", "/api/campaigns/c1/funnel");

    const openDialog = async () => {
      fireEvent.click(panel.getByRole("button", { name: TX.addStep }));
      return screen.findByRole("dialog", { name: TX.addStepTitle });
    };

    // Immediate: the template is required first, then a source for its {{1}}, previewed with the list's first lead.
    let dialog = await openDialog();
    fireEvent.click(within(dialog).getByRole("button", { name: TX.saveStep }));
    expect(await within(dialog).findByText(TX.stepTemplateRequired)).toBeTruthy();
    select(dialog, `${TX.template} *`, "HXfollow");
    expect(within(dialog).getByTestId("template-preview").textContent).toBe("Ciao {{1}}");
    fireEvent.click(within(dialog).getByRole("button", { name: TX.saveStep }));
    expect(await within(dialog).findByText(VX.missing(["1"]))).toBeTruthy();
    expect(posts()).toHaveLength(0);
    select(dialog, "{{1}}", "field:nome");
    await waitFor(() => expect(within(dialog).getByTestId("template-preview").textContent).toBe("Ciao Giulia"));
    expect(within(dialog).getByText(VX.previewFor("Giulia Bianchi"))).toBeTruthy();
    fireEvent.click(within(dialog).getByRole("button", { name: TX.saveStep }));
    await waitFor(() => expect(posts()).toHaveLength(1));
    expect(bodyOf(posts()[0])).toEqual({
      stepType: "message",
      templateSid: "HXfollow",
      triggerType: "immediate",
      triggerValue: null,
      triggerUnit: null,
      triggerDate: null,
      variables: { "1": { source: "field", field: "nome" } },
      stepOrder: 3,
      isActive: true,
    });
    await expectToast(TX.stepAdded);
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());

    // Relative: a number of at least 1 and a unit; over 24 hours the preferred time is explained.
    dialog = await openDialog();
    select(dialog, `${TX.template} *`, "HXfollow");
    select(dialog, "{{1}}", "text");
    type(dialog, VX.sourceLabels.text, "amico");
    select(dialog, `${TX.whenLabel} *`, "relative");
    type(dialog, `${TX.triggerValueLabel} *`, "0");
    fireEvent.click(within(dialog).getByRole("button", { name: TX.saveStep }));
    expect(await within(dialog).findByText(TX.triggerValueMin)).toBeTruthy();
    type(dialog, `${TX.triggerValueLabel} *`, "2");
    select(dialog, TX.triggerUnitLabel, "days");
    expect(within(dialog).getByText(TX.snapHint("09:30"))).toBeTruthy();
    select(dialog, TX.triggerUnitLabel, "hours");
    expect(within(dialog).queryByText(TX.snapHint("09:30"))).toBeNull();
    fireEvent.click(within(dialog).getByRole("button", { name: TX.saveStep }));
    await waitFor(() => expect(posts()).toHaveLength(2));
    expect(bodyOf(posts()[1])).toMatchObject({ triggerType: "relative", triggerValue: 2, triggerUnit: "hours", triggerDate: null, stepOrder: 3, variables: { "1": { source: "text", value: "amico" } } });
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());

    // Absolute: the Rome date and time of a DST day become the UTC instant.
    dialog = await openDialog();
    select(dialog, `${TX.template} *`, "HXwelcome");
    select(dialog, "{{1}}", "custom");
    type(dialog, VX.sourceLabels.custom, "Città");
    await waitFor(() => expect(within(dialog).getByTestId("template-preview").textContent).toBe("Ciao Parma"));
    select(dialog, `${TX.whenLabel} *`, "absolute");
    fireEvent.click(within(dialog).getByRole("button", { name: TX.saveStep }));
    expect(await within(dialog).findByText(TX.triggerDateRequired)).toBeTruthy();
    type(dialog, `${TX.dateLabel} *`, "2026-03-29");
    type(dialog, `${TX.timeLabel} *`, "09:15");
    fireEvent.click(within(dialog).getByRole("button", { name: TX.saveStep }));
    await waitFor(() => expect(posts()).toHaveLength(3));
    expect(bodyOf(posts()[2])).toMatchObject({ triggerType: "absolute", triggerValue: null, triggerUnit: null, triggerDate: "2026-03-29T07:15:00.000Z" });
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());

    // A reply check sends nothing: no template field, explained in one line.
    dialog = await openDialog();
    select(dialog, TX.stepTypeLabel, "conditional_reply");
    expect(within(dialog).queryByLabelText(`${TX.template} *`)).toBeNull();
    expect(within(dialog).getByText(TX.conditionalExplain)).toBeTruthy();
    select(dialog, `${TX.whenLabel} *`, "relative");
    type(dialog, `${TX.triggerValueLabel} *`, "30");
    select(dialog, TX.triggerUnitLabel, "minutes");
    fireEvent.click(within(dialog).getByRole("button", { name: TX.saveStep }));
    await waitFor(() => expect(posts()).toHaveLength(4));
    expect(bodyOf(posts()[3])).toEqual({
      stepType: "conditional_reply",
      templateSid: null,
      triggerType: "relative",
      triggerValue: 30,
      triggerUnit: "minutes",
      triggerDate: null,
      variables: null,
      stepOrder: 3,
      isActive: true,
    });
  });

  it("shows the server's reason when a step cannot be added", async () => {
    signedIn({
      "GET /api/campaigns": () => jsonResponse([campaign()]),
      "GET /api/campaigns/c1/funnel": () => jsonResponse([]),
      "POST /api/campaigns/c1/funnel": () => jsonResponse({ error: TX.templateNotApproved, details: [{ path: ["templateSid"], message: TX.templateNotApproved }] }, 400),
    });
    renderApp("/campaigns");
    const panel = within(await openFunnel("Follow-up preventivi"));
    await panel.findByText(TX.noSteps);
    fireEvent.click(panel.getByRole("button", { name: TX.addStep }));
    const dialog = await screen.findByRole("dialog", { name: TX.addStepTitle });
    select(dialog, `${TX.template} *`, "HXwelcome");
    select(dialog, "{{1}}", "field:nome");
    fireEvent.click(within(dialog).getByRole("button", { name: TX.saveStep }));
    await expectToast(TX.stepAddError);
    expect((await within(dialog).findByTestId("step-form-error")).textContent).toBe(TX.templateNotApproved);
  });

  it("edits a step with PATCH and deletes one after the confirmation", async () => {
    const confirm = vi.spyOn(window, "confirm").mockReturnValue(true);
    let failPatch = true;
    const { calls } = signedIn({
      "GET /api/campaigns": () => jsonResponse([campaign({ stepCount: 2 })]),
      "GET /api/campaigns/c1/funnel": () =>
        jsonResponse([step(), step({ id: "s2", stepOrder: 2, triggerType: "absolute", triggerDate: "2026-10-25T09:00:00.000Z", templateSid: "HXfollow" })]),
      "PATCH /api/campaigns/c1/funnel/s2": (call) =>
        failPatch ? jsonResponse({ error: TX.stepNotFound }, 404) : jsonResponse(step({ id: "s2", stepOrder: 2, ...bodyOf(call) })),
      "DELETE /api/campaigns/c1/funnel/s1": () => jsonResponse({ error: "Errore interno del provider" }, 502),
    });
    renderApp("/campaigns");
    const panel = within(await openFunnel("Follow-up preventivi"));
    fireEvent.click(await panel.findByRole("button", { name: TX.editStep(2) }));
    const dialog = await screen.findByRole("dialog", { name: TX.editStepTitle });
    expect((within(dialog).getByLabelText(`${TX.template} *`) as HTMLSelectElement).value).toBe("HXfollow");
    expect((within(dialog).getByLabelText(`${TX.dateLabel} *`) as HTMLInputElement).value).toBe("2026-10-25");
    expect((within(dialog).getByLabelText(`${TX.timeLabel} *`) as HTMLInputElement).value).toBe("10:00");
    type(dialog, `${TX.timeLabel} *`, "11:45");
    fireEvent.click(within(dialog).getByRole("button", { name: TX.saveStep }));
    await expectToast(TX.stepUpdateError);
    expect((await within(dialog).findByTestId("step-form-error")).textContent).toBe(TX.stepNotFound);

    failPatch = false;
    fireEvent.click(within(dialog).getByRole("button", { name: TX.saveStep }));
    await expectToast(TX.stepUpdated);
    const patches = callsTo(calls, "PATCH", "/api/campaigns/c1/funnel/s2");
    expect(bodyOf(patches[1])).toEqual({
      stepType: "message",
      templateSid: "HXfollow",
      triggerType: "absolute",
      triggerValue: null,
      triggerUnit: null,
      triggerDate: "2026-10-25T10:45:00.000Z",
      variables: { "1": { source: "field", field: "nome" } },
    });

    fireEvent.click(panel.getByRole("button", { name: TX.deleteStep(1) }));
    expect(confirm).toHaveBeenCalledWith(TX.stepDeleteConfirm);
    await expectToast(TX.stepDeleteError);
    expect(callsTo(calls, "DELETE", "/api/campaigns/c1/funnel/s1")).toHaveLength(1);
  });

  it("creates a calendar broadcast on any list at 10:00 by default", async () => {
    const { calls } = signedIn({
      "GET /api/campaigns": () => jsonResponse([]),
      "POST /api/campaigns/calendar": (call) => jsonResponse(campaign({ id: "c7", campaignType: "calendar", name: bodyOf(call).name }), 201),
    });
    renderApp("/campaigns");
    fireEvent.click(await screen.findByRole("tab", { name: TX.tabCalendar }));
    fireEvent.click(await screen.findByRole("button", { name: TX.createCalendar }));
    const dialog = await screen.findByRole("dialog", { name: TX.createCalendarTitle });
    const listOptions = within(within(dialog).getByLabelText(`${TX.targetListLabel} *`)).getAllByRole("option").map((o) => o.textContent);
    expect(listOptions).toEqual([TX.selectList, "Fiera 2025", "Nuovi contatti"]);
    expect((within(dialog).getByLabelText(`${TX.timeLabel} *`) as HTMLInputElement).value).toBe("10:00");

    type(dialog, `${TX.nameLabel} *`, "Saldi di primavera");
    select(dialog, `${TX.targetListLabel} *`, "l-static");
    select(dialog, `${TX.template} *`, "HXwelcome");
    select(dialog, "{{1}}", "field:nome");
    type(dialog, `${TX.dateLabel} *`, "2020-01-01");
    fireEvent.click(within(dialog).getByRole("button", { name: TX.create }));
    expect(await within(dialog).findByText(TX.scheduledInPast)).toBeTruthy();

    type(dialog, `${TX.dateLabel} *`, "2099-03-29");
    type(dialog, `${TX.timeLabel} *`, "09:30");
    fireEvent.click(within(dialog).getByRole("button", { name: TX.create }));
    await expectToast(TX.calendarCreated);
    expect(bodyOf(callsTo(calls, "POST", "/api/campaigns/calendar")[0])).toEqual({
      name: "Saldi di primavera",
      templateSid: "HXwelcome",
      targetListId: "l-static",
      scheduledDate: "2099-03-29",
      scheduledTime: "09:30",
      variables: { "1": { source: "field", field: "nome" } },
    });
  });

  it("shows how many leads have no value when the broadcast is refused", async () => {
    const refusal = VX.recipientsMissing(2, ["1"]);
    signedIn({
      "GET /api/campaigns": () => jsonResponse([]),
      "GET /api/campaigns/recipients-sample": () => jsonResponse(SAMPLE),
      "POST /api/campaigns/calendar": () => jsonResponse({ error: refusal, details: { recipientsMissing: 2, positions: ["1"] } }, 400),
    });
    renderApp("/campaigns");
    fireEvent.click(await screen.findByRole("tab", { name: TX.tabCalendar }));
    fireEvent.click(await screen.findByRole("button", { name: TX.createCalendar }));
    const dialog = await screen.findByRole("dialog", { name: TX.createCalendarTitle });
    type(dialog, `${TX.nameLabel} *`, "Saldi");
    select(dialog, `${TX.targetListLabel} *`, "l-static");
    select(dialog, `${TX.template} *`, "HXwelcome");
    select(dialog, "{{1}}", "field:nome");
    await waitFor(() => expect(within(dialog).getByTestId("template-preview").textContent).toBe("Ciao Giulia"));
    type(dialog, `${TX.dateLabel} *`, "2099-03-29");
    fireEvent.click(within(dialog).getByRole("button", { name: TX.create }));
    expect(await within(within(dialog).getByTestId("template-variables")).findByText(refusal)).toBeTruthy();
  });

  it("pauses and resumes a calendar broadcast", async () => {
    let status: ApiCampaign["status"] = "active";
    const { calls } = signedIn({
      "GET /api/campaigns": () => jsonResponse([campaign({ campaignType: "calendar", status, scheduledAt: "2026-03-29T08:00:00.000Z" })]),
      "PATCH /api/campaigns/c1": (call) => {
        status = bodyOf(call).status;
        return jsonResponse(campaign({ status }));
      },
    });
    renderApp("/campaigns");
    fireEvent.click(await screen.findByRole("tab", { name: TX.tabCalendar }));
    const card = await screen.findByTestId("calendar-campaign-card");
    fireEvent.click(within(card).getByRole("switch"));
    await waitFor(() => expect(within(screen.getByTestId("calendar-campaign-card")).getByTestId("campaign-status").textContent).toBe(TX.paused));
    fireEvent.click(within(screen.getByTestId("calendar-campaign-card")).getByRole("switch"));
    await waitFor(() => expect(callsTo(calls, "PATCH", "/api/campaigns/c1")).toHaveLength(2));
    expect(callsTo(calls, "PATCH", "/api/campaigns/c1").map(bodyOf)).toEqual([{ status: "paused" }, { status: "active" }]);
  });
});
