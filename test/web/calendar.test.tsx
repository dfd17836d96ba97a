import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { ApiCalendarOccurrence, ApiCalendarSettings } from "@shared/schemas/calendar";
import { PHONE_EXAMPLE } from "@shared/schemas/accounts";
import { CALENDAR_STORAGE_KEYS } from "@shared/schemas/calendar";
import { CALENDAR_TEXTS as TX } from "@shared/texts/calendar";
import { ACTIONS_TEXTS as AX } from "@shared/texts/actions";
import { MEDIA_TEXTS as MX } from "@shared/texts/media";
import { TEMPLATE_VARIABLE_TEXTS as VX } from "@shared/texts/template-variables";
import { T } from "@shared/strings";
import { readPrefs, writePrefs } from "@web/features/calendar/lib/calendar-prefs";
import { emptyEventForm, validateEventForm, withAllDay } from "@web/features/calendar/lib/event-form";
import { rangeTitle, timeLabel } from "@web/features/calendar/lib/format";
import { daysCovered, gridSegments, layoutTimeGrid, monthCell, nowOffset } from "@web/features/calendar/lib/grid-layout";
import { eventsSourceFor } from "@web/features/calendar/components/calendar-page";
import { jsonResponse, type RecordedCall } from "./fetch-mock";
import { adminOnSandbox, renderApp } from "./render-app";

function occurrence(over: Partial<ApiCalendarOccurrence> = {}): ApiCalendarOccurrence {
  const startDate = over.startDate ?? "2026-03-25T09:00:00.000Z";
  const endDate = over.endDate === undefined ? "2026-03-25T10:00:00.000Z" : over.endDate;
  return {
    id: "e1",
    twilioAccountId: "a1",
    title: "Riunione",
    description: null,
    location: null,
    startDate,
    endDate,
    isAllDay: false,
    notificationEnabled: false,
    notificationMinutes: 15,
    notificationTemplateId: null,
    notificationPhoneNumbers: [],
    notificationVariables: null,
    isRecurring: false,
    recurringPattern: null,
    recurringUntil: null,
    createdAt: "2026-03-01T09:00:00.000Z",
    updatedAt: "2026-03-01T09:00:00.000Z",
    occurrenceId: `${over.id ?? "e1"}:${startDate}`,
    seriesStartDate: startDate,
    seriesEndDate: endDate,
    ...over,
  };
}

describe("calendar formatting", () => {
  it("shows HH:mm in Rome across DST, 'Tutto il giorno' and 'Orario non valido'", () => {
    expect(timeLabel(occurrence({ startDate: "2026-03-28T09:00:00.000Z", endDate: "2026-03-28T10:30:00.000Z" }))).toBe("10:00 – 11:30");
    expect(timeLabel(occurrence({ startDate: "2026-03-29T08:00:00.000Z", endDate: null }))).toBe("10:00");
    expect(timeLabel(occurrence({ isAllDay: true }))).toBe(TX.allDay);
    expect(timeLabel(occurrence({ startDate: "non una data", endDate: null }))).toBe(TX.invalidTime);
  });

  it("titles the day, the Monday-based week and the month", () => {
    expect(rangeTitle("day", "2026-03-29")).toBe("Domenica 29 marzo 2026");
    expect(rangeTitle("week", "2026-03-25")).toBe("23 – 29 marzo 2026");
    expect(rangeTitle("week", "2026-04-01")).toBe("30 mar – 5 apr 2026");
    expect(rangeTitle("month", "2026-03-25")).toBe("Marzo 2026");
  });
});

