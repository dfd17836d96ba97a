import { createExecutionContext, createMessageBatch, getQueueResult } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CONVERSATION_TEXTS } from "@shared/texts/conversations";
import { SANDBOX_TEMPLATES } from "@shared/sandbox-templates";
import { T } from "@shared/strings";
import { ACTIONS_TEXTS as TX } from "@shared/texts/actions";
import { analytics, conversations, leadDetections, leadNotificationsSent, leads, messages, openaiUsage } from "@worker/db/schema";
import { dueDetectionJobs, heuristicAnalysis, runDetection } from "@worker/features/lead-detection/service";
import worker from "@worker/index";
import { fakeOutside, type FakeOutside, openAiCompletion } from "../fakes/outside";
import { call, db, signedInUser, waitFor } from "./helpers";

let counter = 0;
const phone = (prefix: string) => `+39${prefix}${String(Date.now()).slice(-5)}${String((counter += 1)).padStart(2, "0")}`;

let openAi: (request: Request) => Response | Promise<Response> = () => openAiCompletion("{}", 1, 1);
let world: FakeOutside;
beforeAll(() => {
  world = fakeOutside((request) => (new URL(request.url).hostname === "openai.fake" ? openAi(request) : new Response("unknown fake host", { status: 404 })));
});
afterAll(() => world.restore());

async function sandbox() {
  const { user, cookie } = await signedInUser();
  const res = await call("/api/twilio-accounts", { cookie, body: { name: "Sandbox", sandbox: true, phoneNumber: "+15005550006", gptModel: "gpt-4o-mini" } });
  return { user, cookie, account: res.json as { id: string } };
}

async function conversationOf(accountId: string, phoneNumber: string) {
  const [row] = await db().select().from(conversations).where(and(eq(conversations.twilioAccountId, accountId), eq(conversations.phoneNumber, phoneNumber)));
  return row;
}

async function messagesTo(accountId: string, phoneNumber: string) {
  const c = await conversationOf(accountId, phoneNumber);
  return c ? db().select().from(messages).where(eq(messages.conversationId, c.id)) : [];
}

const write = (cookie: string, phoneNumber: string, body: string) => call("/api/sandbox/inbound", { cookie, body: { phoneNumber, body } });

// A staff number that wrote to the sandbox (so free text reaches it) and is the alert target.
async function withStaff(cookie: string, accountId: string, settings: Record<string, unknown> = {}) {
  const staff = phone("347");
  const saved = await call("/api/lead-notifications/settings", { cookie, body: { notificationEnabled: true, notificationPhoneNumbers: [staff], ...settings } });
  expect(saved.status).toBe(200);
  await write(cookie, staff, "Buongiorno, sono del commerciale");
  await waitFor(async () => expect((await messagesTo(accountId, staff)).some((m) => m.sender === "ai")).toBe(true));
  return staff;
}

describe("lead notification settings", () => {
  it("reads defaults, validates numbers and saves", async () => {
    const { cookie, account } = await sandbox();
    expect((await call("/api/lead-notifications/settings", { cookie })).json).toEqual({
      twilioAccountId: account.id,
      notificationEnabled: false,
      notificationTemplateId: null,
      notificationPhoneNumbers: [],
    });
    const bad = await call("/api/lead-notifications/settings", { cookie, body: { notificationEnabled: true, notificationPhoneNumbers: ["  ", "+393331234567", "+39 333 123 4567", "12"] } });
    expect(bad.status).toBe(400);
    expect(Object.fromEntries(bad.json.details.map((d: any) => [d.path, d.message]))).toEqual({
      "notificationPhoneNumbers.0": TX.phoneRequired,
      "notificationPhoneNumbers.2": T.phoneAlreadyListed,
      "notificationPhoneNumbers.3": CONVERSATION_TEXTS.invalidNumber,
    });
    const saved = await call("/api/lead-notifications/settings", {
      cookie,
      body: { notificationEnabled: true, notificationTemplateId: SANDBOX_TEMPLATES[0]!.sid, notificationPhoneNumbers: ["+39 333 123 4567"] },
    });
    expect(saved.json).toEqual({ twilioAccountId: account.id, notificationEnabled: true, notificationTemplateId: SANDBOX_TEMPLATES[0]!.sid, notificationPhoneNumbers: ["+393331234567"] });
    expect((await call("/api/lead-notifications/settings", { cookie })).json).toEqual(saved.json);
    const unapproved = await call("/api/lead-notifications/settings", { cookie, body: { notificationEnabled: true, notificationTemplateId: "HXmissing" } });
    expect(unapproved.json.error).toBe(CONVERSATION_TEXTS.templateNotApproved);
  });
});

