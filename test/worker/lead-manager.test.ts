import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { BEARER_MAX_FAILURES } from "@shared/constants";
import { SETTINGS_TEXTS as TX } from "@shared/texts/settings";
import { LEAD_TEXTS } from "@shared/texts/leads";
import { LIST_TEXTS } from "@shared/texts/lists";
import { LEAD_API_RATE_PER_MINUTE } from "@shared/schemas/settings";
import { T } from "@shared/strings";
import { apiTokens, leads } from "@worker/db/schema";
import { sha256Hex } from "@worker/lib/crypto";
import { call, db, ORIGIN, signedInUser } from "./helpers";

async function sandboxUser() {
  const { user, cookie } = await signedInUser();
  const res = await call("/api/twilio-accounts", { cookie, body: { name: "Sandbox", sandbox: true, phoneNumber: "+15005550006", gptModel: "gpt-4o-mini" } });
  return { user, cookie, account: res.json as { id: string } };
}

const rawToken = () => `abp_${crypto.randomUUID().replaceAll("-", "")}`;

async function withToken() {
  const owner = await sandboxUser();
  const raw = rawToken();
  const res = await call("/api/lead-manager/tokens", { cookie: owner.cookie, body: { name: "CRM", tokenRaw: raw } });
  expect(res.status, res.text).toBe(201);
  return { ...owner, raw, token: res.json as { id: string } };
}

// The Lead Manager API as an external system calls it: a bearer token, no cookie, no Origin.
function ingest(token: string | null, body: unknown, headers: Record<string, string> = {}) {
  return call("/api/lead-manager/leads", {
    method: "POST",
    origin: null,
    body,
    headers: { ...(token === null ? {} : { Authorization: `Bearer ${token}` }), ...headers },
  });
}

