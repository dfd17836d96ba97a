import { describe, expect, it } from "vitest";
import { ACCOUNT_TEXTS } from "@shared/texts/accounts";
import { call, createAccount, signedInUser } from "./helpers";

describe("settings", () => {
  it("answers the profile from the sign-in account and the active account", async () => {
    const { user, cookie } = await signedInUser();
    const first = await createAccount(cookie);
    const res = await call("/api/settings", { cookie });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({
      profile: { id: user.id, email: user.email, firstName: "Mario", lastName: "Rossi", profileImageUrl: null, role: "client" },
      activeTwilioAccountId: first.id,
      signInMethod: "password",
      timezone: "Europe/Rome",
    });
  });

  it("switches the active account, refuses another tenant's, and forgets the choice with null", async () => {
    const { cookie } = await signedInUser();
    const first = await createAccount(cookie, { name: "Primo" });
    const second = await createAccount(cookie, { name: "Secondo", accountSid: `AC${"2".repeat(32)}` });
    const saved = await call("/api/settings", { method: "PUT", cookie, body: { activeTwilioAccountId: second.id } });
    expect(saved.status).toBe(200);
    expect(saved.json.activeTwilioAccountId).toBe(second.id);
    expect((await call("/api/twilio-accounts/active", { cookie })).json.id).toBe(second.id);

    const other = await signedInUser();
    const foreign = await createAccount(other.cookie);
    const refused = await call("/api/settings", { method: "PUT", cookie, body: { activeTwilioAccountId: foreign.id } });
    expect(refused.status).toBe(404);
    expect(refused.json.error).toBe(ACCOUNT_TEXTS.notFound);
    expect((await call("/api/settings", { cookie })).json.activeTwilioAccountId).toBe(second.id);

    const reset = await call("/api/settings", { method: "PUT", cookie, body: { activeTwilioAccountId: null } });
    expect(reset.json.activeTwilioAccountId).toBe(first.id);
  });

  it("needs a session, and answers 400 for bad bodies", async () => {
    expect((await call("/api/settings")).status).toBe(401);
    expect((await call("/api/settings", { method: "PUT", body: { activeTwilioAccountId: null } })).status).toBe(401);
    expect((await call("/api/lead-manager/tokens")).status).toBe(401);
    const { cookie } = await signedInUser();
    for (const raw of ["{\"activeTwilioAccountId\": ", "[]", "null", "{}", JSON.stringify({ activeTwilioAccountId: 5 }), JSON.stringify({ activeTwilioAccountId: "x".repeat(500) })]) {
      const res = await call("/api/settings", { method: "PUT", cookie, rawBody: raw, headers: { "Content-Type": "application/json" } });
      expect(res.status, raw).toBe(400);
      expect(res.json.error).toBeTypeOf("string");
    }
    // A mutation from another site is refused before anything else.
    expect((await call("/api/settings", { method: "PUT", cookie, origin: "https://evil.example", body: { activeTwilioAccountId: null } })).status).toBe(403);
  });
});
