import { createExecutionContext, createScheduledController, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { LEAD_TEXTS as TX } from "@shared/texts/leads";
import { TEMPLATE_VARIABLE_TEXTS as VX } from "@shared/texts/template-variables";
import { T } from "@shared/strings";
import { conversations, leads, messages } from "@worker/db/schema";
import worker from "@worker/index";
import { call, db, signedInUser, waitFor } from "./helpers";


async function sandboxUser() {
  const { user, cookie } = await signedInUser();
  const res = await call("/api/twilio-accounts", { cookie, body: { name: "Sandbox", sandbox: true, phoneNumber: "+15005550006", gptModel: "gpt-4o-mini" } });
  return { user, cookie, account: res.json as { id: string; name: string } };
}

// An approved internal template: on a sandbox the next sync approves it.
async function approvedTemplate(cookie: string) {
  const created = await call("/api/templates", {
    cookie,
    body: { name: "Benvenuto lead", category: "agency", whatsappContent: { text: "Ciao {{1}}, grazie per aver contattato {{2}}. Ti richiamiamo oggi?" } },
  });
  await call(`/api/templates/${created.json.id}/submit`, { cookie, method: "POST" });
  const ctx = createExecutionContext();
  await worker.scheduled(createScheduledController({ scheduledTime: new Date(), cron: "* * * * *" }), env, ctx);
  await waitOnExecutionContext(ctx);
  await waitFor(async () => expect((await call("/api/templates", { cookie })).json.find((t: { id: string }) => t.id === created.json.id).status).toBe("approved"));
  return created.json as { id: string };
}

// The template's {{1}} is the lead's first name, {{2}} its company.
const COMPANY_VARS = { "1": { source: "field", field: "nome" }, "2": { source: "field", field: "company" } };

const source = (overrides: Record<string, unknown> = {}) => ({ name: "Sito web", type: "website", ...overrides });

describe("lead sources", () => {
  it("creates a source with the spec's defaults", async () => {
    const { cookie, account } = await sandboxUser();
    const res = await call("/api/lead-sources", { cookie, body: { name: "Modulo contatti" } });
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({
      name: "Modulo contatti",
      type: "api",
      isActive: true,
      templateId: null,
      autoResponse: true,
      autoSync: false,
      syncInterval: 30,
      calendarHour: 9,
      calendarMinute: 0,
      timezone: "Europe/Rome",
      talkingSchedules: [],
      selectedDays: [],
      startDate: null,
      endDate: null,
      specificDate: null,
      leadCount: 0,
      twilioAccountId: account.id,
    });
    expect((await call("/api/lead-sources", { cookie })).json).toHaveLength(1);
  });

  it("validates talking schedules, days, dates and the time zone", async () => {
    const { cookie } = await sandboxUser();
    const cases: [Record<string, unknown>, string][] = [
      [{ name: "" }, TX.nameRequired],
      [{ type: "fax" }, TX.typeInvalid],
      [{ talkingSchedules: [{ hour: 24, minute: 0, message: "Ciao" }] }, TX.hourInvalid],
      [{ talkingSchedules: [{ hour: -1, minute: 0, message: "Ciao" }] }, TX.hourInvalid],
      [{ talkingSchedules: [{ hour: 9.5, minute: 0, message: "Ciao" }] }, TX.hourInvalid],
      [{ talkingSchedules: [{ hour: 9, minute: 60, message: "Ciao" }] }, TX.minuteInvalid],
      [{ talkingSchedules: [{ hour: 9, minute: 0, message: "" }] }, TX.messageRequired],
      [{ talkingSchedules: [{ hour: 9, minute: 0, message: "x".repeat(501) }] }, TX.messageTooLong(500)],
      [{ selectedDays: [7] }, TX.dayInvalid],
      [{ startDate: "2026-02-30" }, TX.dateInvalid],
      [{ startDate: "01/03/2026" }, TX.dateInvalid],
      [{ startDate: "2026-03-10", endDate: "2026-03-01" }, T.endBeforeStart],
      [{ timezone: "Europe/London" }, TX.timezoneInvalid],
      [{ syncInterval: 2 }, T.syncIntervalInvalid],
      [{ calendarHour: 25 }, TX.hourInvalid],
    ];
    for (const [overrides, message] of cases) {
      const res = await call("/api/lead-sources", { cookie, body: source(overrides) });
      expect(res.status, JSON.stringify(overrides)).toBe(400);
      expect(res.json.details.map((d: { message: string }) => d.message), JSON.stringify(overrides)).toContain(message);
    }
    const ok = await call("/api/lead-sources", {
      cookie,
      body: source({
        talkingSchedules: [
          { hour: 0, minute: 0, message: "Buonanotte" },
          { hour: 23, minute: 59, message: "x".repeat(500) },
        ],
        selectedDays: [0, 5, 1, 1],
        calendarType: "weekly",
        calendarHour: 18,
        calendarMinute: 30,
        startDate: "2026-03-29",
        endDate: "2026-10-25",
        specificDate: "",
      }),
    });
    expect(ok.status, ok.text).toBe(201);
    // Monday first; Rome days survive the DST changes at both ends.
    expect(ok.json).toMatchObject({ selectedDays: [1, 5, 0], startDate: "2026-03-29", endDate: "2026-10-25", specificDate: null, calendarHour: 18, calendarMinute: 30, calendarType: "weekly" });
    expect(ok.json.talkingSchedules).toHaveLength(2);
  });

  it("only takes an approved template of the same account for the auto-response", async () => {
    const { cookie } = await sandboxUser();
    const draft = await call("/api/templates", { cookie, body: { name: "Bozza", category: "loans", whatsappContent: { text: "Ciao {{1}}, come va?" } } });
    const refused = await call("/api/lead-sources", { cookie, body: source({ templateId: draft.json.id }) });
    expect(refused.status).toBe(400);
    expect(refused.json.error).toBe(TX.templateNotApproved);
    const other = await sandboxUser();
    const foreign = await approvedTemplate(other.cookie);
    expect((await call("/api/lead-sources", { cookie, body: source({ templateId: foreign.id }) })).status).toBe(400);
    const mine = await approvedTemplate(cookie);
    // Each {{n}} needs a value the user chose: nothing is guessed.
    const unbound = await call("/api/lead-sources", { cookie, body: source({ templateId: mine.id, templateVariables: { "1": { source: "field", field: "nome" } } }) });
    expect(unbound.status).toBe(400);
    expect(unbound.json.error).toBe(VX.missing(["2"]));
    const placeholder = await call("/api/lead-sources", { cookie, body: source({ templateId: mine.id, templateVariables: { "1": "{{1}}", "2": "Studio" } }) });
    expect(placeholder.status).toBe(400);
    const res = await call("/api/lead-sources", {
      cookie,
      body: source({ templateId: mine.id, templateVariables: { "1": { source: "field", field: "nome" }, "2": "Studio Verdi", "3": "non nel template" } }),
    });
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({ templateId: mine.id, templateName: "Benvenuto lead" });
    // Only the template's own positions are kept; the plain string is fixed text.
    expect(res.json.templateVariables).toEqual({ "1": { source: "field", field: "nome" }, "2": { source: "text", value: "Studio Verdi" } });
  });

  it("updates and deletes a source; its leads stay, without a source", async () => {
    const { cookie } = await sandboxUser();
    const created = await call("/api/lead-sources", { cookie, body: source({ autoResponse: false }) });
    const updated = await call(`/api/lead-sources/${created.json.id}`, { method: "PUT", cookie, body: source({ name: "Modulo", type: "manual", isActive: false, syncInterval: 60 }) });
    expect(updated.status).toBe(200);
    expect(updated.json).toMatchObject({ name: "Modulo", type: "manual", isActive: false, syncInterval: 60 });
    // Facebook Lead Ads, which had no receiver, is gone.
    expect((await call("/api/lead-sources", { cookie, body: source({ type: "facebook" }) })).status).toBe(400);
    const lead = await call("/api/leads", { cookie, body: { phone: "3331234567", name: "Mario Rossi", leadSourceId: created.json.id } });
    expect(lead.json.lead.leadSourceName).toBe("Modulo");
    expect((await call("/api/lead-sources", { cookie })).json[0].leadCount).toBe(1);
    expect((await call(`/api/lead-sources/${created.json.id}`, { method: "DELETE", cookie })).status).toBe(200);
    const after = await call("/api/leads", { cookie });
    expect(after.json.leads[0]).toMatchObject({ id: lead.json.lead.id, leadSourceId: null, leadSourceName: null });
  });
});

describe("leads", () => {
  it("creates a lead, starts the source's auto-response, and links its conversation", async () => {
    const { cookie, account } = await sandboxUser();
    const template = await approvedTemplate(cookie);
    const src = await call("/api/lead-sources", { cookie, body: source({ templateId: template.id, templateVariables: COMPANY_VARS }) });
    const res = await call("/api/leads", { cookie, body: { phone: "+39 333 765 4321", name: "Giulia Bianchi", company: "Studio Bianchi", leadSourceId: src.json.id } });
    expect(res.status).toBe(201);
    expect(res.json.created).toBe(true);
    expect(res.json.autoResponse).toMatchObject({ status: "queued" });
    const conversationId = res.json.autoResponse.conversationId as string;
    expect(res.json.lead).toMatchObject({ phoneNumber: "+393337654321", status: "contacted", conversationId, leadSourceName: "Sito web" });

    const conversation = await call(`/api/conversations/${conversationId}`, { cookie });
    expect(conversation.status).toBe(200);
    expect(conversation.json).toMatchObject({ phoneNumber: "+393337654321", customerName: "Giulia Bianchi", template: { sid: `HXint${template.id.replaceAll("-", "")}`, name: "Benvenuto lead" } });
    await waitFor(async () => {
      const sent = await db().select().from(messages).where(eq(messages.conversationId, conversationId));
      expect(sent).toHaveLength(1);
      expect(sent[0]).toMatchObject({
        content: `Ciao Giulia, grazie per aver contattato Studio Bianchi. Ti richiamiamo oggi?`,
        templateSid: `HXint${template.id.replaceAll("-", "")}`,
        status: "delivered",
      });
    });

    // The same number again updates the lead, and the auto-response is not sent twice.
    const again = await call("/api/leads", { cookie, body: { phone: "3337654321", email: "giulia@studio.it", leadSourceId: src.json.id } });
    expect(again.status).toBe(200);
    expect(again.json).toMatchObject({ created: false, autoResponse: { status: "skipped", conversationId } });
    expect(again.json.lead).toMatchObject({ name: "Giulia Bianchi", email: "giulia@studio.it" });
    expect(await db().select().from(leads).where(eq(leads.twilioAccountId, account.id))).toHaveLength(1);
    expect(await db().select().from(messages).where(eq(messages.conversationId, conversationId))).toHaveLength(1);
  });

  it("does not send the template to a lead lacking a value: the reason is kept on the lead until it can be sent", async () => {
    const { cookie } = await sandboxUser();
    const template = await approvedTemplate(cookie);
    const src = await call("/api/lead-sources", { cookie, body: source({ templateId: template.id, templateVariables: COMPANY_VARS }) });
    const res = await call("/api/leads", { cookie, body: { phone: "3331119999", name: "Paolo", leadSourceId: src.json.id } });
    expect(res.status).toBe(201);
    expect(res.json.autoResponse).toEqual({ status: "skipped", conversationId: null, reason: VX.noValue(["2"]) });
    expect(res.json.lead).toMatchObject({ status: "new", conversationId: null, templateBlocked: VX.noValue(["2"]) });
    // No chat was opened and nothing was sent to the number.
    expect(await db().select().from(conversations).where(eq(conversations.phoneNumber, "+393331119999"))).toHaveLength(0);
    const listed = await call(`/api/leads?leadSourceId=${src.json.id}`, { cookie });
    expect(listed.json.leads[0].templateBlocked).toBe(VX.noValue(["2"]));

    // Once the lead has the value, the template goes out with it and the reason is cleared.
    const again = await call("/api/leads", { cookie, body: { phone: "3331119999", company: "Officina Paolo", leadSourceId: src.json.id } });
    expect(again.json.autoResponse).toMatchObject({ status: "queued" });
    expect(again.json.lead).toMatchObject({ status: "contacted", templateBlocked: null });
    await waitFor(async () => {
      const sent = await db().select().from(messages).where(eq(messages.conversationId, again.json.autoResponse.conversationId));
      expect(sent.map((m) => m.content)).toEqual(["Ciao Paolo, grazie per aver contattato Officina Paolo. Ti richiamiamo oggi?"]);
    });
  });

  it("fills a variable from a custom field the lead was sent with", async () => {
    const { cookie } = await sandboxUser();
    const template = await approvedTemplate(cookie);
    const vars = { "1": { source: "field", field: "cognome" }, "2": { source: "custom", key: "Negozio" } };
    const src = await call("/api/lead-sources", { cookie, body: source({ templateId: template.id, templateVariables: vars }) });
    const res = await call("/api/leads", { cookie, body: { phone: "3331118888", name: "Luca Neri", customFields: { negozio: "Bottega Neri" }, leadSourceId: src.json.id } });
    expect(res.json.autoResponse).toMatchObject({ status: "queued" });
    await waitFor(async () => {
      const sent = await db().select().from(messages).where(eq(messages.conversationId, res.json.autoResponse.conversationId));
      expect(sent.map((m) => [m.content, m.templateVariables])).toEqual([
        ["Ciao Neri, grazie per aver contattato Bottega Neri. Ti richiamiamo oggi?", { "1": "Neri", "2": "Bottega Neri" }],
      ]);
    });
  });

  it("lists with filters and pages, changes the status, and deletes", async () => {
    const { cookie } = await sandboxUser();
    for (let i = 0; i < 5; i++) await call("/api/leads", { cookie, body: { phone: `333000000${i}`, name: `Lead ${i}`, company: i % 2 ? "Rossi Srl" : "Verdi Spa" } });
    const all = await call("/api/leads?pageSize=2", { cookie });
    expect(all.json).toMatchObject({ total: 5, page: 1, pageSize: 2 });
    expect(all.json.leads).toHaveLength(2);
    expect((await call("/api/leads?search=Rossi", { cookie })).json.total).toBe(2);
    const target = all.json.leads[0];
    const converted = await call(`/api/leads/${target.id}`, { method: "PUT", cookie, body: { status: "converted", notes: "Firmato il contratto" } });
    expect(converted.json).toMatchObject({ status: "converted", notes: "Firmato il contratto" });
    expect((await call("/api/leads?status=converted", { cookie })).json.leads.map((l: { id: string }) => l.id)).toEqual([target.id]);
    const bad = await call(`/api/leads/${target.id}`, { method: "PUT", cookie, body: { status: "vinto" } });
    expect(bad.status).toBe(400);
    expect(bad.json.error).toBe(TX.statusInvalid);
    expect((await call("/api/leads?status=vinto", { cookie })).status).toBe(400);
    const noPhone = await call("/api/leads", { cookie, body: { name: "Senza numero" } });
    expect(noPhone.json.error).toBe(TX.phoneRequired);
    expect((await call("/api/leads", { cookie, body: { phone: "chiamami" } })).json.error).toBe(TX.phoneInvalid);
    expect((await call(`/api/leads/${target.id}`, { method: "DELETE", cookie })).status).toBe(200);
    expect((await call("/api/leads", { cookie })).json.total).toBe(4);
  });

  it("pages with X-Next-Cursor: ties included, stable under inserts, scoped to the account", async () => {
    const { cookie, user, account } = await sandboxUser();
    const tied = new Date("2026-04-01T10:00:00Z");
    // 5 leads imported in one millisecond and 2 older ones: the page boundary (pageSize 3) falls inside the tie.
    for (let i = 0; i < 7; i++) {
      await db().insert(leads).values({ userId: user.id, twilioAccountId: account.id, phoneNumber: `+39333100000${i}`, name: `L${i}`, importedAt: i < 5 ? tied : new Date(Date.UTC(2026, 2, 10 - i)) });
    }
    const first = await call("/api/leads?pageSize=3", { cookie });
    expect(first.json).toMatchObject({ total: 7 });
    const names: string[] = first.json.leads.map((l: any) => l.name);
    // Leads arrive between the pages, one of them in the tied millisecond: the next pages do not shift.
    await db().insert(leads).values({ userId: user.id, twilioAccountId: account.id, phoneNumber: "+393331000010", name: "Nuovo" });
    await db().insert(leads).values({ userId: user.id, twilioAccountId: account.id, phoneNumber: "+393331000011", name: "Pari", importedAt: tied });
    let cursor = first.headers.get("X-Next-Cursor");
    const firstCursor = cursor;
    expect(cursor).toMatch(/^\d+_/);
    for (let guard = 0; cursor && guard < 10; guard++) {
      const page = await call(`/api/leads?pageSize=3&cursor=${cursor}`, { cookie });
      expect(page.status).toBe(200);
      names.push(...page.json.leads.map((l: any) => l.name));
      cursor = page.headers.get("X-Next-Cursor");
    }
    // Every lead of the first listing comes exactly once and in order; the newer one never (it belongs
    // before the first page); the one in the tied millisecond at most once (ties go by id).
    expect(new Set(names).size).toBe(names.length);
    const original = names.filter((n) => n !== "Pari");
    expect(original).toHaveLength(7);
    expect([...original].sort()).toEqual(["L0", "L1", "L2", "L3", "L4", "L5", "L6"]);
    expect(original.slice(5)).toEqual(["L5", "L6"]);
    expect(names).not.toContain("Nuovo");

    // Another account's owner sees only their own leads through the same cursor.
    const other = await sandboxUser();
    await db().insert(leads).values({ userId: other.user.id, twilioAccountId: other.account.id, phoneNumber: "+393339999999", name: "Altro", importedAt: new Date("2026-01-01T00:00:00Z") });
    const foreign = await call(`/api/leads?cursor=${firstCursor}`, { cookie: other.cookie });
    expect(foreign.json.leads.map((l: any) => l.name)).toEqual(["Altro"]);
    const bad = await call("/api/leads?cursor=abc", { cookie });
    expect(bad.status).toBe(400);
    expect(bad.json.error).toBe("Cursore di pagina non valido");
  });

  it("answers 404 for another account's sources and leads", async () => {
    const owner = await sandboxUser();
    const src = await call("/api/lead-sources", { cookie: owner.cookie, body: source() });
    const lead = await call("/api/leads", { cookie: owner.cookie, body: { phone: "3331112222" } });
    const stranger = await sandboxUser();
    const c = stranger.cookie;
    expect((await call(`/api/lead-sources/${src.json.id}`, { method: "PUT", cookie: c, body: source() })).status).toBe(404);
    expect((await call(`/api/lead-sources/${src.json.id}`, { method: "DELETE", cookie: c })).status).toBe(404);
    expect((await call(`/api/leads/${lead.json.lead.id}`, { method: "PUT", cookie: c, body: { status: "lost" } })).status).toBe(404);
    expect((await call(`/api/leads/${lead.json.lead.id}`, { method: "DELETE", cookie: c })).status).toBe(404);
    expect((await call("/api/leads", { cookie: c, body: { phone: "3331112222", leadSourceId: src.json.id } })).status).toBe(404);
    expect((await call("/api/lead-sources", { cookie: c })).json).toEqual([]);
    expect((await call("/api/leads", { cookie: c })).json.total).toBe(0);
    expect((await call("/api/leads", { cookie: owner.cookie })).json.leads[0].status).toBe("new");
  });

  it("answers 400, never 500, for malformed JSON and wrong types", async () => {
    const { cookie } = await sandboxUser();
    const src = await call("/api/lead-sources", { cookie, body: source() });
    const lead = await call("/api/leads", { cookie, body: { phone: "3331112222" } });
    const bodies = ["{\"name\": ", "[]", "null", "7", JSON.stringify({ name: 1, type: 2, talkingSchedules: "x", selectedDays: {}, phone: 333, customFields: [1], status: 4 })];
    for (const [method, path] of [
      ["POST", "/api/lead-sources"],
      ["PUT", `/api/lead-sources/${src.json.id}`],
      ["POST", "/api/leads"],
      ["PUT", `/api/leads/${lead.json.lead.id}`],
    ] as const) {
      for (const raw of bodies) {
        const res = await call(path, { method, cookie, rawBody: raw, headers: { "Content-Type": "application/json" } });
        expect(res.status, `${method} ${path} ${raw}`).toBe(400);
        expect(res.json.error).toBeTypeOf("string");
      }
    }
  });
});
