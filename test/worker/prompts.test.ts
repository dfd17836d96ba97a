import { and, eq } from "drizzle-orm";
import { T } from "@shared/strings";
import { afterEach, describe, expect, it } from "vitest";
import { MODEL_IDS } from "@shared/models";
import { generatedTestMessage } from "@shared/prompt-limits";
import { PROMPT_TEXTS as TX } from "@shared/texts/prompts";
import { openaiUsage, usageBudgets } from "@worker/db/schema";
import { openAiCompletion } from "../fakes/outside";
import { accountOwner, addMember, call, createAccount, db, signedInUser, withFakeHost } from "./helpers";

type Handler = (request: Request) => Response | Promise<Response>;
let openAi: Handler = () => openAiCompletion("ok", 1, 1);
const world = withFakeHost("openai.fake", (request) => openAi(request));
afterEach(() => {
  openAi = () => openAiCompletion("ok", 1, 1);
});

const KEYED = { env: { OPENAI_API_KEY: "sk-test" } };
const BASE = { name: "Vendite prestiti", content: "Sei un consulente di prestiti personali. Rispondi in italiano." };

async function createPrompt(cookie: string, body: Record<string, unknown> = {}) {
  const res = await call("/api/prompts", { cookie, body: { ...BASE, ...body } });
  expect(res.status, res.text).toBe(201);
  return res.json as { id: string; name: string; temperature: number; model: string; isActive: boolean; linkedTemplates: string[] };
}

// The model requests this test made, as the OpenAI API received them.
function modelRequestsSince(index: number) {
  return world().requests
    .map((request, i) => ({ request, body: world().bodies[i] as any }))
    .slice(index)
    .filter(({ request }) => request.url === "https://openai.fake/v1/chat/completions")
    .map(({ body }) => body);
}

