import { env } from "cloudflare:workers";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SANDBOX_TEMPLATES } from "@shared/sandbox-templates";
import { OPERATOR_QUESTION_TEXTS as TX } from "@shared/texts/operator-questions";
import { conversations, leadNotificationSettings, memories, messages, operatorQuestions } from "@worker/db/schema";
import { relevantPassages } from "@worker/features/agent/knowledge";
import { expireQuestions } from "@worker/features/operator-questions/service";
import { runAiReply } from "@worker/features/agent/reply";
import { fakeOutside, type FakeOutside, openAiCompletion } from "../fakes/outside";
import { call, db, signedInUser } from "./helpers";

const TEMPLATE = SANDBOX_TEMPLATES[0]!.sid;
let world: FakeOutside;
let modelAnswer = "[[OPERATORE]]";
beforeAll(() => {
  world = fakeOutside(() => openAiCompletion(modelAnswer, 50, 5, "gpt-4o-mini"));
});
afterAll(() => world.restore());

async function customerAsking(text: string, phone = "+393405556677") {
  const { user, cookie } = await signedInUser();
  const account = (await call("/api/twilio-accounts", { cookie, body: { name: "S", sandbox: true, phoneNumber: "+15005550006", gptModel: "gpt-4o-mini" } })).json;
  const [conversation] = await db()
    .insert(conversations)
    .values({ userId: user.id, twilioAccountId: account.id, phoneNumber: phone, customerName: "Luca", templateSid: TEMPLATE, lastInboundAt: new Date() })
    .returning();
  const [message] = await db().insert(messages).values({ conversationId: conversation!.id, content: text, sender: "customer", status: "received" }).returning();
  return { user, cookie, account, conversation: conversation!, message: message! };
}

const senders = async (conversationId: string) =>
  (await db().select().from(messages).where(eq(messages.conversationId, conversationId))).map((m) => [m.sender, m.content]);

describe("asking the operator", () => {
  it("records the question, tells the customer, relays the answer and saves it as knowledge", async () => {
    const { cookie, account, conversation, message } = await customerAsking("Consegnate anche a Bolzano?");
    modelAnswer = "[[OPERATORE]]";
    await runAiReply({ ...env, OPENAI_API_KEY: "sk-test" }, db(), { conversationId: conversation.id, replyToId: message.id });
    expect(await senders(conversation.id)).toEqual([
      ["customer", "Consegnate anche a Bolzano?"],
      ["ai", TX.holdingReply],
    ]);
    const listed = await call("/api/operator-questions", { cookie });
    expect(listed.json).toEqual([expect.objectContaining({ conversationId: conversation.id, questionAsked: "Consegnate anche a Bolzano?", customerName: "Luca", expired: false })]);

    const answered = await call(`/api/operator-questions/${listed.json[0].id}/answer`, { cookie, body: { answer: "Sì, consegniamo in tutta Italia in 48 ore.", saveToMemory: true } });
    expect(answered.status).toBe(201);
    expect(answered.json.message).toMatchObject({ sender: "operator", content: "Sì, consegniamo in tutta Italia in 48 ore." });
    expect((await call("/api/operator-questions", { cookie })).json).toEqual([]);
    const memory = await db().query.memories.findFirst({ where: and(eq(memories.twilioAccountId, account.id), eq(memories.name, TX.defaultMemoryName)) });
    expect(memory!.content).toBe("Domanda: Consegnate anche a Bolzano?\nRisposta: Sì, consegniamo in tutta Italia in 48 ore.");
    expect(memory!.linkedTemplates).toEqual([TEMPLATE]);
    // The agent now knows it.
    const passages = await relevantPassages(db(), account.id, TEMPLATE, "consegnate a Bolzano?");
    expect(passages.map((p) => p.text).join(" ")).toContain("consegniamo in tutta Italia");
  });

  it("hands the conversation to an operator when the question expires", async () => {
    const { cookie, conversation, message } = await customerAsking("Quanto costa la spedizione in Svizzera?", "+393405556688");
    await runAiReply({ ...env, OPENAI_API_KEY: "sk-test" }, db(), { conversationId: conversation.id, replyToId: message.id });
    expect(await expireQuestions(env, db(), new Date(Date.now() + 30 * 60_000))).toBe(0);
    expect(await expireQuestions(env, db(), new Date(Date.now() + 61 * 60_000))).toBe(1);
    const after = await db().query.conversations.findFirst({ where: eq(conversations.id, conversation.id) });
    expect(after!.operatorMode).toBe(true);
    expect((await call("/api/operator-questions", { cookie })).json).toEqual([expect.objectContaining({ expired: true })]);
    // Expiring again changes nothing.
    expect(await expireQuestions(env, db(), new Date(Date.now() + 120 * 60_000))).toBe(0);
  });

  it("escalates offline when the linked knowledge does not touch the question", async () => {
    const { user, account, conversation, message } = await customerAsking("Avete un parcheggio per i clienti?", "+393405556699");
    await db().insert(memories).values({ userId: user.id, twilioAccountId: account.id, name: "Prestiti", content: "Il TAN parte dal 5,9%.", linkedTemplates: [TEMPLATE] });
    await runAiReply(env, db(), { conversationId: conversation.id, replyToId: message.id });
    expect((await senders(conversation.id)).at(-1)).toEqual(["ai", TX.holdingReply]);
    expect(await db().select().from(operatorQuestions).where(eq(operatorQuestions.conversationId, conversation.id))).toHaveLength(1);
  });

  it("notifies operators on WhatsApp where the 24-hour window allows it", async () => {
    const { user, account, conversation, message } = await customerAsking("Fate sconti per le aziende?", "+393405556611");
    const operatorPhone = "+393331110000";
    await db().insert(leadNotificationSettings).values({ userId: user.id, twilioAccountId: account.id, notificationEnabled: true, notificationPhoneNumbers: [operatorPhone, "+393339999999"] });
    const [operator] = await db().insert(conversations).values({ userId: user.id, twilioAccountId: account.id, phoneNumber: operatorPhone, lastInboundAt: new Date() }).returning();
    await runAiReply({ ...env, OPENAI_API_KEY: "sk-test" }, db(), { conversationId: conversation.id, replyToId: message.id });
    expect(await senders(operator!.id)).toEqual([["system", TX.notifyOperator("Luca", "Fate sconti per le aziende?")]]);
  });

  it("keeps another tenant's questions behind 404", async () => {
    const { cookie, conversation, message } = await customerAsking("Siete aperti la domenica?", "+393405556622");
    await runAiReply({ ...env, OPENAI_API_KEY: "sk-test" }, db(), { conversationId: conversation.id, replyToId: message.id });
    const [question] = (await call("/api/operator-questions", { cookie })).json;
    const stranger = await signedInUser();
    expect((await call("/api/operator-questions", { cookie: stranger.cookie })).json).toEqual([]);
    expect((await call(`/api/operator-questions/${question.id}/answer`, { cookie: stranger.cookie, body: { answer: "x" } })).status).toBe(404);
    expect((await call(`/api/operator-questions/${question.id}`, { method: "DELETE", cookie: stranger.cookie })).status).toBe(404);
    const blank = await call(`/api/operator-questions/${question.id}/answer`, { cookie, body: { answer: "  " } });
    expect(blank.status).toBe(400);
    expect(blank.json.error).toBe(TX.answerRequired);
    expect((await call(`/api/operator-questions/${question.id}`, { method: "DELETE", cookie })).status).toBe(200);
  });
});
