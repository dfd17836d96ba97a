import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { LEAD_TEXTS as TX } from "@shared/texts/leads";
import { leads } from "@worker/db/schema";
import { googleLeadPayload, googleTestLead } from "../fakes/google-lead-form";
import { call, db, signedInUser } from "./helpers";

async function googleSource(extra: Record<string, unknown> = {}) {
  const { cookie } = await signedInUser();
  const account = (await call("/api/twilio-accounts", { cookie, body: { name: "Sandbox", sandbox: true, phoneNumber: "+15005550006", gptModel: "gpt-4o-mini" } })).json;
  const created = await call("/api/lead-sources", { cookie, body: { name: "Google Ads", type: "google", autoResponse: false, ...extra } });
  expect(created.status, created.text).toBe(201);
  return { cookie, account, source: created.json };
}

// Google posts JSON with no cookie and no Origin.
const post = (path: string, body: unknown) => call(path, { method: "POST", origin: null, body });

describe("Google Ads lead form webhook", () => {
  it("gives the source its webhook path and key, kept across edits", async () => {
    const { cookie, source } = await googleSource();
    expect(source.webhook).toEqual({ path: `/webhooks/google-leads/${source.id}`, key: expect.stringMatching(/^[\w-]{30,}$/) });
    const edited = await call(`/api/lead-sources/${source.id}`, { method: "PUT", cookie, body: { name: "Google Ads 2", type: "google" } });
    expect(edited.json.webhook).toEqual(source.webhook);
  });

  it("saves a submitted lead mapped from Google's columns, answers 200 {}, and acknowledges the test lead without saving it", async () => {
    const { source, account } = await googleSource({ fieldMapping: { company: "Nome della tua azienda?" } });
    const path = source.webhook.path as string;
    const test = await post(path, googleTestLead(source.webhook.key));
    expect(test.status).toBe(200);
    expect(test.json).toEqual({});
    expect(await db().select().from(leads).where(eq(leads.leadSourceId, source.id))).toHaveLength(0);

    const payload = googleLeadPayload({
      key: source.webhook.key,
      leadId: "lead-google-0001",
      answers: [
        { columnId: "FIRST_NAME", value: "Paola" },
        { columnId: "LAST_NAME", value: "Conti" },
        { columnId: "PHONE_NUMBER", value: "+39 345 678 9012" },
        { columnId: "EMAIL", value: "paola@example.com" },
        { columnId: "QUESTION_1", columnName: "Nome della tua azienda?", value: "Conti Srl" },
      ],
    });
    const res = await post(path, payload);
    expect(res.status, res.text).toBe(200);
    expect(res.json).toEqual({});
    const [lead] = await db().select().from(leads).where(and(eq(leads.twilioAccountId, account.id), eq(leads.leadSourceId, source.id)));
    expect(lead).toMatchObject({ phoneNumber: "+393456789012", name: "Paola Conti", email: "paola@example.com", company: "Conti Srl", externalId: "lead-google-0001", status: "new" });
    // Google retries a delivery: still one lead.
    expect((await post(path, payload)).status).toBe(200);
    expect(await db().select().from(leads).where(eq(leads.leadSourceId, source.id))).toHaveLength(1);
  });

  it("refuses a wrong key (403), a lead without a phone (400), a bad body (400) and another source type (404)", async () => {
    const { cookie, source } = await googleSource();
    const path = source.webhook.path as string;
    const wrong = await post(path, googleLeadPayload({ key: "non-la-chiave", answers: [{ columnId: "PHONE_NUMBER", value: "+393456789012" }] }));
    expect(wrong.status).toBe(403);
    expect(wrong.json.error).toBe(TX.googleKeyInvalid);
    const noPhone = await post(path, googleLeadPayload({ key: source.webhook.key, answers: [{ columnId: "FULL_NAME", value: "Senza Numero" }] }));
    expect(noPhone.status).toBe(400);
    expect(noPhone.json.error).toBe(TX.googleNoPhone);
    expect((await post(path, { user_column_data: "x" })).status).toBe(400);
    expect((await call(path, { method: "POST", origin: null, rawBody: "{non json", headers: { "Content-Type": "application/json" } })).status).toBe(400);
    const api = await call("/api/lead-sources", { cookie, body: { name: "API", type: "api" } });
    expect((await post(`/webhooks/google-leads/${api.json.id}`, googleTestLead("x"))).status).toBe(404);
    expect((await post("/webhooks/google-leads/nessuna", googleTestLead("x"))).status).toBe(404);
  });
});
