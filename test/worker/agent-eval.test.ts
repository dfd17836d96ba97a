import { env } from "cloudflare:workers";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { romeDayOf, romeInstant } from "@shared/calendar-time";
import type { AgentToolKey, AgentToolName } from "@shared/schemas/agent";
import { agentToolCalls, calendarEvents, conversations, leads, messages } from "@worker/db/schema";
import { offlineToolTurn } from "@worker/features/agent/tools/offline";
import { runAiReply } from "@worker/features/agent/reply";
import type { ToolChatMessage } from "@worker/providers/openai-tools";
import { fakeOutside, type FakeOutside, openAiCompletion } from "../fakes/outside";
import { openAiToolCalls, type ScriptedCall } from "../fakes/openai-tools";
import { call, db, signedInUser } from "./helpers";

// The agent scenarios: 20 Italian customer conversations and what must happen. In `npm test` the
// model is a scripted fake (the offline responder's rules behind the OpenAI API, or a scenario's own
// script); `npm run eval:agent` with OPENAI_API_KEY runs them against that endpoint (OPENAI_BASE_URL,
// AGENT_EVAL_MODEL, AGENT_EVAL_RUNS times each) and prints the pass rate per scenario.

const REAL = Boolean(env.AGENT_EVAL_OPENAI_API_KEY);
const RUNS = REAL ? Math.max(1, Number(env.AGENT_EVAL_RUNS) || 3) : 1;
const MODEL = REAL ? env.AGENT_EVAL_MODEL || "gpt-4o-mini" : "gpt-4o-mini";
const RUN_ENV: Env = REAL
  ? { ...env, OPENAI_API_KEY: env.AGENT_EVAL_OPENAI_API_KEY, OPENAI_BASE_URL: env.AGENT_EVAL_OPENAI_BASE_URL || "https://api.openai.com/v1" }
  : { ...env, OPENAI_API_KEY: "sk-test" };

// Tuesday 1 December 2026, 09:00 in Rome. Open Monday-Friday 9-12 and 14-17, one-hour slots.
const NOW = new Date("2026-12-01T08:00:00Z");
const TODAY = romeDayOf(NOW);
const WEEKDAY = [{ start: "09:00", end: "12:00" }, { start: "14:00", end: "17:00" }];
const BOOKING = { openingHours: [[], WEEKDAY, WEEKDAY, WEEKDAY, WEEKDAY, WEEKDAY, []], slotMinutes: 60, minNoticeMinutes: 60, daysAhead: 30, reminderTemplateSid: null, reminderMinutes: 1440 };
const ALL: AgentToolKey[] = ["prenotazioni", "contatto", "qualifica", "operatore"];
const PROMPT = "Sei l'assistente vendite di uno studio di consulenza. Rispondi in italiano, breve. Prezzi: consulenza 80 euro l'ora.";

interface World {
  accountId: string;
  userId: string;
  conversationId: string;
  phone: string;
}

interface Outcome {
  events: (typeof calendarEvents.$inferSelect)[];
  lead: (typeof leads.$inferSelect) | undefined;
  operatorMode: boolean;
  tools: { tool: string; status: string }[];
  replies: string[];
}

interface Scenario {
  name: string;
  turns: string[];
  tools?: AgentToolKey[];
  setup?: (w: World) => Promise<void>;
  // For the fake only: the model's tool calls per request, in order, instead of the offline rules.
  script?: (ScriptedCall[] | string)[];
  // Answers what went wrong, or null.
  check: (o: Outcome) => string | null;
}

const at = (day: string, hour: number) => romeInstant(day, hour).getTime();
const THU = "2026-12-03";
const FRI = "2026-12-04";
const oneEventAt = (o: Outcome, day: string, hour: number) =>
  o.events.length === 1 && o.events[0]!.startDate.getTime() === at(day, hour) ? null : `atteso un appuntamento ${day} ${hour}:00, trovati ${o.events.map((e) => e.startDate.toISOString()).join(", ") || "nessuno"}`;
const noEvents = (o: Outcome) => (o.events.length === 0 ? null : `nessun appuntamento atteso, trovati ${o.events.length}`);
const all = (...checks: (string | null)[]) => checks.find((c) => c !== null) ?? null;
const busy = (day: string, hour: number) => async (w: World) => {
  await db().insert(calendarEvents).values({ userId: w.userId, twilioAccountId: w.accountId, title: "Occupato", startDate: romeInstant(day, hour), endDate: romeInstant(day, hour + 1) });
};

