import { env } from "cloudflare:workers";
import { and, eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { LIBRARY_TEXTS as LX } from "@shared/texts/media-library";
import { AGENT_TEXTS } from "@shared/texts/agent";
import { CONVERSATION_TEXTS } from "@shared/texts/conversations";
import { agentToolCalls, conversations, mediaLibrary, messageMedia, messages, optOuts } from "@worker/db/schema";
import { inviaDocumento } from "@worker/features/agent/tools/document";
import { sampleBytes } from "@worker/features/media/samples";
import { runAiReply } from "@worker/features/agent/reply";
import { openAiToolCalls, type ScriptedCall } from "../fakes/openai-tools";
import { fakeOutside, type FakeOutside, openAiCompletion } from "../fakes/outside";
import { addMember, call, createAccount, db, signedInUser } from "./helpers";

const PDF = sampleBytes("document");
const PNG = sampleBytes("photo");
const KEYED = { ...env, OPENAI_API_KEY: "sk-test" };
const waitFor = <T>(fn: () => Promise<T>) => vi.waitFor(fn, { timeout: 12_000, interval: 150 });

// The fake model answers from a script keyed by a marker in the customer's message; Twilio accepts sends.
const scripts = new Map<string, (ScriptedCall[] | string)[]>();
let world: FakeOutside;
beforeAll(() => {
  world = fakeOutside(async (request) => {
    const url = new URL(request.url);
    if (url.hostname !== "openai.fake") return Response.json({ sid: `SM${crypto.randomUUID().replaceAll("-", "")}`, status: "queued" }, { status: 201 });
    const body = (await request.clone().json()) as any;
    const last = body.messages.filter((m: any) => m.role === "user").at(-1)?.content ?? "";
    const key = [...scripts.keys()].find((k) => last.includes(k));
    const answer = key ? scripts.get(key)!.shift() : undefined;
    if (answer === undefined) return openAiCompletion("Va bene.", 10, 5, "gpt-4o-mini");
    if (typeof answer === "string") return openAiCompletion(answer, 50, 10, "gpt-4o-mini");
    return openAiToolCalls(answer, 100, 20);
  });
});
afterAll(() => world.restore());
afterEach(() => scripts.clear());

async function owner(tools: string[] = ["documenti"]) {
  const { user, cookie } = await signedInUser();
  const accountSid = `AC${crypto.randomUUID().replaceAll("-", "")}`;
  const account = await createAccount(cookie, { accountSid, phoneNumber: "+390287654321", gptModel: "gpt-4o-mini" });
  const prompt = await call("/api/prompts", { cookie, body: { name: "Agente", content: "Sei l'agente di vendita.", model: "gpt-4o-mini", agentTools: tools } });
  expect(prompt.status).toBe(201);
  return { user, cookie, account, accountSid, promptId: (prompt.json as { id: string }).id };
}

const upload = (cookie: string, bytes: Uint8Array, query: Record<string, string>, type = "application/pdf") =>
  call(`/api/media-library?${new URLSearchParams(query)}`, { method: "POST", cookie, rawBody: bytes, headers: { "Content-Type": type } });

let phoneCounter = 0;
async function customer(o: Awaited<ReturnType<typeof owner>>, values: { lastInboundAt?: Date; channel?: "whatsapp" | "sms" } = {}) {
  phoneCounter += 1;
  const phone = `+39341${String(Date.now()).slice(-5)}${String(phoneCounter).padStart(2, "0")}`;
  const [row] = await db()
    .insert(conversations)
    .values({ userId: o.user.id, twilioAccountId: o.account.id, phoneNumber: phone, promptId: o.promptId, lastInboundAt: values.lastInboundAt ?? new Date(Date.now() - 60_000), channel: values.channel ?? "whatsapp" })
    .returning();
  return row!;
}

async function say(conversationId: string, text: string, script: (ScriptedCall[] | string)[], e: Env = KEYED) {
  const [message] = await db().insert(messages).values({ conversationId, content: text, sender: "customer", status: "received", createdAt: new Date() }).returning();
  scripts.set(text, script);
  await runAiReply(e, db(), { conversationId, replyToId: message!.id }, new Date());
  return message!;
}

// The queue sends the agent's messages after the reply job; a test waits for them while the fake Twilio answers.
const allSent = (conversationId: string) =>
  waitFor(async () => {
    const rows = await db().select().from(messages).where(and(eq(messages.conversationId, conversationId), eq(messages.sender, "ai")));
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((m) => m.twilioMessageId !== null)).toBe(true);
  });
const callsOf = (conversationId: string) => db().select().from(agentToolCalls).where(eq(agentToolCalls.conversationId, conversationId));
const sentDocuments = (conversationId: string) =>
  db()
    .select({ message: messages, media: messageMedia })
    .from(messages)
    .innerJoin(messageMedia, eq(messageMedia.messageId, messages.id))
    .where(and(eq(messages.conversationId, conversationId), eq(messages.sender, "ai")));

