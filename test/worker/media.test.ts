import { createExecutionContext, createMessageBatch, getQueueResult } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { MEDIA_TEXTS as MX } from "@shared/texts/media";
import { conversations, messageMedia, messages, openaiUsage, prompts, templates } from "@worker/db/schema";
import { runMediaFetch, signedMediaUrl, validMediaSignature } from "@worker/features/media/service";
import { sampleBytes } from "@worker/features/media/samples";
import worker from "@worker/index";
import { runAiReply } from "@worker/features/agent/reply";
import { fakeOutside, type FakeOutside, openAiCompletion } from "../fakes/outside";
import { postTwilioWebhook } from "./twilio-webhook";
import { addMember, call, createAccount, db, openLiveSocket, setFirstContactPrompt, signedInUser } from "./helpers";

const TOKEN = "media-auth-token-000000000000000";
const CUSTOMER = "+393409876543";
const waitFor = <T>(fn: () => Promise<T>, timeout = 12_000) => vi.waitFor(fn, { timeout, interval: 150 });

const PNG = sampleBytes("photo");
const OGG = sampleBytes("voice");
const PDF = sampleBytes("document");

// The fake Twilio serves media as the real one does: /Accounts/{sid}/Messages/{MM}/Media/{ME} needs HTTP
// Basic auth with the account's SID and token (401 with Twilio's error body otherwise), then redirects
// to the CDN, which serves the bytes without auth. Files are registered per media sid.
const files = new Map<string, { bytes: Uint8Array; type: string }>();
let openAi: (request: Request) => Response | Promise<Response> = () => openAiCompletion("ok", 1, 1);
let world: FakeOutside;
const credentials = new Map<string, string>();

beforeAll(() => {
  world = fakeOutside(async (request) => {
    const url = new URL(request.url);
    if (url.hostname === "openai.fake") return openAi(request);
    if (url.hostname === "cdn.twilio.fake") {
      const file = files.get(url.pathname.split("/").pop()!) as { bytes: Uint8Array; type: string; size?: number; stream?: () => ReadableStream } | undefined;
      if (!file) return new Response("Not Found", { status: 404 });
      if (file.stream) return new Response(file.stream(), { headers: { "Content-Type": file.type, "Content-Length": String(file.size) } });
      return new Response(file.bytes, { headers: { "Content-Type": file.type, "Content-Length": String(file.bytes.byteLength) } });
    }
    if (url.hostname === "twilio.fake") {
      const parts = url.pathname.split("/");
      const sid = parts[3]!;
      if (parts[6] === "Media") {
        const expected = `Basic ${btoa(`${sid}:${credentials.get(sid)}`)}`;
        if (request.headers.get("Authorization") !== expected) {
          return Response.json(
            { code: 20003, message: "Authenticate", more_info: "https://www.twilio.com/docs/errors/20003", status: 401 },
            { status: 401, headers: { "WWW-Authenticate": 'Basic realm="Twilio API"' } },
          );
        }
        return new Response(null, { status: 307, headers: { Location: `https://cdn.twilio.fake/media/${parts[7]}` } });
      }
      return Response.json({ sid: `SM${crypto.randomUUID().replaceAll("-", "")}`, status: "queued" }, { status: 201 });
    }
    return new Response("unknown fake host", { status: 404 });
  });
});
afterAll(() => world.restore());

async function realAccount() {
  const { user, cookie } = await signedInUser();
  const accountSid = `AC${crypto.randomUUID().replaceAll("-", "")}`;
  credentials.set(accountSid, TOKEN);
  const account = await createAccount(cookie, { authToken: TOKEN, phoneNumber: "+390287654321", accountSid });
  // Customers write first here: the agent answers with the account's prompt for them, on the model these tests expect (gpt-4o, which can see).
  const prompt = await setFirstContactPrompt(cookie, account.id);
  await db().update(prompts).set({ model: "gpt-4o" }).where(eq(prompts.id, prompt.id));
  return { user, cookie, account, accountSid };
}