describe("prompts CRUD", () => {
  it("creates with the spec's form defaults (gpt-4, 7, 500, active), lists, updates and deletes", async () => {
    const { cookie, account } = await accountOwner();
    const created = await call("/api/prompts", { cookie, body: BASE });
    expect(created.status).toBe(201);
    expect(created.json).toMatchObject({
      ...BASE,
      twilioAccountId: account.id,
      model: "gpt-4",
      temperature: 7,
      maxTokens: 500,
      linkedTemplates: [],
      isActive: true,
    });
    const id = created.json.id;
    const list = await call("/api/prompts", { cookie });
    expect(list.json.map((p: any) => p.id)).toEqual([id]);

    const updated = await call(`/api/prompts/${id}`, {
      method: "PUT",
      cookie,
      body: { temperature: 3, linkedTemplates: ["HXaaa", "HXbbb", "HXaaa"], model: "gpt-5" },
    });
    expect(updated.status).toBe(200);
    expect(updated.json).toMatchObject({ name: BASE.name, temperature: 3, model: "gpt-5", linkedTemplates: ["HXaaa", "HXbbb"], isActive: true });
    const off = await call(`/api/prompts/${id}`, { method: "PUT", cookie, body: { isActive: false } });
    expect(off.json.isActive).toBe(false);
    expect((await call(`/api/prompts/${id}`, { cookie })).json.isActive).toBe(false);

    expect((await call(`/api/prompts/${id}`, { method: "DELETE", cookie })).status).toBe(200);
    expect((await call(`/api/prompts/${id}`, { cookie })).status).toBe(404);
    expect((await call("/api/prompts", { cookie })).json).toEqual([]);
  });

  it("lists only the active account's prompts", async () => {
    const { cookie } = await accountOwner();
    const first = await createPrompt(cookie, { name: "Primo" });
    const second = await createAccount(cookie, { name: "Secondo" });
    await call(`/api/twilio-accounts/${second.id}/activate`, { method: "PUT", cookie });
    const other = await createPrompt(cookie, { name: "Secondo account" });
    expect((await call("/api/prompts", { cookie })).json.map((p: any) => p.id)).toEqual([other.id]);
    // Still reachable by id: the user belongs to both accounts.
    expect((await call(`/api/prompts/${first.id}`, { cookie })).status).toBe(200);
  });

  it("refuses a prompt without an active account", async () => {
    const { cookie } = await signedInUser();
    const res = await call("/api/prompts", { cookie, body: BASE });
    expect(res.status).toBe(400);
    expect(res.json.error).toBe(T.noActiveAccount);
    expect((await call("/api/prompts", { cookie })).json).toEqual([]);
  });

  it("enforces the bounds: maxTokens 50-2000, temperature integer 0-10, a known model", async () => {
    const { cookie } = await accountOwner();
    const cases: [Record<string, unknown>, string][] = [
      [{ maxTokens: 49 }, TX.maxTokensInvalid],
      [{ maxTokens: 2001 }, TX.maxTokensInvalid],
      [{ maxTokens: 500.5 }, TX.maxTokensInvalid],
      [{ temperature: 11 }, TX.temperatureInvalid],
      [{ temperature: -1 }, TX.temperatureInvalid],
      [{ temperature: 7.5 }, TX.temperatureInvalid],
      [{ temperature: "7" }, TX.temperatureInvalid],
      [{ model: "gpt zero" }, TX.modelInvalid],
      [{ model: "" }, TX.modelInvalid],
      [{ name: "" }, TX.nameRequired],
      [{ content: "   " }, TX.contentRequired],
      [{ linkedTemplates: "HX1" }, TX.linkedTemplatesInvalid],
      [{ linkedTemplates: [1] }, TX.linkedTemplatesInvalid],
      [{ isActive: "yes" }, TX.isActiveInvalid],
    ];
    const prompt = await createPrompt(cookie);
    for (const [override, message] of cases) {
      const created = await call("/api/prompts", { cookie, body: { ...BASE, ...override } });
      expect(created.status, `POST ${JSON.stringify(override)}`).toBe(400);
      expect(created.json.error).toBe(message);
      const updated = await call(`/api/prompts/${prompt.id}`, { method: "PUT", cookie, body: override });
      expect(updated.status, `PUT ${JSON.stringify(override)}`).toBe(400);
      if (["maxTokens", "temperature", "model", "content"].includes(Object.keys(override)[0]!)) {
        const tested = await call("/api/prompts/test-content", { cookie, body: { content: BASE.content, testMessage: "ciao", ...override } });
        expect(tested.status, `test-content ${JSON.stringify(override)}`).toBe(400);
        expect(tested.json.error).toBe(message);
      }
    }
    // The limits themselves are allowed.
    for (const ok of [{ maxTokens: 50 }, { maxTokens: 2000 }, { temperature: 0 }, { temperature: 10 }]) {
      expect((await call("/api/prompts", { cookie, body: { ...BASE, ...ok } })).status, JSON.stringify(ok)).toBe(201);
    }
    expect((await call("/api/prompts", { cookie })).json).toHaveLength(5);
  });
});

describe("duplicating a prompt", () => {
  it("POST /:id/duplicate copies it inactive with the _copy suffix", async () => {
    const { cookie } = await accountOwner();
    const source = await createPrompt(cookie, { temperature: 4, maxTokens: 900, linkedTemplates: ["HX1"], model: "gpt-4o" });
    const res = await call(`/api/prompts/${source.id}/duplicate`, { method: "POST", cookie });
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({
      name: `${BASE.name}_copy`,
      content: BASE.content,
      temperature: 4,
      maxTokens: 900,
      model: "gpt-4o",
      linkedTemplates: ["HX1"],
      isActive: false,
    });
    expect(res.json.id).not.toBe(source.id);
    // A copy of a name at the limit still fits.
    const long = await createPrompt(cookie, { name: "n".repeat(200) });
    const copy = await call(`/api/prompts/${long.id}/duplicate`, { method: "POST", cookie });
    expect(copy.json.name).toBe(`${"n".repeat(195)}_copy`);
  });

  it("accepts the spec's client-side duplicate: the copy posted without id and dates", async () => {
    const { cookie } = await accountOwner();
    const source = await call("/api/prompts", { cookie, body: BASE });
    const { id, createdAt, updatedAt, ...rest } = source.json;
    const res = await call("/api/prompts", { cookie, body: { ...rest, name: `${rest.name}_copy`, isActive: false } });
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({ name: `${BASE.name}_copy`, isActive: false });
    expect(res.json.id).not.toBe(id);
    void createdAt;
    void updatedAt;
  });
});