describe("offline analysis", () => {
  it("qualifies buying intent with urgency, not small talk or a refusal", () => {
    expect(heuristicAnalysis("Buongiorno, vorrei un preventivo per il prestito, mi serve subito")).toMatchObject({ qualified: true, interest: "high", urgency: "medium" });
    expect(heuristicAnalysis("Quanto costa? Vorrei acquistarlo")).toMatchObject({ qualified: true });
    expect(heuristicAnalysis("Ciao, buona giornata")).toMatchObject({ qualified: false, interest: "low", urgency: "low" });
    expect(heuristicAnalysis("Il prezzo? No grazie, non mi interessa")).toMatchObject({ qualified: false, interest: "low" });
  });
});

describe("Lead Detection AI", () => {
  it("marks a qualified lead once and notifies the numbers once, whatever the redeliveries", async () => {
    const { cookie, account } = await sandbox();
    const staff = await withStaff(cookie, account.id);
    const customer = phone("340");
    const first = await write(cookie, customer, "Buongiorno, vorrei un preventivo per il prestito, mi serve subito");
    const conversationId = first.json.conversationId as string;
    const alerts = async () => (await messagesTo(account.id, staff)).filter((m) => m.content.startsWith("Nuovo lead qualificato"));
    await waitFor(async () => {
      const sent = await alerts();
      expect(sent).toHaveLength(1);
      expect(sent[0]!.status).toBe("delivered");
      expect(sent[0]!.content).toContain(customer);
    });

    // The same job again (twice in one batch), the cron sweep, and more customer messages.
    const job = { kind: "lead.detect", conversationId, idempotencyKey: `lead.detect:${conversationId}:again` };
    const batch = createMessageBatch("agentbot-jobs", [
      { id: "l1", timestamp: new Date(), attempts: 1, body: job },
      { id: "l2", timestamp: new Date(), attempts: 2, body: job },
    ]);
    const ctx = createExecutionContext();
    await worker.queue(batch, env, ctx);
    expect((await getQueueResult(batch, ctx)).explicitAcks.sort()).toEqual(["l1", "l2"]);
    await Promise.all([runDetection(env, db(), conversationId), runDetection(env, db(), conversationId)]);
    await write(cookie, customer, "Quanto costa la rata? Vorrei firmare oggi");
    await waitFor(async () => expect((await messagesTo(account.id, customer)).filter((m) => m.sender === "ai")).toHaveLength(2));
    await runDetection(env, db(), conversationId);
    await new Promise((r) => setTimeout(r, 800));
    expect(await alerts()).toHaveLength(1);

    const conversions = await db().select().from(analytics).where(and(eq(analytics.conversationId, conversationId), eq(analytics.eventType, "lead_qualified")));
    expect(conversions).toHaveLength(1);
    const [lead] = await db().select().from(leads).where(and(eq(leads.twilioAccountId, account.id), eq(leads.phoneNumber, customer)));
    expect(lead).toMatchObject({ status: "new", conversationId });
    const usage = await db().select().from(openaiUsage).where(and(eq(openaiUsage.conversationId, conversationId), eq(openaiUsage.operationType, "conversation_analysis")));
    expect(usage).toHaveLength(1);
    expect(usage[0]).toMatchObject({ model: "offline", totalCost: expect.stringMatching(/^0(\.0+)?$/) });
    const [detection] = await db().select().from(leadDetections).where(eq(leadDetections.conversationId, conversationId));
    expect(detection).toMatchObject({ qualified: true, interest: "high", urgency: "medium" });
    expect(detection!.notifiedAt).toBeInstanceOf(Date);
    // The staff number's own chat is never analysed as a lead.
    const staffConversation = await conversationOf(account.id, staff);
    expect(await db().select().from(leadDetections).where(eq(leadDetections.conversationId, staffConversation!.id))).toHaveLength(0);
  });

  it("keeps an existing lead's status, and sends the template to numbers outside the window", async () => {
    const { user, cookie, account } = await sandbox();
    const customer = phone("341");
    const outside = phone("348");
    const template = SANDBOX_TEMPLATES[2]!;
    await call("/api/lead-notifications/settings", { cookie, body: { notificationEnabled: true, notificationTemplateId: template.sid, notificationPhoneNumbers: [outside] } });
    await db().insert(leads).values({ userId: user.id, twilioAccountId: account.id, phoneNumber: customer, name: "Giulia", status: "contacted" });
    await write(cookie, customer, "Vorrei acquistare il pacchetto, quanto costa?");
    await waitFor(async () => expect((await messagesTo(account.id, outside)).filter((m) => m.sender === "operator")).toHaveLength(1));
    const [sent] = await messagesTo(account.id, outside);
    expect(sent!.templateSid).toBe(template.sid);
    expect(sent!.templateVariables).toEqual({ "1": customer, "2": expect.stringContaining("lead qualificato") });
    const [lead] = await db().select().from(leads).where(and(eq(leads.twilioAccountId, account.id), eq(leads.phoneNumber, customer)));
    expect(lead!.status).toBe("contacted");
    expect(lead!.conversationId).toBe((await conversationOf(account.id, customer))!.id);
  });

  it("does nothing when inactive, and skips free-text alerts to numbers outside the window", async () => {
    const { cookie, account } = await sandbox();
    const customer = phone("342");
    const started = await write(cookie, customer, "Vorrei un preventivo subito");
    await waitFor(async () => expect((await messagesTo(account.id, customer)).some((m) => m.sender === "ai")).toBe(true));
    await runDetection(env, db(), started.json.conversationId);
    expect(await db().select().from(leadDetections).where(eq(leadDetections.conversationId, started.json.conversationId))).toHaveLength(0);

    const silent = phone("349");
    await call("/api/lead-notifications/settings", { cookie, body: { notificationEnabled: true, notificationPhoneNumbers: [silent] } });
    await runDetection(env, db(), started.json.conversationId);
    const [claim] = await db().select().from(leadNotificationsSent).where(eq(leadNotificationsSent.conversationId, started.json.conversationId));
    expect(claim).toMatchObject({ phoneNumber: silent, status: "skipped" });
    expect(await conversationOf(account.id, silent)).toBeUndefined();
  });

  it("analyses conversations without an AI reply from the cron sweep", async () => {
    const { cookie, account } = await sandbox();
    const staff = await withStaff(cookie, account.id);
    const customer = phone("343");
    const started = await write(cookie, customer, "Ciao");
    const id = started.json.conversationId as string;
    await call(`/api/conversations/${id}/operator-mode`, { cookie, body: { enabled: true } });
    await write(cookie, customer, "Vorrei prenotare un appuntamento per domani");
    const later = new Date(Date.now() + 3 * 60_000);
    const jobs = await dueDetectionJobs(db(), later);
    expect(jobs.filter((j) => j.kind === "lead.detect" && j.conversationId === id)).toHaveLength(1);
    await runDetection(env, db(), id, later);
    await waitFor(async () => expect((await messagesTo(account.id, staff)).filter((m) => m.content.startsWith("Nuovo lead qualificato"))).toHaveLength(1));
    expect((await dueDetectionJobs(db(), later)).filter((j) => j.kind === "lead.detect" && j.conversationId === id)).toHaveLength(0);
  });

  it("asks the model for JSON, validates it, and counts an unusable answer as not qualified", async () => {
    const { cookie, account } = await sandbox();
    const customer = phone("344");
    const started = await write(cookie, customer, "Salve");
    const id = started.json.conversationId as string;
    await waitFor(async () => expect((await messagesTo(account.id, customer)).some((m) => m.sender === "ai")).toBe(true));
    // No AI replies from here on, so only these direct runs analyse the conversation.
    await call(`/api/conversations/${id}/operator-mode`, { cookie, body: { enabled: true } });
    await call("/api/lead-notifications/settings", { cookie, body: { notificationEnabled: true, notificationPhoneNumbers: [] } });
    const online = { ...env, OPENAI_API_KEY: "sk-test" };

    const requests: any[] = [];
    openAi = async (request) => {
      requests.push(await request.json());
      return openAiCompletion("non è JSON", 50, 5);
    };
    await runDetection(online, db(), id);
    expect(requests[0].response_format).toEqual({ type: "json_object" });
    let [detection] = await db().select().from(leadDetections).where(eq(leadDetections.conversationId, id));
    expect(detection).toMatchObject({ qualified: false });

    openAi = () => openAiCompletion(JSON.stringify({ qualified: true, interest: "high", urgency: "high", summary: "Vuole un preventivo oggi" }), 60, 20);
    await write(cookie, customer, "Mi fa un preventivo?");
    await runDetection(online, db(), id);
    [detection] = await db().select().from(leadDetections).where(eq(leadDetections.conversationId, id));
    expect(detection).toMatchObject({ qualified: true, interest: "high", urgency: "high", summary: "Vuole un preventivo oggi" });
    const usage = await db().select().from(openaiUsage).where(and(eq(openaiUsage.conversationId, id), eq(openaiUsage.operationType, "conversation_analysis")));
    expect(usage).toHaveLength(2);
    expect(usage.every((u) => u.model === "gpt-4o-mini" && Number(u.totalCost) > 0)).toBe(true);
    expect(await db().select().from(analytics).where(and(eq(analytics.conversationId, id), eq(analytics.eventType, "lead_qualified")))).toHaveLength(1);
  });
});