describe("calendar grid layout", () => {
  it("places 18 hourly rows from the start hour, wrapping to the same day's early hours", () => {
    expect(gridSegments(10 * 60, 11 * 60, 9)).toEqual([{ top: 60, height: 60 }]);
    // With a 20:00 start the grid shows 20-23 then 00-13 of the same day.
    expect(gridSegments(23 * 60, 24 * 60, 20)).toEqual([{ top: 180, height: 60 }]);
    expect(gridSegments(60, 120, 20)).toEqual([{ top: 300, height: 60 }]);
    expect(gridSegments(15 * 60, 16 * 60, 20)).toEqual([]);
  });

  it("puts events in their day's column, side by side when they overlap, others above the grid", () => {
    const days = ["2026-03-23", "2026-03-24"];
    const a = occurrence({ id: "a", startDate: "2026-03-23T09:00:00.000Z", endDate: "2026-03-23T10:00:00.000Z" });
    const b = occurrence({ id: "b", startDate: "2026-03-23T09:30:00.000Z", endDate: "2026-03-23T10:30:00.000Z" });
    const c = occurrence({ id: "c", startDate: "2026-03-23T11:00:00.000Z", endDate: null });
    const early = occurrence({ id: "early", startDate: "2026-03-24T04:00:00.000Z", endDate: null });
    const allDay = occurrence({ id: "all", startDate: "2026-03-23T23:00:00.000Z", endDate: null, isAllDay: true });
    const layout = layoutTimeGrid(days, 9, [a, b, c, early, allDay]);
    const monday = layout.columns.get("2026-03-23")!.map((p) => [p.occurrence.id, p.top, p.height, p.lane, p.lanes]);
    expect(monday).toEqual([
      ["a", 60, 60, 0, 2],
      ["b", 90, 60, 1, 2],
      ["c", 180, 30, 0, 1],
    ]);
    expect(layout.strip.get("2026-03-24")!.map((o) => o.id)).toEqual(["early", "all"]);
  });

  it("marks now in today's column and lists at most two events per month cell", () => {
    expect(nowOffset(new Date("2026-03-25T10:15:00.000Z"), "2026-03-25", 9)).toBe(135);
    expect(nowOffset(new Date("2026-03-25T06:00:00.000Z"), "2026-03-25", 9)).toBeNull();
    const list = [occurrence({ id: "1" }), occurrence({ id: "2" }), occurrence({ id: "3" }), occurrence({ id: "4" })];
    expect(monthCell(list)).toMatchObject({ shown: [list[0], list[1]], more: 2 });
    expect(daysCovered(occurrence({ startDate: "2026-03-25T20:00:00.000Z", endDate: "2026-03-27T08:00:00.000Z" }))).toEqual(["2026-03-25", "2026-03-26", "2026-03-27"]);
  });

  it("reads week and month as ranges, and the day view as that day or today", () => {
    const prefs = { view: "week" as const, date: "2026-03-25", startHour: 9 };
    expect(eventsSourceFor(prefs, "2026-03-25")).toEqual({ kind: "range", startDate: "2026-03-23", endDate: "2026-03-29" });
    expect(eventsSourceFor({ ...prefs, view: "month" }, "2026-03-25")).toEqual({ kind: "range", startDate: "2026-02-23", endDate: "2026-04-05" });
    expect(eventsSourceFor({ ...prefs, view: "day" }, "2026-03-25")).toEqual({ kind: "today" });
    expect(eventsSourceFor({ ...prefs, view: "day" }, "2026-03-26")).toEqual({ kind: "day", date: "2026-03-25" });
  });
});