describe("testing a prompt against the model", () => {
  it("sends the prompt as system message, temperature / 10 and max_tokens, and records prompt_test usage", async () => {
    const { cookie, account } = await accountOwner();
    const prompt = await createPrompt(cookie, { temperature: 3, maxTokens: 120, model: "gpt-4o" });
    const before = world().requests.length;
    openAi = () => openAiCompletion("Certo, ecco le nostre offerte di prestito.", 300, 60, "gpt-4o-2024-08-06");
    const res = await call(`/api/prompts/${prompt.id}/test`, { cookie, body: { testMessage: "Che tassi avete?" }, ...KEYED });
    expect(res.status, res.text).toBe(200);
    expect(res.json).toMatchObject({ content: "Certo, ecco le nostre offerte di prestito.", testMessage: "Che tassi avete?", model: "gpt-4o", offline: false, totalTokens: 360 });
    const [sent] = modelRequestsSince(before);
    expect(sent).toMatchObject({
      model: "gpt-4o",
      temperature: 0.3,
      max_tokens: 120,
      messages: [
        { role: "system", content: BASE.content },
        { role: "user", content: "Che tassi avete?" },
      ],
    });
    expect(world().requests[before]!.headers.get("Authorization")).toBe("Bearer sk-test");
    const rows = await db().select().from(openaiUsage).where(eq(openaiUsage.promptId, prompt.id));
    expect(rows).toHaveLength(1);
    // gpt-4o at the spec's $0.005 per 1K tokens: 360 tokens → $0.0018.
    expect(rows[0]).toMatchObject({ operationType: "prompt_test", twilioAccountId: account.id, model: "gpt-4o", promptTokens: 300, completionTokens: 60, totalCost: "0.00180000" });
    expect(res.json.totalCost).toBe("0.00180000");
  });

  it("sends the gpt-5 family max_completion_tokens and no temperature", async () => {
    const { cookie } = await accountOwner();
    const prompt = await createPrompt(cookie, { temperature: 9, maxTokens: 300, model: "gpt-5-mini" });
    const before = world().requests.length;
    const res = await call(`/api/prompts/${prompt.id}/test`, { cookie, body: { testMessage: "Ciao" }, ...KEYED });
    expect(res.status).toBe(200);
    const [sent] = modelRequestsSince(before);
    expect(sent.max_completion_tokens).toBe(300);
    expect(sent).not.toHaveProperty("temperature");
    expect(sent).not.toHaveProperty("max_tokens");
  });

  it("generates the test message from the prompt's subject when none is given", async () => {
    expect(generatedTestMessage("Vendiamo PRESTITI veloci")).toBe(TX.generatedTestMessages.loans);
    expect(generatedTestMessage("Forniture per l'ufficio")).toBe(TX.generatedTestMessages.office);
    expect(generatedTestMessage("Agenzia di viaggi")).toBe(TX.generatedTestMessages.generic);
    // 'prestiti' wins over 'ufficio'.
    expect(generatedTestMessage("prestiti per l'ufficio")).toBe(TX.generatedTestMessages.loans);

    const { cookie } = await accountOwner();
    const cases: [string, string, unknown][] = [
      ["Offriamo prestiti personali.", TX.generatedTestMessages.loans, undefined],
      ["Cancelleria per ufficio.", TX.generatedTestMessages.office, {}],
      ["Consulenza marketing.", TX.generatedTestMessages.generic, { testMessage: "   " }],
    ];
    for (const [content, expected, body] of cases) {
      const prompt = await createPrompt(cookie, { content });
      const before = world().requests.length;
      const res = await call(`/api/prompts/${prompt.id}/test`, { method: "POST", cookie, body, ...KEYED });
      expect(res.status, res.text).toBe(200);
      expect(res.json.testMessage).toBe(expected);
      expect(modelRequestsSince(before)[0].messages[1]).toEqual({ role: "user", content: expected });
    }
  });

  it("tests unsaved content with the editor's settings", async () => {
    const { cookie, account } = await accountOwner();
    const before = world().requests.length;
    const res = await call("/api/prompts/test-content", {
      cookie,
      body: { content: "Sei un assistente.", testMessage: "Chi sei?", model: "gpt-3.5-turbo", temperature: 10, maxTokens: 50 },
      ...KEYED,
    });
    expect(res.status).toBe(200);
    expect(modelRequestsSince(before)[0]).toMatchObject({ model: "gpt-3.5-turbo", temperature: 1, max_tokens: 50 });
    const rows = await db()
      .select()
      .from(openaiUsage)
      .where(and(eq(openaiUsage.twilioAccountId, account.id), eq(openaiUsage.operationType, "prompt_test")));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.promptId).toBeNull();
    const blank = await call("/api/prompts/test-content", { cookie, body: { content: "x", testMessage: " " }, ...KEYED });
    expect(blank.status).toBe(400);
    expect(blank.json.error).toBe(TX.testMessageRequired);
  });

  it("prices every model of the table correctly", async () => {
    // Per 1M tokens (input, output): the spec's per-1K prices for four models, OpenAI's list prices otherwise.
    const prices: Record<string, [number, number]> = {
      "gpt-5": [1.25, 10],
      "gpt-5-mini": [0.25, 2],
      "gpt-4.1": [2, 8],
      "gpt-4.1-mini": [0.4, 1.6],
      "gpt-4o": [5, 5],
      "gpt-4o-mini": [0.15, 0.6],
      "gpt-4-turbo": [10, 10],
      "gpt-4": [30, 30],
      "gpt-3.5-turbo": [1.5, 1.5],
    };
    expect([...MODEL_IDS].sort()).toEqual(Object.keys(prices).sort());
    const expected: Record<string, string> = {
      "gpt-5": "0.00625000",
      "gpt-5-mini": "0.00125000",
      "gpt-4.1": "0.00600000",
      "gpt-4.1-mini": "0.00120000",
      "gpt-4o": "0.00750000",
      "gpt-4o-mini": "0.00045000",
      "gpt-4-turbo": "0.01500000",
      "gpt-4": "0.04500000",
      "gpt-3.5-turbo": "0.00225000",
    };
    const { cookie, account } = await accountOwner();
    for (const model of MODEL_IDS) {
      const [input, output] = prices[model]!;
      expect(((1000 * input + 500 * output) / 1e6).toFixed(8), model).toBe(expected[model]);
      openAi = () => openAiCompletion("ok", 1000, 500, model);
      const res = await call("/api/prompts/test-content", { cookie, body: { content: "Sei un assistente.", testMessage: "Ciao", model }, ...KEYED });
      expect(res.status, model).toBe(200);
      expect(res.json.totalCost, model).toBe(expected[model]);
    }
    const rows = await db().select().from(openaiUsage).where(eq(openaiUsage.twilioAccountId, account.id));
    expect(Object.fromEntries(rows.map((r) => [r.model, r.totalCost]))).toEqual(expected);
  });

  it("answers 502 with the spec's text and the reason when the provider fails, and records nothing", async () => {
    const { cookie, account } = await accountOwner();
    const prompt = await createPrompt(cookie);
    openAi = () => Response.json({ error: { message: "Incorrect API key provided", type: "invalid_request_error" } }, { status: 401 });
    const res = await call(`/api/prompts/${prompt.id}/test`, { cookie, body: { testMessage: "Ciao" }, ...KEYED });
    expect(res.status).toBe(502);
    expect(res.json.error).toBe(TX.testError);
    expect(res.json.error).toBe("Impossibile testare il prompt. Verifica la configurazione OpenAI.");
    expect(res.json.details.reason).toContain("401");
    const content = await call("/api/prompts/test-content", { cookie, body: { content: "x", testMessage: "Ciao" }, ...KEYED });
    expect(content.status).toBe(502);
    expect(await db().select().from(openaiUsage).where(eq(openaiUsage.twilioAccountId, account.id))).toHaveLength(0);
  });

  it("answers from the offline responder without a key, at no cost", async () => {
    const { cookie } = await accountOwner();
    const prompt = await createPrompt(cookie);
    const before = world().requests.length;
    const res = await call(`/api/prompts/${prompt.id}/test`, { cookie, body: { testMessage: "Ciao" } });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ offline: true, model: "offline", totalCost: "0.00000000" });
    expect(res.json.content).toContain("offline");
    expect(modelRequestsSince(before)).toHaveLength(0);
  });

  it("refuses a real model call once the account's monthly cap is reached", async () => {
    const { user, cookie, account } = await accountOwner();
    const prompt = await createPrompt(cookie);
    await db().insert(usageBudgets).values({ twilioAccountId: account.id, monthlyLimitUsd: 1 });
    await db().insert(openaiUsage).values({ userId: user.id, twilioAccountId: account.id, model: "gpt-4", operationType: "chat_response", totalCost: "1.20000000" });
    const before = world().requests.length;
    const res = await call(`/api/prompts/${prompt.id}/test`, { cookie, body: { testMessage: "Ciao" }, ...KEYED });
    expect(res.status).toBe(429);
    expect(res.json.error).toContain("Limite di spesa AI mensile raggiunto");
    expect(modelRequestsSince(before)).toHaveLength(0);
  });
});

