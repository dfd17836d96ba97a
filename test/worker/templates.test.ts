import { createExecutionContext, createScheduledController, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { templateBodyIssues } from "@shared/schemas/templates";
import { TEMPLATE_TEXTS as TX } from "@shared/texts/templates";
import worker from "@worker/index";
import { fakeOutside, type FakeOutside } from "../fakes/outside";
import { fakeTwilioContent } from "../fakes/twilio-content";
import { call, createAccount, signedInUser, waitFor } from "./helpers";


const content = fakeTwilioContent();
let world: FakeOutside;
beforeAll(() => {
  world = fakeOutside((request) => {
    if (new URL(request.url).hostname === "content.twilio.fake") return content.handler(request);
    return new Response("unknown fake host", { status: 404 });
  });
});
afterAll(() => world.restore());

const body = (overrides: Record<string, unknown> = {}) => ({
  name: "Benvenuto prestiti",
  description: "Primo contatto per chi chiede un prestito",
  category: "loans",
  whatsappContent: { type: "text", text: "Ciao {{1}}, sono l'assistente di {{2}}. Vuoi una simulazione della rata?" },
  ...overrides,
});

async function realAccount() {
  const { user, cookie } = await signedInUser();
  const accountSid = `AC${crypto.randomUUID().replaceAll("-", "")}`;
  const account = await createAccount(cookie, { accountSid });
  return { user, cookie, account, accountSid };
}

async function sandboxAccount() {
  const { user, cookie } = await signedInUser();
  const res = await call("/api/twilio-accounts", { cookie, body: { name: "Sandbox", sandbox: true, phoneNumber: "+15005550006", gptModel: "gpt-4o-mini" } });
  return { user, cookie, account: res.json as { id: string } };
}

async function fireCron(at = new Date()) {
  const ctx = createExecutionContext();
  await worker.scheduled(createScheduledController({ scheduledTime: at, cron: "* * * * *" }), env, ctx);
  await waitOnExecutionContext(ctx);
}

async function templateOf(cookie: string, id: string) {
  const res = await call("/api/templates", { cookie });
  return (res.json as any[]).find((t) => t.id === id);
}

describe("template validation: what WhatsApp would reject", () => {
  it("finds each rule in the shared checker", () => {
    expect(templateBodyIssues("Ciao {{1}}, benvenuto in {{2}}!")).toEqual([]);
    expect(templateBodyIssues(`Ciao ${"a".repeat(1030)}`)).toEqual([TX.textTooLong(1024)]);
    expect(templateBodyIssues(`Ciao ${"a".repeat(1100)}`, "sms")).toEqual([]);
    expect(templateBodyIssues("Ciao {{1}} e {{3}} a presto")).toEqual([TX.variableGap(2)]);
    expect(templateBodyIssues("Ciao {{2}} a presto")).toEqual([TX.variableGap(1)]);
    expect(templateBodyIssues("{{1}}, benvenuto")).toEqual([TX.variableAtStart]);
    expect(templateBodyIssues("Benvenuto {{1}}")).toEqual([TX.variableAtEnd]);
    expect(templateBodyIssues("Ciao {{1}} {{2}} come stai?")).toEqual([TX.variablesAdjacent("{{1}}", "{{2}}")]);
    expect(templateBodyIssues("Ciao {{1}}{{2}} come stai?")).toEqual([TX.variablesAdjacent("{{1}}", "{{2}}")]);
    expect(templateBodyIssues("Ciao {{nome}} come stai?")).toEqual([TX.variableMalformed("{{nome}}")]);
    expect(templateBodyIssues("   ")).toEqual([TX.textRequired]);
  });

  it("refuses each rule with a 400 and the Italian message, before anything is stored", async () => {
    const { cookie } = await realAccount();
    const cases: [Record<string, unknown>, string][] = [
      [{ name: "" }, TX.nameRequired],
      [{ name: undefined }, TX.nameRequired],
      [{ category: undefined }, TX.categoryRequired],
      [{ category: "viaggi" }, TX.categoryRequired],
      [{ whatsappContent: { type: "text", text: `Ciao ${"x".repeat(1100)}` } }, TX.textTooLong(1024)],
      [{ whatsappContent: { type: "text", text: "Ciao {{1}} e {{3}} grazie" } }, TX.variableGap(2)],
      [{ whatsappContent: { type: "text", text: "{{1}} ti scriviamo da AgentBot" } }, TX.variableAtStart],
      [{ whatsappContent: { type: "text", text: "Ti scriviamo per conto di {{1}}" } }, TX.variableAtEnd],
      [{ whatsappContent: { type: "text", text: "Ciao {{1}} {{2}} come va?" } }, TX.variablesAdjacent("{{1}}", "{{2}}")],
      [{ whatsappContent: { type: "media", mediaCaption: "Ecco il catalogo, {{1}}!" } }, TX.mediaUrlRequired],
      [{ whatsappContent: { type: "media", mediaUrl: "http://x.it/a.jpg", mediaCaption: "Ecco il catalogo!" } }, TX.mediaUrlInvalid],
      [{ channel: "fax" }, TX.channelInvalid],
      [{ language: "de" }, TX.languageInvalid],
      [{ status: "approved" }, TX.statusDraftOnly],
    ];
    for (const [overrides, message] of cases) {
      const res = await call("/api/templates", { cookie, body: body(overrides) });
      expect(res.status, JSON.stringify(overrides)).toBe(400);
      expect((res.json.details as { message: string }[]).map((d) => d.message), JSON.stringify(overrides)).toContain(message);
    }
    expect((await call("/api/templates", { cookie })).json).toEqual([]);
  });

  it("creates a draft with the spec's defaults and lists it for the active account", async () => {
    const { cookie, account } = await realAccount();
    const res = await call("/api/templates", { cookie, body: { name: "Minimo", category: "services", whatsappContent: { text: "Ciao {{1}}, il tuo ordine è pronto." }, twilioAccountId: "missing" } });
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({
      name: "Minimo",
      category: "services",
      channel: "whatsapp",
      language: "it",
      status: "draft",
      whatsappContent: { type: "text", text: "Ciao {{1}}, il tuo ordine è pronto.", mediaUrl: null, mediaCaption: null },
      variables: ["1"],
      twilioAccountId: account.id,
      submittedAt: null,
      rejectionReason: null,
    });
    const list = await call("/api/templates", { cookie });
    expect(list.json.map((t: { id: string }) => t.id)).toEqual([res.json.id]);
  });

  it("updates a draft, and refuses to edit once submitted", async () => {
    const { cookie } = await sandboxAccount();
    const created = await call("/api/templates", { cookie, body: body() });
    const id = created.json.id;
    const edited = await call(`/api/templates/${id}`, {
      method: "PUT",
      cookie,
      body: body({ name: "Catalogo", category: "stationery", language: "en", whatsappContent: { type: "media", mediaUrl: "https://cdn.example.com/catalogo.jpg", mediaCaption: "Hi {{1}}, here is our catalogue." } }),
    });
    expect(edited.status).toBe(200);
    expect(edited.json).toMatchObject({ name: "Catalogo", category: "stationery", language: "en", whatsappContent: { type: "media", mediaUrl: "https://cdn.example.com/catalogo.jpg" }, status: "draft" });
    const invalid = await call(`/api/templates/${id}`, { method: "PUT", cookie, body: body({ whatsappContent: { text: "{{1}} ciao" } }) });
    expect(invalid.status).toBe(400);

    expect((await call(`/api/templates/${id}/submit`, { cookie, method: "POST" })).status).toBe(200);
    const late = await call(`/api/templates/${id}`, { method: "PUT", cookie, body: body() });
    expect(late.status).toBe(409);
    expect(late.json.error).toBe(TX.onlyDraftEdit);
  });
});

describe("the submit lifecycle against Twilio's Content API", () => {
  it("creates the content, asks WhatsApp, syncs to approved, and offers it as a provider template", async () => {
    const { cookie, accountSid } = await realAccount();
    const created = await call("/api/templates", { cookie, body: body() });
    const id = created.json.id;

    const submitted = await call(`/api/templates/${id}/submit`, { cookie, method: "POST" });
    expect(submitted.status).toBe(200);
    expect(submitted.json.status).toBe("pending");
    expect(submitted.json.submittedAt).toBeTypeOf("string");
    const sid = submitted.json.externalTemplateId as string;
    expect(sid).toMatch(/^HX[0-9a-f]{32}$/);

    const mine = content.calls.filter((c) => c.accountSid === accountSid);
    expect(mine.map((c) => `${c.method} ${c.path}`)).toEqual(["POST /v1/Content", `POST /v1/Content/${sid}/ApprovalRequests/whatsapp`]);
    expect(mine[0]!.body).toEqual({
      friendly_name: expect.stringMatching(/^benvenuto_prestiti_[0-9a-f]{8}$/),
      language: "it",
      variables: { "1": "Mario", "2": "AgentBot" },
      types: { "twilio/text": { body: "Ciao {{1}}, sono l'assistente di {{2}}. Vuoi una simulazione della rata?" } },
    });
    expect(mine[1]!.body).toEqual({ name: mine[0]!.body.friendly_name, category: "MARKETING" });

    // Submitting again is a conflict, and nothing more reaches Twilio.
    const again = await call(`/api/templates/${id}/submit`, { cookie, method: "POST" });
    expect(again.status).toBe(409);
    expect(again.json.error).toBe(TX.onlyDraftSubmit);
    expect(content.calls.filter((c) => c.accountSid === accountSid)).toHaveLength(2);

    // Still in review: the cron's sync leaves it pending.
    await fireCron();
    await waitFor(async () => expect((await templateOf(cookie, id)).externalStatus).toBe("received"));
    expect((await templateOf(cookie, id)).status).toBe("pending");

    content.approve(sid);
    await fireCron(new Date(Date.now() + 60_000));
    await waitFor(async () => expect((await templateOf(cookie, id)).status).toBe("approved"));
    expect((await templateOf(cookie, id)).rejectionReason).toBeNull();

    const offered = await call("/api/twilio-templates", { cookie });
    expect(offered.status).toBe(200);
    const matching = (offered.json as { sid: string }[]).filter((t) => t.sid === sid);
    expect(matching).toEqual([
      {
        sid,
        friendlyName: "Benvenuto prestiti",
        status: "approved",
        language: "it",
        bodyText: "Ciao {{1}}, sono l'assistente di {{2}}. Vuoi una simulazione della rata?",
        variables: ["1", "2"],
        category: "loans",
      },
    ]);
  });

  it("syncs a rejection with WhatsApp's reason, and maps services to UTILITY", async () => {
    const { cookie, accountSid } = await realAccount();
    const created = await call("/api/templates", { cookie, body: body({ name: "Promemoria appuntamento", category: "services" }) });
    const submitted = await call(`/api/templates/${created.json.id}/submit`, { cookie, method: "POST" });
    const sid = submitted.json.externalTemplateId as string;
    const approvalCall = content.calls.find((c) => c.accountSid === accountSid && c.path.endsWith("/ApprovalRequests/whatsapp"));
    expect(approvalCall!.body.category).toBe("UTILITY");

    content.reject(sid, "The template contains promotional content in a UTILITY category");
    await fireCron();
    await waitFor(async () => expect((await templateOf(cookie, created.json.id)).status).toBe("rejected"));
    expect((await templateOf(cookie, created.json.id)).rejectionReason).toBe("The template contains promotional content in a UTILITY category");
    const offered = await call("/api/twilio-templates", { cookie });
    expect((offered.json as { sid: string; status: string }[]).find((t) => t.sid === sid)?.status).not.toBe("approved");
  });

  it("gives the draft back when Twilio refuses the content", async () => {
    const { cookie, accountSid } = await realAccount();
    const created = await call("/api/templates", { cookie, body: body() });
    content.failures.set(accountSid, { status: 400, code: 21656, message: "The ContentVariables Parameter is invalid" });
    const res = await call(`/api/templates/${created.json.id}/submit`, { cookie, method: "POST" });
    content.failures.delete(accountSid);
    expect(res.status).toBe(502);
    expect(res.json.error).toBe(TX.twilioFailed("The ContentVariables Parameter is invalid"));
    expect(await templateOf(cookie, created.json.id)).toMatchObject({ status: "draft", submittedAt: null });
  });

  it("deletes the content at Twilio with the template", async () => {
    const { cookie, accountSid } = await realAccount();
    const created = await call("/api/templates", { cookie, body: body() });
    const sid = (await call(`/api/templates/${created.json.id}/submit`, { cookie, method: "POST" })).json.externalTemplateId;
    const res = await call(`/api/templates/${created.json.id}`, { cookie, method: "DELETE" });
    expect(res.status).toBe(200);
    expect(content.calls.some((c) => c.accountSid === accountSid && c.method === "DELETE" && c.path === `/v1/Content/${sid}`)).toBe(true);
    expect(await templateOf(cookie, created.json.id)).toBeUndefined();
    expect((await call(`/api/templates/${created.json.id}`, { cookie, method: "DELETE" })).status).toBe(404);
  });
});

describe("templates on a sandbox account", () => {
  it("submits without Twilio, is approved by the next sync, and is offered with a stable sid", async () => {
    const { cookie } = await sandboxAccount();
    const before = content.calls.length;
    const created = await call("/api/templates", { cookie, body: body({ name: "Offerta cartoleria", category: "stationery" }) });
    const id = created.json.id as string;
    const submitted = await call(`/api/templates/${id}/submit`, { cookie, method: "POST" });
    expect(submitted.json).toMatchObject({ status: "pending", externalTemplateId: null });
    expect(content.calls.length).toBe(before);

    await fireCron();
    await waitFor(async () => expect((await templateOf(cookie, id)).status).toBe("approved"));
    const offered = (await call("/api/twilio-templates", { cookie })).json as { sid: string; bodyText: string; status: string }[];
    const internal = offered.find((t) => t.sid === `HXint${id.replaceAll("-", "")}`);
    expect(internal).toMatchObject({ status: "approved", bodyText: body().whatsappContent.text, category: "stationery" });
    // The built-in samples are still there.
    expect(offered.length).toBeGreaterThan(1);
  });
});

describe("template tenancy and bad input", () => {
  it("answers 404 for another account's template on every route", async () => {
    const owner = await sandboxAccount();
    const created = await call("/api/templates", { cookie: owner.cookie, body: body() });
    const stranger = await sandboxAccount();
    const id = created.json.id;
    expect((await call(`/api/templates/${id}`, { method: "PUT", cookie: stranger.cookie, body: body() })).status).toBe(404);
    expect((await call(`/api/templates/${id}/submit`, { method: "POST", cookie: stranger.cookie })).status).toBe(404);
    expect((await call(`/api/templates/${id}`, { method: "DELETE", cookie: stranger.cookie })).status).toBe(404);
    expect((await call("/api/templates", { cookie: stranger.cookie })).json).toEqual([]);
    // Naming another tenant's account on create is a 404 too.
    const res = await call("/api/templates", { cookie: stranger.cookie, body: body({ twilioAccountId: owner.account.id }) });
    expect(res.status).toBe(404);
    expect((await templateOf(owner.cookie, id)).status).toBe("draft");
  });

  it("answers 400, never 500, for malformed JSON and wrong types", async () => {
    const { cookie } = await sandboxAccount();
    const created = await call("/api/templates", { cookie, body: body() });
    const bodies = ["{\"name\": ", "[]", "null", "\"x\"", JSON.stringify({ name: 1, category: [], whatsappContent: "testo", channel: 3 }), JSON.stringify({ ...body(), whatsappContent: { type: 1, text: 2 } })];
    for (const [method, path] of [
      ["POST", "/api/templates"],
      ["PUT", `/api/templates/${created.json.id}`],
    ] as const) {
      for (const raw of bodies) {
        const res = await call(path, { method, cookie, rawBody: raw, headers: { "Content-Type": "application/json" } });
        expect(res.status, `${method} ${path} ${raw}`).toBe(400);
        expect(res.json.error).toBeTypeOf("string");
      }
    }
    expect((await call(`/api/templates/${"x".repeat(100)}/submit`, { method: "POST", cookie })).status).toBe(400);
  });

  it("needs a session", async () => {
    expect((await call("/api/templates")).status).toBe(401);
  });
});