describe("media library", () => {
  it("takes a PDF or a photo checked by its bytes, lists it to members, and lets only the owner change it", async () => {
    const o = await owner();
    // Bytes that are no PDF nor photo, an empty title, a duplicate title.
    const text = new TextEncoder().encode("solo testo, nessun PDF");
    expect((await upload(o.cookie, text, { title: "Listino", fileName: "listino.pdf" })).json.error).toBe(LX.wrongType);
    expect((await upload(o.cookie, PDF, { title: " ", fileName: "listino.pdf" })).json.error).toBe(LX.titleRequired);
    const added = await upload(o.cookie, PDF, { title: "Listino prezzi", description: "Prezzi 2026", fileName: "listino.pdf" }, "image/png");
    expect(added.status).toBe(201);
    // The type is what the bytes are, not the label the browser sent.
    expect(added.json).toMatchObject({ title: "Listino prezzi", description: "Prezzi 2026", fileName: "listino.pdf", contentType: "application/pdf", size: PDF.byteLength });
    const again = await upload(o.cookie, PNG, { title: "listino prezzi", fileName: "foto.png" }, "image/png");
    expect(again.status).toBe(409);
    expect(again.json.error).toBe(LX.duplicateTitle("listino prezzi"));
    const row = await db().query.mediaLibrary.findFirst({ where: eq(mediaLibrary.id, added.json.id) });
    expect(row!.r2Key).toBe(`library/${o.account.id}/${added.json.id}`);
    expect((await env.UPLOADS.get(row!.r2Key))!.size).toBe(PDF.byteLength);

    // A member reads the library but cannot change it; another tenant does not see it.
    const member = await signedInUser();
    await addMember(member.user.id, o.account.id, false);
    const listed = await call("/api/media-library", { cookie: member.cookie });
    expect(listed.json).toMatchObject({ canEdit: false, items: [{ id: added.json.id, title: "Listino prezzi" }] });
    expect((await upload(member.cookie, PNG, { title: "Foto", fileName: "foto.png" }, "image/png")).status).toBe(403);
    expect((await call(`/api/media-library/${added.json.id}`, { method: "DELETE", cookie: member.cookie })).status).toBe(403);
    const stranger = await signedInUser();
    await createAccount(stranger.cookie);
    expect((await call("/api/media-library", { cookie: stranger.cookie })).json.items).toEqual([]);
    expect((await call(`/api/media-library/${added.json.id}`, { method: "DELETE", cookie: stranger.cookie })).status).toBe(404);
    expect((await call("/api/media-library/not-an-id", { method: "DELETE", cookie: o.cookie })).status).toBe(400);

    const removed = await call(`/api/media-library/${added.json.id}`, { method: "DELETE", cookie: o.cookie });
    expect(removed.status).toBe(204);
    expect(await env.UPLOADS.get(row!.r2Key)).toBeNull();
    expect((await call("/api/media-library", { cookie: o.cookie })).json.items).toEqual([]);
  });
});

