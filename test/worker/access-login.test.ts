import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { exportJWK, generateKeyPair, SignJWT } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "@worker/db/schema";
import { fakeOutside, type FakeOutside } from "../fakes/outside";
import { call, createUser, db, uniqueEmail } from "./helpers";

// A fake Cloudflare Access team: its published key set, answered as Access does at /cdn-cgi/access/certs.
const TEAM = "https://agentbot.access.fake";
const AUD = "a1b2c3d4e5f6a1b2c3d4e5f6a1b2c3d4e5f6a1b2c3d4e5f6a1b2c3d4e5f6a1b2";
const ACCESS = { ACCESS_AUDIENCE: AUD, ACCESS_ISSUER: TEAM, ACCESS_CERTS_BASE: TEAM } as unknown as Partial<Env>;

let world: FakeOutside;
let teamKey: CryptoKey;
let strangerKey: CryptoKey;
let certsRequests = 0;

beforeAll(async () => {
  const team = await generateKeyPair("RS256", { extractable: true });
  const stranger = await generateKeyPair("RS256");
  teamKey = team.privateKey as CryptoKey;
  strangerKey = stranger.privateKey as CryptoKey;
  const jwk = { ...(await exportJWK(team.publicKey)), kid: "team-key-1", alg: "RS256", use: "sig" };
  world = fakeOutside((request) => {
    const url = new URL(request.url);
    if (url.origin === TEAM && url.pathname === "/cdn-cgi/access/certs") {
      certsRequests += 1;
      return Response.json({ keys: [jwk], public_cert: { kid: "team-key-1", cert: "" }, public_certs: [] });
    }
    return new Response("unknown fake host", { status: 404 });
  });
});
afterAll(() => world.restore());

function assertion(claims: Record<string, unknown>, opts: { key?: CryptoKey; aud?: string; iss?: string; exp?: string | number } = {}) {
  return new SignJWT(claims)
    .setProtectedHeader({ alg: "RS256", kid: "team-key-1" })
    .setIssuer(opts.iss ?? TEAM)
    .setAudience(opts.aud ?? AUD)
    .setIssuedAt()
    .setExpirationTime(opts.exp ?? "5m")
    .sign(opts.key ?? teamKey);
}

const me = (jwt: string, bindings: Partial<Env> = ACCESS) => call("/api/auth/me", { headers: { "Cf-Access-Jwt-Assertion": jwt }, env: { ...env, ...bindings } });

describe("sign-in through Cloudflare Access", () => {
  it("signs in an existing active user with a valid assertion and gives them a session of ours", async () => {
    const user = await createUser();
    const res = await me(await assertion({ email: user.email.toUpperCase() }));
    expect(res.status, res.text).toBe(200);
    expect(res.json.email).toBe(user.email);
    const cookie = (res.headers.get("Set-Cookie") ?? "").split(";")[0]!;
    expect(cookie).toMatch(/^agentbot_session=/);
    // The session works on its own afterwards, without the assertion.
    expect((await call("/api/auth/me", { cookie, env: { ...env, ...ACCESS } })).json.id).toBe(user.id);
  });

  it("refuses a wrong signature, issuer or audience, an expired token, and one without an e-mail", async () => {
    const user = await createUser();
    const email = user.email;
    for (const [label, jwt] of [
      ["another key", await assertion({ email }, { key: strangerKey })],
      ["another issuer", await assertion({ email }, { iss: "https://other.access.fake" })],
      ["another audience", await assertion({ email }, { aud: "not-our-app" })],
      ["expired", await assertion({ email }, { exp: Math.floor(Date.now() / 1000) - 120 })],
      ["no e-mail", await assertion({ sub: "someone" })],
      ["not a JWT", "abc.def.ghi"],
    ] as const) {
      const res = await me(jwt);
      expect(res.status, label).toBe(401);
      expect(res.headers.get("Set-Cookie"), label).toBeNull();
    }
  });

  it("never creates a user, and refuses a disabled one", async () => {
    const email = uniqueEmail("sconosciuto");
    expect((await me(await assertion({ email }))).status).toBe(401);
    expect(await db().query.users.findFirst({ where: eq(users.email, email) })).toBeUndefined();
    const user = await createUser();
    await db().update(users).set({ isActive: false }).where(eq(users.id, user.id));
    expect((await me(await assertion({ email: user.email }))).status).toBe(401);
  });

  it("is off by default: without configuration the header is ignored", async () => {
    const user = await createUser();
    const before = certsRequests;
    expect((await me(await assertion({ email: user.email }), {})).status).toBe(401);
    expect(certsRequests).toBe(before);
  });

  it("caches the team's keys instead of fetching them for every request", async () => {
    const user = await createUser();
    await me(await assertion({ email: user.email }));
    const before = certsRequests;
    for (let i = 0; i < 3; i++) expect((await me(await assertion({ email: user.email }))).status).toBe(200);
    expect(certsRequests).toBe(before);
  });

  it("the configuration check names a missing issuer once Access is switched on", async () => {
    const res = await call("/api/auth/me", { env: { ...env, ACCESS_AUDIENCE: AUD } as Env });
    expect(res.status).toBe(503);
    expect(res.json.details).toEqual(["ACCESS_ISSUER mancante (serve con ACCESS_AUDIENCE)"]);
  });
});