describe("tenancy and bad input on prompts", () => {
  it("answers 404 for another tenant's prompt on every route, and a member may use the account's prompts", async () => {
    const owning = await accountOwner();
    const prompt = await createPrompt(owning.cookie);
    const { cookie } = await accountOwner();
    const routes: [string, string, unknown?][] = [
      ["GET", `/api/prompts/${prompt.id}`],
      ["PUT", `/api/prompts/${prompt.id}`, { name: "Rubato" }],
      ["DELETE", `/api/prompts/${prompt.id}`],
      ["POST", `/api/prompts/${prompt.id}/duplicate`],
      ["POST", `/api/prompts/${prompt.id}/test`, { testMessage: "ciao" }],
    ];
    for (const [method, path, body] of routes) {
      const res = await call(path, { method, cookie, body });
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(res.json.error).toBe(TX.notFound);
    }
    expect((await call("/api/prompts", { cookie })).json).toEqual([]);
    expect((await call(`/api/prompts/${prompt.id}`, { cookie: owning.cookie })).json.name).toBe(BASE.name);

    const member = await signedInUser();
    await addMember(member.user.id, owning.account.id);
    expect((await call("/api/prompts", { cookie: member.cookie })).json.map((p: any) => p.id)).toEqual([prompt.id]);
    expect((await call(`/api/prompts/${prompt.id}`, { method: "PUT", cookie: member.cookie, body: { isActive: false } })).status).toBe(200);
  });

  it("answers 400, never 500, to malformed JSON and wrong types on every prompt route", async () => {
    const { cookie } = await accountOwner();
    const prompt = await createPrompt(cookie);
    const bodies: [string, string][] = [
      ["malformed JSON", '{"name": '],
      ["array", "[1,2,3]"],
      ["null", "null"],
      ["string", '"ciao"'],
      ["wrong types", JSON.stringify({ name: 12, content: false, model: 4, temperature: "alta", maxTokens: [], linkedTemplates: {}, isActive: "si", testMessage: 5 })],
      ["huge strings", JSON.stringify({ name: "x".repeat(200_000), content: "y".repeat(200_000), testMessage: "z".repeat(100_000) })],
    ];
    const routes: [string, string][] = [
      ["POST", "/api/prompts"],
      ["PUT", `/api/prompts/${prompt.id}`],
      ["POST", `/api/prompts/${prompt.id}/test`],
      ["POST", "/api/prompts/test-content"],
    ];
    for (const [method, path] of routes) {
      for (const [label, raw] of bodies) {
        const res = await call(path, { method, cookie, rawBody: raw, headers: { "Content-Type": "application/json" } });
        expect(res.status, `${method} ${path} with ${label}: ${res.text.slice(0, 200)}`).toBe(400);
        expect(res.json?.error).toBeTypeOf("string");
      }
    }
    expect((await call("/api/prompts", { cookie, body: {} })).status).toBe(400);
    expect((await call(`/api/prompts/${"x".repeat(100)}`, { cookie })).status).toBe(400);
    expect((await call(`/api/prompts/${"x".repeat(100)}/duplicate`, { method: "POST", cookie })).status).toBe(400);
    expect((await call("/api/prompts", { cookie })).json).toHaveLength(1);
  });
});
