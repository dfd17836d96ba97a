import { createExecutionContext, createMessageBatch, createScheduledController, getQueueResult, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { and, asc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { addDays, romeDayOf, romeInstant } from "@shared/calendar-time";
import type { JobMessage } from "@shared/jobs";
import { renderTemplate, SANDBOX_TEMPLATES } from "@shared/sandbox-templates";
import { CAMPAIGN_TEXTS as TX } from "@shared/texts/campaigns";
import { TEMPLATE_VARIABLE_TEXTS as VX } from "@shared/texts/template-variables";
import { auditLog, conversations, funnelExecutions, funnelRuns, funnelSteps, leadCampaigns, listLeads, messages, optOuts, templates } from "@worker/db/schema";
import { createDb } from "@worker/db/client";
import { stepDueAt } from "@worker/features/campaigns/schedule";
import worker from "@worker/index";
import { runFunnelEnroll } from "@worker/jobs/funnel-enroll";
import { runFunnelExecute } from "@worker/jobs/funnel-execute";
import { fakeOutside, type FakeOutside } from "../fakes/outside";
import { call, createAccount, db, signedInUser } from "./helpers";
import { postTwilioWebhook } from "./twilio-webhook";

const waitFor = <T>(fn: () => Promise<T>, timeout = 15_000) => vi.waitFor(fn, { timeout, interval: 150 });
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const TOKEN = "campaign-auth-token-0000000000000";
const TEMPLATE = SANDBOX_TEMPLATES[0]!;
const FOLLOW_UP = SANDBOX_TEMPLATES[2]!;
// {{1}} the lead's first name and {{2}} fixed text, as a user maps them in the step dialog.
const VARS = { "1": { source: "field", field: "nome" }, "2": { source: "text", value: "Sandbox" } };

// One fake outside world for the file: background jobs of one test may still run during the next,
// so Twilio answers per account SID (each test has its own account).
type Handler = (request: Request) => Response | Promise<Response>;
const twilioBySid = new Map<string, Handler>();
const ok: Handler = () => Response.json({ sid: `SM${crypto.randomUUID().replaceAll("-", "")}`, status: "queued" }, { status: 201 });
let world: FakeOutside;
beforeAll(() => {
  world = fakeOutside((request) => {
    const url = new URL(request.url);
    if (url.hostname === "twilio.fake") return (twilioBySid.get(url.pathname.split("/")[3] ?? "") ?? ok)(request);
    // Real accounts here use approved internal templates; Twilio's own list is empty.
    if (url.hostname === "content.twilio.fake") return Response.json({ contents: [], meta: { next_page_url: null } });
    return new Response("unknown fake host", { status: 404 });
  });
});
afterAll(() => world.restore());

// The Messages API calls made for one account: who they went to.
function sendsOf(accountSid: string) {
  return world.requests
    .map((request, i) => ({ request, body: new URLSearchParams(String(world.bodies[i] ?? "")) }))
    .filter(({ request }) => request.url.endsWith(`/Accounts/${accountSid}/Messages.json`))
    .map(({ body }) => ({ to: body.get("To"), contentSid: body.get("ContentSid"), variables: body.get("ContentVariables") }));
}

let phoneSeq = 0;
const newPhone = () => `+39320${String(Date.now() % 100_000).padStart(5, "0")}${String((phoneSeq += 1) % 100).padStart(2, "0")}`;

async function sandbox() {
  const { user, cookie } = await signedInUser();
  const res = await call("/api/twilio-accounts", { cookie, body: { name: "Sandbox", sandbox: true, phoneNumber: "+15005550006", gptModel: "gpt-4o-mini" } });
  return { user, cookie, account: res.json as { id: string; name: string } };
}

// A real (non-sandbox) account pointed at the fake Twilio, with an approved template of its own.
async function realAccount(handler?: Handler) {
  const { user, cookie } = await signedInUser();
  const accountSid = `AC${crypto.randomUUID().replaceAll("-", "")}`;
  if (handler) twilioBySid.set(accountSid, handler);
  const account = await createAccount(cookie, { authToken: TOKEN, accountSid, phoneNumber: "+390212345678" });
  const templateSid = `HX${crypto.randomUUID().replaceAll("-", "")}`;
  await db()
    .insert(templates)
    .values({ userId: user.id, twilioAccountId: account.id, name: "promo_primavera", category: "ecommerce", status: "approved", externalTemplateId: templateSid, whatsappContent: { type: "text", text: "Ciao {{1}}, le offerte di {{2}} ti aspettano" } });
  return { user, cookie, account, accountSid, templateSid };
}

interface Lead {
  nome: string;
  cognome: string;
  phone: string;
}

async function makeList(cookie: string, leads: Lead[] | number, listType: "dynamic" | "static" = "dynamic") {
  const res = await call("/api/lists", { cookie, body: { name: "Lista campagna", listType, source: "csv" } });
  expect(res.status).toBe(201);
  const listId = res.json.id as string;
  const rows = typeof leads === "number" ? Array.from({ length: leads }, (_, i) => ({ nome: `Lead${i}`, cognome: "Prova", phone: newPhone() })) : leads;
  for (let i = 0; i < rows.length; i += 10) {
    await db()
      .insert(listLeads)
      .values(rows.slice(i, i + 10).map((l) => ({ listId, nome: l.nome, cognome: l.cognome, numeroTelefono: l.phone, externalId: l.phone })));
  }
  return { listId, leads: rows };
}

async function createCampaign(cookie: string, listId: string, templateSid: string, steps: Record<string, unknown>[] = [{}], extra: Record<string, unknown> = {}) {
  const res = await call("/api/campaigns/dynamic", { cookie, body: { name: "Primavera", templateSid, targetListId: listId, ...extra } });
  expect(res.status, res.text).toBe(201);
  for (const step of steps) {
    const added = await call(`/api/campaigns/${res.json.id}/funnel`, { cookie, body: { templateSid, variables: VARS, ...step } });
    expect(added.status, added.text).toBe(201);
  }
  return res.json as { id: string; name: string };
}

async function activate(cookie: string, id: string) {
  const res = await call(`/api/campaigns/${id}`, { method: "PATCH", cookie, body: { status: "active" } });
  expect(res.status, res.text).toBe(200);
  return res.json;
}

async function tick(at = new Date()) {
  const ctx = createExecutionContext();
  await worker.scheduled(createScheduledController({ scheduledTime: at, cron: "* * * * *" }), env, ctx);
  await waitOnExecutionContext(ctx);
}

function executionsOf(campaignId: string) {
  return db().select().from(funnelExecutions).where(eq(funnelExecutions.campaignId, campaignId)).orderBy(asc(funnelExecutions.stepOrder));
}

async function enrolled(campaignId: string, n: number) {
  await waitFor(async () => expect((await executionsOf(campaignId)).filter((e) => e.stepOrder === 1)).toHaveLength(n));
  return executionsOf(campaignId);
}

async function campaignOf(cookie: string, id: string) {
  const res = await call("/api/campaigns", { cookie });
  return (res.json as any[]).find((c) => c.id === id);
}

async function funnelOf(cookie: string, id: string) {
  return (await call(`/api/campaigns/${id}/funnel`, { cookie })).json as any[];
}

async function chat(accountId: string, phone: string) {
  const conversation = await db().query.conversations.findFirst({ where: and(eq(conversations.twilioAccountId, accountId), eq(conversations.phoneNumber, phone)) });
  const rows = conversation ? await db().select().from(messages).where(eq(messages.conversationId, conversation.id)).orderBy(asc(messages.createdAt)) : [];
  return { conversation, messages: rows, sent: rows.filter((m) => m.sender === "operator") };
}

async function statusCallback(accountId: string, params: Record<string, string>, signature?: string) {
  return postTwilioWebhook(accountId, params, { token: TOKEN, kind: "status", signature });
}

describe("campaign routes", () => {
  it("creates a dynamic campaign on a dynamic list, lists it by type, and refuses static lists", async () => {
    const { cookie, account } = await sandbox();
    const { listId } = await makeList(cookie, 2);
    const res = await call("/api/campaigns/dynamic", { cookie, body: { name: "  Primavera  ", templateSid: TEMPLATE.sid, targetListId: listId, preferredHour: 9, preferredMinute: 30 } });
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({
      name: "Primavera",
      campaignType: "dynamic",
      status: "pending",
      templateSid: TEMPLATE.sid,
      targetListId: listId,
      targetListName: "Lista campagna",
      twilioAccountId: account.id,
      preferredHour: 9,
      preferredMinute: 30,
      scheduledAt: null,
      totalRecipients: 0,
      sentCount: 0,
      deliveredCount: 0,
      failedCount: 0,
      skippedCount: 0,
      stepCount: 0,
    });
    expect(res.json.campaignId).toBeTypeOf("string");
    expect((await call("/api/campaigns", { cookie })).json.map((c: any) => c.id)).toEqual([res.json.id]);
    expect((await call("/api/campaigns?type=dynamic", { cookie })).json).toHaveLength(1);
    expect((await call("/api/campaigns?type=calendar", { cookie })).json).toEqual([]);
    expect((await call("/api/campaigns?type=batch", { cookie })).status).toBe(400);

    const staticList = await makeList(cookie, 1, "static");
    const refused = await call("/api/campaigns/dynamic", { cookie, body: { name: "Statica", templateSid: TEMPLATE.sid, targetListId: staticList.listId } });
    expect(refused.status).toBe(400);
    expect(refused.json.error).toBe(TX.onlyDynamicLists);
    const missingList = await call("/api/campaigns/dynamic", { cookie, body: { name: "X", templateSid: TEMPLATE.sid, targetListId: "no-such-list" } });
    expect(missingList.status).toBe(404);
    expect(missingList.json.error).toBe(TX.listNotFound);
    const unapproved = await call("/api/campaigns/dynamic", { cookie, body: { name: "X", templateSid: "HXnotapproved", targetListId: listId } });
    expect(unapproved.status).toBe(400);
    expect(unapproved.json.error).toBe(TX.templateNotApproved);
  });

  it("validates the campaign forms with their texts and answers 400, never 500, to bad bodies", async () => {
    const { cookie } = await sandbox();
    const { listId } = await makeList(cookie, 1);
    const cases: [Record<string, unknown>, string][] = [
      [{ name: " ", templateSid: TEMPLATE.sid, targetListId: listId }, "Nome campagna richiesto"],
      [{ name: "X", templateSid: " ", targetListId: listId }, "Template richiesto"],
      [{ name: "X", templateSid: TEMPLATE.sid, targetListId: "" }, "Lista di destinazione richiesta"],
      [{ name: "X", templateSid: TEMPLATE.sid, targetListId: listId, preferredHour: 11 }, "Ora preferita non valida: usa 9, 10, 14, 16 o 18"],
      [{ name: "X", templateSid: TEMPLATE.sid, targetListId: listId, preferredMinute: 20 }, "Minuto preferito non valido: usa 0, 15, 30 o 45"],
    ];
    for (const [body, error] of cases) {
      const res = await call("/api/campaigns/dynamic", { cookie, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.json.error).toBe(error);
    }
    for (const raw of ["{\"name\": ", "null", "[1]", JSON.stringify({ name: 5 })]) {
      for (const path of ["/api/campaigns/dynamic", "/api/campaigns/calendar"]) {
        const res = await call(path, { cookie, rawBody: raw, headers: { "Content-Type": "application/json" } });
        expect(res.status, `${path} ${raw}`).toBe(400);
      }
    }
    const created = await createCampaign(cookie, listId, TEMPLATE.sid, []);
    const bad = await call(`/api/campaigns/${created.id}`, { method: "PATCH", cookie, body: { status: "completed" } });
    expect(bad.status).toBe(400);
    expect(bad.json.error).toBe("Stato non valido: usa 'active' o 'paused'");
    expect((await call(`/api/campaigns/${"x".repeat(100)}`, { method: "DELETE", cookie })).status).toBe(400);
  });

  it("adds funnel steps at count + 1, checks them with the spec's texts, merges updates and renumbers on delete", async () => {
    const { cookie } = await sandbox();
    const { listId } = await makeList(cookie, 1);
    const { id } = await createCampaign(cookie, listId, TEMPLATE.sid, []);
    const add = (body: Record<string, unknown>) => call(`/api/campaigns/${id}/funnel`, { cookie, body: { variables: VARS, ...body } });

    const first = await add({ templateSid: TEMPLATE.sid });
    expect(first.status).toBe(201);
    expect(first.json).toMatchObject({ campaignId: id, stepOrder: 1, stepType: "message", triggerType: "immediate", templateSid: TEMPLATE.sid, isActive: true });
    expect(first.json.stats).toEqual({ pending: 0, sent: 0, delivered: 0, replied: 0, stopped: 0, skipped: 0, failed: 0 });
    const second = await add({ stepType: "conditional_reply", templateSid: TEMPLATE.sid, triggerType: "relative", triggerValue: 2, triggerUnit: "days" });
    expect(second.json).toMatchObject({ stepOrder: 2, stepType: "conditional_reply", templateSid: null, triggerValue: 2, triggerUnit: "days" });
    const third = await add({ templateSid: FOLLOW_UP.sid, triggerType: "absolute", triggerDate: "2031-06-01T09:30:00+02:00", triggerValue: 5 });
    expect(third.json).toMatchObject({ stepOrder: 3, triggerDate: "2031-06-01T07:30:00.000Z", triggerValue: null });

    const errors: [Record<string, unknown>, string][] = [
      [{ templateSid: TEMPLATE.sid, triggerType: "relative", triggerUnit: "hours" }, TX.triggerRequired],
      [{ templateSid: TEMPLATE.sid, triggerType: "relative", triggerValue: 0, triggerUnit: "hours" }, TX.triggerRequired],
      [{ templateSid: TEMPLATE.sid, triggerType: "absolute" }, TX.triggerRequired],
      [{ templateSid: TEMPLATE.sid, stepOrder: 0 }, TX.stepOrderInvalid],
      [{ templateSid: TEMPLATE.sid, stepOrder: 1.5 }, TX.stepOrderInvalid],
      [{ templateSid: TEMPLATE.sid, triggerType: "later" }, TX.triggerTypeInvalid],
      [{ stepType: "message" }, TX.stepTemplateRequired],
      [{ templateSid: TEMPLATE.sid, stepOrder: 2 }, TX.stepOrderTaken],
      [{ templateSid: "HXnotapproved" }, TX.templateNotApproved],
    ];
    for (const [body, error] of errors) {
      const res = await add(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.json.error).toBe(error);
    }

    const steps = await funnelOf(cookie, id);
    expect(steps.map((s) => s.stepOrder)).toEqual([1, 2, 3]);
    // PATCH merges with the stored step and checks the whole.
    const patch = (stepId: string, body: Record<string, unknown>) => call(`/api/campaigns/${id}/funnel/${stepId}`, { method: "PATCH", cookie, body });
    const relative = await patch(first.json.id, { triggerType: "relative", triggerValue: 30, triggerUnit: "minutes" });
    expect(relative.status).toBe(200);
    expect(relative.json).toMatchObject({ templateSid: TEMPLATE.sid, triggerType: "relative", triggerValue: 30, triggerUnit: "minutes" });
    const absolute = await patch(first.json.id, { triggerType: "absolute" });
    expect(absolute.status).toBe(400);
    expect(absolute.json.error).toBe(TX.triggerRequired);
    const noTemplate = await patch(second.json.id, { stepType: "message" });
    expect(noTemplate.json.error).toBe(TX.stepTemplateRequired);
    expect((await patch(second.json.id, { stepOrder: 3 })).json.error).toBe(TX.stepOrderTaken);
    expect((await patch("no-such-step", { isActive: false })).status).toBe(404);

    const removed = await call(`/api/campaigns/${id}/funnel/${first.json.id}`, { method: "DELETE", cookie });
    expect(removed.status).toBe(204);
    expect((await funnelOf(cookie, id)).map((s) => [s.stepOrder, s.id])).toEqual([
      [1, second.json.id],
      [2, third.json.id],
    ]);
    expect((await add({ templateSid: TEMPLATE.sid })).json.stepOrder).toBe(3);
    expect((await call(`/api/campaigns/${id}/funnel/${first.json.id}`, { method: "DELETE", cookie })).status).toBe(404);
  });

  it("activates only with steps, pauses, and deletes with an audit entry", async () => {
    const { cookie } = await sandbox();
    const { listId } = await makeList(cookie, 1);
    const { id } = await createCampaign(cookie, listId, TEMPLATE.sid, []);
    const empty = await call(`/api/campaigns/${id}`, { method: "PATCH", cookie, body: { status: "active" } });
    expect(empty.status).toBe(400);
    expect(empty.json.error).toBe(TX.noStepsToActivate);
    await call(`/api/campaigns/${id}/funnel`, { cookie, body: { templateSid: TEMPLATE.sid, variables: VARS } });
    expect((await activate(cookie, id)).status).toBe("active");
    const paused = await call(`/api/campaigns/${id}`, { method: "PATCH", cookie, body: { status: "paused" } });
    expect(paused.json).toMatchObject({ status: "paused", stepCount: 1 });
    const deleted = await call(`/api/campaigns/${id}`, { method: "DELETE", cookie });
    expect(deleted.status).toBe(204);
    const [entry] = await db().select().from(auditLog).where(and(eq(auditLog.targetId, id), eq(auditLog.action, "campaign.delete")));
    expect(entry).toMatchObject({ targetType: "campaign", details: { name: "Primavera" } });
    expect((await call(`/api/campaigns/${id}`, { method: "DELETE", cookie })).status).toBe(404);
    expect((await call(`/api/campaigns/${id}/funnel`, { cookie })).json.error).toBe(TX.campaignNotFound);
  });

  it("answers 404 for another tenant's campaigns, steps, lists and account", async () => {
    const owner = await sandbox();
    const { listId } = await makeList(owner.cookie, 1);
    const { id } = await createCampaign(owner.cookie, listId, TEMPLATE.sid);
    const [step] = await funnelOf(owner.cookie, id);
    const other = await sandbox();
    const checks = [
      await call(`/api/campaigns/${id}`, { method: "PATCH", cookie: other.cookie, body: { status: "active" } }),
      await call(`/api/campaigns/${id}`, { method: "DELETE", cookie: other.cookie }),
      await call(`/api/campaigns/${id}/funnel`, { cookie: other.cookie }),
      await call(`/api/campaigns/${id}/funnel`, { cookie: other.cookie, body: { templateSid: TEMPLATE.sid } }),
      await call(`/api/campaigns/${id}/funnel/${step.id}`, { method: "PATCH", cookie: other.cookie, body: { isActive: false } }),
      await call(`/api/campaigns/${id}/funnel/${step.id}`, { method: "DELETE", cookie: other.cookie }),
      await call(`/api/campaigns/${id}/capacity`, { cookie: other.cookie }),
      await call("/api/campaigns/dynamic", { cookie: other.cookie, body: { name: "X", templateSid: TEMPLATE.sid, targetListId: listId } }),
      await call("/api/campaigns/calendar", { cookie: other.cookie, body: { name: "X", templateSid: TEMPLATE.sid, variables: VARS, targetListId: listId, scheduledDate: "2031-01-10", scheduledTime: "10:00" } }),
      await call("/api/campaigns/dynamic", { cookie: other.cookie, body: { name: "X", templateSid: TEMPLATE.sid, targetListId: listId, twilioAccountId: owner.account.id } }),
    ];
    expect(checks.map((r) => r.status)).toEqual(Array(checks.length).fill(404));
    expect((await call("/api/campaigns", { cookie: other.cookie })).json).toEqual([]);
    expect((await funnelOf(owner.cookie, id)).map((s) => s.isActive)).toEqual([true]);
    expect((await call("/api/campaigns", { cookie: "agentbot_session=nope" })).status).toBe(401);
  });

  it("creates a calendar broadcast at a Rome date and time, and refuses a past or impossible one", async () => {
    const { cookie } = await sandbox();
    const { listId } = await makeList(cookie, 1, "static");
    const body = { name: "Saldi", templateSid: TEMPLATE.sid, variables: VARS, targetListId: listId, scheduledDate: "2031-03-30", scheduledTime: "10:00" };
    const res = await call("/api/campaigns/calendar", { cookie, body });
    expect(res.status).toBe(201);
    // 30 March 2031 is summer time: 10:00 in Rome is 08:00 UTC.
    expect(res.json).toMatchObject({ campaignType: "calendar", status: "active", scheduledAt: "2031-03-30T08:00:00.000Z", stepCount: 1 });
    expect((await funnelOf(cookie, res.json.id)).map((s) => [s.stepType, s.triggerType, s.templateSid])).toEqual([["message", "immediate", TEMPLATE.sid]]);
    expect((await call("/api/campaigns?type=calendar", { cookie })).json.map((c: any) => c.id)).toEqual([res.json.id]);
    const past = await call("/api/campaigns/calendar", { cookie, body: { ...body, scheduledDate: "2020-01-10" } });
    expect(past.status).toBe(400);
    expect(past.json.error).toBe(TX.scheduledInPast);
    expect((await call("/api/campaigns/calendar", { cookie, body: { ...body, scheduledDate: "2031-02-30" } })).json.error).toBe("Data non valida (AAAA-MM-GG)");
    expect((await call("/api/campaigns/calendar", { cookie, body: { ...body, scheduledTime: "24:00" } })).json.error).toBe("Orario non valido (HH:mm)");
  });

  it("answers the capacity: recipients, skips, messages, the sender's rate and when the first step ends", async () => {
    const { user, cookie, account } = await sandbox();
    const { listId, leads } = await makeList(cookie, 5);
    await db().insert(optOuts).values({ twilioAccountId: account.id, phoneNumber: leads[0]!.phone, keyword: "STOP" });
    await db().insert(conversations).values({ userId: user.id, twilioAccountId: account.id, phoneNumber: leads[1]!.phone, operatorMode: true });
    // A lead with no phone number is not a recipient at all.
    await db().insert(listLeads).values({ listId, nome: "Senza", cognome: "Numero", numeroTelefono: null, externalId: "none" });
    const { id } = await createCampaign(cookie, listId, TEMPLATE.sid, [{}, { stepType: "conditional_reply", triggerType: "relative", triggerValue: 1, triggerUnit: "days" }, { triggerType: "relative", triggerValue: 2, triggerUnit: "days" }]);
    const before = Date.now();
    const res = await call(`/api/campaigns/${id}/capacity`, { cookie });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ recipients: 3, skippedOptedOut: 1, skippedOperator: 1, messages: 6, messagesPerSecond: 80 });
    expect(Date.parse(res.json.firstSendAt)).toBeGreaterThanOrEqual(before - 1000);
    expect(Date.parse(res.json.finishesAt) - Date.parse(res.json.firstSendAt)).toBe(1000);
  });
});

describe("the funnel engine", () => {
  it("enrolls the list on activation and sends the first step through the chat at the next tick; later leads enter too", async () => {
    const { cookie, account } = await sandbox();
    const { listId, leads } = await makeList(cookie, [
      { nome: "Giulia", cognome: "Bianchi", phone: newPhone() },
      { nome: "Marco", cognome: "Neri", phone: newPhone() },
    ]);
    const { id } = await createCampaign(cookie, listId, TEMPLATE.sid);
    await activate(cookie, id);
    // Activation schedules the list's leads before it answers.
    const executions = await executionsOf(id);
    expect(executions).toHaveLength(2);
    expect(executions.every((e) => e.status === "pending" && e.scheduledAt.getTime() <= Date.now())).toBe(true);
    expect((await campaignOf(cookie, id)).totalRecipients).toBe(2);

    await tick();
    await waitFor(async () => expect(await campaignOf(cookie, id)).toMatchObject({ sentCount: 2, deliveredCount: 2, failedCount: 0 }));
    for (const lead of leads) {
      const { conversation, sent } = await chat(account.id, lead.phone);
      expect(conversation).toMatchObject({ templateSid: TEMPLATE.sid, templateName: TEMPLATE.friendlyName, customerName: `${lead.nome} ${lead.cognome}` });
      expect(sent).toHaveLength(1);
      expect(sent[0]).toMatchObject({ status: "delivered", templateSid: TEMPLATE.sid, templateVariables: { "1": lead.nome, "2": "Sandbox" } });
      expect(sent[0]!.content).toBe(renderTemplate(TEMPLATE.bodyText, { "1": lead.nome, "2": "Sandbox" }));
    }
    const rows = await executionsOf(id);
    expect(rows.map((e) => e.status)).toEqual(["queued", "queued"]);
    // Each chat message is keyed by its execution: it has the execution's id.
    const sentIds = (await Promise.all(leads.map(async (l) => (await chat(account.id, l.phone)).sent[0]!.id))).sort();
    expect(sentIds).toEqual(rows.map((e) => e.id).sort());
    expect((await funnelOf(cookie, id))[0].stats).toEqual({ pending: 0, sent: 2, delivered: 2, replied: 0, stopped: 0, skipped: 0, failed: 0 });

    const late = newPhone();
    expect((await call(`/api/lists/${listId}/leads`, { cookie, body: { nome: "Luca", cognome: "Verdi", numeroTelefono: late } })).status).toBe(201);
    await tick();
    await enrolled(id, 3);
    await tick();
    await waitFor(async () => expect((await chat(account.id, late)).sent).toHaveLength(1));
    expect((await campaignOf(cookie, id)).totalRecipients).toBe(3);
  });

  it("fills each lead's {{n}} from the chosen field, and refuses to start while some leads have no value", async () => {
    const { cookie, account } = await sandbox();
    const { listId } = await makeList(cookie, 0);
    const giulia = newPhone();
    const anonymous = newPhone();
    await db()
      .insert(listLeads)
      .values([
        { listId, nome: "Giulia", numeroTelefono: giulia, externalId: giulia, originalData: { Azienda: "Bar Sport", Città: "Parma" } },
        { listId, nome: "  ", numeroTelefono: anonymous, externalId: anonymous, originalData: { Città: "Bari" } },
      ]);
    // The live preview reads the list's first recipient as the resolver will.
    const sample = await call(`/api/campaigns/recipients-sample?targetListId=${listId}`, { cookie });
    expect(sample.json).toMatchObject({ total: 2, customKeys: ["Azienda", "Città"] });
    expect(sample.json.first.context.contact.company ?? null).toBe(sample.json.first.name === "Giulia" ? "Bar Sport" : null);
    expect((await call("/api/campaigns/recipients-sample", { cookie })).status).toBe(400);
    expect((await call(`/api/campaigns/recipients-sample?targetListId=${listId}`, { cookie: (await sandbox()).cookie })).status).toBe(404);
    const res = await call("/api/campaigns/dynamic", { cookie, body: { name: "Per nome", templateSid: TEMPLATE.sid, targetListId: listId } });
    const id = res.json.id as string;
    const add = (variables?: unknown) => call(`/api/campaigns/${id}/funnel`, { cookie, body: { templateSid: TEMPLATE.sid, variables } });
    const unbound = await add({ "1": { source: "field", field: "nome" } });
    expect(unbound.status).toBe(400);
    expect(unbound.json.error).toBe(VX.missing(["2"]));
    const step = await add({ "1": { source: "field", field: "nome" }, "2": { source: "field", field: "company" }, "7": "ignorato" });
    expect(step.status, step.text).toBe(201);
    // Only the template's own positions are kept.
    expect(step.json.variables).toEqual({ "1": { source: "field", field: "nome" }, "2": { source: "field", field: "company" } });

    const refused = await call(`/api/campaigns/${id}`, { method: "PATCH", cookie, body: { status: "active" } });
    expect(refused.status).toBe(400);
    expect(refused.json.error).toBe(VX.recipientsMissing(1, ["1", "2"]));
    expect(refused.json.details).toEqual({ recipientsMissing: 1, positions: ["1", "2"] });
    expect(await executionsOf(id)).toEqual([]);

    // {{2}} from a custom column of the source instead; the lead without a name gets one.
    const patched = await call(`/api/campaigns/${id}/funnel/${step.json.id}`, { method: "PATCH", cookie, body: { variables: { "1": { source: "field", field: "nome" }, "2": { source: "custom", key: "città" } } } });
    expect(patched.status, patched.text).toBe(200);
    expect((await call(`/api/campaigns/${id}`, { method: "PATCH", cookie, body: { status: "active" } })).json.error).toBe(VX.recipientsMissing(1, ["1"]));
    await db().update(listLeads).set({ nome: "Marco" }).where(eq(listLeads.numeroTelefono, anonymous));
    await activate(cookie, id);
    await tick();
    await waitFor(async () => expect((await campaignOf(cookie, id)).sentCount).toBe(2));
    for (const [phone, values] of [
      [giulia, { "1": "Giulia", "2": "Parma" }],
      [anonymous, { "1": "Marco", "2": "Bari" }],
    ] as const) {
      const { sent } = await chat(account.id, phone);
      expect(sent.map((m) => [m.content, m.templateVariables])).toEqual([[renderTemplate(TEMPLATE.bodyText, values), values]]);
    }
  });

  it("refuses a calendar broadcast while some leads have no value, saying how many", async () => {
    const { cookie } = await sandbox();
    const { listId } = await makeList(cookie, [
      { nome: "Giulia", cognome: "Bianchi", phone: newPhone() },
      { nome: "", cognome: "Rossi", phone: newPhone() },
      { nome: "", cognome: "Neri", phone: newPhone() },
    ], "static");
    const body = { name: "Saldi", templateSid: TEMPLATE.sid, targetListId: listId, scheduledDate: "2031-03-30", scheduledTime: "10:00" };
    const byName = await call("/api/campaigns/calendar", { cookie, body: { ...body, variables: { "1": { source: "field", field: "nome" }, "2": "Saldi" } } });
    expect(byName.status).toBe(400);
    expect(byName.json.error).toBe(VX.recipientsMissing(2, ["1"]));
    expect(byName.json.error).toBe("2 destinatari non hanno un valore per {{1}}: completa i dati o scegli un testo fisso");
    expect((await call("/api/campaigns?type=calendar", { cookie })).json).toEqual([]);
    const bySurname = await call("/api/campaigns/calendar", { cookie, body: { ...body, variables: { "1": { source: "field", field: "cognome" }, "2": "Saldi" } } });
    expect(bySurname.status, bySurname.text).toBe(201);
    expect((await funnelOf(cookie, bySurname.json.id))[0].variables).toEqual({ "1": { source: "field", field: "cognome" }, "2": { source: "text", value: "Saldi" } });
  });

  it("sends exactly once per lead under overlapping cron ticks and redelivered jobs", async () => {
    const { cookie, account, accountSid, templateSid } = await realAccount();
    const { listId, leads } = await makeList(cookie, 3);
    const { id } = await createCampaign(cookie, listId, templateSid);
    await activate(cookie, id);
    const ids = (await enrolled(id, 3)).map((e) => e.id);

    const sendBatch = vi.spyOn(env.JOBS, "sendBatch");
    await Promise.all([tick(), tick(), tick()]);
    const jobs = sendBatch.mock.calls
      .flatMap(([batch]) => [...batch].map((m) => m.body as JobMessage))
      .filter((j): j is Extract<JobMessage, { kind: "funnel.execute" }> => j.kind === "funnel.execute" && j.executionIds.some((e) => ids.includes(e)));
    sendBatch.mockRestore();
    // Overlapping ticks never claim the same execution.
    expect(jobs.flatMap((j) => j.executionIds).sort()).toEqual([...ids].sort());

    // The queue redelivers every job, twice in one batch, and once more by hand.
    const batch = createMessageBatch(
      "agentbot-jobs",
      jobs.flatMap((body, i) => [
        { id: `a${i}`, timestamp: new Date(), attempts: 1, body },
        { id: `b${i}`, timestamp: new Date(), attempts: 2, body },
      ]),
    );
    const ctx = createExecutionContext();
    await worker.queue(batch, env, ctx);
    expect((await getQueueResult(batch, ctx)).explicitAcks).toHaveLength(jobs.length * 2);
    for (const job of jobs) await runFunnelExecute(env, db(), job);

    await waitFor(async () => expect(sendsOf(accountSid)).toHaveLength(3));
    await tick();
    await sleep(1500);
    const sends = sendsOf(accountSid);
    expect(sends.map((s) => s.to).sort()).toEqual(leads.map((l) => `whatsapp:${l.phone}`).sort());
    expect(sends.every((s) => s.contentSid === templateSid)).toBe(true);
    expect(JSON.parse(sends[0]!.variables!)).toEqual({ "1": expect.stringMatching(/^Lead\d$/), "2": "Sandbox" });
    for (const lead of leads) expect((await chat(account.id, lead.phone)).sent).toHaveLength(1);
    expect(await campaignOf(cookie, id)).toMatchObject({ sentCount: 3, deliveredCount: 0 });
  });

  it("queues a job's messages on redelivery when it died after storing them and before the queue took their sends", async () => {
    const { cookie, account, accountSid, templateSid } = await realAccount();
    const { listId, leads } = await makeList(cookie, 3);
    const { id } = await createCampaign(cookie, listId, templateSid);
    await activate(cookie, id);
    const ids = (await enrolled(id, 3)).map((e) => e.id);
    await db().update(funnelExecutions).set({ status: "claimed", claimedAt: new Date(), claimedBy: "dying-job" }).where(eq(funnelExecutions.campaignId, id));
    const sendBatch = vi.spyOn(env.JOBS, "sendBatch").mockRejectedValueOnce(new Error("coda non raggiungibile"));
    await expect(runFunnelExecute(env, db(), { executionIds: ids })).rejects.toThrow("coda non raggiungibile");
    sendBatch.mockRestore();
    // The messages are stored, the executions still claimed, nothing sent.
    expect((await executionsOf(id)).map((e) => e.status)).toEqual(["claimed", "claimed", "claimed"]);
    expect(await db().select().from(messages).where(sql`${messages.id} in (${sql.join(ids.map((e) => sql`${e}`), sql`, `)})`)).toHaveLength(3);
    await sleep(500);
    expect(sendsOf(accountSid)).toHaveLength(0);

    // The queue delivers the job again: the stored messages are queued this time, each sent once.
    await runFunnelExecute(env, db(), { executionIds: ids });
    await waitFor(async () => expect(sendsOf(accountSid)).toHaveLength(3));
    await runFunnelExecute(env, db(), { executionIds: ids });
    await sleep(1000);
    expect(sendsOf(accountSid).map((s) => s.to).sort()).toEqual(leads.map((l) => `whatsapp:${l.phone}`).sort());
    expect((await executionsOf(id)).map((e) => e.status)).toEqual(["queued", "queued", "queued"]);
    for (const lead of leads) expect((await chat(account.id, lead.phone)).sent).toHaveLength(1);
  });

  it("reads the campaign's steps and its account once for all the executions of a job", async () => {
    const { cookie, accountSid, templateSid } = await realAccount();
    const { listId } = await makeList(cookie, 4);
    const { id } = await createCampaign(cookie, listId, templateSid);
    await activate(cookie, id);
    const ids = (await enrolled(id, 4)).map((e) => e.id);
    await db().update(funnelExecutions).set({ status: "claimed", claimedAt: new Date(), claimedBy: "one-job" }).where(eq(funnelExecutions.campaignId, id));
    // The job's statements, as D1 receives them.
    const statements: string[] = [];
    const recorded = new Proxy(env.DB, {
      get(target, key) {
        if (key === "prepare") return (query: string) => (statements.push(query), target.prepare(query));
        const value = Reflect.get(target, key) as unknown;
        return typeof value === "function" ? value.bind(target) : value;
      },
    });
    await runFunnelExecute({ ...env, DB: recorded }, createDb(recorded), { executionIds: ids });
    await waitFor(async () => expect(sendsOf(accountSid)).toHaveLength(4));
    expect(statements.filter((q) => q.includes('from "funnel_steps" where')), "steps read").toHaveLength(1);
    expect(statements.filter((q) => /from "twilio_accounts" "twilioAccounts" where "twilioAccounts"."id"/.test(q)), "account read").toHaveLength(1);
  });

  it("takes an expired claim again and leaves a live one alone", async () => {
    const { cookie, account } = await sandbox();
    const { listId } = await makeList(cookie, 2);
    const { id } = await createCampaign(cookie, listId, TEMPLATE.sid);
    await activate(cookie, id);
    const [dead, alive] = await enrolled(id, 2);
    await db().update(funnelExecutions).set({ status: "claimed", claimedAt: new Date(Date.now() - 10 * 60_000), claimedBy: "crashed-tick" }).where(eq(funnelExecutions.id, dead!.id));
    await db().update(funnelExecutions).set({ status: "claimed", claimedAt: new Date(Date.now() - 30_000), claimedBy: "running-tick" }).where(eq(funnelExecutions.id, alive!.id));
    await tick();
    await waitFor(async () => expect((await campaignOf(cookie, id)).sentCount).toBe(1));
    await sleep(800);
    const rows = await executionsOf(id);
    const byId = Object.fromEntries(rows.map((r) => [r.id, r]));
    expect(byId[dead!.id]).toMatchObject({ status: "queued" });
    expect(byId[dead!.id]!.claimedBy).not.toBe("crashed-tick");
    expect(byId[alive!.id]).toMatchObject({ status: "claimed", claimedBy: "running-tick" });
    const phoneOf = async (leadId: string) => (await db().query.listLeads.findFirst({ where: eq(listLeads.id, leadId) }))!.numeroTelefono!;
    expect((await chat(account.id, await phoneOf(dead!.listLeadId))).sent).toHaveLength(1);
    expect((await chat(account.id, await phoneOf(alive!.listLeadId))).sent).toHaveLength(0);
  });

  it("stops sending when paused and continues where it stopped when resumed", async () => {
    const { cookie, account } = await sandbox();
    const { listId, leads } = await makeList(cookie, 2);
    const { id } = await createCampaign(cookie, listId, TEMPLATE.sid);
    await activate(cookie, id);
    const [first] = await enrolled(id, 2);
    await call(`/api/campaigns/${id}`, { method: "PATCH", cookie, body: { status: "paused" } });
    await tick();
    await sleep(800);
    expect((await executionsOf(id)).map((e) => e.status)).toEqual(["pending", "pending"]);
    // A job claimed just before the pause hands its execution back.
    await db().update(funnelExecutions).set({ status: "claimed", claimedAt: new Date(), claimedBy: "before-pause" }).where(eq(funnelExecutions.id, first!.id));
    await runFunnelExecute(env, db(), { executionIds: [first!.id] });
    expect((await executionsOf(id)).find((e) => e.id === first!.id)).toMatchObject({ status: "pending", claimedBy: null });
    for (const lead of leads) expect((await chat(account.id, lead.phone)).sent).toHaveLength(0);

    await activate(cookie, id);
    await tick();
    await waitFor(async () => expect((await campaignOf(cookie, id)).sentCount).toBe(2));
    for (const lead of leads) expect((await chat(account.id, lead.phone)).sent).toHaveLength(1);
  });

  it("stops everything when the campaign is deleted, including jobs already queued", async () => {
    const { cookie, account } = await sandbox();
    const { listId, leads } = await makeList(cookie, 2);
    const { id } = await createCampaign(cookie, listId, TEMPLATE.sid, [{}, { triggerType: "relative", triggerValue: 1, triggerUnit: "hours" }]);
    await activate(cookie, id);
    const ids = (await enrolled(id, 2)).map((e) => e.id);
    await db().update(funnelExecutions).set({ status: "claimed", claimedAt: new Date(), claimedBy: "in-flight" }).where(eq(funnelExecutions.campaignId, id));
    expect((await call(`/api/campaigns/${id}`, { method: "DELETE", cookie })).status).toBe(204);
    expect(await db().select().from(funnelRuns).where(eq(funnelRuns.campaignId, id))).toEqual([]);
    expect(await executionsOf(id)).toEqual([]);
    expect(await db().select().from(funnelSteps).where(eq(funnelSteps.campaignId, id))).toEqual([]);
    await runFunnelExecute(env, db(), { executionIds: ids });
    await tick();
    await sleep(800);
    for (const lead of leads) expect((await chat(account.id, lead.phone)).sent).toHaveLength(0);
  });

  it("skips opted-out numbers (ending their run) and operator-mode conversations (the funnel goes on), and counts them", async () => {
    const { user, cookie, account } = await sandbox();
    const { listId, leads } = await makeList(cookie, 3);
    const [optedOut, operator, normal] = leads as [Lead, Lead, Lead];
    await db().insert(optOuts).values({ twilioAccountId: account.id, phoneNumber: optedOut.phone, keyword: "STOP" });
    await db().insert(conversations).values({ userId: user.id, twilioAccountId: account.id, phoneNumber: operator.phone, operatorMode: true });
    const { id } = await createCampaign(cookie, listId, TEMPLATE.sid, [{}, { triggerType: "relative", triggerValue: 1, triggerUnit: "hours" }]);
    await activate(cookie, id);
    await enrolled(id, 3);
    await tick();
    await waitFor(async () => expect((await campaignOf(cookie, id)).sentCount).toBe(1));
    await waitFor(async () => expect((await executionsOf(id)).filter((e) => e.stepOrder === 1 && e.status === "claimed")).toHaveLength(0));

    const rows = await db()
      .select({ phone: listLeads.numeroTelefono, status: funnelExecutions.status, stepOrder: funnelExecutions.stepOrder, state: funnelRuns.state })
      .from(funnelExecutions)
      .innerJoin(listLeads, eq(listLeads.id, funnelExecutions.listLeadId))
      .innerJoin(funnelRuns, eq(funnelRuns.id, funnelExecutions.runId))
      .where(eq(funnelExecutions.campaignId, id));
    const step = (phone: string, order: number) => rows.find((r) => r.phone === phone && r.stepOrder === order);
    expect(step(optedOut.phone, 1)).toMatchObject({ status: "opted_out", state: "stopped" });
    expect(step(optedOut.phone, 2)).toBeUndefined();
    expect(step(operator.phone, 1)).toMatchObject({ status: "skipped", state: "active" });
    expect(step(operator.phone, 2)).toMatchObject({ status: "pending" });
    expect(step(normal.phone, 1)).toMatchObject({ status: "queued" });
    expect(step(normal.phone, 2)).toMatchObject({ status: "pending" });
    expect((await chat(account.id, optedOut.phone)).messages).toHaveLength(0);
    expect((await chat(account.id, operator.phone)).messages).toHaveLength(0);
    expect((await chat(account.id, normal.phone)).sent).toHaveLength(1);
    expect(await campaignOf(cookie, id)).toMatchObject({ skippedCount: 2, sentCount: 1 });
    const [first, second] = await funnelOf(cookie, id);
    expect(first.stats).toMatchObject({ sent: 1, skipped: 2, stopped: 1 });
    expect(second.stats).toMatchObject({ pending: 2 });
  });

  it("runs a conditional_reply step: a reply ends the run as a success, no reply goes on to the next step", async () => {
    const { cookie, account } = await sandbox();
    const { listId, leads } = await makeList(cookie, 2);
    const [replier, silent] = leads as [Lead, Lead];
    const { id } = await createCampaign(cookie, listId, TEMPLATE.sid, [
      {},
      { stepType: "conditional_reply", triggerType: "relative", triggerValue: 1, triggerUnit: "hours" },
      { templateSid: FOLLOW_UP.sid, triggerType: "relative", triggerValue: 1, triggerUnit: "days" },
    ]);
    await activate(cookie, id);
    await enrolled(id, 2);
    await tick();
    await waitFor(async () => expect((await executionsOf(id)).filter((e) => e.stepOrder === 2)).toHaveLength(2));
    const steps = await db().select().from(funnelSteps).where(eq(funnelSteps.campaignId, id)).orderBy(asc(funnelSteps.stepOrder));
    const campaign = (await db().query.leadCampaigns.findFirst({ where: eq(leadCampaigns.id, id) }))!;
    for (const e of (await executionsOf(id)).filter((x) => x.stepOrder === 2)) {
      const previous = (await executionsOf(id)).find((x) => x.id === e.prevExecutionId)!;
      // One hour after the first message was handed to the chat.
      expect(e.scheduledAt.getTime()).toBe(stepDueAt(steps[1]!, previous.executedAt!, campaign).getTime());
      expect(e.scheduledAt.getTime() - previous.executedAt!.getTime()).toBe(3_600_000);
    }

    expect((await call("/api/sandbox/inbound", { cookie, body: { phoneNumber: replier.phone, body: "Sì, mi interessa" } })).status).toBe(201);
    // An hour passes.
    await db().update(funnelExecutions).set({ scheduledAt: new Date(Date.now() - 1000) }).where(and(eq(funnelExecutions.campaignId, id), eq(funnelExecutions.stepOrder, 2)));
    await tick();
    await waitFor(async () => expect((await executionsOf(id)).filter((e) => e.stepOrder === 2).map((e) => e.status).sort()).toEqual(["passed", "replied"]));
    const leadIdOf = async (phone: string) => (await db().query.listLeads.findFirst({ where: and(eq(listLeads.listId, listId), eq(listLeads.numeroTelefono, phone)) }))!.id;
    const runs = Object.fromEntries((await db().select().from(funnelRuns).where(eq(funnelRuns.campaignId, id))).map((r) => [r.listLeadId, r]));
    expect(runs[await leadIdOf(replier.phone)]).toMatchObject({ state: "completed", lastStepOrder: 2 });
    expect(runs[await leadIdOf(silent.phone)]).toMatchObject({ state: "active", lastStepOrder: 3 });
    const third = (await executionsOf(id)).filter((e) => e.stepOrder === 3);
    expect(third.map((e) => e.listLeadId)).toEqual([await leadIdOf(silent.phone)]);
    const passed = (await executionsOf(id)).find((e) => e.id === third[0]!.prevExecutionId)!;
    expect(third[0]!.scheduledAt.getTime()).toBe(stepDueAt(steps[2]!, passed.executedAt!, campaign).getTime());

    // A day passes.
    await db().update(funnelExecutions).set({ scheduledAt: new Date(Date.now() - 1000) }).where(eq(funnelExecutions.id, third[0]!.id));
    await tick();
    await waitFor(async () => expect((await chat(account.id, silent.phone)).sent.map((m) => m.templateSid)).toEqual([TEMPLATE.sid, FOLLOW_UP.sid]));
    expect((await chat(account.id, replier.phone)).sent.map((m) => m.templateSid)).toEqual([TEMPLATE.sid]);
    await waitFor(async () => expect((await campaignOf(cookie, id)).sentCount).toBe(3));
    const stats = (await funnelOf(cookie, id)).map((s) => s.stats);
    expect(stats[0]).toMatchObject({ sent: 2, replied: 1 });
    expect(stats[1]).toMatchObject({ sent: 0, replied: 1, stopped: 1, pending: 0 });
    expect(stats[2]).toMatchObject({ sent: 1, delivered: 1, pending: 0 });
    expect((await db().select().from(funnelRuns).where(eq(funnelRuns.campaignId, id))).map((r) => r.state)).toEqual(["completed", "completed"]);
  });

  it("schedules the first step by its trigger, with the preferred hour over 24 hours", async () => {
    const { cookie } = await sandbox();
    const { listId } = await makeList(cookie, 1);
    const { id } = await createCampaign(cookie, listId, TEMPLATE.sid, [{ triggerType: "relative", triggerValue: 2, triggerUnit: "days" }], { preferredHour: 16, preferredMinute: 45 });
    await activate(cookie, id);
    const [execution] = await enrolled(id, 1);
    const run = (await db().query.funnelRuns.findFirst({ where: eq(funnelRuns.id, execution!.runId) }))!;
    const expected = romeInstant(addDays(romeDayOf(run.startedAt), 2), 16, 45);
    expect(execution!.scheduledAt.toISOString()).toBe(expected.toISOString());
    await tick();
    await sleep(500);
    expect((await executionsOf(id))[0]!.status).toBe("pending");
  });

  it("counts sent, delivered and failed from signed status callbacks, once each, whatever their order", async () => {
    const sids: string[] = [];
    const { cookie, account, templateSid } = await realAccount(() => {
      const sid = `SMcb${crypto.randomUUID().replaceAll("-", "")}`;
      sids.push(sid);
      return Response.json({ sid, status: "queued" }, { status: 201 });
    });
    const { listId } = await makeList(cookie, 2);
    const { id } = await createCampaign(cookie, listId, templateSid);
    await activate(cookie, id);
    await enrolled(id, 2);
    await tick();
    await waitFor(async () => expect(await campaignOf(cookie, id)).toMatchObject({ sentCount: 2, deliveredCount: 0, failedCount: 0 }));
    const [first, second] = sids as [string, string];
    const status = (sid: string, s: string, extra: Record<string, string> = {}) => statusCallback(account.id, { MessageSid: sid, MessageStatus: s, ...extra });

    expect((await status(first, "delivered")).status).toBe(204);
    expect(await campaignOf(cookie, id)).toMatchObject({ sentCount: 2, deliveredCount: 1, failedCount: 0 });
    for (const s of ["sent", "delivered", "read", "delivered", "failed"]) await status(first, s);
    expect(await campaignOf(cookie, id)).toMatchObject({ sentCount: 2, deliveredCount: 1, failedCount: 0 });
    await status(second, "undelivered", { ErrorCode: "63016" });
    await status(second, "undelivered", { ErrorCode: "63016" });
    // A late "delivered" does not undo a failure, nor count as a delivery.
    await status(second, "delivered");
    expect(await campaignOf(cookie, id)).toMatchObject({ sentCount: 2, deliveredCount: 1, failedCount: 1 });
    expect((await statusCallback(account.id, { MessageSid: second, MessageStatus: "delivered" }, "bad-signature")).status).toBe(403);
    const byStatus = (await db().select().from(messages).where(sql`${messages.twilioMessageId} in (${first}, ${second})`)).map((m) => m.status).sort();
    expect(byStatus).toEqual(["read", "undelivered"]);
    expect((await funnelOf(cookie, id))[0].stats).toMatchObject({ sent: 2, delivered: 1, failed: 1, pending: 0 });
  });

  for (const [label, failure] of [
    ["a Twilio 500", () => new Response(JSON.stringify({ code: 20500, message: "Internal" }), { status: 500 })],
    ["a Twilio 429", () => new Response(JSON.stringify({ code: 20429, message: "Too Many Requests" }), { status: 429 })],
    ["a time-out", () => Promise.reject(new DOMException("The operation timed out", "TimeoutError"))],
  ] as const) {
    it(`retries a campaign step after ${label} with backoff and sends it exactly once`, async () => {
      let calls = 0;
      const { cookie, account, accountSid, templateSid } = await realAccount(() => (++calls === 1 ? failure() : ok(new Request("https://twilio.fake"))));
      const { listId, leads } = await makeList(cookie, 1);
      const { id } = await createCampaign(cookie, listId, templateSid);
      await activate(cookie, id);
      await enrolled(id, 1);
      await tick();
      await waitFor(async () => expect((await campaignOf(cookie, id)).sentCount).toBe(1));
      await sleep(1500);
      expect(sendsOf(accountSid)).toHaveLength(2);
      const { sent } = await chat(account.id, leads[0]!.phone);
      expect(sent).toHaveLength(1);
      expect(sent[0]).toMatchObject({ status: "sent", errorMessage: null, sendAttempts: 2 });
      expect(await campaignOf(cookie, id)).toMatchObject({ sentCount: 1, failedCount: 0 });
    });
  }

  it("shows a send that used up its retries as failed, on the message and in the counters", async () => {
    const { cookie, account, templateSid } = await realAccount(() => new Response(JSON.stringify({ code: 20500, message: "Internal" }), { status: 500 }));
    const { listId, leads } = await makeList(cookie, 1);
    const { id } = await createCampaign(cookie, listId, templateSid);
    await activate(cookie, id);
    await enrolled(id, 1);
    await tick();
    await waitFor(async () => expect((await chat(account.id, leads[0]!.phone)).sent[0]?.errorMessage).toBeTruthy());
    const message = (await chat(account.id, leads[0]!.phone)).sent[0]!;
    const batch = createMessageBatch("agentbot-jobs-dlq", [{ id: "dlq1", timestamp: new Date(), attempts: 6, body: { kind: "message.send", messageId: message.id, idempotencyKey: `message.send:${message.id}` } }]);
    const ctx = createExecutionContext();
    await worker.queue(batch, env, ctx);
    await waitOnExecutionContext(ctx);
    const failed = (await chat(account.id, leads[0]!.phone)).sent[0]!;
    expect(failed.status).toBe("failed");
    expect(failed.errorMessage).toContain("abbandonato dopo i tentativi");
    expect(await campaignOf(cookie, id)).toMatchObject({ sentCount: 0, failedCount: 1 });
    expect((await funnelOf(cookie, id))[0].stats).toMatchObject({ failed: 1, pending: 0 });
  });

  it("fails a step whose template is no longer approved, counts it, and goes on with the funnel", async () => {
    const { cookie, account, templateSid } = await realAccount();
    const { listId, leads } = await makeList(cookie, 1);
    const { id } = await createCampaign(cookie, listId, templateSid, [{}, { triggerType: "relative", triggerValue: 10, triggerUnit: "minutes" }]);
    await activate(cookie, id);
    await enrolled(id, 1);
    await db().delete(templates).where(eq(templates.externalTemplateId, templateSid));
    await tick();
    await waitFor(async () => expect((await executionsOf(id)).map((e) => e.status)).toEqual(["failed", "pending"]));
    expect((await chat(account.id, leads[0]!.phone)).messages).toHaveLength(0);
    expect(await campaignOf(cookie, id)).toMatchObject({ sentCount: 0, failedCount: 1 });
  });

  it("keeps each sender at or under its messages-per-second limit", async () => {
    const times: number[] = [];
    const { cookie, accountSid, templateSid } = await realAccount(() => {
      times.push(performance.now());
      return ok(new Request("https://twilio.fake"));
    });
    const { listId } = await makeList(cookie, 24);
    const { id } = await createCampaign(cookie, listId, templateSid);
    await activate(cookie, id);
    await enrolled(id, 24);
    await tick();
    await waitFor(async () => expect(sendsOf(accountSid)).toHaveLength(24), 30_000);
    // 80 per second: one slot every 12.5 ms, so 24 sends span at least 23 slots (some jitter allowed).
    expect(times[23]! - times[0]!).toBeGreaterThanOrEqual(23 * 12.5 * 0.9);
  });

  it("enrolls a list in bounded batches, each job handing on to the next", async () => {
    const { cookie } = await sandbox();
    const { listId } = await makeList(cookie, 25);
    const { id } = await createCampaign(cookie, listId, TEMPLATE.sid);
    // Switched on without the activation's own job, so this test drives the batches.
    await db().update(leadCampaigns).set({ status: "active" }).where(eq(leadCampaigns.id, id));
    const send = vi.spyOn(env.JOBS, "send");
    await runFunnelEnroll(env, db(), { campaignId: id, batchSize: 10 });
    const followUps = send.mock.calls.map(([body]) => body as JobMessage).filter((j) => j.kind === "funnel.enroll" && j.campaignId === id);
    send.mockRestore();
    expect(followUps).toEqual([expect.objectContaining({ kind: "funnel.enroll", campaignId: id, batchSize: 10 })]);
    await enrolled(id, 25);
    const batches = await db().all<{ n: number }>(sql`select count(*) as n from funnel_runs where campaign_id = ${id} group by started_at order by started_at`);
    expect(batches.map((b) => b.n)).toEqual([10, 10, 5]);
    const executions = await executionsOf(id);
    expect(new Set(executions.map((e) => e.listLeadId)).size).toBe(25);
    expect((await campaignOf(cookie, id)).totalRecipients).toBe(25);
    // Enrolling again finds nobody new.
    await runFunnelEnroll(env, db(), { campaignId: id });
    expect(await executionsOf(id)).toHaveLength(25);
  });

  it("broadcasts a calendar campaign at its time with the same engine, then completes it", async () => {
    const { cookie, account } = await sandbox();
    const { listId, leads } = await makeList(cookie, 2, "static");
    const day = addDays(romeDayOf(new Date()), 1);
    const res = await call("/api/campaigns/calendar", { cookie, body: { name: "Evento", templateSid: TEMPLATE.sid, variables: VARS, targetListId: listId, scheduledDate: day, scheduledTime: "10:00" } });
    expect(res.status).toBe(201);
    const id = res.json.id as string;
    const executions = await enrolled(id, 2);
    expect(executions.every((e) => e.scheduledAt.toISOString() === romeInstant(day, 10, 0).toISOString())).toBe(true);
    await tick();
    await sleep(500);
    expect((await executionsOf(id)).map((e) => e.status)).toEqual(["pending", "pending"]);

    // The broadcast time comes.
    const past = new Date(Date.now() - 60_000);
    await db().update(leadCampaigns).set({ scheduledAt: past }).where(eq(leadCampaigns.id, id));
    await db().update(funnelExecutions).set({ scheduledAt: past }).where(eq(funnelExecutions.campaignId, id));
    await tick();
    await waitFor(async () => expect((await campaignOf(cookie, id)).sentCount).toBe(2));
    for (const lead of leads) expect((await chat(account.id, lead.phone)).sent).toHaveLength(1);
    await tick();
    expect((await campaignOf(cookie, id)).status).toBe("completed");
    const again = await call(`/api/campaigns/${id}`, { method: "PATCH", cookie, body: { status: "active" } });
    expect(again.status).toBe(400);
    expect(again.json.error).toBe(TX.campaignCompleted);
  });
});