describe("invia_documento", () => {
  it("offers the library's titles to the model and sends the chosen file with a signed MediaUrl, with the event line", async () => {
    const o = await owner();
    const listino = await upload(o.cookie, PDF, { title: "Listino prezzi", description: "Tutti i prezzi 2026", fileName: "listino-2026.pdf" });
    await upload(o.cookie, PNG, { title: "Foto vetrina", fileName: "vetrina.png" }, "image/png");
    const conv = await customer(o);
    await say(conv.id, "Mi manda il listino? [d1]", [[{ name: "invia_documento", args: { documento: "listino prezzi" } }], "Ecco il listino."]);

    const requests = world.bodies.filter((b: any) => b?.messages?.some((m: any) => m.role === "user" && m.content.includes("[d1]"))) as any[];
    const tool = requests[0].tools.find((t: any) => t.function.name === "invia_documento").function;
    expect(tool.parameters.properties.documento.enum).toEqual(["Listino prezzi", "Foto vetrina"]);
    expect(tool.description).toContain("«Listino prezzi»: Tutti i prezzi 2026");
    const result = JSON.parse(requests[1].messages.find((m: any) => m.role === "tool").content);
    expect(result).toMatchObject({ esito: "ok", inviato: "Listino prezzi" });

    const [sent] = await sentDocuments(conv.id);
    expect(sent!.media).toMatchObject({ contentType: "application/pdf", fileName: "listino-2026.pdf", status: "stored", r2Key: `library/${o.account.id}/${listino.json.id}` });
    const [event] = await callsOf(conv.id);
    expect(event).toMatchObject({ tool: "invia_documento", status: "ok", eventText: AGENT_TEXTS.eventLines.document("Listino prezzi") });

    // Twilio gets the file from a signed URL on our origin, without a session.
    let form: URLSearchParams | undefined;
    await waitFor(async () => {
      const i = world.requests.findIndex((r, k) => r.url.endsWith(`/Accounts/${o.accountSid}/Messages.json`) && new URLSearchParams(world.bodies[k] as string).has("MediaUrl"));
      expect(i).toBeGreaterThanOrEqual(0);
      form = new URLSearchParams(world.bodies[i] as string);
    });
    const signed = new URL(form!.get("MediaUrl")!);
    const fetched = await call(`${signed.pathname}${signed.search}`);
    expect(fetched.status).toBe(200);
    expect(fetched.text.startsWith("%PDF")).toBe(true);

    // Deleting the file from the library keeps the copy the customer got in the chat.
    expect((await call(`/api/media-library/${listino.json.id}`, { method: "DELETE", cookie: o.cookie })).status).toBe(204);
    expect(await env.UPLOADS.get(sent!.media.r2Key!)).not.toBeNull();
    await allSent(conv.id);
  });

  it("refuses a document that is not in the library, with the titles there are", async () => {
    const o = await owner();
    await upload(o.cookie, PDF, { title: "Catalogo", fileName: "catalogo.pdf" });
    const conv = await customer(o);
    await say(conv.id, "Avete il menu? [d2]", [[{ name: "invia_documento", args: { documento: "Menu del giorno" } }], "Non ho il menu, ma posso inviarle il catalogo."]);
    const [event] = await callsOf(conv.id);
    expect(event).toMatchObject({ tool: "invia_documento", status: "refused" });
    expect(event!.result).toMatchObject({ esito: "rifiutato", motivo: "il documento «Menu del giorno» non è nella libreria", documenti_disponibili: ["Catalogo"] });
    expect(event!.eventText).toBe(AGENT_TEXTS.eventLines.refused("invia_documento", "il documento «Menu del giorno» non è nella libreria"));
    expect(await sentDocuments(conv.id)).toHaveLength(0);
    await allSent(conv.id);
  });

  it("refuses outside the 24-hour window, on SMS and to a customer who just opted out, sending nothing", async () => {
    const o = await owner();
    await upload(o.cookie, PDF, { title: "Catalogo", fileName: "catalogo.pdf" });
    const account = (await db().query.twilioAccounts.findFirst({ where: (t, { eq: is }) => is(t.id, o.account.id) }))!;
    const now = new Date();
    const closed = await customer(o, { lastInboundAt: new Date(now.getTime() - 25 * 3600_000) });
    const sms = await customer(o, { channel: "sms" });
    const ctx = (conversation: typeof closed) => ({ env, db: db(), account, conversation, booking: null, replyToId: crypto.randomUUID(), now });
    const outside = await inviaDocumento(ctx(closed), { documento: "Catalogo" });
    expect(outside).toMatchObject({ status: "refused", reason: expect.stringContaining("finestra di 24 ore") });
    const onSms = await inviaDocumento(ctx(sms), { documento: "Catalogo" });
    expect(onSms).toMatchObject({ status: "refused", reason: expect.stringContaining("SMS") });
    expect(await sentDocuments(closed.id)).toHaveLength(0);
    expect(await sentDocuments(sms.id)).toHaveLength(0);
    // An opt-out that arrives while the reply is running: the send rules refuse, the model hears why.
    const stopped = await customer(o);
    await db().insert(optOuts).values({ twilioAccountId: o.account.id, phoneNumber: stopped.phoneNumber, keyword: "STOP" });
    expect(await inviaDocumento(ctx(stopped), { documento: "Catalogo" })).toMatchObject({ status: "refused", reason: CONVERSATION_TEXTS.optedOut.toLowerCase() });
    expect(await sentDocuments(stopped.id)).toHaveLength(0);
  });

  it("is not offered while the library is empty", async () => {
    const o = await owner(["documenti", "operatore"]);
    const conv = await customer(o);
    await say(conv.id, "Buongiorno [d3]", ["Buongiorno!"]);
    const [request] = world.bodies.filter((b: any) => b?.messages?.some((m: any) => m.role === "user" && m.content.includes("[d3]"))) as any[];
    expect(request.tools.map((t: any) => t.function.name)).toEqual(["passa_a_operatore"]);
    await allSent(conv.id);
  });

  it("offline, recognises a request for the price list and sends it", async () => {
    const o = await owner();
    await upload(o.cookie, PNG, { title: "Foto vetrina", fileName: "vetrina.png" }, "image/png");
    await upload(o.cookie, PDF, { title: "Listino prezzi", description: "Prezzi dei trattamenti", fileName: "listino.pdf" });
    const conv = await customer(o);
    await say(conv.id, "Buongiorno, mi potete mandare il listino?", [], env);
    const [sent] = await sentDocuments(conv.id);
    expect(sent!.media.fileName).toBe("listino.pdf");
    const replies = await db().select().from(messages).where(and(eq(messages.conversationId, conv.id), eq(messages.sender, "ai")));
    expect(replies.map((m) => m.content)).toContain("Risposta offline di AgentBot Pro: Ecco «Listino prezzi»: gliel'ho appena inviato qui in chat.");
    expect((await callsOf(conv.id))[0]).toMatchObject({ tool: "invia_documento", status: "ok", eventText: AGENT_TEXTS.eventLines.document("Listino prezzi") });
    await allSent(conv.id);
  });
});