describe("Lead Manager API tokens", () => {
  it("stores only the SHA-256 of the token and never answers it back", async () => {
    const { cookie, account } = await sandboxUser();
    const raw = rawToken();
    const created = await call("/api/lead-manager/tokens", { cookie, body: { name: "Zapier", tokenRaw: raw } });
    expect(created.status).toBe(201);
    expect(created.json).toMatchObject({ name: "Zapier", isActive: true, permissions: ["leads:write"], lastUsedAt: null, tokenPrefix: `${raw.slice(0, 6)}…`, twilioAccountId: account.id, accountName: "Sandbox" });
    const hash = await sha256Hex(raw);
    const list = await call("/api/lead-manager/tokens", { cookie });
    for (const text of [created.text, list.text]) {
      expect(text).not.toContain(raw);
      expect(text).not.toContain(raw.slice(6));
      expect(text).not.toContain(hash);
    }
    expect(Object.keys(created.json).sort()).toEqual(["accountName", "createdAt", "id", "isActive", "lastUsedAt", "name", "permissions", "tokenPrefix", "twilioAccountId"]);
    const [row] = await db().select().from(apiTokens).where(eq(apiTokens.id, created.json.id));
    expect(row!.token).toBe(hash);
  });

  it("validates the form and refuses a token that is already in use", async () => {
    const { cookie } = await sandboxUser();
    for (const body of [{ name: "", tokenRaw: rawToken() }, { name: "CRM", tokenRaw: "" }, { name: "CRM" }, { tokenRaw: rawToken() }, {}]) {
      const res = await call("/api/lead-manager/tokens", { cookie, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.json.error).toBe(TX.tokenRequired);
    }
    const weak = [];
    // Shorter than 32 characters, or long but guessable (few distinct characters).
    for (const tokenRaw of ["corto", "x".repeat(31) , `${"ab".repeat(20)}`, "1234567890123456789012345678901234567890"]) {
      weak.push(await call("/api/lead-manager/tokens", { cookie, body: { name: "CRM", tokenRaw } }));
    }
    const raw = rawToken();
    expect((await call("/api/lead-manager/tokens", { cookie, body: { name: "Uno", tokenRaw: raw } })).status).toBe(201);
    // Another tenant tries the same value: the answer is the weak token's, so it learns nothing.
    const stranger = await sandboxUser();
    const dup = await call("/api/lead-manager/tokens", { cookie: stranger.cookie, body: { name: "Due", tokenRaw: raw } });
    for (const res of [...weak, dup]) {
      expect(res.status).toBe(400);
      expect(res.json).toEqual({ error: TX.tokenTooShort, details: [{ path: "tokenRaw", message: TX.tokenTooShort }] });
    }
    expect(TX.tokenInUse).toBe(TX.tokenTooShort);
    // Rotating one's own token to a value in use answers the same.
    const own = await call("/api/lead-manager/tokens", { cookie: stranger.cookie, body: { name: "Tre", tokenRaw: rawToken() } });
    const rotated = await call(`/api/lead-manager/tokens/${own.json.id}`, { method: "PUT", cookie: stranger.cookie, body: { name: "Tre", tokenRaw: raw } });
    expect(rotated.status).toBe(400);
    expect(rotated.json).toEqual(weak[0]!.json);
  });

  it("toggles isActive, rotates the token with a new name, and keeps other users out", async () => {
    const { cookie, raw, token } = await withToken();
    const off = await call(`/api/lead-manager/tokens/${token.id}`, { method: "PUT", cookie, body: { isActive: false } });
    expect(off.json).toMatchObject({ isActive: false, name: "CRM" });
    expect((await ingest(raw, { phone: "3331234567" })).status).toBe(401);
    const on = await call(`/api/lead-manager/tokens/${token.id}`, { method: "PUT", cookie, body: { isActive: true } });
    expect(on.json.isActive).toBe(true);
    expect((await ingest(raw, { phone: "3331234567" })).status).toBe(201);

    const next = rawToken();
    const rotated = await call(`/api/lead-manager/tokens/${token.id}`, { method: "PUT", cookie, body: { name: "CRM 2", tokenRaw: next } });
    expect(rotated.json).toMatchObject({ name: "CRM 2", tokenPrefix: `${next.slice(0, 6)}…` });
    expect((await ingest(raw, { phone: "3331234567" })).status).toBe(401);
    expect((await ingest(next, { phone: "3331234567" })).status).toBe(200);

    const onlyName = await call(`/api/lead-manager/tokens/${token.id}`, { method: "PUT", cookie, body: { name: "Solo nome" } });
    expect(onlyName.status).toBe(400);
    expect(onlyName.json.error).toBe(TX.tokenRequired);
    expect((await call(`/api/lead-manager/tokens/${token.id}`, { method: "PUT", cookie, body: {} })).json.error).toBe(TX.tokenUpdateShape);
    expect((await call(`/api/lead-manager/tokens/${token.id}`, { method: "PUT", cookie, body: { isActive: "sì" } })).status).toBe(400);

    const stranger = await sandboxUser();
    expect((await call(`/api/lead-manager/tokens/${token.id}`, { method: "PUT", cookie: stranger.cookie, body: { isActive: false } })).status).toBe(404);
    expect((await call("/api/lead-manager/tokens", { cookie: stranger.cookie })).json).toEqual([]);
  });
});

describe("POST /api/lead-manager/leads", () => {
  it("answers 401 without a token, with an unknown one and with a disabled one", async () => {
    const { cookie, raw, token } = await withToken();
    const body = { phone: "3331234567", name: "Mario Rossi" };
    const missing = await ingest(null, body);
    expect(missing.status).toBe(401);
    expect(missing.json.error).toBe(TX.bearerMissing);
    expect((await ingest(null, body, { Authorization: `Basic ${btoa("a:b")}` })).status).toBe(401);
    const unknown = await ingest(rawToken(), body);
    expect(unknown.status).toBe(401);
    expect(unknown.json.error).toBe(TX.bearerInvalid);
    // The stored hash is not a token.
    expect((await ingest(await sha256Hex(raw), body)).status).toBe(401);
    await call(`/api/lead-manager/tokens/${token.id}`, { method: "PUT", cookie, body: { isActive: false } });
    const disabled = await ingest(raw, body);
    expect(disabled.status).toBe(401);
    expect(disabled.json.error).toBe(TX.bearerInvalid);
    // A session cookie is no substitute for the token.
    expect((await call("/api/lead-manager/leads", { cookie, body })).status).toBe(401);
  });

  it("limits unknown tokens per IP, even in a concurrent burst, while known tokens pass", async () => {
    const { raw } = await withToken();
    const body = { phone: "3331234567", name: "Mario Rossi" };
    const ip = { "CF-Connecting-IP": "198.51.100.77" };
    // A known token gives its reservation back, so it never counts against its IP.
    for (let i = 0; i < 3; i++) expect((await ingest(raw, body, ip)).status).toBeLessThan(300);
    const burst = await Promise.all(Array.from({ length: 25 }, () => ingest(rawToken(), body, ip)));
    expect(burst.filter((r) => r.status === 401)).toHaveLength(BEARER_MAX_FAILURES);
    const refused = burst.filter((r) => r.status === 429);
    expect(refused).toHaveLength(25 - BEARER_MAX_FAILURES);
    expect(Number(refused[0]!.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(refused[0]!.json.error).toMatch(/^Troppi token non validi/);
    // Locked: the IP waits, whatever token it sends; another IP is unaffected.
    expect((await ingest(raw, body, ip)).status).toBe(429);
    expect((await ingest(raw, body, { "CF-Connecting-IP": "198.51.100.78" })).status).toBeLessThan(300);
  });

  it("creates the lead in the token owner's account, then updates it, and records the use", async () => {
    const { cookie, account, raw, token } = await withToken();
    const created = await ingest(raw, {
      phone: "+39 333 123 4567",
      name: "Mario Rossi",
      email: "mario@rossi.it",
      company: "Rossi Srl",
      notes: "Richiesta preventivo",
      customFields: { budget: 5000, fonte: "landing", privacy: true },
    });
    expect(created.status).toBe(201);
    expect(created.json).toMatchObject({
      created: true,
      listLeadId: null,
      autoResponse: { status: "not_configured" },
      lead: { twilioAccountId: account.id, phoneNumber: "+393331234567", name: "Mario Rossi", email: "mario@rossi.it", company: "Rossi Srl", status: "new", customFields: { budget: 5000, fonte: "landing", privacy: true } },
    });
    const updated = await ingest(raw, { phoneNumber: "3331234567", notes: "Richiamare lunedì", customFields: { budget: 8000 } });
    expect(updated.status).toBe(200);
    expect(updated.json.lead).toMatchObject({ id: created.json.lead.id, name: "Mario Rossi", notes: "Richiamare lunedì", customFields: { budget: 8000, fonte: "landing", privacy: true } });
    expect(await db().select().from(leads).where(eq(leads.twilioAccountId, account.id))).toHaveLength(1);

    const listed = await call("/api/lead-manager/tokens", { cookie });
    const used = listed.json.find((t: { id: string }) => t.id === token.id);
    expect(Date.now() - Date.parse(used.lastUsedAt)).toBeLessThan(60_000);
    expect((await call("/api/leads", { cookie })).json.leads[0].phoneNumber).toBe("+393331234567");
  });

  it("adds the lead to a list of the same account, and refuses another tenant's list and source", async () => {
    const { cookie, raw } = await withToken();
    const list = await call("/api/lists", { cookie, body: { name: "Dal CRM", listType: "static", source: "csv" } });
    const res = await ingest(raw, { phone: "3471234567", name: "Anna Maria Verdi", email: "anna@verdi.it", listId: list.json.id, externalId: "crm-42" });
    expect(res.status).toBe(201);
    expect(res.json.listLeadId).toBeTypeOf("string");
    const listLeads = await call(`/api/lists/${list.json.id}/leads`, { cookie });
    expect(listLeads.json.leads).toMatchObject([{ nome: "Anna", cognome: "Maria Verdi", numeroTelefono: "+393471234567", email: "anna@verdi.it", externalId: "crm-42" }]);
    // Sent again, the list lead is updated rather than duplicated.
    await ingest(raw, { phone: "3471234567", name: "Anna Verdi", listId: list.json.id, externalId: "crm-42" });
    expect((await call(`/api/lists/${list.json.id}/leads`, { cookie })).json).toMatchObject({ total: 1, leads: [{ cognome: "Verdi" }] });

    const other = await sandboxUser();
    const foreignList = await call("/api/lists", { cookie: other.cookie, body: { name: "Altrui", listType: "static", source: "csv" } });
    const foreignSource = await call("/api/lead-sources", { cookie: other.cookie, body: { name: "Altrui" } });
    const listRes = await ingest(raw, { phone: "3471234567", listId: foreignList.json.id });
    expect(listRes.status).toBe(404);
    expect(listRes.json.error).toBe(LIST_TEXTS.notFound);
    const sourceRes = await ingest(raw, { phone: "3471234567", leadSourceId: foreignSource.json.id });
    expect(sourceRes.status).toBe(404);
    expect(sourceRes.json.error).toBe(LEAD_TEXTS.sourceNotFound);
    expect((await call(`/api/lists/${foreignList.json.id}/leads`, { cookie: other.cookie })).json.total).toBe(0);
  });

  it("explains what is wrong with the body, and never answers 500", async () => {
    const { raw } = await withToken();
    const missing = await ingest(raw, { name: "Senza numero" });
    expect(missing.status).toBe(400);
    expect(missing.json.error).toBe(LEAD_TEXTS.phoneRequired);
    expect(missing.json.details).toEqual([{ path: "phone", message: LEAD_TEXTS.phoneRequired }]);
    expect((await ingest(raw, { phone: "non ho il telefono" })).json.error).toBe(LEAD_TEXTS.phoneInvalid);
    expect((await ingest(raw, { phone: "3331234567", email: "mario@" })).json.error).toBe(T.emailInvalid);
    for (const body of ["{\"phone\": ", "[]", "null", "42", JSON.stringify({ phone: 3331234567, name: [], customFields: "x" }), JSON.stringify({ phone: "3331234567", customFields: { a: { b: 1 } } })]) {
      const res = await call("/api/lead-manager/leads", { method: "POST", origin: null, rawBody: body, headers: { Authorization: `Bearer ${raw}`, "Content-Type": "application/json" } });
      expect(res.status, body).toBe(400);
      expect(res.json.error).toBeTypeOf("string");
    }
    const notJson = await call("/api/lead-manager/leads", { method: "POST", origin: null, rawBody: "phone=333", headers: { Authorization: `Bearer ${raw}`, "Content-Type": "application/x-www-form-urlencoded" } });
    expect(notJson.status).toBe(415);
    // Cross-site browsers are not the concern here: the token is the credential, whatever the Origin.
    expect((await ingest(raw, { phone: "3331234568" }, { Origin: "https://evil.example" })).status).toBe(201);
    expect((await call("/api/lead-manager/leads", { method: "POST", origin: ORIGIN, body: { phone: "3331234569" }, headers: { Authorization: `Bearer ${raw}` } })).status).toBe(201);
  });

  it(`limits each token to ${LEAD_API_RATE_PER_MINUTE} requests a minute`, async () => {
    const { raw } = await withToken();
    const other = await withToken();
    for (let i = 0; i < LEAD_API_RATE_PER_MINUTE; i++) {
      const res = await ingest(raw, {});
      expect(res.status).toBe(400);
    }
    const limited = await ingest(raw, { phone: "3331234567" });
    expect(limited.status).toBe(429);
    expect(limited.json.error).toMatch(/^Troppe richieste/);
    const retryAfter = Number(limited.headers.get("Retry-After"));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    // Another token has its own budget.
    expect((await ingest(other.raw, { phone: "3331234567" })).status).toBe(201);
  });
});

describe("Lead Manager API numbers", () => {
  it("reads a national number with the account's default country, and refuses one that is no number there", async () => {
    const { cookie } = await signedInUser();
    const account = await call("/api/twilio-accounts", { cookie, body: { name: "UK", sandbox: true, phoneNumber: "+15005550006", gptModel: "gpt-4o-mini", phoneCountry: "GB" } });
    expect(account.status, account.text).toBe(201);
    const raw = rawToken();
    expect((await call("/api/lead-manager/tokens", { cookie, body: { name: "CRM", tokenRaw: raw } })).status).toBe(201);
    const uk = await ingest(raw, { phone: "020 7946 0958", name: "John" });
    expect(uk.status, uk.text).toBe(201);
    expect(uk.json.lead.phoneNumber).toBe("+442079460958");
    // An international number keeps its own country.
    const italian = await ingest(raw, { phone: "+39 328 123 4567", name: "Mario" });
    expect(italian.json.lead.phoneNumber).toBe("+393281234567");
    const bad = await ingest(raw, { phone: "000 000", name: "Nessuno" });
    expect(bad.status).toBe(400);
    expect(bad.json.error).toBe(LEAD_TEXTS.phoneInvalid);
  });
});