describe("calendar preferences and the event form", () => {
  it("remembers view, date and start hour, with week and 9 as defaults", () => {
    expect(readPrefs(window.localStorage, "2026-03-25")).toEqual({ view: "week", date: "2026-03-25", startHour: 9 });
    writePrefs(window.localStorage, { view: "month", date: "2026-02-10", startHour: 7 });
    expect(readPrefs(window.localStorage, "2026-03-25")).toEqual({ view: "month", date: "2026-02-10", startHour: 7 });
    window.localStorage.setItem(CALENDAR_STORAGE_KEYS.weekStartHour, "31");
    window.localStorage.setItem(CALENDAR_STORAGE_KEYS.view, "year");
    expect(readPrefs(window.localStorage, "2026-03-25")).toMatchObject({ view: "week", startHour: 9 });
  });

  it("asks for title and start, turns Rome wall time into UTC, and clears the end for all-day events", () => {
    const empty = emptyEventForm("2026-03-29", 9, null);
    expect(empty).toMatchObject({ start: "2026-03-29T09:00", end: "2026-03-29T10:00", notificationMinutes: "15" });
    const missing = validateEventForm(empty, "a1");
    expect(missing).toMatchObject({ ok: false, message: TX.requiredFields, errors: { title: TX.requiredFields } });
    const ok = validateEventForm({ ...empty, title: "Riunione" }, "a1");
    expect(ok.ok && ok.data).toMatchObject({ startDate: "2026-03-29T07:00:00.000Z", endDate: "2026-03-29T08:00:00.000Z", isAllDay: false });
    const allDay = withAllDay({ ...empty, title: "Festa" }, true, 9);
    expect(allDay.end).toBe("");
    const allDayOk = validateEventForm(allDay, "a1");
    expect(allDayOk.ok && allDayOk.data).toMatchObject({ startDate: "2026-03-28T23:00:00.000Z", endDate: null, isAllDay: true });
    const noPhones = validateEventForm({ ...empty, title: "x", notificationEnabled: true }, "a1");
    expect(noPhones).toMatchObject({ ok: false, message: TX.phonesRequired });
  });
});

// ---- Screens ----

const SETTINGS: ApiCalendarSettings = { twilioAccountId: "a1", notificationEnabled: false, defaultNotificationMinutes: 15, notificationTemplateId: null, notificationPhoneNumbers: [] };

function signedIn(routes: Record<string, (call: RecordedCall) => Response>) {
  return adminOnSandbox({
    "GET /api/operator-questions": () => jsonResponse([]),
    "GET /api/twilio-templates": () => jsonResponse([]),
    "GET /api/time/current": () => jsonResponse({ currentTime: new Date().toISOString(), timezone: "Europe/Rome", romeDate: "", romeTime: "", utcOffset: "+01:00" }),
    "GET /api/calendar/settings": () => jsonResponse(SETTINGS),
    ...routes,
  });
}

beforeAll(async () => {
  await Promise.all([import("@web/layout/app-shell"), import("@web/routes/calendar"), import("@web/routes/actions")]);
});

beforeEach(() => {
  vi.spyOn(console, "error").mockImplementation(() => {});
  window.localStorage.setItem(CALENDAR_STORAGE_KEYS.date, "2026-03-25");
});

