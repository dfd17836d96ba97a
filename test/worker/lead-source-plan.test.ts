import { createExecutionContext, createScheduledController, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { and, asc, eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { plannedSends, type SourcePlan } from "@shared/lead-source-plan";
import { romeClock } from "@shared/rome-time";
import { LEAD_TEXTS as TX } from "@shared/texts/leads";
import { TEMPLATE_VARIABLE_TEXTS as VX } from "@shared/texts/template-variables";
import { conversations, messages } from "@worker/db/schema";
import { runSourceSlot } from "@worker/features/lead-sources/plan";
import worker from "@worker/index";
import { call, db, signedInUser } from "./helpers";

const waitFor = <T>(fn: () => Promise<T>) => vi.waitFor(fn, { timeout: 15_000, interval: 150 });

async function tick(at: Date) {
  const ctx = createExecutionContext();
  await worker.scheduled(createScheduledController({ scheduledTime: at, cron: "* * * * *" }), env, ctx);
  await waitOnExecutionContext(ctx);
}

const plan = (over: Partial<SourcePlan>): SourcePlan => ({
  calendarType: "daily",
  calendarHour: 9,
  calendarMinute: 0,
  selectedDays: [],
  startDate: null,
  endDate: null,
  specificDate: null,
  talkingSchedules: [],
  ...over,
});
const iso = (sends: { at: Date; key: string }[]) => sends.map((s) => `${s.at.toISOString()} ${s.key}`);

describe("a lead source's plan", () => {
  it("keeps Rome wall-clock times across the DST changes", () => {
    // Europe/Rome moves to summer time on 2026-03-29 and back on 2026-10-25.
    expect(iso(plannedSends(plan({}), new Date("2026-03-28T00:00:00Z"), 3))).toEqual([
      "2026-03-28T08:00:00.000Z campaign",
      "2026-03-29T07:00:00.000Z campaign",
      "2026-03-30T07:00:00.000Z campaign",
    ]);
    const talk = plan({ talkingSchedules: [{ hour: 18, minute: 30, message: "Ciao" }] });
    expect(iso(plannedSends(talk, new Date("2026-10-24T12:00:00Z"), 3))).toEqual([
      "2026-10-24T16:30:00.000Z talk:0",
      "2026-10-25T08:00:00.000Z campaign",
      "2026-10-25T17:30:00.000Z talk:0",
    ]);
  });

  it("follows the selected weekdays, the date range and a specific date", () => {
    // 2026-11-23 is a Monday.
    const weekly = plan({ calendarType: "weekly", selectedDays: [1, 5], startDate: "2026-11-24", endDate: "2026-12-04" });
    expect(iso(plannedSends(weekly, new Date("2026-11-20T00:00:00Z"), 10))).toEqual([
      "2026-11-27T08:00:00.000Z campaign",
      "2026-11-30T08:00:00.000Z campaign",
      "2026-12-04T08:00:00.000Z campaign",
    ]);
    const once = plan({ calendarType: "specific", specificDate: "2026-12-01", calendarHour: 10, calendarMinute: 15 });
    expect(iso(plannedSends(once, new Date("2026-11-20T00:00:00Z"), 5))).toEqual(["2026-12-01T09:15:00.000Z campaign"]);
    expect(plannedSends(once, new Date("2026-12-01T09:15:00Z"), 5, true)).toEqual([]);
    expect(plannedSends(plan({ calendarType: null }), new Date(), 5)).toEqual([]);
  });
});

async function approvedTemplate(cookie: string) {
  const created = await call("/api/templates", {
    cookie,
    body: { name: "Invito fiera", category: "agency", whatsappContent: { text: "Ciao {{1}}, ti aspettiamo allo stand di {{2}}. Ci vediamo?" } },
  });
  await call(`/api/templates/${created.json.id}/submit`, { cookie, method: "POST" });
  await tick(new Date());
  await waitFor(async () => expect((await call("/api/templates", { cookie })).json.find((t: { id: string }) => t.id === created.json.id).status).toBe("approved"));
  return created.json.id as string;
}

const TALK = "Promemoria: domani ti aspettiamo in fiera!";

describe("planned sends of a lead source", () => {
  it("refuses a plan that could never fall due", async () => {
    const { cookie } = await signedInUser();
    await call("/api/twilio-accounts", { cookie, body: { name: "Sandbox", sandbox: true, phoneNumber: "+15005550006", gptModel: "gpt-4o-mini" } });
    const cases: [Record<string, unknown>, string][] = [
      [{ talkingSchedules: [{ hour: 9, minute: 0, message: "Ciao" }] }, TX.planRequired],
      [{ calendarType: "weekly", selectedDays: [] }, TX.daysRequired],
      [{ calendarType: "specific" }, TX.specificDateRequired],
    ];
    for (const [extra, message] of cases) {
      const res = await call("/api/lead-sources", { cookie, body: { name: "Fiera", type: "manual", ...extra } });
      expect(res.status).toBe(400);
      expect(res.text).toContain(message);
    }
  });

  it("sends each slot once: the template to leads not yet contacted, the talking message inside the window and the template outside it", async () => {
    const { user, cookie } = await signedInUser();
    const account = (await call("/api/twilio-accounts", { cookie, body: { name: "Sandbox", sandbox: true, phoneNumber: "+15005550006", gptModel: "gpt-4o-mini" } })).json;
    const templateId = await approvedTemplate(cookie);
    // The campaign's slot an hour from now, the talking message's half an hour after it (Rome time), so
    // that the campaign's comes first whatever the time of day: at fixed times (9:00 and 9:30) a run
    // between them met the talking message first, which contacts Anna, and the campaign then skips her.
    const campaignClock = romeClock(Date.now() + 3_600_000);
    const talkClock = romeClock(Date.now() + 5_400_000);
    const created = await call("/api/lead-sources", {
      cookie,
      body: {
        name: "Fiera",
        type: "manual",
        templateId,
        templateVariables: { "1": { source: "field", field: "nome" }, "2": "Fiera del Levante" },
        autoResponse: false,
        calendarType: "daily",
        calendarHour: campaignClock.hour,
        calendarMinute: campaignClock.minute,
        talkingSchedules: [{ hour: talkClock.hour, minute: talkClock.minute, message: TALK }],
      },
    });
    expect(created.status, created.text).toBe(201);
    const id = created.json.id as string;
    const [first, second] = created.json.plannedSends as { at: string; key: string }[];
    expect([first!.key, second!.key]).toEqual(["campaign", "talk:0"]);
    expect(Date.parse(second!.at)).toBeGreaterThan(Date.parse(first!.at));
    expect(created.json.nextCampaignAt).toBe(first!.at);

    // Two leads, neither contacted (no auto-response); Bianca wrote a moment ago, so her window is open.
    const anna = (await call("/api/leads", { cookie, body: { phone: "+393401110001", name: "Anna", leadSourceId: id } })).json.lead;
    await db().insert(conversations).values({ userId: user.id, twilioAccountId: account.id, phoneNumber: "+393401110002", lastInboundAt: new Date() });
    const bianca = (await call("/api/leads", { cookie, body: { phone: "+393401110002", name: "Bianca", leadSourceId: id } })).json.lead;
    expect([anna.status, bianca.status]).toEqual(["new", "new"]);

    const sentTo = async (phone: string) => {
      const conv = await db().query.conversations.findFirst({ where: and(eq(conversations.twilioAccountId, account.id), eq(conversations.phoneNumber, phone)) });
      return conv ? db().select().from(messages).where(and(eq(messages.conversationId, conv.id), eq(messages.sender, "operator"))).orderBy(asc(messages.createdAt)) : [];
    };
    const campaignAt = new Date((created.json.plannedSends as any[]).find((s) => s.key === "campaign").at);
    const talkAt = new Date((created.json.plannedSends as any[]).find((s) => s.key === "talk:0").at);

    for (const at of [campaignAt, talkAt].sort((a, b) => a.getTime() - b.getTime())) {
      await Promise.all([tick(at), tick(at)]);
    }
    await waitFor(async () => {
      expect((await sentTo("+393401110001")).map((m) => m.templateSid !== null)).toEqual([true, true]);
      expect((await sentTo("+393401110001"))[0]!.content).toBe("Ciao Anna, ti aspettiamo allo stand di Fiera del Levante. Ci vediamo?");
      expect((await sentTo("+393401110002")).map((m) => m.content)).toEqual([TALK]);
    });
    // The same slot again (a redelivered job) sends nothing more.
    await runSourceSlot(env, db(), { sourceId: id, at: talkAt.getTime(), key: "talk:0" });
    await runSourceSlot(env, db(), { sourceId: id, at: campaignAt.getTime(), key: "campaign" });
    expect(await sentTo("+393401110001")).toHaveLength(2);
    expect(await sentTo("+393401110002")).toHaveLength(1);

    const leadsNow = (await call(`/api/leads?leadSourceId=${id}`, { cookie })).json.leads as any[];
    expect(leadsNow.map((l) => l.status).sort()).toEqual(["contacted", "contacted"]);
    const source = (await call("/api/lead-sources", { cookie })).json[0];
    const later = new Date(Math.max(campaignAt.getTime(), talkAt.getTime()));
    expect(source).toMatchObject({ lastCampaignAt: later.toISOString(), campaignSent: false });
    expect(Date.parse(source.nextCampaignAt)).toBeGreaterThan(later.getTime());
  });

  it("sends no slot's template to a lead without a value for it: no chat is opened and the lead shows why", async () => {
    const { cookie } = await signedInUser();
    const account = (await call("/api/twilio-accounts", { cookie, body: { name: "Sandbox", sandbox: true, phoneNumber: "+15005550006", gptModel: "gpt-4o-mini" } })).json;
    const templateId = await approvedTemplate(cookie);
    const created = await call("/api/lead-sources", {
      cookie,
      body: {
        name: "Fiera",
        type: "manual",
        templateId,
        templateVariables: { "1": { source: "field", field: "nome" }, "2": { source: "field", field: "company" } },
        autoResponse: false,
        calendarType: "daily",
        talkingSchedules: [{ hour: 9, minute: 30, message: TALK }],
      },
    });
    const id = created.json.id as string;
    // Carla left no name and no company; Dario has both.
    const carla = (await call("/api/leads", { cookie, body: { phone: "+393401110003", leadSourceId: id } })).json.lead;
    await call("/api/leads", { cookie, body: { phone: "+393401110004", name: "Dario", company: "Bar Dario", leadSourceId: id } });
    const at = Date.now();
    await runSourceSlot(env, db(), { sourceId: id, at, key: "talk:0" });
    await runSourceSlot(env, db(), { sourceId: id, at, key: "campaign" });
    const chats = await db().select().from(conversations).where(eq(conversations.twilioAccountId, account.id));
    expect(chats.map((c) => c.phoneNumber)).toEqual(["+393401110004"]);
    const sent = await db().select().from(messages).where(eq(messages.conversationId, chats[0]!.id));
    expect(sent.map((m) => m.content)).toEqual(["Ciao Dario, ti aspettiamo allo stand di Bar Dario. Ci vediamo?"]);
    const after = (await call(`/api/leads?leadSourceId=${id}`, { cookie })).json.leads.find((l: { id: string }) => l.id === carla.id);
    expect(after).toMatchObject({ status: "new", conversationId: null, templateBlocked: VX.noValue(["1", "2"]) });
  });
});
