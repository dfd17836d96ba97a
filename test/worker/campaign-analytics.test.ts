import { createExecutionContext, createScheduledController, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { and, eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { romeDay } from "@shared/rome-time";
import { SANDBOX_TEMPLATES } from "@shared/sandbox-templates";
import { LEAD_TEXTS as TX } from "@shared/texts/leads";
import { analytics, auditLog, conversations, leads, listLeads, messages } from "@worker/db/schema";
import worker from "@worker/index";
import { call, db, signedInUser } from "./helpers";

const waitFor = <T>(fn: () => Promise<T>) => vi.waitFor(fn, { timeout: 15_000, interval: 150 });
const TEMPLATE = SANDBOX_TEMPLATES[0]!;
// {{1}} the lead's first name and {{2}} fixed text: a step must bind every variable of its template.
const VARS = { "1": { source: "field", field: "nome" }, "2": { source: "text", value: "Sandbox" } };
let seq = 0;
const newPhone = () => `+39321${String(Date.now() % 100_000).padStart(5, "0")}${String((seq += 1) % 100).padStart(2, "0")}`;

async function tick(at = new Date()) {
  const ctx = createExecutionContext();
  await worker.scheduled(createScheduledController({ scheduledTime: at, cron: "* * * * *" }), env, ctx);
  await waitOnExecutionContext(ctx);
}

// A sandbox account whose dynamic campaign has sent its template to `n` leads through the real engine.
async function campaignThatSent(n: number) {
  const { cookie } = await signedInUser("super_admin");
  const account = (await call("/api/twilio-accounts", { cookie, body: { name: "Sandbox", sandbox: true, phoneNumber: "+15005550006", gptModel: "gpt-4o-mini" } })).json;
  const list = await call("/api/lists", { cookie, body: { name: "Lista", listType: "dynamic", source: "csv" } });
  const phones = Array.from({ length: n }, newPhone);
  await db()
    .insert(listLeads)
    .values(phones.map((p, i) => ({ listId: list.json.id, nome: `Lead${i}`, cognome: "Prova", numeroTelefono: p, externalId: p })));
  const campaign = await call("/api/campaigns/dynamic", { cookie, body: { name: "Autunno", templateSid: TEMPLATE.sid, targetListId: list.json.id } });
  const step = await call(`/api/campaigns/${campaign.json.id}/funnel`, { cookie, body: { templateSid: TEMPLATE.sid, variables: VARS } });
  expect(step.status, step.text).toBe(201);
  expect((await call(`/api/campaigns/${campaign.json.id}`, { method: "PATCH", cookie, body: { status: "active" } })).status).toBe(200);
  await tick();
  const card = async () => ((await call("/api/campaigns", { cookie })).json as any[]).find((c) => c.id === campaign.json.id);
  await waitFor(async () => expect(await card()).toMatchObject({ sentCount: n, deliveredCount: n }));
  return { cookie, account, campaignId: campaign.json.id as string, phones, card };
}

const sum = (points: any[], key: string) => points.reduce((t, p) => t + p[key], 0);

describe("campaign analytics", () => {
  it("agree with the campaign card: sent, delivered, read, failed, replied, by Rome day and per campaign", async () => {
    const { cookie, account, campaignId, phones, card } = await campaignThatSent(4);
    // One customer reads and answers: the read status and the reply count on both sides.
    const conversation = (await db().query.conversations.findFirst({ where: and(eq(conversations.twilioAccountId, account.id), eq(conversations.phoneNumber, phones[0]!)) }))!;
    await db().update(messages).set({ status: "read" }).where(and(eq(messages.conversationId, conversation.id), eq(messages.sender, "operator")));
    await db().insert(messages).values({ conversationId: conversation.id, content: "Mi interessa", sender: "customer", createdAt: new Date(Date.now() + 1000) });

    const today = romeDay(new Date());
    const range = `startDate=${today}&endDate=${today}`;
    const points = (await call(`/api/analytics/timeseries?${range}`, { cookie })).json as any[];
    const figures = (await call(`/api/analytics/campaigns?${range}`, { cookie })).json as any[];
    const shown = await card();
    const funnel = (await call(`/api/campaigns/${campaignId}/funnel`, { cookie })).json[0].stats;
    expect(points).toHaveLength(1);
    expect({ sent: sum(points, "campaignSent"), delivered: sum(points, "campaignDelivered"), failed: sum(points, "campaignFailed") }).toEqual({
      sent: shown.sentCount,
      delivered: shown.deliveredCount,
      failed: shown.failedCount,
    });
    expect(points[0]).toMatchObject({ campaignSent: 4, campaignDelivered: 4, campaignRead: 1, campaignReplied: 1, campaignFailed: 0, campaignStopped: 0 });
    expect(figures).toEqual([
      { campaignId, name: "Autunno", sent: 4, delivered: 4, read: 1, failed: 0, replied: funnel.replied, stopped: 0, converted: 0, conversionRate: 0, revenue: 0 },
    ]);
    expect(funnel).toMatchObject({ sent: 4, delivered: 4, replied: 1 });
    // The days before hold nothing of it.
    const yesterday = romeDay(new Date(Date.now() - 86_400_000));
    expect(sum((await call(`/api/analytics/timeseries?startDate=${yesterday}&endDate=${yesterday}`, { cookie })).json, "campaignSent")).toBe(0);
    expect((await call("/api/analytics/campaigns?startDate=ieri&endDate=oggi", { cookie })).status).toBe(400);
  });
});

describe("revenue", () => {
  it("takes a deal value on a converted lead, editable, and shows it per day, campaign and template with the conversion rate", async () => {
    const { cookie, campaignId, phones } = await campaignThatSent(2);
    const created = await call("/api/leads", { cookie, body: { phone: phones[0], name: "Lead0 Prova" } });
    expect(created.status).toBe(201);
    const id = created.json.lead.id as string;
    expect(created.json.lead).toMatchObject({ dealValue: null, convertedAt: null });

    // A value needs a converted lead; bad amounts are refused with the Italian reason.
    const early = await call(`/api/leads/${id}`, { method: "PUT", cookie, body: { dealValue: 100 } });
    expect(early.status).toBe(400);
    expect(early.json.error).toContain("convertito");
    for (const dealValue of [-1, 12.345, "mille", 20_000_000]) {
      const bad = await call(`/api/leads/${id}`, { method: "PUT", cookie, body: { status: "converted", dealValue } });
      expect(bad.status, String(dealValue)).toBe(400);
    }
    const converted = await call(`/api/leads/${id}`, { method: "PUT", cookie, body: { status: "converted", dealValue: 1250.5 } });
    expect(converted.status).toBe(200);
    expect(converted.json).toMatchObject({ status: "converted", dealValue: 1250.5 });
    const convertedAt = converted.json.convertedAt as string;
    // Edited later: the value changes, the conversion keeps its day.
    const edited = await call(`/api/leads/${id}`, { method: "PUT", cookie, body: { dealValue: 1300 } });
    expect(edited.json).toMatchObject({ dealValue: 1300, convertedAt });

    const today = romeDay(new Date());
    const range = `startDate=${today}&endDate=${today}`;
    const [point] = (await call(`/api/analytics/timeseries?${range}`, { cookie })).json as any[];
    expect(point).toMatchObject({ started: 2, converted: 1, conversionRate: 50, revenue: 1300 });
    const [figures] = (await call(`/api/analytics/campaigns?${range}`, { cookie })).json as any[];
    expect(figures).toMatchObject({ campaignId, sent: 2, converted: 1, conversionRate: 50, revenue: 1300 });
    const stats = (await call("/api/analytics/stats", { cookie })).json;
    expect(stats.revenue).toBe(1300);
    expect(stats.performance).toEqual([expect.objectContaining({ templateId: TEMPLATE.sid, started: 2, converted: 1, conversionRate: 50, revenue: 1300 })]);

    // No longer converted: the revenue goes with it.
    const lost = await call(`/api/leads/${id}`, { method: "PUT", cookie, body: { status: "lost" } });
    expect(lost.json).toMatchObject({ dealValue: null, convertedAt: null });
    expect((await call("/api/analytics/stats", { cookie })).json.revenue).toBe(0);
  });

  it("takes a deal value on a conversation from the chat: its lead is created, counted once, editable, audited", async () => {
    const { cookie, account, campaignId, phones } = await campaignThatSent(2);
    const conversation = (await db().query.conversations.findFirst({ where: and(eq(conversations.twilioAccountId, account.id), eq(conversations.phoneNumber, phones[1]!)) }))!;
    const leadOf = () => db().query.leads.findFirst({ where: and(eq(leads.twilioAccountId, account.id), eq(leads.phoneNumber, phones[1]!)) });
    // The campaign's customer has no lead yet: the chat shows it as not converted.
    expect(await leadOf()).toBeUndefined();
    const url = `/api/conversations/${conversation.id}/conversion`;
    expect((await call(url, { cookie })).json).toEqual({ leadId: null, status: null, converted: false, dealValue: null, convertedAt: null });
    // Undoing a conversion that never was creates nothing.
    expect((await call(url, { method: "PUT", cookie, body: { converted: false } })).json.leadId).toBeNull();
    expect(await leadOf()).toBeUndefined();

    // Bad bodies are refused with the Italian reason, and write nothing.
    for (const [body, reason] of [
      [{ converted: true, dealValue: -1 }, TX.dealValueInvalid],
      [{ converted: true, dealValue: 12.345 }, TX.dealValueInvalid],
      [{ converted: true, dealValue: "mille" }, TX.dealValueInvalid],
      [{ converted: false, dealValue: 5 }, TX.dealValueNeedsConverted],
      [{ dealValue: 5 }, TX.conversionInvalid],
    ] as const) {
      const bad = await call(url, { method: "PUT", cookie, body });
      expect(bad.status, JSON.stringify(body)).toBe(400);
      expect(bad.text, JSON.stringify(body)).toContain(reason);
    }
    expect(await leadOf()).toBeUndefined();

    const marked = await call(url, { method: "PUT", cookie, body: { converted: true, dealValue: 800 } });
    expect(marked.status, marked.text).toBe(200);
    expect(marked.json).toMatchObject({ status: "converted", converted: true, dealValue: 800 });
    const lead = (await leadOf())!;
    expect(lead).toMatchObject({ id: marked.json.leadId, status: "converted", dealValueCents: 80_000, conversationId: conversation.id, name: conversation.customerName });
    // Edited later: the value changes, the conversion keeps its day.
    const edited = await call(url, { method: "PUT", cookie, body: { converted: true, dealValue: 950.25 } });
    expect(edited.json).toMatchObject({ leadId: lead.id, dealValue: 950.25, convertedAt: marked.json.convertedAt });
    expect((await call("/api/leads", { cookie })).json.leads).toEqual([expect.objectContaining({ id: lead.id, status: "converted", dealValue: 950.25 })]);
    // Lead Detection qualifying the same conversation does not count it a second time.
    await db().insert(analytics).values({ id: `lead_qualified:${conversation.id}`, userId: conversation.userId, twilioAccountId: account.id, conversationId: conversation.id, eventType: "lead_qualified" });

    const today = romeDay(new Date());
    const range = `startDate=${today}&endDate=${today}`;
    const [point] = (await call(`/api/analytics/timeseries?${range}`, { cookie })).json as any[];
    expect(point).toMatchObject({ started: 2, converted: 1, conversionRate: 50, revenue: 950.25 });
    const [figures] = (await call(`/api/analytics/campaigns?${range}`, { cookie })).json as any[];
    expect(figures).toMatchObject({ campaignId, converted: 1, revenue: 950.25 });
    const stats = (await call("/api/analytics/stats", { cookie })).json;
    expect(stats).toMatchObject({ revenue: 950.25, conversionRate: 50 });
    expect(stats.performance).toEqual([expect.objectContaining({ templateId: TEMPLATE.sid, started: 2, converted: 1, revenue: 950.25 })]);

    // No longer converted: back to contacted, the revenue goes with it.
    const undone = await call(url, { method: "PUT", cookie, body: { converted: false } });
    expect(undone.json).toEqual({ leadId: lead.id, status: "contacted", converted: false, dealValue: null, convertedAt: null });
    expect((await call("/api/analytics/stats", { cookie })).json.revenue).toBe(0);

    const audit = await db().select().from(auditLog).where(and(eq(auditLog.targetId, conversation.id), eq(auditLog.action, "conversation.conversion")));
    expect(audit.map((a) => a.details)).toEqual([
      { accountId: account.id, leadId: lead.id, from: { status: "new", dealValue: null }, to: { status: "converted", dealValue: 800 } },
      { accountId: account.id, leadId: lead.id, from: { status: "converted", dealValue: 800 }, to: { status: "converted", dealValue: 950.25 } },
      { accountId: account.id, leadId: lead.id, from: { status: "converted", dealValue: 950.25 }, to: { status: "contacted", dealValue: null } },
    ]);
  });

  it("takes the value of a sale from the Lead Manager API, converting the lead", async () => {
    const { cookie, phones } = await campaignThatSent(1);
    const tokenRaw = `lm_${crypto.randomUUID().replaceAll("-", "")}`;
    expect((await call("/api/lead-manager/tokens", { cookie, body: { name: "CRM", tokenRaw } })).status).toBe(201);
    const push = (body: unknown) => call("/api/lead-manager/leads", { body, headers: { Authorization: `Bearer ${tokenRaw}` }, origin: null });
    const bad = await push({ phone: phones[0], status: "new", dealValue: 10 });
    expect(bad.status).toBe(400);
    const sale = await push({ phone: phones[0], dealValue: 499.99 });
    expect(sale.status, sale.text).toBe(201);
    expect(sale.json.lead).toMatchObject({ status: "converted", dealValue: 499.99 });
    const today = romeDay(new Date());
    const [point] = (await call(`/api/analytics/timeseries?startDate=${today}&endDate=${today}`, { cookie })).json as any[];
    expect(point).toMatchObject({ converted: 1, revenue: 499.99, conversionRate: 100 });
  });
});