describe("Calendario Interno", () => {
  it("opens on the week (Monday first) and steps a week at a time", async () => {
    const { calls } = signedIn({ "GET /api/calendar": () => jsonResponse([occurrence({ title: "Riunione commerciale", location: "Sala A" })]) });
    renderApp("/calendar");
    expect((await screen.findByTestId("calendar-range-title")).textContent).toBe("23 – 29 marzo 2026");
    const grid = await screen.findByTestId("calendar-time-grid");
    expect(await within(grid).findByText("Riunione commerciale")).toBeTruthy();
    expect(within(grid).getByText("10:00 – 11:00")).toBeTruthy();
    expect(screen.getByTestId("calendar-view-week").getAttribute("aria-pressed")).toBe("true");
    expect(calls.some((c) => c.url === "/api/calendar?twilioAccountId=a1&startDate=2026-03-23&endDate=2026-03-29")).toBe(true);
    fireEvent.click(screen.getByTestId("calendar-next"));
    expect(screen.getByTestId("calendar-range-title").textContent).toBe("30 mar – 5 apr 2026");
    await waitFor(() => expect(calls.some((c) => c.url.endsWith("startDate=2026-03-30&endDate=2026-04-05"))).toBe(true));
    expect(window.localStorage.getItem(CALENDAR_STORAGE_KEYS.date)).toBe("2026-04-01");
    expect(screen.getByTestId("italy-clock").textContent).toContain(TX.italyClock);
  });

  it("opens a new event on the clicked day at the start hour, and explains a failed creation", async () => {
    signedIn({
      "GET /api/calendar": () => jsonResponse([]),
      "POST /api/calendar": () => jsonResponse({ error: "Dati non validi" }, 400),
    });
    renderApp("/calendar");
    fireEvent.click(await screen.findByTestId("day-column-2026-03-26"));
    const dialog = await screen.findByRole("dialog", { name: TX.newEvent });
    expect((within(dialog).getByLabelText(`${TX.startLabel} *`) as HTMLInputElement).value).toBe("2026-03-26T09:00");
    fireEvent.click(within(dialog).getByRole("button", { name: "Salva" }));
    expect((await screen.findAllByText(TX.requiredFields)).length).toBeGreaterThan(0);
    fireEvent.change(within(dialog).getByLabelText(`${TX.titleLabel} *`), { target: { value: "Visita" } });
    fireEvent.click(within(dialog).getByRole("switch", { name: TX.allDay }));
    expect(within(dialog).queryByLabelText(TX.endLabel)).toBeNull();
    fireEvent.click(within(dialog).getByRole("button", { name: "Salva" }));
    expect(await screen.findByText(TX.createError)).toBeTruthy();
  });

  it("maps the reminder template's variables to the event's title, its time or fixed text, with a preview", async () => {
    const reminder = { sid: "HXrem", friendlyName: "Promemoria", status: "approved", language: "it", bodyText: "Promemoria: {{1}} il {{2}}. {{3}}", variables: ["1", "2", "3"], category: "UTILITY" };
    const { calls } = signedIn({
      "GET /api/calendar": () => jsonResponse([]),
      "GET /api/twilio-templates": () => jsonResponse([reminder]),
      "POST /api/calendar": () => jsonResponse(occurrence(), 201),
    });
    renderApp("/calendar");
    fireEvent.click(await screen.findByTestId("day-column-2026-03-26"));
    const dialog = await screen.findByRole("dialog", { name: TX.newEvent });
    fireEvent.change(within(dialog).getByLabelText(`${TX.titleLabel} *`), { target: { value: "Visita cliente" } });
    fireEvent.click(within(dialog).getByRole("switch", { name: TX.notificationsLabel }));
    fireEvent.change(within(dialog).getByLabelText(TX.templateLabel), { target: { value: "HXrem" } });
    const preview = await within(dialog).findByTestId("template-preview");
    // {{1}} and {{2}} start as the event's title and time; {{3}} has no value yet.
    expect(preview.textContent).toBe("Promemoria: Visita cliente il 26/03/2026 09:00. {{3}}");
    const options = [...dialog.querySelector('select[name="variable-1"]')!.querySelectorAll("option")].map((o) => o.value);
    expect(options).not.toContain("field:nome");
    expect(options).toContain("event:time");
    fireEvent.click(within(dialog).getByRole("button", { name: "Salva" }));
    expect((await within(dialog).findAllByText(VX.missing(["3"]))).length).toBeGreaterThan(0);
    expect(calls.some((c) => c.method === "POST" && c.url.startsWith("/api/calendar"))).toBe(false);
    fireEvent.change(dialog.querySelector('select[name="variable-3"]')!, { target: { value: "text" } });
    fireEvent.change(dialog.querySelector('input[name="variable-3-text"]')!, { target: { value: "Porta i documenti" } });
    expect(preview.textContent).toBe("Promemoria: Visita cliente il 26/03/2026 09:00. Porta i documenti");
    // The reminder needs a number to go to.
    const phone = within(dialog).getByPlaceholderText(PHONE_EXAMPLE);
    fireEvent.change(phone, { target: { value: "+393331234567" } });
    fireEvent.click(within(dialog).getByRole("button", { name: TX.addPhone }));
    fireEvent.click(within(dialog).getByRole("button", { name: "Salva" }));
    await waitFor(() => expect(calls.some((c) => c.method === "POST" && c.url.startsWith("/api/calendar"))).toBe(true));
    const body = JSON.parse(String(calls.find((c) => c.method === "POST" && c.url.startsWith("/api/calendar"))!.body));
    expect(body).toMatchObject({
      notificationTemplateId: "HXrem",
      notificationVariables: { "1": { source: "event", field: "title" }, "2": { source: "event", field: "time" }, "3": { source: "text", value: "Porta i documenti" } },
    });
  });

  it("edits and deletes after the confirmation", async () => {
    const confirm = vi.spyOn(window, "confirm").mockReturnValue(true);
    const { calls } = signedIn({
      "GET /api/calendar": () => jsonResponse([occurrence({ id: "e9", title: "Da eliminare" })]),
      "DELETE /api/calendar/e9": () => new Response(null, { status: 204 }),
    });
    renderApp("/calendar");
    fireEvent.click(await screen.findByText("Da eliminare"));
    const dialog = await screen.findByRole("dialog", { name: TX.editEvent });
    fireEvent.click(within(dialog).getByRole("button", { name: "Elimina" }));
    expect(confirm).toHaveBeenCalledWith(TX.deleteConfirm);
    expect(await screen.findByText(TX.deleted)).toBeTruthy();
    expect(calls.filter((c) => c.method === "DELETE")).toHaveLength(1);
  });

  it("shows the month with two titles per day and '+N', and the load error", async () => {
    window.localStorage.setItem(CALENDAR_STORAGE_KEYS.view, "month");
    let fail = false;
    signedIn({
      "GET /api/calendar": () =>
        fail
          ? jsonResponse({ error: "boom" }, 500)
          : jsonResponse(["Uno", "Due", "Tre", "Quattro"].map((title, i) => occurrence({ id: `m${i}`, title, startDate: `2026-03-25T0${i + 6}:00:00.000Z`, endDate: null }))),
    });
    renderApp("/calendar");
    const cell = await screen.findByTestId("month-cell-2026-03-25");
    expect(await within(cell).findByText("Uno")).toBeTruthy();
    expect(within(cell).getByText("Due")).toBeTruthy();
    expect(within(cell).queryByText("Tre")).toBeNull();
    expect(within(cell).getByText("+2")).toBeTruthy();
    fail = true;
    fireEvent.click(screen.getByTestId("calendar-next"));
    expect(await screen.findByText(TX.loadError)).toBeTruthy();
  });

  it("says which day failed to load in the day view", async () => {
    window.localStorage.setItem(CALENDAR_STORAGE_KEYS.view, "day");
    signedIn({ "GET /api/calendar/day/2026-03-25": () => jsonResponse({ error: "boom" }, 500) });
    renderApp("/calendar");
    expect(await screen.findByText(TX.loadDayError)).toBeTruthy();
  });

  it("validates the settings' phone numbers with the spec's texts before saving", async () => {
    const { calls } = signedIn({
      "GET /api/calendar": () => jsonResponse([]),
      "POST /api/calendar/settings": () => jsonResponse({ error: "x" }, 500),
    });
    renderApp("/calendar");
    fireEvent.click(await screen.findByRole("button", { name: TX.settingsButton }));
    const dialog = await screen.findByRole("dialog", { name: TX.settingsTitle });
    expect(within(dialog).getByText(TX.settingsText(15))).toBeTruthy();
    const input = within(dialog).getByLabelText(TX.phonesLabel);
    const add = within(dialog).getByRole("button", { name: TX.addPhone });
    fireEvent.click(add);
    expect(within(dialog).getByText(TX.phoneRequired)).toBeTruthy();
    fireEvent.change(input, { target: { value: "333 1234567" } });
    fireEvent.click(add);
    expect(within(dialog).getByText("Formato numero non valido. Usa formato internazionale: +393331234567")).toBeTruthy();
    fireEvent.change(input, { target: { value: "+39 333 1234567" } });
    fireEvent.click(add);
    fireEvent.change(input, { target: { value: "+393331234567" } });
    fireEvent.click(add);
    expect(within(dialog).getByText(T.phoneAlreadyListed)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole("button", { name: "Salva" }));
    expect(await screen.findByText(TX.settingsSaveError)).toBeTruthy();
    const body = JSON.parse(String(calls.find((c) => c.method === "POST")!.body));
    expect(body).toMatchObject({ twilioAccountId: "a1", defaultNotificationMinutes: 15, notificationPhoneNumbers: ["+393331234567"] });
  });
});