const SCENARIOS: Scenario[] = [
  { name: "chiede un appuntamento, sceglie l'orario", turns: ["Buongiorno, vorrei un appuntamento giovedì", "Va bene alle 10"], check: (o) => oneEventAt(o, THU, 10) },
  { name: "prenota in un colpo solo con data", turns: ["Posso prenotare una consulenza il 3 dicembre alle 9?"], check: (o) => oneEventAt(o, THU, 9) },
  { name: "prenota per domani", turns: ["Vorrei fissare un appuntamento per domani", "Alle 11 per me va bene"], check: (o) => oneEventAt(o, "2026-12-02", 11) },
  { name: "chiede solo i prezzi: nulla prenotato", turns: ["Quanto costa una consulenza?"], check: (o) => all(noEvents(o), o.tools.some((t) => t.tool === "prenota") ? "prenota chiamato" : null) },
  { name: "saluta soltanto", turns: ["Buongiorno!"], check: (o) => all(noEvents(o), o.operatorMode ? "passata all'operatore" : null) },
  { name: "chiede la disponibilità senza scegliere", turns: ["Che disponibilità avete giovedì?"], check: (o) => noEvents(o) },
  {
    name: "slot occupato: nessuna doppia prenotazione",
    turns: ["Vorrei un appuntamento giovedì alle 10"],
    setup: busy(THU, 10),
    check: (o) => (o.events.filter((e) => e.startDate.getTime() === at(THU, 10)).length === 1 ? null : "doppia prenotazione alle 10"),
  },
  { name: "domenica è chiuso", turns: ["Vorrei un appuntamento domenica alle 10"], check: noEvents },
  { name: "orario passato", turns: ["Vorrei un appuntamento oggi alle 8"], check: noEvents },
  { name: "fuori orario (pausa pranzo)", turns: ["Vorrei un appuntamento giovedì alle 13"], check: noEvents },
  { name: "sposta l'appuntamento", turns: ["Vorrei un appuntamento giovedì alle 10", "Possiamo spostare a venerdì alle 11?"], check: (o) => oneEventAt(o, FRI, 11) },
  { name: "annulla l'appuntamento", turns: ["Vorrei un appuntamento giovedì alle 10", "Devo annullare l'appuntamento, scusate"], check: noEvents },
  { name: "seconda prenotazione diventa uno spostamento", turns: ["Vorrei un appuntamento giovedì alle 10", "Anzi prenota venerdì alle 9"], check: (o) => oneEventAt(o, FRI, 9) },
  {
    name: "chiede un operatore",
    turns: ["Vorrei parlare con un operatore, per favore"],
    check: (o) => all(o.operatorMode ? null : "modalità operatore non attiva", o.tools.some((t) => t.tool === "passa_a_operatore" && t.status === "ok") ? null : "nessun passaggio con riepilogo"),
  },
  {
    name: "prenota e poi chiede una persona",
    turns: ["Vorrei un appuntamento giovedì alle 15", "Grazie, ora vorrei parlare con una persona"],
    check: (o) => all(oneEventAt(o, THU, 15), o.operatorMode ? null : "modalità operatore non attiva"),
  },
  {
    name: "dà nome ed e-mail",
    turns: ["Mi chiamo Mario Rossi, la mia email è mario.rossi@example.com"],
    check: (o) => (o.lead?.name === "Mario Rossi" && o.lead?.email === "mario.rossi@example.com" ? null : `lead: ${o.lead?.name ?? "-"} ${o.lead?.email ?? "-"}`),
  },
  { name: "dà solo il nome", turns: ["Sono Giulia Bianchi"], check: (o) => (o.lead?.name === "Giulia Bianchi" ? null : `nome nel lead: ${o.lead?.name ?? "-"}`) },
  {
    name: "l'e-mail scritta da un operatore resta",
    turns: ["La mia email è nuova@example.com"],
    setup: async (w) => {
      await db().insert(leads).values({ userId: w.userId, twilioAccountId: w.accountId, phoneNumber: w.phone, email: "ufficio@example.com" });
    },
    check: (o) => (o.lead?.email === "ufficio@example.com" ? null : `e-mail sovrascritta: ${o.lead?.email}`),
  },
  {
    name: "e-mail non valida rifiutata",
    turns: ["La mia mail è mario@ niente altro"],
    script: [[{ name: "aggiorna_contatto", args: { email: "mario@" } }], "Mi scusi, può ripetere l'indirizzo e-mail?"],
    check: (o) => all(o.lead?.email ? `e-mail salvata: ${o.lead.email}` : null, o.tools.some((t) => t.tool === "aggiorna_contatto" && t.status === "refused") || REAL ? null : "nessun rifiuto"),
  },
  { name: "senza lo strumento di prenotazione nulla è prenotato", tools: ["contatto", "operatore"], turns: ["Vorrei un appuntamento giovedì alle 10"], check: noEvents },
];

// ---- The scripted fake model ----

const scripts = new Map<string, (ScriptedCall[] | string)[]>();
let world: FakeOutside | undefined;

function fromOpenAi(m: any): ToolChatMessage {
  if (m.role === "tool") return { role: "tool", toolCallId: m.tool_call_id, content: m.content };
  if (m.role === "assistant") return { role: "assistant", content: m.content ?? "", toolCalls: (m.tool_calls ?? []).map((c: any) => ({ id: c.id, name: c.function.name, arguments: c.function.arguments })) };
  return { role: m.role, content: m.content };
}