function mediaUrl(accountSid: string, file: { bytes: Uint8Array; type: string }) {
  const me = `ME${crypto.randomUUID().replaceAll("-", "")}`;
  files.set(me, file);
  return `https://twilio.fake/2010-04-01/Accounts/${accountSid}/Messages/MM${crypto.randomUUID().replaceAll("-", "")}/Media/${me}`;
}

async function webhook(accountId: string, params: Record<string, string>) {
  return postTwilioWebhook(accountId, params, { token: TOKEN });
}

const inbound = (params: Record<string, string>) => ({
  MessageSid: `SM${crypto.randomUUID().replaceAll("-", "")}`,
  From: `whatsapp:${CUSTOMER}`,
  To: "whatsapp:+390287654321",
  Body: "",
  NumMedia: "0",
  ...params,
});

async function conversationOf(accountId: string) {
  return (await db().query.conversations.findFirst({ where: and(eq(conversations.twilioAccountId, accountId), eq(conversations.phoneNumber, CUSTOMER)) }))!;
}

async function messagesOf(conversationId: string, cookie: string) {
  const res = await call(`/api/conversations/${conversationId}/messages`, { cookie });
  expect(res.status).toBe(200);
  return res.json as any[];
}

describe("inbound media", () => {
  it("streams photos and voice notes from Twilio (Basic auth, through the redirect) into R2 and serves them only to the account's users", async () => {
    const { cookie, account, accountSid } = await realAccount();
    const photo = mediaUrl(accountSid, { bytes: PNG, type: "image/png" });
    const voice = mediaUrl(accountSid, { bytes: OGG, type: "audio/ogg" });
    const res = await webhook(
      account.id,
      inbound({ NumMedia: "2", MediaUrl0: photo, MediaContentType0: "image/png", MediaUrl1: voice, MediaContentType1: "audio/ogg" }),
    );
    expect(res.status).toBe(200);
    const conversation = await conversationOf(account.id);
    expect(conversation.lastMessage).toBe(`🎤 ${MX.voiceNote}`);

    await waitFor(async () => {
      const [message] = await messagesOf(conversation.id, cookie);
      expect(message.media.map((m: any) => m.status)).toEqual(["stored", "stored"]);
    });
    const [message] = await messagesOf(conversation.id, cookie);
    expect(message.media[0]).toMatchObject({ contentType: "image/png", size: PNG.byteLength, fileName: "image-1.png", failureReason: null });
    expect(message.media[1]).toMatchObject({ contentType: "audio/ogg", size: OGG.byteLength, transcript: null });

    // Twilio got the account's credentials; the CDN it redirected to did not.
    const mediaCalls = world.requests.filter((r) => r.url === photo || r.url.startsWith("https://cdn.twilio.fake/"));
    expect(mediaCalls.find((r) => r.url === photo)!.headers.get("Authorization")).toBe(`Basic ${btoa(`${accountSid}:${TOKEN}`)}`);
    expect(mediaCalls.filter((r) => r.url.startsWith("https://cdn.twilio.fake/")).every((r) => !r.headers.has("Authorization"))).toBe(true);

    const served = await call(message.media[0].url, { cookie });
    expect(served.status).toBe(200);
    expect(served.headers.get("Content-Type")).toBe("image/png");
    expect(served.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(served.headers.get("Content-Disposition")).toContain('inline; filename="image-1.png"');
    expect(served.headers.get("Cache-Control")).toBe("private, max-age=3600");
    expect(served.headers.get("Content-Length")).toBe(String(PNG.byteLength));

    // A byte range for the players.
    const part = await call(message.media[1].url, { cookie, headers: { Range: "bytes=0-3" } });
    expect(part.status).toBe(206);
    expect(part.text).toBe("OggS");
    expect(part.headers.get("Content-Range")).toBe(`bytes 0-3/${OGG.byteLength}`);
    // A malformed range is ignored (the whole file); one past the end is 416, never a server error.
    for (const Range of ["bytes=a-b", "bytes=0-1,4-5", "bytes=-", "bytes=9-3"]) {
      const whole = await call(message.media[1].url, { cookie, headers: { Range } });
      expect(whole.status, Range).toBe(200);
      expect(whole.headers.get("Content-Length"), Range).toBe(String(OGG.byteLength));
    }
    const beyond = await call(message.media[1].url, { cookie, headers: { Range: `bytes=${OGG.byteLength + 10}-` } });
    expect(beyond.status).toBe(416);
    const tail = await call(message.media[1].url, { cookie, headers: { Range: "bytes=-4" } });
    expect(tail.status).toBe(206);
    expect(tail.headers.get("Content-Range")).toBe(`bytes ${OGG.byteLength - 4}-${OGG.byteLength - 1}/${OGG.byteLength}`);

    // Another tenant, and nobody signed in.
    const stranger = await signedInUser();
    expect((await call(message.media[0].url, { cookie: stranger.cookie })).status).toBe(404);
    expect((await call(message.media[0].url)).status).toBe(401);
    // A member of the account may see it.
    const member = await signedInUser();
    await addMember(member.user.id, account.id);
    expect((await call(message.media[0].url, { cookie: member.cookie })).status).toBe(200);
    expect((await call("/api/media/not-an-id", { cookie })).status).toBe(400);
  });

  it("keeps an attachment that is too large, of an unsupported type or whose bytes do not match its type as failed, with the reason", async () => {
    const { cookie, account, accountSid } = await realAccount();
    const big = new Uint8Array(5 * 1024 * 1024 + 1);
    big.set(PNG.subarray(0, 64));
    const params = inbound({
      Body: "Ecco i file",
      NumMedia: "4",
      MediaUrl0: mediaUrl(accountSid, { bytes: big, type: "image/png" }),
      MediaContentType0: "image/png",
      MediaUrl1: mediaUrl(accountSid, { bytes: PDF, type: "image/jpeg" }),
      MediaContentType1: "image/jpeg",
      MediaUrl2: mediaUrl(accountSid, { bytes: PNG, type: "application/x-msdownload" }),
      MediaContentType2: "application/x-msdownload",
      // Not Twilio's host: never fetched, whatever the (signed) webhook says.
      MediaUrl3: "https://evil.fake/steal",
      MediaContentType3: "image/png",
    });
    expect((await webhook(account.id, params)).status).toBe(200);
    const conversation = await conversationOf(account.id);
    await waitFor(async () => {
      const [message] = await messagesOf(conversation.id, cookie);
      expect(message.media.every((m: any) => m.status === "failed")).toBe(true);
    });
    const [message] = await messagesOf(conversation.id, cookie);
    expect(message.content).toBe("Ecco i file");
    expect(message.media.map((m: any) => m.failureReason)).toEqual([
      MX.tooLarge("image", 5 * 1024 * 1024),
      MX.typeMismatch("image/jpeg", "application/pdf"),
      MX.unsupportedType("application/x-msdownload"),
      "URL del file non di Twilio: evil.fake",
    ]);
    expect(message.media.every((m: any) => m.url === null)).toBe(true);
    expect(world.requests.some((r) => r.url.startsWith("https://evil.fake/"))).toBe(false);
  });

  it("streams a 100 MB document from Twilio into R2 and refuses one byte more", async () => {
    const { cookie, account, accountSid } = await realAccount();
    const LIMIT = 100 * 1024 * 1024;
    // Generated chunk by chunk as it is read, so neither side ever holds the file.
    const streamed = (size: number) => {
      let sent = 0;
      const chunk = new Uint8Array(1024 * 1024);
      return new ReadableStream<Uint8Array>({
        pull(controller) {
          if (sent >= size) return controller.close();
          const n = Math.min(chunk.byteLength, size - sent);
          controller.enqueue(sent === 0 ? Uint8Array.from([...PDF.subarray(0, 64), ...chunk.subarray(64, n)]) : chunk.slice(0, n));
          sent += n;
        },
      });
    };
    const bigFiles = new Map([
      ["MEbig", LIMIT],
      ["MEbigger", LIMIT + 1],
    ]);
    const url = (me: string) => `https://twilio.fake/2010-04-01/Accounts/${accountSid}/Messages/MM${crypto.randomUUID().replaceAll("-", "")}/Media/${me}`;
    for (const [me, size] of bigFiles) files.set(me, { bytes: new Uint8Array(0), type: "application/pdf", size, stream: () => streamed(size) } as never);
    const params = inbound({ NumMedia: "2", MediaUrl0: url("MEbig"), MediaContentType0: "application/pdf", MediaUrl1: url("MEbigger"), MediaContentType1: "application/pdf" });
    expect((await webhook(account.id, params)).status).toBe(200);
    const conversation = await conversationOf(account.id);
    await waitFor(async () => {
      const [message] = await messagesOf(conversation.id, cookie);
      expect(message.media.map((m: any) => m.status)).toEqual(["stored", "failed"]);
    }, 60_000);
    const [message] = await messagesOf(conversation.id, cookie);
    expect(message.media[0]).toMatchObject({ size: LIMIT, contentType: "application/pdf" });
    expect(message.media[1].failureReason).toBe(MX.tooLarge("document", LIMIT));
    const head = await env.UPLOADS.head(`media/${account.id}/${conversation.id}/${message.media[0].id}`);
    expect(head!.size).toBe(LIMIT);
  }, 90_000);

  it("reads a shared location and a tapped button, shows them live, and gives them to the agent", async () => {
    const { cookie, account } = await realAccount();
    // The conversation exists first, so the socket can be opened on it.
    expect((await webhook(account.id, inbound({ Body: "Ciao" }))).status).toBe(200);
    const conversation = await conversationOf(account.id);
    await call(`/api/conversations/${conversation.id}/operator-mode`, { cookie, body: { enabled: true } });
    const { ws, frames } = await openLiveSocket(conversation.id, cookie);
    const location = inbound({ Latitude: "45.4642", Longitude: "9.19", Address: "Piazza del Duomo, Milano", Label: "Negozio" });
    const button = inbound({ Body: "Sì, richiamatemi", ButtonText: "Sì, richiamatemi", ButtonPayload: "CALLBACK_YES" });
    expect((await webhook(account.id, location)).status).toBe(200);
    expect((await webhook(account.id, button)).status).toBe(200);
    await waitFor(async () => {
      expect(frames.some((f) => f.type === "message" && f.message.location?.label === "Negozio")).toBe(true);
      expect(frames.some((f) => f.type === "message" && f.message.button?.payload === "CALLBACK_YES")).toBe(true);
    });
    ws.close();
    const listed = await messagesOf(conversation.id, cookie);
    expect(listed[1].location).toEqual({ latitude: 45.4642, longitude: 9.19, address: "Piazza del Duomo, Milano", label: "Negozio" });
    expect(listed[2].button).toEqual({ text: "Sì, richiamatemi", payload: "CALLBACK_YES" });

    await call(`/api/conversations/${conversation.id}/operator-mode`, { cookie, body: { enabled: false } });
    const bodies = world.bodies.length;
    openAi = () => openAiCompletion("Certo, la richiamiamo oggi.", 50, 10, "gpt-4o");
    await runAiReply({ ...env, OPENAI_API_KEY: "sk-test" }, db(), { conversationId: conversation.id, replyToId: listed[2].id });
    const chat = world.bodies.slice(bodies).find((b: any) => b?.messages) as any;
    const turns = chat.messages.filter((m: any) => m.role === "user").map((m: any) => m.content);
    expect(turns[1]).toContain("Negozio, Piazza del Duomo, Milano (coordinate 45.4642, 9.19)");
    expect(turns[2]).toBe("[Il cliente ha toccato il pulsante «Sì, richiamatemi» (payload: CALLBACK_YES)]");
  });
});

describe("the agent understands media", () => {
  // The account's model is gpt-4o, which can see.
  async function customerWithMedia(files_: { bytes: Uint8Array; type: string }[]) {
    const owner = await realAccount();
    const [conversation] = await db()
      .insert(conversations)
      .values({ userId: owner.user.id, twilioAccountId: owner.account.id, phoneNumber: CUSTOMER, lastInboundAt: new Date() })
      .returning();
    const [message] = await db()
      .insert(messages)
      .values({ conversationId: conversation!.id, content: "", sender: "customer", status: "received", createdAt: new Date() })
      .returning();
    await db()
      .insert(messageMedia)
      .values(
        files_.map((f, position) => ({
          messageId: message!.id,
          conversationId: conversation!.id,
          twilioAccountId: owner.account.id,
          position,
          sourceUrl: mediaUrl(owner.accountSid, f),
          contentType: f.type,
        })),
      );
    return { ...owner, conversation: conversation!, message: message! };
  }

  it("transcribes a voice note (audio API, model a setting, language it), sees the photo, answers the transcript, and records both costs", async () => {
    const { cookie, account, conversation, message } = await customerWithMedia([
      { bytes: OGG, type: "audio/ogg" },
      { bytes: PNG, type: "image/png" },
    ]);
    const keyed = { ...env, OPENAI_API_KEY: "sk-test" };
    const saved = await call("/api/media/settings", { method: "PUT", cookie, body: { transcriptionModel: "gpt-4o-mini-transcribe" } });
    expect(saved.json).toMatchObject({ voiceAi: true, visionAi: true, transcriptionModel: "gpt-4o-mini-transcribe" });
    const transcriptions: { model: string; language: string; file: File }[] = [];
    openAi = async (request) => {
      if (new URL(request.url).pathname.endsWith("/audio/transcriptions")) {
        const form = await request.formData();
        transcriptions.push({ model: String(form.get("model")), language: String(form.get("language")), file: form.get("file") as unknown as File });
        return Response.json({ text: "Vorrei il divano blu della foto, quanto costa?", usage: { type: "duration", seconds: 7.2 } });
      }
      return openAiCompletion("Il divano blu costa 899 euro.", 900, 20, "gpt-4o");
    };
    await runMediaFetch(keyed, db(), { messageId: message.id });
    expect(transcriptions).toHaveLength(1);
    expect(transcriptions[0]).toMatchObject({ model: "gpt-4o-mini-transcribe", language: "it" });
    expect(transcriptions[0]!.file.size).toBe(OGG.byteLength);
    const [listed] = await messagesOf(conversation.id, cookie);
    expect(listed.media[0].transcript).toBe("Vorrei il divano blu della foto, quanto costa?");

    const before = world.bodies.length;
    await runAiReply(keyed, db(), { conversationId: conversation.id, replyToId: message.id });
    const chat = world.bodies.slice(before).find((b: any) => b?.messages) as any;
    const turn = chat.messages.at(-1);
    expect(turn.role).toBe("user");
    expect(turn.content[0]).toEqual({
      type: "text",
      text: "[Messaggio vocale del cliente, trascritto] Vorrei il divano blu della foto, quanto costa?\n[Il cliente ha inviato una foto, allegata qui]",
    });
    expect(turn.content[1].type).toBe("image_url");
    expect(turn.content[1].image_url.url).toMatch(/^data:image\/png;base64,iVBORw0KGgo/);
    const usage = await db().select().from(openaiUsage).where(eq(openaiUsage.conversationId, conversation.id));
    // 7.2 s billed as 8 s at $0.003 a minute.
    expect(usage.map((u) => [u.operationType, u.model, u.totalCost])).toEqual(
      expect.arrayContaining([
        ["transcription", "gpt-4o-mini-transcribe", "0.00040000"],
        ["vision", "gpt-4o", expect.any(String)],
      ]),
    );
    const report = await call("/api/openai-usage?operationType=transcription", { cookie });
    expect(report.json.totals.totalRequests).toBe(1);
    const after = await db().query.conversations.findFirst({ where: eq(conversations.id, conversation.id) });
    expect(after!.operatorMode).toBe(false);
    void account;
  });

  it("with Vision AI off tells the agent a photo arrived and hands the conversation to an operator", async () => {
    const { cookie, account, conversation, message } = await customerWithMedia([{ bytes: PNG, type: "image/png" }]);
    const member = await signedInUser();
    await addMember(member.user.id, account.id);
    await call(`/api/twilio-accounts/${account.id}/activate`, { method: "PUT", cookie: member.cookie });
    expect((await call("/api/media/settings", { method: "PUT", cookie: member.cookie, body: { visionAi: false } })).status).toBe(403);
    expect((await call("/api/media/settings", { method: "PUT", cookie, body: { visionAi: "no" } })).status).toBe(400);
    expect((await call("/api/media/settings", { method: "PUT", cookie, body: { visionAi: false } })).json).toMatchObject({ visionAi: false, voiceAi: true });
    const keyed = { ...env, OPENAI_API_KEY: "sk-test" };
    await runMediaFetch(keyed, db(), { messageId: message.id });
    const before = world.bodies.length;
    openAi = () => openAiCompletion("Grazie, un collega guarda la foto.", 100, 10, "gpt-4o");
    await runAiReply(keyed, db(), { conversationId: conversation.id, replyToId: message.id });
    const chat = world.bodies.slice(before).find((b: any) => b?.messages) as any;
    expect(chat.messages.at(-1)).toEqual({ role: "user", content: "[Il cliente ha inviato una foto: un operatore la guarderà]" });
    const after = await db().query.conversations.findFirst({ where: eq(conversations.id, conversation.id) });
    expect(after!.operatorMode).toBe(true);
    const usage = await db().select().from(openaiUsage).where(eq(openaiUsage.conversationId, conversation.id));
    expect(usage.map((u) => u.operationType)).toEqual(["chat_response"]);
  });

  it("waits for an attachment still arriving before replying", async () => {
    const { conversation, message } = await customerWithMedia([{ bytes: PNG, type: "image/png" }]);
    await expect(runAiReply({ ...env, OPENAI_API_KEY: "sk-test" }, db(), { conversationId: conversation.id, replyToId: message.id })).rejects.toMatchObject({
      delaySeconds: 4,
    });
  });

  it("offline, the simulator's photo, voice note, document and location are acknowledged honestly at no cost", async () => {
    const { user, cookie } = await signedInUser();
    const sandbox = await call("/api/twilio-accounts", { cookie, body: { name: "Sandbox", sandbox: true, phoneNumber: "+15005550006", gptModel: "gpt-4o-mini" } });
    const photo = await call("/api/media/simulator", { cookie, body: { phoneNumber: "+393281112233", kind: "photo" } });
    expect(photo.status).toBe(201);
    const id = photo.json.conversationId;
    await waitFor(async () => {
      const all = await messagesOf(id, cookie);
      expect(all.map((m) => m.sender)).toEqual(["customer", "ai"]);
      expect(all[0].media[0]).toMatchObject({ status: "stored", contentType: "image/png", fileName: "foto-divano.png" });
      expect(all[1].content).toContain("Ho ricevuto la tua foto: un operatore lo guarderà al più presto.");
    });
    // Nobody looked at the photo: an operator takes the conversation.
    const detail = await call(`/api/conversations/${id}`, { cookie });
    expect(detail.json.operatorMode).toBe(true);
    expect(detail.json.messages[0].media).toHaveLength(1);
    await call(`/api/conversations/${id}/operator-mode`, { cookie, body: { enabled: false } });

    for (const kind of ["voice", "document", "location"] as const) {
      expect((await call("/api/media/simulator", { cookie, body: { phoneNumber: "+393281112233", kind } })).status).toBe(201);
    }
    await waitFor(async () => {
      const all = await messagesOf(id, cookie);
      const customer = all.filter((m) => m.sender === "customer");
      expect(customer).toHaveLength(4);
      expect(customer[1].media[0]).toMatchObject({ status: "stored", contentType: "audio/ogg" });
      expect(customer[2].media[0]).toMatchObject({ status: "stored", contentType: "application/pdf", fileName: "richiesta-preventivo.pdf" });
      expect(customer[3].location).toMatchObject({ label: "Duomo di Milano" });
    });
    const usage = await db().select().from(openaiUsage).where(eq(openaiUsage.conversationId, id));
    expect(usage.every((u) => u.totalCost === "0.00000000")).toBe(true);
    expect((await call("/api/media/simulator", { cookie, body: { phoneNumber: "+393281112233", kind: "video" } })).status).toBe(400);
    void user;
    void sandbox;
  });
});

describe("outbound media", () => {
  it("sends an operator's PDF with a signed, expiring MediaUrl on our origin that Twilio fetches without a session", async () => {
    const { cookie, account, accountSid } = await realAccount();
    expect((await webhook(account.id, inbound({ Body: "Mi manda il catalogo?" }))).status).toBe(200);
    const conversation = await conversationOf(account.id);
    await call(`/api/conversations/${conversation.id}/operator-mode`, { cookie, body: { enabled: true } });

    const upload = (bytes: Uint8Array, type: string, query = "fileName=catalogo%202026.pdf&caption=Ecco%20il%20catalogo") =>
      call(`/api/media/outbound/${conversation.id}?${query}`, { method: "POST", cookie, rawBody: bytes, headers: { "Content-Type": type } });
    // Bytes that are not what the type says, a type the composer does not send, a missing file name.
    expect((await upload(PNG, "application/pdf")).json.error).toBe(MX.typeMismatch("application/pdf", "image/png"));
    expect((await upload(PDF, "text/plain")).json.error).toBe(MX.notAllowedOutbound);
    expect((await upload(PDF, "application/pdf", "caption=x")).status).toBe(400);

    const sent = await upload(PDF, "application/pdf");
    expect(sent.status).toBe(201);
    expect(sent.json).toMatchObject({ content: "Ecco il catalogo", sender: "operator", status: "queued" });
    expect(sent.json.media[0]).toMatchObject({ contentType: "application/pdf", fileName: "catalogo 2026.pdf", size: PDF.byteLength, status: "stored" });

    let form: URLSearchParams | undefined;
    await waitFor(async () => {
      const i = world.requests.findIndex((r) => r.url.endsWith(`/Accounts/${accountSid}/Messages.json`));
      expect(i).toBeGreaterThanOrEqual(0);
      form = new URLSearchParams(world.bodies[i] as string);
    });
    expect(form!.get("Body")).toBe("Ecco il catalogo");
    const signed = new URL(form!.get("MediaUrl")!);
    expect(signed.origin).toBe(env.PUBLIC_BASE_URL);
    const fetched = await call(`${signed.pathname}${signed.search}`);
    expect(fetched.status).toBe(200);
    expect(fetched.headers.get("Content-Type")).toBe("application/pdf");
    expect(fetched.headers.get("Content-Disposition")).toContain("attachment;");
    expect(fetched.text.startsWith("%PDF-1.4")).toBe(true);

    // Tampered, another attachment's signature, expired.
    const mediaId = sent.json.media[0].id;
    // One hex digit changed (to another digit, so the tampered signature never equals the real one).
    const tampered = signed.search.replace(/signature=(.)/, (_, d: string) => `signature=${d === "0" ? "1" : "0"}`);
    expect((await call(`${signed.pathname}${tampered}`)).status).toBe(403);
    const expires = Number(signed.searchParams.get("expires"));
    expect(await validMediaSignature(env, mediaId, expires, signed.searchParams.get("signature")!)).toBe(true);
    expect(await validMediaSignature(env, mediaId, expires, signed.searchParams.get("signature")!, expires + 1)).toBe(false);
    const other = new URL(await signedMediaUrl(env, crypto.randomUUID()));
    expect((await call(`/media/${mediaId}?expires=${other.searchParams.get("expires")}&signature=${other.searchParams.get("signature")}`)).status).toBe(403);
    expect((await call(`/media/${mediaId}`)).status).toBe(403);
  });

  it("refuses media outside the 24-hour window, like text, and keeps nothing", async () => {
    const { cookie, account } = await realAccount();
    expect((await webhook(account.id, inbound({ Body: "Ciao" }))).status).toBe(200);
    const conversation = await conversationOf(account.id);
    await db().update(conversations).set({ lastInboundAt: new Date(Date.now() - 25 * 3600_000) }).where(eq(conversations.id, conversation.id));
    const res = await call(`/api/media/outbound/${conversation.id}?fileName=foto.png`, { method: "POST", cookie, rawBody: PNG, headers: { "Content-Type": "image/png" } });
    expect(res.status).toBe(409);
    const listed = await env.UPLOADS.list({ prefix: `media/${account.id}/${conversation.id}/` });
    expect(listed.objects).toHaveLength(0);
    // Another tenant's conversation is not found.
    const stranger = await signedInUser();
    expect((await call(`/api/media/outbound/${conversation.id}?fileName=foto.png`, { method: "POST", cookie: stranger.cookie, rawBody: PNG, headers: { "Content-Type": "image/png" } })).status).toBe(404);
  });

  it("refuses an attachment on an SMS conversation (no MMS in Italy)", async () => {
    const { user, cookie, account } = await realAccount();
    const sid = `HX${crypto.randomUUID().replaceAll("-", "")}`;
    await db().insert(templates).values({ userId: user.id, twilioAccountId: account.id, name: "promo_sms", category: "ecommerce", channel: "sms", status: "approved", externalTemplateId: sid, whatsappContent: { type: "text", text: "Ciao {{1}}" } });
    const [conversation] = await db().insert(conversations).values({ userId: user.id, twilioAccountId: account.id, phoneNumber: CUSTOMER, templateSid: sid, lastInboundAt: new Date() }).returning();
    const res = await call(`/api/media/outbound/${conversation!.id}?fileName=foto.png`, { method: "POST", cookie, rawBody: PNG, headers: { "Content-Type": "image/png" } });
    expect(res.status).toBe(400);
    expect(res.json.error).toBe(MX.smsNoMedia);
  });

  it("marks what never arrived as failed when the fetch job reaches the dead-letter queue", async () => {
    const { account, accountSid } = await realAccount();
    const sourceUrl = mediaUrl(accountSid, { bytes: PNG, type: "image/png" });
    const [conversationRow] = await db()
      .insert(conversations)
      .values({ userId: (await signedInUser()).user.id, twilioAccountId: account.id, phoneNumber: "+393400000001" })
      .returning();
    const [message] = await db().insert(messages).values({ conversationId: conversationRow!.id, content: "", sender: "customer", status: "received" }).returning();
    await db().insert(messageMedia).values({ messageId: message!.id, conversationId: conversationRow!.id, twilioAccountId: account.id, sourceUrl, contentType: "image/png" });
    const batch = createMessageBatch("agentbot-jobs-dlq", [
      { id: "dlq-media", timestamp: new Date(), attempts: 6, body: { kind: "media.fetch", messageId: message!.id, conversationId: conversationRow!.id, idempotencyKey: `media.fetch:${message!.id}` } },
    ]);
    const ctx = createExecutionContext();
    await worker.queue!(batch, env, ctx);
    expect((await getQueueResult(batch, ctx)).explicitAcks).toEqual(["dlq-media"]);
    const [row] = await db().select().from(messageMedia).where(eq(messageMedia.messageId, message!.id));
    expect(row).toMatchObject({ status: "failed", failureReason: MX.fetchFailed("nessuna risposta dopo i tentativi") });
  });
});