describe("Azioni", () => {
  it("shows Lead Detection AI as ATTIVO when enabled, Voice AI and Vision AI with their switches, and Email Sync Pro disabled", async () => {
    const { calls } = signedIn({
      "GET /api/lead-notifications/settings": () => jsonResponse({ twilioAccountId: "a1", notificationEnabled: true, notificationTemplateId: null, notificationPhoneNumbers: ["+393331234567"] }),
      "GET /api/media/settings": () => jsonResponse({ voiceAi: true, visionAi: false, transcriptionModel: "whisper-1", canEdit: true }),
      "PUT /api/media/settings": () => jsonResponse({ voiceAi: false, visionAi: false, transcriptionModel: "whisper-1", canEdit: true }),
    });
    renderApp("/actions");
    const card = await screen.findByTestId("action-lead-detection");
    expect((await within(card).findByTestId("lead-detection-status")).textContent).toBe(AX.active);
    const upcoming = screen.getByTestId("action-email-sync");
    expect(within(upcoming).getByRole("button", { name: AX.comingSoon }).hasAttribute("disabled")).toBe(true);
    const voice = screen.getByTestId("action-voice-ai");
    expect((await within(voice).findByTestId("voice-ai-status")).textContent).toBe(MX.active);
    expect(within(screen.getByTestId("action-vision-ai")).getByTestId("vision-ai-status").textContent).toBe(MX.inactive);
    fireEvent.click(within(voice).getByRole("switch", { name: MX.voiceTitle }));
    await waitFor(() => expect(calls.some((c) => c.method === "PUT")).toBe(true));
    expect(JSON.parse(String(calls.find((c) => c.method === "PUT")!.body))).toEqual({ voiceAi: false });
    expect(screen.queryByText("Voice AI Pro")).toBeNull();
  });

  it("saves the settings, and says so when saving fails", async () => {
    const { calls } = signedIn({
      "GET /api/lead-notifications/settings": () => jsonResponse({ twilioAccountId: "a1", notificationEnabled: false, notificationTemplateId: null, notificationPhoneNumbers: [] }),
      "POST /api/lead-notifications/settings": () => jsonResponse({ error: "x" }, 500),
    });
    renderApp("/actions");
    const card = await screen.findByTestId("action-lead-detection");
    expect((await within(card).findByTestId("lead-detection-status")).textContent).toBe(AX.inactive);
    fireEvent.click(within(card).getByRole("button", { name: T.configure }));
    const dialog = await screen.findByRole("dialog", { name: AX.settingsTitle });
    fireEvent.click(within(dialog).getByRole("switch", { name: AX.enabledLabel }));
    fireEvent.change(within(dialog).getByLabelText(AX.phonesLabel), { target: { value: "+393401112222" } });
    fireEvent.click(within(dialog).getByRole("button", { name: AX.addPhone }));
    fireEvent.change(within(dialog).getByLabelText(AX.phonesLabel), { target: { value: "+393401112222" } });
    fireEvent.click(within(dialog).getByRole("button", { name: AX.addPhone }));
    expect(within(dialog).getByText(T.phoneAlreadyListed)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole("button", { name: "Salva" }));
    expect(await screen.findByText(AX.saveError)).toBeTruthy();
    expect(JSON.parse(String(calls.find((c) => c.method === "POST")!.body))).toEqual({
      twilioAccountId: "a1",
      notificationEnabled: true,
      notificationTemplateId: null,
      notificationPhoneNumbers: ["+393401112222"],
    });
  });

  it("shows Voice AI, Vision AI and Email Sync Pro on a phone", async () => {
    const width = window.innerWidth;
    Object.assign(window, { innerWidth: 375 });
    try {
      signedIn({ "GET /api/lead-notifications/settings": () => jsonResponse({ twilioAccountId: "a1", notificationEnabled: false, notificationTemplateId: null, notificationPhoneNumbers: [] }) });
      renderApp("/actions");
      await screen.findByTestId("actions-mobile");
      for (const title of ["Voice AI", "Vision AI", "Email Sync Pro"]) expect(screen.getByText(title)).toBeTruthy();
    } finally {
      Object.assign(window, { innerWidth: width });
    }
  });
});
