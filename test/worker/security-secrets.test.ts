import { env } from "cloudflare:workers";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiTokens, lists, memories, twilioAccounts } from "@worker/db/schema";
import { decryptSecret } from "@worker/lib/crypto";
import { fakeAirtable } from "../fakes/airtable";
import { fakeOutside, type FakeOutside } from "../fakes/outside";
import { call, createAccount, db } from "./helpers";
import { leakedSecrets, rememberSecret } from "./secret-scan";
import { createWorld, registeredRoutes, requestsOf, ROUTES, type World } from "./security-routes";

// call() scans every response of the worker suite for the credentials the tests sent (see
// secret-scan.ts). Here each kind of secret is created, used, and then every GET route is read by
// its owner, by another tenant and by a super_admin.

const AIRTABLE_KEY = "patSegretissimo0123456789.abcdefghijklmnopqrstuvwxyz";
const AUTH_TOKEN = "auth-token-segreto-0123456789abcdef";
const BASE_ID = "appSEGRETO0123456";

let world: FakeOutside;
beforeAll(() => {
  const airtable = fakeAirtable({ [`${BASE_ID}/tblClienti`]: { apiKey: AIRTABLE_KEY, records: [{ id: "rec1", fields: { telefono: "+393331234567", nome: "Anna" } }] } });
  world = fakeOutside((request) => {
    const host = new URL(request.url).hostname;
    if (host === "airtable.fake") return airtable.handler(request);
    if (host === "twilio.fake") return Response.json({ sid: `SM${crypto.randomUUID().replaceAll("-", "")}`, status: "queued" }, { status: 201 });
    return Response.json({ error: "offline" }, { status: 503 });
  });
});
afterAll(() => world.restore());

// Secrets the server made itself (sandbox auth tokens) or only stores (hashes, ciphertexts) are read
// back from D1, so the scan knows them too.
async function rememberStoredSecrets() {
  for (const account of await db().select().from(twilioAccounts)) {
    rememberSecret(await decryptSecret(account.authToken, env.ENCRYPTION_KEY), "stored auth token");
    rememberSecret(account.authToken, "encrypted auth token");
  }
  for (const token of await db().select().from(apiTokens)) rememberSecret(token.token, "stored token hash");
  for (const row of [...(await db().select().from(lists)), ...(await db().select().from(memories))]) {
    const config = ("config" in row ? row.config : row.dataSource) as { apiKey?: string } | null;
    if (config?.apiKey) {
      rememberSecret(config.apiKey, "encrypted Airtable key");
      rememberSecret(await decryptSecret(config.apiKey, env.ENCRYPTION_KEY), "stored Airtable key");
    }
  }
}

describe("secrets never come back", () => {
  let w: World;
  const extraPaths: string[] = [];

  beforeAll(async () => {
    w = await createWorld();
    const cookie = w.b.cookie;
    const real = await createAccount(cookie, { authToken: AUTH_TOKEN, accountSid: `AC${crypto.randomUUID().replaceAll("-", "")}` });
    const list = await call("/api/lists", { cookie, body: { name: "Airtable", listType: "static", source: "airtable", config: { apiKey: AIRTABLE_KEY, baseId: BASE_ID, tableId: "tblClienti" } } });
    expect(list.status, list.text).toBe(201);
    const memory = await call("/api/memories", { cookie, body: { name: "Catalogo", dataType: "airtable", dataSource: { apiKey: AIRTABLE_KEY, baseId: BASE_ID, tableId: "tblClienti" } } });
    expect(memory.status, memory.text).toBe(201);
    const lead = await call("/api/lead-manager/leads", { origin: null, body: { phone: "+393331230000" }, headers: { Authorization: `Bearer ${w.b.tokenRaw}` } });
    expect(lead.status, lead.text).toBe(201);
    extraPaths.push(
      `/api/lists/${list.json.id}`,
      `/api/lists/${list.json.id}/fields`,
      `/api/lists/${list.json.id}/mapping`,
      `/api/memories/${memory.json.id}`,
      `/api/twilio-accounts/active`,
    );
    await call(`/api/twilio-accounts/${real.id}/activate`, { cookie, method: "PUT" });
    await rememberStoredSecrets();
  }, 120_000);

  it("knows the secrets it looks for", () => {
    expect(leakedSecrets(`{"x":"${AIRTABLE_KEY}"}`)).not.toEqual([]);
    expect(leakedSecrets(`{"x":"${AUTH_TOKEN}"}`)).not.toEqual([]);
    expect(leakedSecrets(`{"x":"${w.b.tokenRaw}"}`)).not.toEqual([]);
    expect(leakedSecrets(`{"password":"pbkdf2-sha256$v1$100000$abc$def"}`)).toEqual(["a password hash"]);
    expect(leakedSecrets(`{"k":"${env.ENCRYPTION_KEY}"}`)).toEqual(["ENCRYPTION_KEY"]);
    expect(leakedSecrets(`{"k":"${env.PASSWORD_PEPPER}"}`)).toEqual(["PASSWORD_PEPPER"]);
    expect(leakedSecrets('{"authToken":"••••••••cdef","ok":true}')).toEqual([]);
  });

  it("in any GET answer, to the owner, another tenant or a super_admin", async () => {
    const gets = registeredRoutes()
      .filter((key) => key.startsWith("GET ") && ROUTES[key])
      .flatMap((key) => requestsOf(ROUTES[key]!, w).map((r) => r.path));
    const checked: string[] = [];
    for (const path of [...gets, ...extraPaths]) {
      for (const cookie of [w.b.cookie, w.a.cookie, w.admin.cookie]) {
        // call() throws when an answer carries a secret; the explicit check keeps this test honest.
        const res = await call(path, { cookie });
        expect(leakedSecrets(res.text), path).toEqual([]);
        checked.push(`${res.status} ${path}`);
      }
    }
    // The owner's reads succeed, so the scan saw real content.
    expect(checked.filter((c) => c.startsWith("200 ")).length).toBeGreaterThan(gets.length);
  });
});
