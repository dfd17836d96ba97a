import { env } from "cloudflare:workers";
import { and, eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { romeInstant } from "@shared/calendar-time";
import { AGENT_TEXTS } from "@shared/texts/agent";
import { SANDBOX_TEMPLATES } from "@shared/sandbox-templates";
import {
  agentToolCalls,
  analytics,
  auditLog,
  calendarEvents,
  conversations,
  leadNotificationSettings,
  leads,
  messages,
  openaiUsage,
  prompts,
} from "@worker/db/schema";
import { runAiReply } from "@worker/features/agent/reply";
import { ModelProviderError } from "@worker/providers/openai";
import { refusesTools } from "@worker/providers/openai-tools";
import { fakeOutside, type FakeOutside, openAiCompletion } from "../fakes/outside";
import { openAiToolCalls, openAiToolsUnsupported, type ScriptedCall } from "../fakes/openai-tools";
import { call, db, signedInUser } from "./helpers";

// Tuesday 1 December 2026, 09:00 in Rome.
const NOW = new Date("2026-12-01T08:00:00Z");
const KEYED = { ...env, OPENAI_API_KEY: "sk-test" };
const HOURS = [[], [{ start: "09:00", end: "12:00" }, { start: "14:00", end: "16:00" }], [{ start: "09:00", end: "12:00" }], [{ start: "09:00", end: "12:00" }], [{ start: "09:00", end: "12:00" }], [{ start: "09:00", end: "12:00" }], []];
const BOOKING = { openingHours: HOURS, slotMinutes: 60, minNoticeMinutes: 60, daysAhead: 30, reminderTemplateSid: SANDBOX_TEMPLATES[0]!.sid, reminderMinutes: 1440 };

// The fake model answers from a script per conversation: each request takes the next answer.
type Answer = ScriptedCall[] | string | ((body: any) => Response);
const scripts = new Map<string, Answer[]>();
let world: FakeOutside;
beforeAll(() => {
  world = fakeOutside(async (request) => {
    const url = new URL(request.url);
    if (url.hostname !== "openai.fake") return Response.json({ sid: `SM${crypto.randomUUID().replaceAll("-", "")}`, status: "queued" }, { status: 201 });
    const body = (await request.clone().json()) as any;
    const key = [...scripts.keys()].find((k) => lastUser(body).includes(k));
    const answer = key ? scripts.get(key)!.shift() : undefined;
    if (answer === undefined) return openAiCompletion("Va bene.", 10, 5, "gpt-4o-mini");
    if (typeof answer === "function") return answer(body);
    if (typeof answer === "string") return openAiCompletion(answer, 50, 10, "gpt-4o-mini");
    return openAiToolCalls(answer, 100, 20);
  });
});
afterAll(() => world.restore());
afterEach(() => scripts.clear());

function lastUser(body: any): string {
  return body.messages.filter((m: any) => m.role === "user").at(-1)?.content ?? "";
}

function requestsFor(marker: string) {
  return world.bodies.filter((b: any) => b?.messages && lastUser(b).includes(marker)) as any[];
}

async function agentAccount(tools: string[] = ["prenotazioni", "contatto", "qualifica", "operatore"]) {
  const { user, cookie } = await signedInUser();
  const res = await call("/api/twilio-accounts", { cookie, body: { name: "Sandbox", sandbox: true, phoneNumber: "+15005550006", gptModel: "gpt-4o-mini" } });
  const account = res.json as { id: string };
  const saved = await call("/api/agent/booking-settings", { cookie, method: "PUT", body: BOOKING });
  expect(saved.status).toBe(200);
  const prompt = await call("/api/prompts", { cookie, body: { name: "Agente", content: "Sei l'agente di vendita.", model: "gpt-4o-mini", agentTools: tools } });
  expect(prompt.status).toBe(201);
  return { user, cookie, account, promptId: (prompt.json as { id: string }).id };
}

let phoneCounter = 0;
async function customer(owner: { user: { id: string }; account: { id: string }; promptId: string }, opts: { lastInboundAt?: Date } = {}) {
  phoneCounter += 1;
  const phone = `+39340${String(Date.now()).slice(-5)}${String(phoneCounter).padStart(2, "0")}`;
  const [conversation] = await db()
    .insert(conversations)
    .values({ userId: owner.user.id, twilioAccountId: owner.account.id, phoneNumber: phone, promptId: owner.promptId, lastInboundAt: opts.lastInboundAt ?? new Date(NOW.getTime() - 60_000) })
    .returning();
  return conversation!;
}

// The customer writes (a unique marker lets the fake find this conversation's script) and the agent replies.
async function say(conversationId: string, text: string, script: Answer[], e: Env = KEYED, now = NOW) {
  const [message] = await db().insert(messages).values({ conversationId, content: text, sender: "customer", status: "received", createdAt: new Date() }).returning();
  scripts.set(text, script);
  await runAiReply(e, db(), { conversationId, replyToId: message!.id }, now);
  return message!;
}

const aiReplies = async (conversationId: string) =>
  (await db().select().from(messages).where(and(eq(messages.conversationId, conversationId), eq(messages.sender, "ai")))).map((m) => m.content);
const callsOf = (conversationId: string) => db().select().from(agentToolCalls).where(eq(agentToolCalls.conversationId, conversationId)).orderBy(agentToolCalls.createdAt);
const eventsOf = (accountId: string) => db().select().from(calendarEvents).where(eq(calendarEvents.twilioAccountId, accountId));
const toolResults = (body: any) => body.messages.filter((m: any) => m.role === "tool").map((m: any) => JSON.parse(m.content));

describe("booking tools", () => {
  it("offers free slots, books the chosen one with the customer's reminder, and shows it in the chat, usage and audit", async () => {
    const owner = await agentAccount();
    const conv = await customer(owner);
    // Someone already has Thursday 10:00.
    await db().insert(calendarEvents).values({ userId: owner.user.id, twilioAccountId: owner.account.id, title: "Occupato", startDate: romeInstant("2026-12-03", 10), endDate: romeInstant("2026-12-03", 11) });

    await say(conv.id, "Vorrei un appuntamento giovedì [a1]", [[{ name: "disponibilita", args: { giorno: "2026-12-03" } }], "Giovedì ho libero alle 9 e alle 11. Quale preferisce?"]);
    const first = requestsFor("[a1]");
    expect(first).toHaveLength(2);
    expect(first[0].tools.map((t: any) => t.function.name)).toEqual(["disponibilita", "prenota", "sposta", "annulla", "aggiorna_contatto", "qualifica_lead", "passa_a_operatore"]);
    expect(toolResults(first[1])[0]).toMatchObject({ esito: "ok", giorno: "2026-12-03", slot_liberi: ["2026-12-03T09:00", "2026-12-03T11:00"] });

    await say(conv.id, "Alle 11 va benissimo [a2]", [[{ name: "prenota", args: { slot: "2026-12-03T11:00", titolo: "Consulenza", note: "Prima visita" } }], "Perfetto, ci vediamo giovedì 3 dicembre alle 11:00."]);
    expect(toolResults(requestsFor("[a2]")[1])[0]).toMatchObject({ esito: "ok", appuntamento: "2026-12-03T11:00", quando: "giovedì 3 dicembre alle 11:00" });
    const booked = (await eventsOf(owner.account.id)).find((e) => e.title.startsWith("Consulenza"))!;
    expect(booked).toMatchObject({
      startDate: romeInstant("2026-12-03", 11),
      endDate: romeInstant("2026-12-03", 12),
      notificationEnabled: true,
      notificationPhoneNumbers: [conv.phoneNumber],
      notificationTemplateId: SANDBOX_TEMPLATES[0]!.sid,
      notificationMinutes: 1440,
    });
    expect(await aiReplies(conv.id)).toEqual(["Giovedì ho libero alle 9 e alle 11. Quale preferisce?", "Perfetto, ci vediamo giovedì 3 dicembre alle 11:00."]);

    const activity = await call(`/api/agent/conversations/${conv.id}/activity`, { cookie: owner.cookie });
    expect(activity.json.events.map((e: any) => e.text)).toEqual(["L'agente ha cercato gli orari liberi di giovedì 3 dicembre: 2 liberi", "L'agente ha prenotato giovedì 3 dicembre alle 11:00"]);
    const usage = await db().select().from(openaiUsage).where(eq(openaiUsage.conversationId, conv.id));
    expect(usage.filter((u) => (u.metadata as any)?.toolCalls).map((u) => [(u.metadata as any).toolCalls, u.totalTokens])).toEqual([
      [["disponibilita"], 120],
      [["prenota"], 120],
    ]);
    expect(usage).toHaveLength(4);
    const audit = await db().select().from(auditLog).where(and(eq(auditLog.targetType, "conversation"), eq(auditLog.targetId, conv.id)));
    expect(audit.map((a) => [a.action, a.actorEmail, (a.details as any).status])).toEqual(
      expect.arrayContaining([
        ["agent.disponibilita", "agente-ai", "ok"],
        ["agent.prenota", "agente-ai", "ok"],
      ]),
    );
    // Another tenant does not see the activity.
    const stranger = await signedInUser();
    expect((await call(`/api/agent/conversations/${conv.id}/activity`, { cookie: stranger.cookie })).status).toBe(404);
  });

  it("refuses bookings against the rules and tells the model why, with other free slots", async () => {
    const owner = await agentAccount();
    const conv = await customer(owner);
    await db().insert(calendarEvents).values({ userId: owner.user.id, twilioAccountId: owner.account.id, title: "Occupato", startDate: romeInstant("2026-12-02", 9), endDate: romeInstant("2026-12-02", 10) });
    await say(conv.id, "Prenota tutto [r1]", [
      [
        { name: "prenota", args: { slot: "2026-12-02T13:00", titolo: "Visita" } }, // closed hour
        { name: "prenota", args: { slot: "2026-11-30T10:00", titolo: "Visita" } }, // past
        { name: "prenota", args: { slot: "2026-12-06T10:00", titolo: "Visita" } }, // Sunday
        { name: "prenota", args: { slot: "2026-12-02T09:00", titolo: "Visita" } }, // taken
        { name: "prenota", args: { slot: "2026-12-01T09:30", titolo: "Visita" } }, // inside the minimum notice
        { name: "prenota", args: { slot: "2027-03-01T10:00", titolo: "Visita" } }, // beyond the days ahead
        { name: "prenota", args: { slot: "giovedì alle 10", titolo: "Visita" } }, // not a slot
        { name: "prenota", args: "{not json" },
      ],
      "Mi scusi, quale orario preferisce tra quelli liberi?",
    ]);
    const results = toolResults(requestsFor("[r1]")[1]);
    expect(results.map((r: any) => r.esito)).toEqual(Array(8).fill("rifiutato"));
    expect(results[0].motivo).toContain("fuori dagli orari di apertura (09:00-12:00");
    expect(results[0].slot_liberi[0]).toBe("2026-12-02T10:00");
    expect(results[1].motivo).toContain("nel passato");
    expect(results[2].motivo).toContain("chiuso");
    expect(results[3].motivo).toBe("lo slot 2026-12-02T09:00 è già occupato");
    expect(results[3].slot_liberi).not.toContain("2026-12-02T09:00");
    expect(results[4].motivo).toContain("preavviso di almeno 60 minuti");
    expect(results[5].motivo).toContain("al massimo fino al 2026-12-31");
    expect(results[6].motivo).toBe(AGENT_TEXTS.args.slotInvalid);
    expect(results[7].motivo).toContain("JSON");
    expect((await eventsOf(owner.account.id)).map((e) => e.title)).toEqual(["Occupato"]);
    const calls = await callsOf(conv.id);
    expect(calls.map((c) => c.status)).toEqual(Array(8).fill("refused"));
    expect(calls[3]!.eventText).toBe("L'agente ha provato «prenota»: rifiutato (lo slot 2026-12-02T09:00 è già occupato)");
    expect(await aiReplies(conv.id)).toEqual(["Mi scusi, quale orario preferisce tra quelli liberi?"]);
  });

  it("moves and cancels the customer's own appointment, and refuses a second booking", async () => {
    const owner = await agentAccount();
    const conv = await customer(owner);
    await say(conv.id, "Giovedì alle 10 [m1]", [[{ name: "prenota", args: { slot: "2026-12-03T10:00", titolo: "Prova" } }], "Fatto."]);
    const [event] = await eventsOf(owner.account.id);
    await say(conv.id, "Prenota anche venerdì [m2]", [[{ name: "prenota", args: { slot: "2026-12-04T10:00", titolo: "Prova" } }], "Ha già un appuntamento."]);
    expect(toolResults(requestsFor("[m2]")[1])[0]).toMatchObject({ esito: "rifiutato", codice: "gia_prenotato", appuntamento: "2026-12-03T10:00" });

    await say(conv.id, "Spostiamo a venerdì alle 11 [m3]", [[{ name: "sposta", args: { slot: "2026-12-04T11:00" } }], "Spostato."]);
    const moved = await eventsOf(owner.account.id);
    expect(moved).toHaveLength(1);
    expect(moved[0]).toMatchObject({ id: event!.id, startDate: romeInstant("2026-12-04", 11), endDate: romeInstant("2026-12-04", 12) });

    await say(conv.id, "Annulliamo l'appuntamento [m4]", [[{ name: "annulla", args: {} }], "Annullato."]);
    expect(await eventsOf(owner.account.id)).toHaveLength(0);
    await say(conv.id, "Annulla di nuovo [m5]", [[{ name: "annulla", args: {} }], "Non ha appuntamenti."]);
    expect(toolResults(requestsFor("[m5]")[1])[0]).toMatchObject({ esito: "rifiutato", codice: "nessun_appuntamento" });

    const activity = await call(`/api/agent/conversations/${conv.id}/activity`, { cookie: owner.cookie });
    expect(activity.json.events.map((e: any) => e.text)).toEqual([
      "L'agente ha prenotato giovedì 3 dicembre alle 10:00",
      expect.stringContaining("L'agente ha provato «prenota»: rifiutato (il cliente ha già un appuntamento giovedì 3 dicembre alle 10:00"),
      "L'agente ha spostato l'appuntamento a venerdì 4 dicembre alle 11:00",
      "L'agente ha annullato l'appuntamento di venerdì 4 dicembre alle 11:00",
      "L'agente ha provato «annulla»: rifiutato (il cliente non ha appuntamenti da annullare)",
    ]);
  });

  it("gives the last free slot to one of two customers who take it at once and offers the other another", async () => {
    const owner = await agentAccount();
    // Only Thursday 9:00 and 10:00 are left on Thursday; 10:00 is taken.
    await db().insert(calendarEvents).values({ userId: owner.user.id, twilioAccountId: owner.account.id, title: "Occupato", startDate: romeInstant("2026-12-03", 10), endDate: romeInstant("2026-12-03", 12) });
    const a = await customer(owner);
    const b = await customer(owner);
    const take = (conv: { id: string }, marker: string) =>
      say(conv.id, `Giovedì alle 9 ${marker}`, [[{ name: "prenota", args: { slot: "2026-12-03T09:00", titolo: "Visita" } }], "Risposta."]);
    await Promise.all([take(a, "[race-a]"), take(b, "[race-b]")]);
    const thursday = (await eventsOf(owner.account.id)).filter((e) => e.startDate.getTime() === romeInstant("2026-12-03", 9).getTime());
    expect(thursday).toHaveLength(1);
    const outcomes = [toolResults(requestsFor("[race-a]")[1])[0], toolResults(requestsFor("[race-b]")[1])[0]];
    expect(outcomes.map((o) => o.esito).sort()).toEqual(["ok", "rifiutato"]);
    const loser = outcomes.find((o) => o.esito === "rifiutato");
    expect(loser.motivo).toBe("lo slot 2026-12-03T09:00 è già occupato");
    expect(loser.slot_liberi[0]).toBe("2026-12-04T09:00");
  });
});

describe("lead tools", () => {
  it("writes the contact field by field, keeps what an operator set, and refuses a bad e-mail", async () => {
    const owner = await agentAccount();
    const conv = await customer(owner);
    await say(conv.id, "Email sbagliata [c1]", [[{ name: "aggiorna_contatto", args: { email: "mario@" } }], "Può ripetere l'e-mail?"]);
    expect(toolResults(requestsFor("[c1]")[1])[0]).toEqual({ esito: "rifiutato", motivo: AGENT_TEXTS.args.emailInvalid });

    await say(conv.id, "Sono Mario Rossi [c2]", [
      [{ name: "aggiorna_contatto", args: { nome: "Mario", cognome: "Rossi", email: "Mario.Rossi@example.com", azienda: "Rossi Srl", esigenza: "Cucina nuova", budget: "5000 euro" } }],
      "Grazie Mario!",
    ]);
    let lead = (await db().select().from(leads).where(and(eq(leads.twilioAccountId, owner.account.id), eq(leads.phoneNumber, conv.phoneNumber))))[0]!;
    expect(lead).toMatchObject({ name: "Mario Rossi", email: "mario.rossi@example.com", company: "Rossi Srl", conversationId: conv.id, customFields: { esigenza: "Cucina nuova", budget: "5000 euro" } });
    expect((await db().query.conversations.findFirst({ where: eq(conversations.id, conv.id) }))!.customerName).toBe("Mario Rossi");

    // An operator corrects the e-mail; the agent may still change what it wrote itself.
    await db().update(leads).set({ email: "ufficio@rossi.it" }).where(eq(leads.id, lead.id));
    await say(conv.id, "Cambio mail e azienda [c3]", [[{ name: "aggiorna_contatto", args: { email: "altro@example.com", azienda: "Rossi Cucine Srl" } }], "Fatto."]);
    lead = (await db().select().from(leads).where(eq(leads.id, lead.id)))[0]!;
    expect(lead.email).toBe("ufficio@rossi.it");
    expect(lead.company).toBe("Rossi Cucine Srl");
    expect(toolResults(requestsFor("[c3]")[1])[0]).toMatchObject({ esito: "ok", scritti: ["azienda"], non_modificati: { campi: ["e-mail"] } });
  });

  it("qualifies the lead once, with the conversion and the operators' alert", async () => {
    const owner = await agentAccount();
    const operatorPhone = "+393479990001";
    await db().insert(leadNotificationSettings).values({ userId: owner.user.id, twilioAccountId: owner.account.id, notificationEnabled: true, notificationTemplateId: SANDBOX_TEMPLATES[0]!.sid, notificationPhoneNumbers: [operatorPhone] });
    const conv = await customer(owner);
    await say(conv.id, "Voglio comprare [q1]", [[{ name: "qualifica_lead", args: { motivo: "Vuole acquistare entro il mese" } }], "Ottimo!"]);
    await say(conv.id, "Davvero [q2]", [[{ name: "qualifica_lead", args: { motivo: "Ancora" } }], "Ottimo!"]);
    expect(toolResults(requestsFor("[q2]")[1])[0]).toMatchObject({ esito: "rifiutato" });
    const conversions = await db().select().from(analytics).where(and(eq(analytics.conversationId, conv.id), eq(analytics.eventType, "lead_qualified")));
    expect(conversions).toHaveLength(1);
    expect(conversions[0]!.metadata).toMatchObject({ summary: "Vuole acquistare entro il mese", by: "agent" });
    const operator = await db().query.conversations.findFirst({ where: and(eq(conversations.twilioAccountId, owner.account.id), eq(conversations.phoneNumber, operatorPhone)) });
    const alerts = await db().select().from(messages).where(eq(messages.conversationId, operator!.id));
    expect(alerts).toHaveLength(1);
    expect(alerts[0]!.templateSid).toBe(SANDBOX_TEMPLATES[0]!.sid);
  });

  it("hands over to a person with a summary at the top of the chat, and tells the customer", async () => {
    const owner = await agentAccount();
    const conv = await customer(owner);
    await say(conv.id, "Voglio parlare con una persona [h1]", [
      [{ name: "passa_a_operatore", args: { richiesta: "Preventivo per 3 cucine", promesso: "Richiamata entro oggi", mancante: "Misure della stanza" } }],
    ]);
    expect(requestsFor("[h1]")).toHaveLength(1); // no model call after the hand-over
    const after = await db().query.conversations.findFirst({ where: eq(conversations.id, conv.id) });
    expect(after!.operatorMode).toBe(true);
    expect(await aiReplies(conv.id)).toEqual([AGENT_TEXTS.handoffReply]);
    const activity = await call(`/api/agent/conversations/${conv.id}/activity`, { cookie: owner.cookie });
    expect(activity.json.handoff).toMatchObject({ richiesta: "Preventivo per 3 cucine", promesso: "Richiamata entro oggi", mancante: "Misure della stanza" });
    expect(activity.json.events.at(-1).text).toBe("L'agente ha passato la conversazione a un operatore");
    // The operator turns operator mode off: the summary is no longer shown.
    await call(`/api/conversations/${conv.id}/operator-mode`, { cookie: owner.cookie, body: { enabled: false } });
    expect((await call(`/api/agent/conversations/${conv.id}/activity`, { cookie: owner.cookie })).json.handoff).toBeNull();
  });
});

describe("rules around the tools", () => {
  it("runs at most 3 rounds of tool calls, then the model must answer in words", async () => {
    const owner = await agentAccount();
    const conv = await customer(owner);
    const again: ScriptedCall[] = [{ name: "disponibilita", args: { giorno: "2026-12-03" } }];
    await say(conv.id, "Quando siete liberi? [cap]", [again, again, again, again, again]);
    const requests = requestsFor("[cap]");
    expect(requests).toHaveLength(4);
    expect(requests.slice(0, 3).every((r) => r.tools?.length === 7)).toBe(true);
    expect(requests[3].tools).toBeUndefined();
    expect(await callsOf(conv.id)).toHaveLength(3);
    // The fourth answer still asked for a tool and had no words: nothing ran and nothing was invented.
    expect((await callsOf(conv.id)).map((c) => c.round)).toEqual([1, 2, 3]);
  });

  it("offers only the prompt's tools and refuses any other call", async () => {
    const owner = await agentAccount(["contatto"]);
    const conv = await customer(owner);
    await say(conv.id, "Prenota [only]", [[{ name: "prenota", args: { slot: "2026-12-03T10:00", titolo: "X" } }], "Non posso prenotare."]);
    const requests = requestsFor("[only]");
    expect(requests[0].tools.map((t: any) => t.function.name)).toEqual(["aggiorna_contatto"]);
    expect(toolResults(requests[1])[0]).toMatchObject({ esito: "rifiutato", motivo: "lo strumento prenota non è disponibile" });
    expect(await eventsOf(owner.account.id)).toHaveLength(0);
  });

  it("gives no tools to a prompt without any (the default for existing prompts)", async () => {
    const owner = await agentAccount([]);
    const conv = await customer(owner);
    await say(conv.id, "Ciao [none]", ["Buongiorno!"]);
    expect(requestsFor("[none]")[0].tools).toBeUndefined();
    const prompt = await db().query.prompts.findFirst({ where: eq(prompts.id, owner.promptId) });
    expect(prompt!.agentTools).toEqual([]);
  });

  it("stops tools when a person takes over mid-reply, and offers none outside the 24-hour window", async () => {
    const owner = await agentAccount();
    const conv = await customer(owner);
    await say(conv.id, "Prenota giovedì [stop]", [
      () => {
        // An operator turns operator mode on while the model is thinking.
        return (async () => {
          await db().update(conversations).set({ operatorMode: true }).where(eq(conversations.id, conv.id));
          return openAiToolCalls([{ name: "prenota", args: { slot: "2026-12-03T10:00", titolo: "X" } }]);
        })() as unknown as Response;
      },
    ]);
    expect(await callsOf(conv.id)).toHaveLength(0);
    expect(await eventsOf(owner.account.id)).toHaveLength(0);

    const late = await customer(owner, { lastInboundAt: new Date(NOW.getTime() - 25 * 3_600_000) });
    await say(late.id, "Prenota [late]", ["Non posso rispondere."]);
    expect(requestsFor("[late]")[0].tools).toBeUndefined();
  });

  it("detects a model without tool support, marks the prompt and answers without tools", async () => {
    const owner = await agentAccount();
    const conv = await customer(owner);
    await say(conv.id, "Ciao [unsupported]", [() => openAiToolsUnsupported(), "Buongiorno, come posso aiutarla?"]);
    const requests = requestsFor("[unsupported]");
    expect(requests).toHaveLength(2);
    expect(requests[0].tools).toHaveLength(7);
    expect(requests[1].tools).toBeUndefined();
    expect(await aiReplies(conv.id)).toEqual(["Buongiorno, come posso aiutarla?"]);
    const listed = await call(`/api/prompts`, { cookie: owner.cookie });
    const mine = (listed.json.prompts ?? listed.json).find((p: any) => p.id === owner.promptId);
    expect(mine.toolsUnsupported).toBe(true);
    // Next reply: no tools are sent; choosing another model clears the mark.
    await say(conv.id, "Ancora [unsupported-2]", ["Certo."]);
    expect(requestsFor("[unsupported-2]")[0].tools).toBeUndefined();
    await call(`/api/prompts/${owner.promptId}`, { cookie: owner.cookie, method: "PUT", body: { model: "gpt-4.1-mini" } });
    expect((await db().query.prompts.findFirst({ where: eq(prompts.id, owner.promptId) }))!.toolsUnsupportedAt).toBeNull();
  });
});

describe("offline responder", () => {
  it("recognises a booking request, offers slots, books the chosen time and hands over on request", async () => {
    const owner = await agentAccount();
    const conv = await customer(owner);
    await say(conv.id, "Buongiorno, vorrei prenotare un appuntamento per giovedì", [], env);
    const [offer] = await aiReplies(conv.id);
    expect(offer).toContain("Risposta offline di AgentBot Pro:");
    expect(offer).toContain("(2026-12-03): 09:00, 10:00, 11:00");
    await say(conv.id, "Perfetto, alle 10", [], env);
    const [event] = await eventsOf(owner.account.id);
    expect(event!.startDate).toEqual(romeInstant("2026-12-03", 10));
    expect((await aiReplies(conv.id))[1]).toContain("appuntamento prenotato per giovedì 3 dicembre alle 10:00");
    await say(conv.id, "Posso parlare con un operatore?", [], env);
    expect((await db().query.conversations.findFirst({ where: eq(conversations.id, conv.id) }))!.operatorMode).toBe(true);
    expect((await aiReplies(conv.id))[2]).toBe(AGENT_TEXTS.handoffReply);
    const usage = await db().select().from(openaiUsage).where(eq(openaiUsage.conversationId, conv.id));
    expect(usage.every((u) => u.model === "offline" && u.totalCost === "0.00000000")).toBe(true);
  });
});

describe("settings", () => {
  it("validates the opening hours with Italian reasons and needs an approved reminder template", async () => {
    const { cookie } = await agentAccount();
    const bad = await call("/api/agent/booking-settings", {
      cookie,
      method: "PUT",
      body: { ...BOOKING, openingHours: [[], [{ start: "09:00", end: "12:00" }, { start: "11:00", end: "13:00" }], [], [], [], [], []] },
    });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.json)).toContain(AGENT_TEXTS.rangesOverlap);
    const backwards = await call("/api/agent/booking-settings", { cookie, method: "PUT", body: { ...BOOKING, openingHours: [[{ start: "12:00", end: "09:00" }], [], [], [], [], [], []] } });
    expect(backwards.status).toBe(400);
    expect(JSON.stringify(backwards.json)).toContain(AGENT_TEXTS.rangeInvalid);
    const slot = await call("/api/agent/booking-settings", { cookie, method: "PUT", body: { ...BOOKING, slotMinutes: 7 } });
    expect(slot.status).toBe(400);
    const pending = await call("/api/agent/booking-settings", { cookie, method: "PUT", body: { ...BOOKING, reminderTemplateSid: "HXnotapproved" } });
    expect(pending.status).toBe(400);
    expect(pending.json.error).toBe(AGENT_TEXTS.templateNotApproved);
    const got = await call("/api/agent/booking-settings", { cookie });
    expect(got.json).toEqual(BOOKING);
    const badTools = await call("/api/prompts", { cookie, body: { name: "X", content: "Y", agentTools: ["pagamenti"] } });
    expect(badTools.status).toBe(400);
  });
});

describe("models without tools", () => {
  it("tells a refusal of tools from other client errors", () => {
    const e = (status: number, message: string) => new ModelProviderError(`Il provider AI ha risposto ${status}: ${message}`, status);
    expect(refusesTools(e(400, "400 tools is not supported with this model"))).toBe(true);
    expect(refusesTools(e(400, "registry.ollama.ai/library/gemma:2b does not support tools"))).toBe(true);
    expect(refusesTools(e(400, '"auto" tool choice requires --enable-auto-tool-choice and --tool-call-parser to be set'))).toBe(true);
    expect(refusesTools(e(500, "tools param requires --jinja flag"))).toBe(true);
    expect(refusesTools(e(503, "tools are not supported while the server is overloaded"))).toBe(false);
    expect(refusesTools(e(400, "tools: Extra inputs are not permitted"))).toBe(true);
    expect(refusesTools(e(400, "Invalid schema for function 'prenota': 'slot' is not valid under any of the given schemas"))).toBe(false);
    expect(refusesTools(e(429, "Rate limit reached for tools"))).toBe(false);
    expect(refusesTools(e(401, "Incorrect API key provided"))).toBe(false);
    expect(refusesTools(new Error("tools is not supported"))).toBe(false);
  });
});
