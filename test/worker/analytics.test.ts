import { describe, expect, it } from "vitest";
import { analytics, conversations, feedbackEntries, leads, memories, messages, openaiUsage } from "@worker/db/schema";
import { call, db, signedInUser } from "./helpers";

const NO_CAMPAIGN_OR_SALES = { campaignRead: 0, campaignFailed: 0, campaignReplied: 0, campaignStopped: 0, converted: 0, conversionRate: 0, revenue: 0 };

async function seeded() {
  const { user, cookie } = await signedInUser();
  const account = (await call("/api/twilio-accounts", { cookie, body: { name: "S", sandbox: true, phoneNumber: "+15005550006", gptModel: "gpt-4o-mini" } })).json;
  const base = { userId: user.id, twilioAccountId: account.id };
  const A = { templateSid: "HXA", templateName: "prestiti_benvenuto", templateCategory: "loans" };
  const B = { templateSid: "HXB", templateName: "agenzia_consulenza", templateCategory: "agency" };
  const rows = await db()
    .insert(conversations)
    .values([
      { ...base, ...A, phoneNumber: "+393400000001", createdAt: new Date("2026-11-10T10:00:00Z") },
      { ...base, ...A, phoneNumber: "+393400000002", createdAt: new Date("2026-11-10T23:30:00Z") }, // 00:30 on the 11th in Rome
      { ...base, ...A, phoneNumber: "+393400000003", createdAt: new Date("2026-11-11T09:00:00Z") },
      { ...base, ...B, phoneNumber: "+393400000004", createdAt: new Date("2026-11-12T09:00:00Z") },
      { ...base, phoneNumber: "+393400000005", createdAt: new Date("2026-11-12T10:00:00Z") }, // the customer wrote first
    ])
    .returning();
  const [c1, c2, , c4, c5] = rows;
  await db().insert(messages).values([c1!, c2!, c4!, c5!].map((c) => ({ conversationId: c.id, content: "Sì, mi interessa", sender: "customer" as const })));
  await db().insert(leads).values({ ...base, phoneNumber: c1!.phoneNumber, conversationId: c1!.id, status: "converted" });
  await db().insert(analytics).values({ ...base, conversationId: c4!.id, eventType: "lead_qualified" });
  await db().insert(openaiUsage).values([
    { ...base, model: "gpt-4o", operationType: "chat_response", totalCost: "0.50000000", createdAt: new Date("2026-11-10T12:00:00Z") },
    { ...base, model: "gpt-4o", operationType: "chat_response", totalCost: "0.25000000", createdAt: new Date("2026-11-11T08:00:00Z") },
  ]);
  return { user, cookie, account };
}

describe("analytics figures", () => {
  it("computes the dashboard figures as the README defines them", async () => {
    const { cookie } = await seeded();
    const stats = (await call("/api/analytics/stats", { cookie })).json;
    // 4 started with a template; converted: c1 (lead converted) and c4 (qualified lead) → 2/4.
    expect(stats).toMatchObject({ activeConversations: 5, totalTemplates: 3, startedConversations: 4, conversionRate: 50 });
    expect(stats.performance).toEqual([
      { templateId: "HXB", templateName: "agenzia_consulenza", category: "agency", started: 1, converted: 1, conversionRate: 100, revenue: 0 },
      { templateId: "HXA", templateName: "prestiti_benvenuto", category: "loans", started: 3, converted: 1, conversionRate: 33.3, revenue: 0 },
    ]);
    // Replied: c1, c2, c4 of the 4 started → 75%.
    expect((await call("/api/analytics/client-stats", { cookie })).json).toEqual({ responseRate: 75, startedConversations: 4, repliedConversations: 3, activeConversations: 5 });
  });

  it("draws days in Europe/Rome and fills the days without activity", async () => {
    const { cookie } = await seeded();
    const res = await call("/api/analytics/timeseries?startDate=2026-11-09&endDate=2026-11-12", { cookie });
    expect(res.json).toEqual([
      { day: "2026-11-09", started: 0, replied: 0, aiCost: 0, campaignSent: 0, campaignDelivered: 0, ...NO_CAMPAIGN_OR_SALES },
      { day: "2026-11-10", started: 1, replied: 1, aiCost: 0.5, campaignSent: 0, campaignDelivered: 0, ...NO_CAMPAIGN_OR_SALES },
      { day: "2026-11-11", started: 2, replied: 1, aiCost: 0.25, campaignSent: 0, campaignDelivered: 0, ...NO_CAMPAIGN_OR_SALES },
      { day: "2026-11-12", started: 1, replied: 1, aiCost: 0, campaignSent: 0, campaignDelivered: 0, ...NO_CAMPAIGN_OR_SALES },
    ]);
    expect((await call("/api/analytics/timeseries?startDate=2026-11-12&endDate=2026-11-01", { cookie })).status).toBe(400);
    expect((await call("/api/analytics/timeseries?startDate=2026-01-01&endDate=2026-12-31", { cookie })).status).toBe(400);
    expect((await call("/api/analytics/timeseries?startDate=ieri&endDate=oggi", { cookie })).status).toBe(400);
  });

  it("groups the feedback items by category for the sentiment panel", async () => {
    const { user, cookie, account } = await seeded();
    const [memory] = await db().insert(memories).values({ userId: user.id, twilioAccountId: account.id, name: "Feedback", memoryType: "feedback" }).returning();
    await db().insert(feedbackEntries).values([
      { memoryId: memory!.id, phoneNumber: "+393400000001", positiveItems: ["price: tasso basso"], negativeItems: ["service: attesa lunga"] },
      { memoryId: memory!.id, phoneNumber: "+393400000002", positiveItems: ["price: tasso basso", "product: app chiara"], negativeItems: [] },
    ]);
    const groups = (await call("/api/analytics/sentiment", { cookie })).json;
    expect(groups).toEqual(
      expect.arrayContaining([
        { category: "price", positive: [{ item: "tasso basso", count: 2 }], negative: [] },
        { category: "service", positive: [], negative: [{ item: "attesa lunga", count: 1 }] },
        { category: "product", positive: [{ item: "app chiara", count: 1 }], negative: [] },
      ]),
    );
  });

  it("keeps each account's figures to itself", async () => {
    await seeded();
    const stranger = await signedInUser();
    expect((await call("/api/analytics/stats", { cookie: stranger.cookie })).status).toBe(400); // no account yet
    await call("/api/twilio-accounts", { cookie: stranger.cookie, body: { name: "T", sandbox: true, phoneNumber: "+15005550006", gptModel: "gpt-4o-mini" } });
    expect((await call("/api/analytics/stats", { cookie: stranger.cookie })).json).toMatchObject({ activeConversations: 0, startedConversations: 0, conversionRate: 0 });
    expect((await call("/api/analytics/client-stats", { cookie: stranger.cookie })).json.responseRate).toBe(0);
  });
});
