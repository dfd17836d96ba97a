import { eq } from "drizzle-orm";
import { T } from "@shared/strings";
import { describe, expect, it, vi } from "vitest";
import { SANDBOX_TEMPLATES } from "@shared/sandbox-templates";
import { TEMPLATE_VARIABLE_TEXTS as VX } from "@shared/texts/template-variables";
import { CONVERSATION_TEXTS } from "@shared/texts/conversations";
import { TEMPLATE_TEST_TEXTS as TX } from "@shared/texts/template-test";
import { conversations, prompts } from "@worker/db/schema";
import { addMember, call, db, signedInUser } from "./helpers";

const PHONE = "+393401112233";
const LOANS = SANDBOX_TEMPLATES[0]!;

async function sandbox() {
  const { user, cookie } = await signedInUser();
  const res = await call("/api/twilio-accounts", { cookie, body: { name: "Sandbox", sandbox: true, phoneNumber: "+15005550006", gptModel: "gpt-4o-mini" } });
  return { user, cookie, account: res.json as { id: string } };
}

describe("POST /api/template-test/send", () => {
  it("sends the approved template with the numbered variables into that number's conversation (the simulator on a sandbox)", async () => {
    const { cookie, account } = await sandbox();
    const res = await call("/api/template-test/send", {
      cookie,
      body: { templateSid: LOANS.sid, phone: "+39 340 111 2233", variables: { "1": "Giulia", "2": "Prestiti Facili" } },
    });
    expect(res.status, res.text).toBe(201);
    const content = "Ciao Giulia, sono l'assistente di Prestiti Facili. Ti ho scritto per il prestito personale che hai richiesto: vuoi una simulazione della rata senza impegno?";
    expect(res.json).toMatchObject({ phoneNumber: PHONE, templateSid: LOANS.sid, content, sandbox: true });
    const id = res.json.conversationId;
    const sandboxPrompt = await db().query.prompts.findFirst({ where: eq(prompts.twilioAccountId, account.id) });
    const detail = await call(`/api/conversations/${id}`, { cookie });
    expect(detail.json).toMatchObject({ phoneNumber: PHONE, twilioAccountId: account.id, sandbox: true, template: { sid: LOANS.sid, name: LOANS.friendlyName } });
    expect(detail.json.messages).toEqual([expect.objectContaining({ id: res.json.messageId, content, sender: "operator", templateSid: LOANS.sid })]);
    await vi.waitFor(
      async () => {
        const messages = await call(`/api/conversations/${id}/messages`, { cookie });
        expect(messages.json[0].status).toBe("delivered");
      },
      { timeout: 12_000, interval: 150 },
    );
    // The linked prompt answers what the customer writes back.
    const conversation = await db().query.conversations.findFirst({ where: eq(conversations.id, id) });
    expect(conversation!.promptId).toBe(sandboxPrompt!.id);

    // A second test to the same number lands in the same conversation.
    const again = await call("/api/template-test/send", { cookie, body: { templateSid: LOANS.sid, phone: PHONE, variables: { "1": "Giulia", "2": "X" } } });
    expect(again.json.conversationId).toBe(id);
  });

  it("validates with the spec's texts: template and phone required, with the country code", async () => {
    const { cookie } = await sandbox();
    const variables = { "1": "a", "2": "b" };
    const cases: [unknown, string][] = [
      [{ phone: PHONE, variables }, TX.missingInfo],
      [{ templateSid: "", phone: PHONE, variables }, TX.missingInfo],
      [{ templateSid: LOANS.sid, variables }, TX.missingInfo],
      [{ templateSid: LOANS.sid, phone: "  ", variables }, TX.missingInfo],
      [{ templateSid: LOANS.sid, phone: "3401112233", variables }, TX.countryCodeRequired],
      [{ templateSid: LOANS.sid, phone: "+39 12", variables }, TX.invalidNumber],
      [{ templateSid: LOANS.sid, phone: PHONE, variables: { uno: "a" } }, TX.variablesInvalid],
      [{ templateSid: LOANS.sid, phone: PHONE, variables: { "1": 5 } }, TX.variablesInvalid],
      [{ templateSid: LOANS.sid, phone: PHONE, variables: { "1": "a" } }, TX.missingVariables(["2"])],
      // A placeholder is no value: it would reach the customer as "{{2}}".
      [{ templateSid: LOANS.sid, phone: PHONE, variables: { "1": "a", "2": "{{2}}" } }, VX.noValue(["2"])],
      [{ templateSid: "HXunknown", phone: PHONE, variables }, CONVERSATION_TEXTS.templateNotApproved],
    ];
    for (const [body, message] of cases) {
      const res = await call("/api/template-test/send", { cookie, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.json.error, JSON.stringify(body)).toBe(message);
    }
    expect(TX.missingInfoTitle).toBe("Missing Information");
    expect(TX.missingInfo).toBe("Please select a template and enter a phone number.");
    expect((await call("/api/conversations", { cookie })).json).toEqual([]);
  });

  it("is for the account's owner or a super_admin, and needs an account", async () => {
    const { cookie, account } = await sandbox();
    const member = await signedInUser();
    await addMember(member.user.id, account.id);
    const body = { templateSid: LOANS.sid, phone: PHONE, variables: { "1": "a", "2": "b" } };
    const denied = await call("/api/template-test/send", { cookie: member.cookie, body });
    expect(denied.status).toBe(403);
    expect(denied.json.error).toBe(TX.managersOnly);
    const nobody = await signedInUser();
    const none = await call("/api/template-test/send", { cookie: nobody.cookie, body });
    expect(none.status).toBe(400);
    expect(none.json.error).toBe(T.noActiveAccount);
    expect((await call("/api/template-test/send", { body })).status).toBe(401);
    void cookie;
  });

  it("answers 400, never 500, to malformed JSON and wrong types", async () => {
    const { cookie } = await sandbox();
    const bodies = ['{"templateSid": ', "[1,2]", "null", '"x"', JSON.stringify({ templateSid: 1, phone: [], variables: "a" }), JSON.stringify({ templateSid: "x".repeat(100_000), phone: "+3".repeat(50_000) })];
    for (const raw of bodies) {
      const res = await call("/api/template-test/send", { cookie, rawBody: raw, headers: { "Content-Type": "application/json" } });
      expect(res.status, raw.slice(0, 50)).toBe(400);
      expect(res.json?.error).toBeTypeOf("string");
    }
  });
});