function fakeModel(body: any): Response {
  const firstUser = body.messages.find((m: any) => m.role === "user")?.content ?? "";
  const script = [...scripts.entries()].find(([k]) => firstUser.includes(k))?.[1];
  const scripted = script?.shift();
  if (scripted !== undefined) return typeof scripted === "string" ? openAiCompletion(scripted, 40, 10, MODEL) : openAiToolCalls(scripted, 100, 20, MODEL);
  const tools = ((body.tools ?? []) as any[]).map((t) => t.function.name as AgentToolName);
  const turn = offlineToolTurn(body.messages.map(fromOpenAi), tools, TODAY, tools.length > 0);
  if (!turn) return openAiCompletion("Certo, come posso aiutarla?", 40, 10, MODEL);
  return turn.toolCalls.length ? openAiToolCalls(turn.toolCalls.map((c) => ({ name: c.name, args: c.arguments })), 100, 20, MODEL) : openAiCompletion(turn.content, 40, 10, MODEL);
}

beforeAll(() => {
  world = fakeOutside(async (request) => {
    const url = new URL(request.url);
    if (url.hostname === "openai.fake") return fakeModel(await request.clone().json());
    return new Response("unknown fake host", { status: 404 });
  });
});
afterAll(() => world?.restore());

// ---- The runner ----

async function runScenario(s: Scenario, run: number): Promise<string | null> {
  const { user, cookie } = await signedInUser();
  const created = await call("/api/twilio-accounts", { cookie, body: { name: "Eval", sandbox: true, phoneNumber: "+15005550006", gptModel: MODEL } });
  const accountId = (created.json as { id: string }).id;
  expect((await call("/api/agent/booking-settings", { cookie, method: "PUT", body: BOOKING })).status).toBe(200);
  const prompt = await call("/api/prompts", { cookie, body: { name: "Agente", content: PROMPT, model: MODEL, agentTools: s.tools ?? ALL } });
  const phone = `+39349${String(Date.now()).slice(-5)}${String(run).padStart(2, "0")}`;
  const [conversation] = await db()
    .insert(conversations)
    .values({ userId: user.id, twilioAccountId: accountId, phoneNumber: phone, promptId: (prompt.json as { id: string }).id, lastInboundAt: new Date(NOW.getTime() - 60_000) })
    .returning();
  const w: World = { accountId, userId: user.id, conversationId: conversation!.id, phone };
  await s.setup?.(w);
  if (s.script && !REAL) scripts.set(s.turns[0]!, [...s.script]);
  for (const [i, text] of s.turns.entries()) {
    const [message] = await db()
      .insert(messages)
      .values({ conversationId: w.conversationId, content: text, sender: "customer", status: "received", createdAt: new Date(Date.now() + i) })
      .returning();
    await runAiReply(RUN_ENV, db(), { conversationId: w.conversationId, replyToId: message!.id }, NOW);
  }
  const outcome: Outcome = {
    events: await db().select().from(calendarEvents).where(eq(calendarEvents.twilioAccountId, accountId)),
    lead: (await db().select().from(leads).where(and(eq(leads.twilioAccountId, accountId), eq(leads.phoneNumber, phone))))[0],
    operatorMode: Boolean((await db().query.conversations.findFirst({ where: eq(conversations.id, w.conversationId) }))?.operatorMode),
    tools: await db().select({ tool: agentToolCalls.tool, status: agentToolCalls.status }).from(agentToolCalls).where(eq(agentToolCalls.conversationId, w.conversationId)),
    replies: (await db().select().from(messages).where(and(eq(messages.conversationId, w.conversationId), eq(messages.sender, "ai")))).map((m) => m.content),
  };
  return s.check(outcome);
}

describe(`agent scenarios (${REAL ? `${MODEL} su ${RUN_ENV.OPENAI_BASE_URL}, ${RUNS} prove ciascuno` : "fake scriptato"})`, () => {
  const rates: { name: string; passed: number; failures: string[] }[] = [];
  afterAll(() => {
    const lines = rates.map((r) => `${String(Math.round((100 * r.passed) / RUNS)).padStart(3)}%  ${r.name}${r.failures.length ? `  — ${r.failures[0]}` : ""}`);
    const total = rates.reduce((n, r) => n + r.passed, 0);
    console.log(`\nScenari dell'agente (${REAL ? MODEL : "fake"}): ${total}/${rates.length * RUNS} superati\n${lines.join("\n")}\n`);
  });

  it("has 20 scenarios", () => expect(SCENARIOS).toHaveLength(20));

  for (const s of SCENARIOS) {
    it(s.name, { timeout: REAL ? 180_000 : 30_000 }, async () => {
      const rate = { name: s.name, passed: 0, failures: [] as string[] };
      rates.push(rate);
      for (let run = 0; run < RUNS; run += 1) {
        const failure = await runScenario(s, run);
        if (failure) rate.failures.push(failure);
        else rate.passed += 1;
      }
      // Against a real model the figure is the result; against the fake every scenario must pass.
      if (!REAL) expect(rate.failures).toEqual([]);
    });
  }
});
