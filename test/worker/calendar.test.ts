import { createExecutionContext, createMessageBatch, createScheduledController, getQueueResult, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { and, eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { addDays, monthRange, occurrencesBetween, romeInstant, stepDay, weekRange } from "@shared/calendar-time";
import type { JobMessage } from "@shared/jobs";
import { renderTemplate, SANDBOX_TEMPLATES } from "@shared/sandbox-templates";
import { TEMPLATE_VARIABLE_TEXTS } from "@shared/texts/template-variables";
import { CALENDAR_TEXTS as TX } from "@shared/texts/calendar";
import { CONVERSATION_TEXTS } from "@shared/texts/conversations";
import { calendarRemindersSent, conversations, messages } from "@worker/db/schema";
import { dueReminders, isReminderDue, sendReminders } from "@worker/features/calendar/reminders";
import worker from "@worker/index";
import { call, createAccount, db, signedInUser } from "./helpers";

const waitFor = <T>(fn: () => Promise<T>, timeout = 12_000) => vi.waitFor(fn, { timeout, interval: 150 });
const MINUTE = 60_000;

let phoneCounter = 0;
// A fresh staff number per test: conversations are per account, but keep them apart anyway.
const staffPhone = () => `+39347${String(Date.now()).slice(-5)}${String((phoneCounter += 1)).padStart(2, "0")}`;

async function sandbox() {
  const { user, cookie } = await signedInUser();
  const res = await call("/api/twilio-accounts", { cookie, body: { name: "Sandbox", sandbox: true, phoneNumber: "+15005550006", gptModel: "gpt-4o-mini" } });
  return { user, cookie, account: res.json as { id: string } };
}

function event(overrides: Record<string, unknown> = {}) {
  return { title: "Riunione con il cliente", startDate: "2026-05-04T08:00:00.000Z", endDate: "2026-05-04T09:00:00.000Z", ...overrides };
}

async function createEvent(cookie: string, body: Record<string, unknown>) {
  const res = await call("/api/calendar", { cookie, body });
  if (res.status !== 201) throw new Error(`event create failed: ${res.status} ${res.text}`);
  return res.json as { id: string; startDate: string; endDate: string | null; notificationVariables: unknown };
}

async function range(cookie: string, startDate: string, endDate: string, accountId?: string) {
  const q = new URLSearchParams({ startDate, endDate, ...(accountId ? { twilioAccountId: accountId } : {}) });
  return call(`/api/calendar?${q}`, { cookie });
}

async function conversationOf(accountId: string, phone: string) {
  const [row] = await db().select().from(conversations).where(and(eq(conversations.twilioAccountId, accountId), eq(conversations.phoneNumber, phone)));
  return row;
}

async function messagesTo(accountId: string, phone: string) {
  const conversation = await conversationOf(accountId, phone);
  if (!conversation) return [];
  return db().select().from(messages).where(eq(messages.conversationId, conversation.id));
}

describe("calendar ranges", () => {
  it("weeks start on Monday and month views span whole weeks", () => {
    expect(weekRange("2026-03-29")).toEqual({ startDate: "2026-03-23", endDate: "2026-03-29" }); // a Sunday
    expect(weekRange("2026-03-30")).toEqual({ startDate: "2026-03-30", endDate: "2026-04-05" }); // a Monday
    expect(weekRange("2026-01-01")).toEqual({ startDate: "2025-12-29", endDate: "2026-01-04" });
    expect(monthRange("2026-03-15")).toEqual({ startDate: "2026-02-23", endDate: "2026-04-05" });
    // February 2021 begins on a Monday and ends on a Sunday: exactly four weeks.
    expect(monthRange("2021-02-10")).toEqual({ startDate: "2021-02-01", endDate: "2021-02-28" });
    expect(monthRange("2026-06-30")).toEqual({ startDate: "2026-06-01", endDate: "2026-07-05" });
  });

  it("steps one day, one week or one month", () => {
    expect(stepDay("day", "2026-02-28", 1)).toBe("2026-03-01");
    expect(stepDay("week", "2026-03-25", -1)).toBe("2026-03-18");
    expect(stepDay("month", "2026-01-31", 1)).toBe("2026-02-01");
    expect(stepDay("month", "2026-01-15", -1)).toBe("2025-12-01");
  });

  it("lists the occurrences of a week and a month, sorted, with the requested bounds", async () => {
    const { cookie } = await sandbox();
    await createEvent(cookie, event({ title: "Dopo", startDate: "2026-05-06T14:00:00.000Z", endDate: null }));
    await createEvent(cookie, event({ title: "Prima" }));
    await createEvent(cookie, event({ title: "Fuori", startDate: "2026-05-11T08:00:00.000Z", endDate: null }));
    const week = weekRange("2026-05-06");
    const res = await range(cookie, week.startDate, week.endDate);
    expect(res.status).toBe(200);
    expect(res.json.map((e: any) => e.title)).toEqual(["Prima", "Dopo"]);
    const month = monthRange("2026-05-06");
    expect((await range(cookie, month.startDate, month.endDate)).json.map((e: any) => e.title)).toEqual(["Prima", "Dopo", "Fuori"]);
    expect((await range(cookie, "2026-05-08", "2026-05-01")).status).toBe(400);
    expect((await range(cookie, "2026-02-30", "2026-03-01")).status).toBe(400);
  });
});

describe("recurring and all-day events", () => {
  it("repeats a daily event at the same Rome time across the DST change, each with its own end", async () => {
    const { cookie } = await sandbox();
    // 10:00-11:00 in Rome on Friday 27 March 2026 (CET, UTC+1); summer time starts on Sunday the 29th.
    await createEvent(cookie, event({ title: "Stand-up", startDate: "2026-03-27T09:00:00.000Z", endDate: "2026-03-27T10:00:00.000Z", isRecurring: true, recurringPattern: { frequency: "daily" } }));
    const res = await range(cookie, "2026-03-26", "2026-03-31");
    expect(res.json.map((e: any) => [e.startDate, e.endDate])).toEqual([
      ["2026-03-27T09:00:00.000Z", "2026-03-27T10:00:00.000Z"],
      ["2026-03-28T09:00:00.000Z", "2026-03-28T10:00:00.000Z"],
      ["2026-03-29T08:00:00.000Z", "2026-03-29T09:00:00.000Z"],
      ["2026-03-30T08:00:00.000Z", "2026-03-30T09:00:00.000Z"],
      ["2026-03-31T08:00:00.000Z", "2026-03-31T09:00:00.000Z"],
    ]);
    expect(new Set(res.json.map((e: any) => e.occurrenceId)).size).toBe(5);
    expect(res.json.every((e: any) => e.seriesStartDate === "2026-03-27T09:00:00.000Z" && e.isRecurring)).toBe(true);
  });

  it("repeats weekly on the chosen days, every other week, until a date", async () => {
    const { cookie } = await sandbox();
    // Monday 4 May 2026, 18:00 Rome; Mondays and Thursdays, every two weeks, until 31 May.
    await createEvent(cookie, event({
      title: "Corso",
      startDate: "2026-05-04T16:00:00.000Z",
      endDate: "2026-05-04T17:30:00.000Z",
      isRecurring: true,
      recurringPattern: { frequency: "weekly", interval: 2, daysOfWeek: [4, 1] },
      recurringUntil: "2026-05-31",
    }));
    const res = await range(cookie, "2026-05-01", "2026-06-30");
    expect(res.json.map((e: any) => e.startDate)).toEqual(["2026-05-04T16:00:00.000Z", "2026-05-07T16:00:00.000Z", "2026-05-18T16:00:00.000Z", "2026-05-21T16:00:00.000Z"]);
    expect(res.json[0].recurringPattern).toEqual({ frequency: "weekly", interval: 2, daysOfWeek: [1, 4] });
    expect(res.json[0].recurringUntil).toBe("2026-05-31");
  });

  it("repeats monthly on the same day, on the last day when a month is shorter", () => {
    const series = { start: romeInstant("2026-01-31", 9, 30), end: null, isAllDay: false, recurrence: { frequency: "monthly" as const, interval: 1, daysOfWeek: [] }, until: "2026-05-15" };
    const starts = occurrencesBetween(series, romeInstant("2026-01-01"), romeInstant("2026-12-31")).map((o) => o.start.toISOString());
    expect(starts).toEqual(["2026-01-31T08:30:00.000Z", "2026-02-28T08:30:00.000Z", "2026-03-31T07:30:00.000Z", "2026-04-30T07:30:00.000Z"]);
  });

  it("keeps an all-day event on its Rome day without an end, and a recurring one ends at its until day", async () => {
    const { cookie } = await sandbox();
    // 23:30 UTC on 30 April is already 1 May in Rome.
    const created = await createEvent(cookie, { title: "Festa dei lavoratori", startDate: "2026-04-30T23:30:00.000Z", endDate: "2026-05-01T20:00:00.000Z", isAllDay: true });
    expect(created.startDate).toBe("2026-04-30T22:00:00.000Z");
    expect(created.endDate).toBeNull();
    const day = await call("/api/calendar/day/2026-05-01", { cookie });
    expect(day.json.map((e: any) => [e.title, e.isAllDay])).toEqual([["Festa dei lavoratori", true]]);
    expect((await call("/api/calendar/day/2026-04-30", { cookie })).json).toEqual([]);
    expect((await call("/api/calendar/day/2026-05-02", { cookie })).json).toEqual([]);

    await createEvent(cookie, { title: "Pulizie", startDate: "2026-06-01T10:00:00.000Z", isAllDay: true, isRecurring: true, recurringPattern: { frequency: "daily" }, recurringUntil: "2026-06-03" });
    const res = await range(cookie, "2026-06-01", "2026-06-07");
    expect(res.json.map((e: any) => [e.startDate, e.endDate])).toEqual([
      ["2026-05-31T22:00:00.000Z", null],
      ["2026-06-01T22:00:00.000Z", null],
      ["2026-06-02T22:00:00.000Z", null],
    ]);
    const bad = await call("/api/calendar", { cookie, body: { title: "x", startDate: "2026-06-05T10:00:00.000Z", isRecurring: true, recurringPattern: { frequency: "daily" }, recurringUntil: "2026-06-01" } });
    expect(bad.status).toBe(400);
    expect(bad.json.error).toBe(TX.untilBeforeStart);
  });

  it("bounds a Rome day correctly on the short DST day", async () => {
    const { cookie } = await sandbox();
    // 29 March 2026 lasts 23 hours in Rome: from 23:00 UTC on the 28th to 22:00 UTC on the 29th.
    await createEvent(cookie, { title: "Mezzanotte e mezza", startDate: "2026-03-28T23:30:00.000Z" });
    await createEvent(cookie, { title: "Tarda sera", startDate: "2026-03-29T21:30:00.000Z" });
    await createEvent(cookie, { title: "Giorno dopo", startDate: "2026-03-29T22:30:00.000Z" });
    await createEvent(cookie, { title: "Sabato sera", startDate: "2026-03-28T22:30:00.000Z" });
    const day = await call("/api/calendar/day/2026-03-29", { cookie });
    expect(day.json.map((e: any) => e.title)).toEqual(["Mezzanotte e mezza", "Tarda sera"]);
    // And the long one in October: 25 hours.
    await createEvent(cookie, { title: "Ora ripetuta", startDate: "2026-10-25T00:30:00.000Z" });
    await createEvent(cookie, { title: "Ultima ora", startDate: "2026-10-25T22:30:00.000Z" });
    const october = await call("/api/calendar/day/2026-10-25", { cookie });
    expect(october.json.map((e: any) => e.title)).toEqual(["Ora ripetuta", "Ultima ora"]);
  });

  it("answers today's events and the current Rome time", async () => {
    const { cookie } = await sandbox();
    await createEvent(cookie, { title: "Adesso", startDate: new Date().toISOString() });
    const today = await call("/api/calendar/today", { cookie });
    expect(today.status).toBe(200);
    expect(today.json.map((e: any) => e.title)).toEqual(["Adesso"]);
    const time = await call("/api/time/current", { cookie });
    expect(time.json).toMatchObject({ timezone: "Europe/Rome" });
    expect(Math.abs(Date.parse(time.json.currentTime) - Date.now())).toBeLessThan(5_000);
    expect(time.json.utcOffset).toMatch(/^\+0[12]:00$/);
  });
});

describe("event changes", () => {
  it("updates and deletes an event (204, empty body)", async () => {
    const { cookie } = await sandbox();
    const created = await createEvent(cookie, event());
    const updated = await call(`/api/calendar/${created.id}`, { method: "PUT", cookie, body: event({ title: "Spostata", startDate: "2026-05-05T08:00:00.000Z", endDate: "2026-05-05T09:30:00.000Z" }) });
    expect(updated.status).toBe(200);
    expect(updated.json).toMatchObject({ title: "Spostata", startDate: "2026-05-05T08:00:00.000Z" });
    const removed = await call(`/api/calendar/${created.id}`, { method: "DELETE", cookie });
    expect(removed.status).toBe(204);
    expect(removed.text).toBe("");
    expect((await call(`/api/calendar/${created.id}`, { method: "DELETE", cookie })).status).toBe(404);
  });

  it("asks for title and start date with the spec's text, and refuses an end before the start", async () => {
    const { cookie } = await sandbox();
    for (const body of [{ startDate: "2026-05-04T08:00:00.000Z" }, { title: "  ", startDate: "2026-05-04T08:00:00.000Z" }, { title: "Senza data" }, { title: "Vuota", startDate: "" }]) {
      const res = await call("/api/calendar", { cookie, body });
      expect(res.status).toBe(400);
      expect(res.json.error).toBe(TX.requiredFields);
    }
    const backwards = await call("/api/calendar", { cookie, body: event({ endDate: "2026-05-04T07:00:00.000Z" }) });
    expect(backwards.status).toBe(400);
    expect(backwards.json.error).toBe(TX.endBeforeStart);
  });

  it("answers 400, never 500, for malformed JSON, wrong types and bad parameters", async () => {
    const { cookie } = await sandbox();
    const created = await createEvent(cookie, event());
    const bodies = [
      "{\"title\": ",
      "null",
      "[1,2]",
      JSON.stringify({ title: 5, startDate: true }),
      JSON.stringify(event({ isAllDay: "yes" })),
      JSON.stringify(event({ notificationMinutes: "15" })),
      JSON.stringify(event({ notificationPhoneNumbers: "+393331234567" })),
      JSON.stringify(event({ isRecurring: true, recurringPattern: "daily" })),
      JSON.stringify(event({ isRecurring: true, recurringPattern: { frequency: "yearly" } })),
      JSON.stringify(event({ startDate: "domani" })),
      JSON.stringify(event({ title: "x".repeat(100_000) })),
    ];
    for (const [method, path] of [["POST", "/api/calendar"], ["PUT", `/api/calendar/${created.id}`], ["POST", "/api/calendar/settings"], ["POST", "/api/lead-notifications/settings"]] as const) {
      for (const raw of bodies) {
        const res = await call(path, { method, cookie, rawBody: raw, headers: { "Content-Type": "application/json" } });
        expect(res.status, `${method} ${path} ${raw.slice(0, 60)}: ${res.text.slice(0, 200)}`).toBe(400);
        expect(res.json.error).toBeTypeOf("string");
      }
    }
    for (const path of ["/api/calendar?startDate=2026-13-01&endDate=2026-13-02", "/api/calendar?startDate=2026-01-01", "/api/calendar?startDate=2020-01-01&endDate=2026-01-01", "/api/calendar/day/oggi", "/api/calendar/day/2026-02-30"]) {
      expect((await call(path, { cookie })).status, path).toBe(400);
    }
    expect((await call(`/api/calendar/${"x".repeat(100)}`, { method: "DELETE", cookie })).status).toBe(400);
  });
});

describe("tenancy", () => {
  it("answers 404 for another tenant's account and events on every calendar and lead route", async () => {
    const owner = await sandbox();
    const created = await createEvent(owner.cookie, event());
    const other = await signedInUser();
    await createAccount(other.cookie);
    const theirs = `twilioAccountId=${owner.account.id}`;
    const checks = [
      await call(`/api/calendar?startDate=2026-05-04&endDate=2026-05-10&${theirs}`, { cookie: other.cookie }),
      await call(`/api/calendar/day/2026-05-04?${theirs}`, { cookie: other.cookie }),
      await call(`/api/calendar/today?${theirs}`, { cookie: other.cookie }),
      await call(`/api/calendar/settings?${theirs}`, { cookie: other.cookie }),
      await call("/api/calendar/settings", { cookie: other.cookie, body: { twilioAccountId: owner.account.id, notificationEnabled: false } }),
      await call("/api/calendar", { cookie: other.cookie, body: event({ twilioAccountId: owner.account.id }) }),
      await call(`/api/calendar/${created.id}`, { method: "PUT", cookie: other.cookie, body: event({ title: "Rubato" }) }),
      await call(`/api/calendar/${created.id}`, { method: "DELETE", cookie: other.cookie }),
      await call(`/api/lead-notifications/settings?${theirs}`, { cookie: other.cookie }),
      await call("/api/lead-notifications/settings", { cookie: other.cookie, body: { twilioAccountId: owner.account.id, notificationEnabled: true } }),
    ];
    expect(checks.map((r) => r.status)).toEqual(Array(checks.length).fill(404));
    // Their own active account shows none of the owner's events.
    expect((await range(other.cookie, "2026-05-04", "2026-05-10")).json).toEqual([]);
    expect((await range(owner.cookie, "2026-05-04", "2026-05-10")).json.map((e: any) => e.title)).toEqual(["Riunione con il cliente"]);
    expect((await call("/api/calendar", { cookie: "agentbot_session=nope", body: event() })).status).toBe(401);
  });
});

describe("calendar settings", () => {
  it("validates each phone number with the spec's texts", async () => {
    const { cookie } = await sandbox();
    const res = await call("/api/calendar/settings", {
      cookie,
      body: { notificationEnabled: true, notificationPhoneNumbers: ["", "3331234567", "+0393331234567", "+393331234567", "+39 333 123 4567", "+1234567890123456"] },
    });
    expect(res.status).toBe(400);
    const byPath = Object.fromEntries(res.json.details.map((d: any) => [d.path, d.message]));
    expect(byPath).toEqual({
      "notificationPhoneNumbers.0": "Inserisci un numero di telefono",
      "notificationPhoneNumbers.1": "Formato numero non valido. Usa formato internazionale: +393331234567",
      "notificationPhoneNumbers.2": "Formato numero non valido. Usa formato internazionale: +393331234567",
      "notificationPhoneNumbers.4": "Questo numero è già presente nella lista",
      "notificationPhoneNumbers.5": "Formato numero non valido. Usa formato internazionale: +393331234567",
    });
    const none = await call("/api/calendar/settings", { cookie, body: { notificationEnabled: true, notificationPhoneNumbers: [] } });
    expect(none.json.error).toBe(TX.phonesRequired);
  });

  it("defaults to 15 minutes, saves, and gives new events its reminder defaults", async () => {
    const { cookie, account } = await sandbox();
    expect((await call("/api/calendar/settings", { cookie })).json).toEqual({
      twilioAccountId: account.id,
      notificationEnabled: false,
      defaultNotificationMinutes: 15,
      notificationTemplateId: null,
      notificationPhoneNumbers: [],
    });
    const saved = await call("/api/calendar/settings", {
      cookie,
      body: { notificationEnabled: true, defaultNotificationMinutes: 30, notificationTemplateId: SANDBOX_TEMPLATES[2]!.sid, notificationPhoneNumbers: ["+39 333 123 4567"] },
    });
    expect(saved.status).toBe(200);
    expect(saved.json).toMatchObject({ notificationEnabled: true, defaultNotificationMinutes: 30, notificationPhoneNumbers: ["+393331234567"] });
    const created = await createEvent(cookie, event());
    expect(created).toMatchObject({ notificationEnabled: true, notificationMinutes: 30, notificationTemplateId: SANDBOX_TEMPLATES[2]!.sid, notificationPhoneNumbers: ["+393331234567"] });
    const unapproved = await call("/api/calendar/settings", { cookie, body: { notificationEnabled: false, notificationTemplateId: "HXnope" } });
    expect(unapproved.status).toBe(400);
    expect(unapproved.json.error).toBe(TX.templateNotApproved);
  });
});

describe("WhatsApp reminders", () => {
  it("is due from the reminder time until the event starts, with a grace period for a late cron", () => {
    const start = new Date("2030-01-10T09:00:00.000Z");
    const at = (iso: string) => isReminderDue(start, 15, new Date(iso));
    expect(at("2030-01-10T08:44:59.000Z")).toBe(false);
    expect(at("2030-01-10T08:45:00.000Z")).toBe(true);
    expect(at("2030-01-10T08:59:59.000Z")).toBe(true);
    expect(at("2030-01-10T09:00:00.000Z")).toBe(false);
    // With no notice the reminder goes out at the start, and up to ten minutes later.
    expect(isReminderDue(start, 0, new Date("2030-01-10T09:09:00.000Z"))).toBe(true);
    expect(isReminderDue(start, 0, new Date("2030-01-10T09:10:00.000Z"))).toBe(false);
  });

  it("finds due occurrences of one-off and recurring events", async () => {
    const { cookie } = await sandbox();
    const phone = staffPhone();
    const once = await createEvent(cookie, { title: "Una volta", startDate: "2031-03-03T09:00:00.000Z", notificationEnabled: true, notificationMinutes: 15, notificationPhoneNumbers: [phone] });
    const daily = await createEvent(cookie, {
      title: "Ogni giorno",
      startDate: "2031-03-01T09:00:00.000Z",
      notificationEnabled: true,
      notificationMinutes: 60,
      notificationPhoneNumbers: [phone],
      isRecurring: true,
      recurringPattern: { frequency: "daily" },
    });
    const ids = (list: { eventId: string; occurrenceStart: number }[]) =>
      list
        .filter((d) => d.eventId === once.id || d.eventId === daily.id)
        .map((d) => [d.eventId === once.id ? "once" : "daily", new Date(d.occurrenceStart).toISOString()])
        .sort((a, b) => a[0]!.localeCompare(b[0]!));
    expect(ids(await dueReminders(db(), new Date("2031-03-03T08:00:00.000Z")))).toEqual([["daily", "2031-03-03T09:00:00.000Z"]]);
    expect(ids(await dueReminders(db(), new Date("2031-03-03T08:50:00.000Z")))).toEqual([
      ["daily", "2031-03-03T09:00:00.000Z"],
      ["once", "2031-03-03T09:00:00.000Z"],
    ]);
    expect(ids(await dueReminders(db(), new Date("2031-03-05T08:30:00.000Z")))).toEqual([["daily", "2031-03-05T09:00:00.000Z"]]);
    expect(ids(await dueReminders(db(), new Date("2031-03-03T09:30:00.000Z")))).toEqual([]);
  });

  it("sends a reminder exactly once under overlapping cron runs and redelivered jobs", async () => {
    const { cookie, account } = await sandbox();
    const phone = staffPhone();
    // The number wrote to the sandbox a moment ago: free text is allowed for 24 hours.
    expect((await call("/api/sandbox/inbound", { cookie, body: { phoneNumber: phone, body: "Ciao, sono in ufficio" } })).status).toBe(201);
    await waitFor(async () => expect((await messagesTo(account.id, phone)).some((m) => m.sender === "ai")).toBe(true));
    const start = new Date(Date.now() + 10 * MINUTE);
    const created = await createEvent(cookie, { title: "Chiamata fornitore", location: "Sala riunioni", startDate: start.toISOString(), notificationEnabled: true, notificationMinutes: 15, notificationPhoneNumbers: [phone] });

    const sendBatch = vi.spyOn(env.JOBS, "sendBatch");
    const tick = async () => {
      const ctx = createExecutionContext();
      await worker.scheduled(createScheduledController({ scheduledTime: new Date(), cron: "* * * * *" }), env, ctx);
      await waitOnExecutionContext(ctx);
    };
    await Promise.all([tick(), tick()]);
    const queued = sendBatch.mock.calls.flatMap(([batch]) => [...batch].map((m) => m.body as JobMessage)).filter((j) => j.kind === "calendar.reminder" && j.eventId === created.id);
    sendBatch.mockRestore();
    expect(queued.length).toBeGreaterThanOrEqual(1);
    // The queue redelivers the same job, twice in one batch and once more later.
    const job = queued[0]!;
    const batch = createMessageBatch("agentbot-jobs", [
      { id: "r1", timestamp: new Date(), attempts: 1, body: job },
      { id: "r2", timestamp: new Date(), attempts: 2, body: job },
    ]);
    const ctx = createExecutionContext();
    await worker.queue(batch, env, ctx);
    expect((await getQueueResult(batch, ctx)).explicitAcks.sort()).toEqual(["r1", "r2"]);
    await sendReminders(env, db(), job as { eventId: string; occurrenceStart: number });

    const reminders = async () => (await messagesTo(account.id, phone)).filter((m) => m.content.startsWith("Promemoria"));
    await waitFor(async () => {
      const sent = await reminders();
      expect(sent).toHaveLength(1);
      expect(sent[0]!.status).toBe("delivered");
      expect(sent[0]!.sender).toBe("operator");
      expect(sent[0]!.content).toContain('"Chiamata fornitore"');
      expect(sent[0]!.content).toContain("Sala riunioni");
    });
    await tick();
    await new Promise((r) => setTimeout(r, 800));
    expect(await reminders()).toHaveLength(1);
    const claims = await db().select().from(calendarRemindersSent).where(eq(calendarRemindersSent.eventId, created.id));
    expect(claims.map((c) => [c.phoneNumber, c.status])).toEqual([[phone, "sent"]]);
    // A one-off event is marked reminded, so the cron stops looking at it.
    expect((await dueReminders(db(), new Date())).filter((d) => d.eventId === created.id)).toEqual([]);
  });

  it("skips opted-out numbers, sends the template to numbers outside the window, and free text only inside it", async () => {
    const { cookie, account } = await sandbox();
    const optedOut = staffPhone();
    const silent = staffPhone();
    await call("/api/sandbox/inbound", { cookie, body: { phoneNumber: optedOut, body: "STOP" } });
    await waitFor(async () => expect((await messagesTo(account.id, optedOut)).some((m) => m.content === CONVERSATION_TEXTS.optOutConfirmation)).toBe(true));
    const template = SANDBOX_TEMPLATES[2]!;
    const start = new Date(Date.now() + 5 * MINUTE);
    const withTemplate = await createEvent(cookie, {
      title: "Consegna",
      startDate: start.toISOString(),
      notificationEnabled: true,
      notificationMinutes: 30,
      notificationTemplateId: template.sid,
      notificationPhoneNumbers: [optedOut, silent],
    });
    await sendReminders(env, db(), { eventId: withTemplate.id, occurrenceStart: Date.parse(withTemplate.startDate) });
    const claims = await db().select().from(calendarRemindersSent).where(eq(calendarRemindersSent.eventId, withTemplate.id));
    const byPhone = Object.fromEntries(claims.map((c) => [c.phoneNumber, c]));
    expect(byPhone[optedOut]).toMatchObject({ status: "skipped", reason: CONVERSATION_TEXTS.optedOut });
    expect(byPhone[silent]).toMatchObject({ status: "sent" });
    expect((await messagesTo(account.id, optedOut)).filter((m) => m.sender === "operator")).toHaveLength(0);
    const [sent] = (await messagesTo(account.id, silent)).filter((m) => m.sender === "operator");
    expect(sent!.templateSid).toBe(template.sid);
    expect(sent!.templateVariables).toEqual({ "1": "Consegna", "2": expect.stringMatching(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/) });

    // Free text to a number that never wrote: skipped, and no empty conversation is opened for it.
    const stranger = staffPhone();
    const freeText = await createEvent(cookie, { title: "Libero", startDate: start.toISOString(), notificationEnabled: true, notificationPhoneNumbers: [stranger] });
    await sendReminders(env, db(), { eventId: freeText.id, occurrenceStart: Date.parse(freeText.startDate) });
    const [skipped] = await db().select().from(calendarRemindersSent).where(eq(calendarRemindersSent.eventId, freeText.id));
    expect(skipped).toMatchObject({ status: "skipped", reason: CONVERSATION_TEXTS.outsideWindow });
    expect(await conversationOf(account.id, stranger)).toBeUndefined();
  });

  it("fills the reminder template with the values chosen for it: fixed text or the event's title and time", async () => {
    const { cookie, account } = await sandbox();
    const phone = staffPhone();
    const template = SANDBOX_TEMPLATES[2]!;
    const base = { title: "Consegna", startDate: new Date(Date.now() + 5 * MINUTE).toISOString(), notificationEnabled: true, notificationMinutes: 30, notificationTemplateId: template.sid, notificationPhoneNumbers: [phone] };
    // A reminder goes to the business's own numbers: a lead's field has nothing to give.
    const byField = await call("/api/calendar", { cookie, body: { ...base, notificationVariables: { "1": { source: "field", field: "nome" }, "2": "x" } } });
    expect(byField.status).toBe(400);
    expect(byField.json.error).toBe(TX.reminderVariableSource);
    const unbound = await call("/api/calendar", { cookie, body: { ...base, notificationVariables: { "2": { source: "event", field: "time" } } } });
    expect(unbound.json.error).toBe(TEMPLATE_VARIABLE_TEXTS.missing(["1"]));

    const event = await createEvent(cookie, { ...base, notificationVariables: { "1": "Squadra consegne", "2": { source: "event", field: "title" } } });
    expect(event.notificationVariables).toEqual({ "1": { source: "text", value: "Squadra consegne" }, "2": { source: "event", field: "title" } });
    await sendReminders(env, db(), { eventId: event.id, occurrenceStart: Date.parse(event.startDate) });
    const [sent] = (await messagesTo(account.id, phone)).filter((m) => m.sender === "operator");
    expect(sent!.templateVariables).toEqual({ "1": "Squadra consegne", "2": "Consegna" });
    expect(sent!.content).toBe(renderTemplate(template.bodyText, { "1": "Squadra consegne", "2": "Consegna" }));
  });

  it("does not send for an occurrence that was moved, nor long after the start", async () => {
    const { cookie } = await sandbox();
    const phone = staffPhone();
    const start = new Date(Date.now() + 5 * MINUTE);
    const reminder = { notificationEnabled: true, notificationPhoneNumbers: [phone], notificationTemplateId: SANDBOX_TEMPLATES[0]!.sid };
    const moved = await createEvent(cookie, { title: "Spostato", startDate: start.toISOString(), ...reminder });
    const updated = await call(`/api/calendar/${moved.id}`, { method: "PUT", cookie, body: { title: "Spostato", startDate: `${addDays(start.toISOString().slice(0, 10), 1)}T10:00:00.000Z` } });
    expect(updated.status).toBe(200);
    await sendReminders(env, db(), { eventId: moved.id, occurrenceStart: Date.parse(moved.startDate) });
    const late = await createEvent(cookie, { title: "In ritardo", startDate: start.toISOString(), ...reminder });
    await sendReminders(env, db(), { eventId: late.id, occurrenceStart: Date.parse(late.startDate) }, new Date(Date.parse(late.startDate) + 11 * MINUTE));
    for (const id of [moved.id, late.id]) expect(await db().select().from(calendarRemindersSent).where(eq(calendarRemindersSent.eventId, id))).toEqual([]);
  });
});
