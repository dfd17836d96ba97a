import { describe, expect, it } from "vitest";
import { conversations, messages } from "@worker/db/schema";
import { call, createAccount, db, signedInUser } from "./helpers";

// Every JSON route, with bodies a client can send: all must answer 400 with the error shape, never 5xx.
describe("bad input on every JSON route", () => {
  const deep = (n: number): unknown => (n === 0 ? "x" : { a: deep(n - 1) });
  const bodies: [string, string][] = [
    ["malformed JSON", "{\"name\": "],
    ["empty object", "{}"],
    ["array", "[1,2,3]"],
    ["null", "null"],
    ["string", "\"ciao\""],
    ["wrong types", JSON.stringify({ name: 12, email: false, password: 3, accountSid: [], phoneNumber: {}, gptModel: 1, twilioAccountId: 9, testMessage: null, profilePhoto: 5, sandbox: "yes" })],
    ["huge strings", JSON.stringify({ name: "x".repeat(200_000), email: `${"a".repeat(100_000)}@b.it`, password: "p".repeat(100_000), testMessage: "y".repeat(100_000), profilePhoto: "z".repeat(100_000), twilioAccountId: "i".repeat(100_000) })],
    ["deep nesting", JSON.stringify(deep(200))],
    ["unicode edge cases", JSON.stringify({ name: "\u0000\ud83d\ude00\u202e", email: "\ud800@x.it", password: "\uffff", phoneNumber: "+39\u0663\u0663" })],
  ];

  it("answers 400 and never 500", async () => {
    const { user, cookie } = await signedInUser();
    const account = await createAccount(cookie);
    const [conversation] = await db()
      .insert(conversations)
      .values({ userId: user.id, twilioAccountId: account.id, phoneNumber: "+393331234567", lastInboundAt: new Date() })
      .returning();
    const routes: [string, string][] = [
      ["POST", "/api/conversations/start-with-prompt"],
      ["POST", `/api/conversations/${conversation!.id}/send-manual`],
      ["POST", `/api/conversations/${conversation!.id}/send-template`],
      ["POST", `/api/conversations/${conversation!.id}/operator-mode`],
      ["POST", "/api/sandbox/inbound"],
      ["POST", "/api/auth/login"],
      ["POST", "/api/twilio-accounts"],
      ["PUT", `/api/twilio-accounts/${account.id}`],
      ["PUT", `/api/twilio-accounts/${account.id}/photo`],
      ["POST", "/api/test-gpt-model"],
      ["POST", "/api/admin/users/create-for-account"],
    ];
    for (const [method, path] of routes) {
      for (const [label, raw] of bodies) {
        const res = await call(path, { method, cookie, rawBody: raw, headers: { "Content-Type": "application/json" } });
        expect(res.status, `${method} ${path} with ${label}: ${res.text.slice(0, 200)}`).toBe(400);
        expect(res.json?.error, `${method} ${path} with ${label}`).toBeTypeOf("string");
      }
    }
    // Nothing was written by any of them.
    const list = await call("/api/twilio-accounts", { cookie });
    expect(list.json).toHaveLength(1);
    expect(list.json[0].name).toBe("Account Principale");
    expect(await db().select().from(messages)).toHaveLength(0);
  });

  it("answers 400 for ids that are not ids", async () => {
    const { cookie } = await signedInUser();
    const res = await call(`/api/twilio-accounts/${"x".repeat(100)}/activate`, { method: "PUT", cookie });
    expect(res.status).toBe(400);
  });
});
