import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { ACCOUNT_TEXTS } from "@shared/texts/accounts";
import { UPLOAD_TEXTS } from "@shared/texts/uploads";
import { T } from "@shared/strings";
import { SANDBOX_MODEL } from "@shared/models";
import { conversations, prompts, twilioAccounts, users } from "@worker/db/schema";
import { createSandboxAccountFor } from "@worker/features/accounts/service";
import { decryptSecret } from "@worker/lib/crypto";
import { fakeOutside, type FakeOutside, openAiCompletion } from "../fakes/outside";
import { accountBody, addMember, call, createAccount, db, login, signedInUser } from "./helpers";
import { PNG } from "./security-routes";

const TOKEN = "supersecrettoken1234567890abcd";

describe("provider accounts", () => {
  it("creates the first account as default and active, with the token encrypted and masked", async () => {
    const { cookie } = await signedInUser();
    const res = await call("/api/twilio-accounts", { cookie, body: accountBody({ authToken: TOKEN }) });
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({ name: "Account Principale", isDefault: true, isActive: true, sandbox: false, isOwner: true });
    expect(res.text).not.toContain(TOKEN);
    expect(res.json.authToken).toBe("••••••••abcd");

    const row = await db().query.twilioAccounts.findFirst({ where: eq(twilioAccounts.id, res.json.id) });
    expect(row!.authToken).not.toContain(TOKEN);
    expect(await decryptSecret(row!.authToken, env.ENCRYPTION_KEY)).toBe(TOKEN);

    const list = await call("/api/twilio-accounts", { cookie });
    expect(list.status).toBe(200);
    expect(list.json).toHaveLength(1);
    expect(list.text).not.toContain(TOKEN);
    const active = await call("/api/twilio-accounts/active", { cookie });
    expect(active.json.id).toBe(res.json.id);
  });

  it("answers null as the active account when the user has none", async () => {
    const { cookie } = await signedInUser();
    const res = await call("/api/twilio-accounts/active", { cookie });
    expect(res.status).toBe(200);
    expect(res.json).toBeNull();
  });

  it("activates another account and answers with it", async () => {
    const { cookie } = await signedInUser();
    const first = await createAccount(cookie);
    const second = await createAccount(cookie, { name: "Secondo" });
    expect(second.isDefault).toBe(false);
    expect(second.isActive).toBe(false);
    const res = await call(`/api/twilio-accounts/${second.id}/activate`, { method: "PUT", cookie });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ id: second.id, isActive: true });
    const list = await call("/api/twilio-accounts", { cookie });
    const byId = Object.fromEntries(list.json.map((a: any) => [a.id, a.isActive]));
    expect(byId).toEqual({ [first.id]: false, [second.id]: true });
  });

  it("never deletes the default account, deletes another one", async () => {
    const { cookie } = await signedInUser();
    const first = await createAccount(cookie);
    const second = await createAccount(cookie, { name: "Secondo" });
    const refused = await call(`/api/twilio-accounts/${first.id}`, { method: "DELETE", cookie });
    expect(refused.status).toBe(409);
    expect(refused.json).toEqual({ error: ACCOUNT_TEXTS.defaultAccountUndeletable });
    expect((await call(`/api/twilio-accounts/${second.id}`, { method: "DELETE", cookie })).status).toBe(200);
    expect((await call("/api/twilio-accounts", { cookie })).json).toHaveLength(1);
  });

  it("moves the default flag when another account is made default", async () => {
    const { cookie } = await signedInUser();
    const first = await createAccount(cookie);
    const second = await createAccount(cookie, { name: "Secondo", isDefault: true });
    expect(second.isDefault).toBe(true);
    const list = await call("/api/twilio-accounts", { cookie });
    expect(list.json.find((a: any) => a.id === first.id).isDefault).toBe(false);
  });

  it("updates an account and keeps the stored token when the token is blank", async () => {
    const { cookie } = await signedInUser();
    const account = await createAccount(cookie, { authToken: TOKEN });
    const res = await call(`/api/twilio-accounts/${account.id}`, {
      method: "PUT",
      cookie,
      body: accountBody({ name: "Rinominato", authToken: "", gptModel: "gpt-4" }),
    });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ name: "Rinominato", gptModel: "gpt-4" });
    const row = await db().query.twilioAccounts.findFirst({ where: eq(twilioAccounts.id, account.id) });
    expect(await decryptSecret(row!.authToken, env.ENCRYPTION_KEY)).toBe(TOKEN);
  });

  it("creates a sandbox account without SID or token", async () => {
    const { cookie } = await signedInUser();
    const res = await call("/api/twilio-accounts", {
      cookie,
      body: { name: "Prova", sandbox: true, phoneNumber: "+15005550006", gptModel: "gpt-4o-mini" },
    });
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({ sandbox: true, isDefault: true });
    expect(res.json.accountSid).toMatch(/^SB[0-9a-f]{32}$/);
  });

  it("validates with the spec's Italian texts", async () => {
    const { cookie } = await signedInUser();
    const cases: [Record<string, unknown>, string][] = [
      [{ name: "" }, ACCOUNT_TEXTS.nameRequired],
      [{ accountSid: "" }, ACCOUNT_TEXTS.sidRequired],
      [{ accountSid: "XX123" }, ACCOUNT_TEXTS.sidInvalid],
      [{ authToken: "" }, ACCOUNT_TEXTS.tokenRequired],
      [{ phoneNumber: "" }, ACCOUNT_TEXTS.phoneRequired],
      [{ phoneNumber: "12345" }, T.phoneInvalid("+393331234567")],
      [{ phoneNumber: "+39 333 12" }, T.phoneInvalid("+393331234567")],
      [{ gptModel: "" }, ACCOUNT_TEXTS.modelRequired],
      [{ gptModel: "gpt zero" }, ACCOUNT_TEXTS.modelInvalid],
      [{ feedbackModel: "sentiment model" }, ACCOUNT_TEXTS.modelInvalid],
    ];
    for (const [override, message] of cases) {
      const res = await call("/api/twilio-accounts", { cookie, body: accountBody(override) });
      expect(res.status, JSON.stringify(override)).toBe(400);
      expect(res.json.details.map((d: any) => d.message)).toContain(message);
    }
    const missing = await call("/api/twilio-accounts", { cookie, body: {} });
    expect(missing.status).toBe(400);
    expect(missing.json.details.map((d: any) => d.message)).toEqual(expect.arrayContaining([ACCOUNT_TEXTS.nameRequired, ACCOUNT_TEXTS.phoneRequired]));
  });
});

describe("tenancy and roles on accounts", () => {
  it("hides another tenant's account behind 404 on every account route", async () => {
    const owner = await signedInUser();
    const other = await createAccount(owner.cookie, { name: "Di un altro" });
    const { cookie } = await signedInUser();
    const routes: [string, string, unknown?][] = [
      ["PUT", `/api/twilio-accounts/${other.id}`, accountBody()],
      ["DELETE", `/api/twilio-accounts/${other.id}`],
      ["PUT", `/api/twilio-accounts/${other.id}/activate`],
      ["PUT", `/api/twilio-accounts/${other.id}/photo`, { profilePhoto: "/api/objects/uploads/x/y" }],
      ["POST", "/api/test-gpt-model", { twilioAccountId: other.id, testMessage: "ciao" }],
      ["GET", `/api/objects/accounts/${other.id}/00000000-0000-0000-0000-000000000000`],
      [
        "POST",
        "/api/admin/users/create-for-account",
        { email: "nuovo@example.com", password: "Cliente-Nuovo-2026", firstName: "A", lastName: "B", twilioAccountId: other.id },
      ],
    ];
    for (const [method, path, body] of routes) {
      const res = await call(path, { method, cookie, body });
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(res.json.error).toBeTypeOf("string");
    }
    expect((await call("/api/twilio-accounts", { cookie })).json).toEqual([]);
  });

  it("lets a member use but not edit an account (403), and a super_admin see every account", async () => {
    const owner = await signedInUser();
    const account = await createAccount(owner.cookie);
    const member = await signedInUser();
    await addMember(member.user.id, account.id, false);
    expect((await call("/api/twilio-accounts", { cookie: member.cookie })).json).toHaveLength(1);
    expect((await call(`/api/twilio-accounts/${account.id}/activate`, { method: "PUT", cookie: member.cookie })).status).toBe(200);
    const edit = await call(`/api/twilio-accounts/${account.id}`, { method: "PUT", cookie: member.cookie, body: accountBody() });
    expect(edit.status).toBe(403);
    expect((await call(`/api/twilio-accounts/${account.id}`, { method: "DELETE", cookie: member.cookie })).status).toBe(403);

    const admin = await signedInUser("super_admin");
    const all = await call("/api/twilio-accounts", { cookie: admin.cookie });
    expect(all.json.map((a: any) => a.id)).toContain(account.id);
    const adminEdit = await call(`/api/twilio-accounts/${account.id}`, { method: "PUT", cookie: admin.cookie, body: accountBody({ name: "Da admin" }) });
    expect(adminEdit.status).toBe(200);
  });

  it("lets an owner add a client to their own account, and gives no e-mail oracle on a duplicate", async () => {
    const owner = await signedInUser();
    const account = await createAccount(owner.cookie);
    const body = { email: "Nuovo.Cliente@example.com", password: "Cliente-Nuovo-2026", firstName: "Anna", lastName: "Bianchi", profileImageUrl: "", isOwner: false, twilioAccountId: account.id };
    const created = await call("/api/admin/users/create-for-account", { cookie: owner.cookie, body });
    expect(created.status).toBe(201);
    expect(created.json).toMatchObject({ email: "nuovo.cliente@example.com", role: "client" });
    expect(created.text).not.toContain("Cliente-Nuovo-2026");
    // The e-mail exists now: the owner gets the same answer as a success, and the user is not changed.
    const again = await call("/api/admin/users/create-for-account", { cookie: owner.cookie, body: { ...body, password: "Un-Altra-Password-99", firstName: "Intrusa" } });
    expect(again.status).toBe(created.status);
    expect(Object.keys(again.json).sort()).toEqual(Object.keys(created.json).sort());
    expect(again.json).toMatchObject({ email: "nuovo.cliente@example.com", role: "client", firstName: "Intrusa" });
    const stored = await db().query.users.findFirst({ where: eq(users.email, "nuovo.cliente@example.com") });
    expect(stored).toMatchObject({ id: created.json.id, firstName: "Anna" });
    expect((await call("/api/auth/login", { body: { email: "nuovo.cliente@example.com", password: "Un-Altra-Password-99" } })).status).toBe(401);

    const newcomer = await login("nuovo.cliente@example.com", "Cliente-Nuovo-2026");
    expect((await call("/api/twilio-accounts", { cookie: newcomer })).json.map((a: any) => a.id)).toEqual([account.id]);

    const short = await call("/api/admin/users/create-for-account", { cookie: owner.cookie, body: { ...body, email: "x@example.com", password: "corta" } });
    expect(short.status).toBe(400);
    expect(short.json.error).toBe("Password must be at least 8 characters long");
  });

  it("refuses create-for-account to a member who is not the owner", async () => {
    const owner = await signedInUser();
    const account = await createAccount(owner.cookie);
    const member = await signedInUser();
    await addMember(member.user.id, account.id, false);
    const res = await call("/api/admin/users/create-for-account", {
      cookie: member.cookie,
      body: { email: "y@example.com", password: "Cliente-Nuovo-2026", firstName: "A", lastName: "B", twilioAccountId: account.id },
    });
    expect(res.status).toBe(403);
  });
});

describe("photos", () => {
  const png = PNG;

  it("uploads an account photo through an upload URL and serves it to members only", async () => {
    const { cookie } = await signedInUser();
    const account = await createAccount(cookie);
    const { json: upload } = await call("/api/objects/upload", { method: "POST", cookie });
    expect(upload.uploadURL).toMatch(/^\/api\/objects\/uploads\/[^/]+\/[0-9a-f-]{36}$/);
    const put = await call(upload.uploadURL, { method: "PUT", cookie, rawBody: png(), headers: { "Content-Type": "image/png" } });
    expect(put.status).toBe(200);
    const set = await call(`/api/twilio-accounts/${account.id}/photo`, { method: "PUT", cookie, body: { profilePhoto: upload.uploadURL } });
    expect(set.status).toBe(200);
    expect(set.json.profilePhoto).toMatch(new RegExp(`^/api/objects/accounts/${account.id}/`));
    const photo = await call(set.json.profilePhoto, { cookie });
    expect(photo.status).toBe(200);
    expect(photo.headers.get("Content-Type")).toBe("image/png");

    const stranger = await signedInUser();
    expect((await call(set.json.profilePhoto, { cookie: stranger.cookie })).status).toBe(404);
    expect((await call(set.json.profilePhoto)).status).toBe(401);
  });

  it("refuses non-images, files over 5 MB and someone else's upload URL", async () => {
    const { user, cookie } = await signedInUser();
    const account = await createAccount(cookie);
    const { json: upload } = await call("/api/objects/upload", { method: "POST", cookie });
    const text = await call(upload.uploadURL, { method: "PUT", cookie, rawBody: "ciao", headers: { "Content-Type": "text/plain" } });
    expect(text.status).toBe(415);
    expect(text.json.error).toContain(T.photoInvalidFormatTitle);
    const big = await call(upload.uploadURL, {
      method: "PUT",
      cookie,
      rawBody: new Uint8Array(5 * 1024 * 1024 + 1),
      headers: { "Content-Type": "image/png" },
    });
    expect(big.status).toBe(413);
    expect(big.json.error).toContain(T.photoTooLargeTitle);

    const other = await signedInUser();
    const foreignUrl = upload.uploadURL.replace(user.id, other.user.id);
    expect((await call(foreignUrl, { method: "PUT", cookie, rawBody: png(), headers: { "Content-Type": "image/png" } })).status).toBe(403);
    const claim = await call(`/api/twilio-accounts/${account.id}/photo`, { method: "PUT", cookie, body: { profilePhoto: foreignUrl } });
    expect(claim.status).toBe(400);
    expect(claim.json.error).toBe(UPLOAD_TEXTS.uploadNotFound);
  });

  it("sets the user's own profile photo from a multipart form with the same limits", async () => {
    const { cookie } = await signedInUser();
    const form = (file: File) => {
      const f = new FormData();
      f.set("profilePhoto", file);
      return f;
    };
    const ok = await call("/api/users/profile-photo", { method: "PUT", cookie, rawBody: form(new File([png()], "me.png", { type: "image/png" })) });
    expect(ok.status).toBe(200);
    const me = await call("/api/auth/me", { cookie });
    expect(me.json.profileImageUrl).toBe(ok.json.profileImageUrl);
    expect((await call(ok.json.profileImageUrl, { cookie })).status).toBe(200);

    const pdf = await call("/api/users/profile-photo", { method: "PUT", cookie, rawBody: form(new File(["%PDF"], "x.pdf", { type: "application/pdf" })) });
    expect(pdf.status).toBe(415);
    const big = await call("/api/users/profile-photo", {
      method: "PUT",
      cookie,
      rawBody: form(new File([new Uint8Array(5 * 1024 * 1024 + 10)], "big.png", { type: "image/png" })),
    });
    expect(big.status).toBe(413);
    expect(big.json.error).toContain(T.photoTooLargeTitle);
    const missing = await call("/api/users/profile-photo", { method: "PUT", cookie, rawBody: new FormData() });
    expect(missing.status).toBe(400);
  });

  it("shows a profile photo to its user, to the users of an account they share and to super admins, and to nobody else", async () => {
    const owner = await signedInUser();
    const account = await createAccount(owner.cookie);
    const photo = new FormData();
    photo.set("profilePhoto", new File([png()], "me.png", { type: "image/png" }));
    const url = (await call("/api/users/profile-photo", { method: "PUT", cookie: owner.cookie, rawBody: photo })).json.profileImageUrl as string;
    const colleague = await signedInUser();
    await addMember(colleague.user.id, account.id);
    const stranger = await signedInUser();
    const admin = await signedInUser("super_admin");
    expect((await call(url, { cookie: owner.cookie })).status).toBe(200);
    expect((await call(url, { cookie: colleague.cookie })).status).toBe(200);
    expect((await call(url, { cookie: admin.cookie })).status).toBe(200);
    expect((await call(url, { cookie: stranger.cookie })).status).toBe(404);
  });
});

describe("GPT model test", () => {
  let outside: FakeOutside | undefined;
  afterEach(() => outside?.restore());

  it("answers offline without a key and records a zero-cost usage row", async () => {
    const { cookie } = await signedInUser();
    const account = await createAccount(cookie);
    const res = await call("/api/test-gpt-model", { cookie, body: { twilioAccountId: account.id, testMessage: "Buongiorno" } });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ offline: true, model: "offline", totalCost: "0.00000000" });
    expect(res.json.response).toContain("offline");
    const stats = await call("/api/openai-usage/stats", { cookie });
    expect(stats.json).toEqual({ totalCost: "0.00000000", totalRequests: 1 });
  });

  it("calls the model with the account's model and records tokens and cost", async () => {
    const { cookie } = await signedInUser();
    const account = await createAccount(cookie, { gptModel: "gpt-4o" });
    outside = fakeOutside(() => openAiCompletion("Buongiorno! Come posso aiutarla?", 1000, 500));
    const res = await call("/api/test-gpt-model", {
      cookie,
      env: { OPENAI_API_KEY: "sk-test" },
      body: { twilioAccountId: account.id, testMessage: "Buongiorno" },
    });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ response: "Buongiorno! Come posso aiutarla?", offline: false, totalTokens: 1500 });
    // gpt-4o: $0.005 per 1K tokens → 1500 tokens = $0.0075
    expect(res.json.totalCost).toBe("0.00750000");
    const sent = outside.bodies[0] as any;
    expect(outside.requests[0]!.url).toBe("https://openai.fake/v1/chat/completions");
    expect(outside.requests[0]!.headers.get("Authorization")).toBe("Bearer sk-test");
    expect(sent).toMatchObject({ model: "gpt-4o", max_tokens: 200, temperature: 0.7 });
    const stats = await call("/api/openai-usage/stats", { cookie });
    expect(stats.json).toEqual({ totalCost: "0.00750000", totalRequests: 1 });
  });

  it("talks to the same sales assistant a new sandbox is seeded with, on the sandbox's model", async () => {
    const { user, cookie } = await signedInUser();
    await createSandboxAccountFor(env, db(), user.id);
    const sandbox = (await db().select().from(twilioAccounts).where(eq(twilioAccounts.userId, user.id))).find((a) => a.sandbox);
    const [seeded] = await db().select().from(prompts).where(eq(prompts.twilioAccountId, sandbox!.id));
    expect(sandbox!.gptModel).toBe(SANDBOX_MODEL);
    expect(seeded!.model).toBe(SANDBOX_MODEL);
    outside = fakeOutside(() => openAiCompletion("Buongiorno!", 10, 10, SANDBOX_MODEL));
    const res = await call("/api/test-gpt-model", { cookie, env: { OPENAI_API_KEY: "sk-test" }, body: { twilioAccountId: sandbox!.id, testMessage: "Buongiorno" } });
    expect(res.status).toBe(200);
    const sent = outside.bodies[0] as any;
    expect(sent.model).toBe(SANDBOX_MODEL);
    expect(sent.messages).toEqual([
      { role: "system", content: seeded!.content },
      { role: "user", content: "Buongiorno" },
    ]);
    expect(seeded!.content).toMatch(/^Sei l'assistente vendite di un'azienda italiana su WhatsApp\./);
  });

  it("calls the gpt-5 family with max_completion_tokens and no temperature", async () => {
    const { cookie } = await signedInUser();
    const account = await createAccount(cookie, { gptModel: "gpt-5" });
    outside = fakeOutside(() => openAiCompletion("Ciao", 10, 10, "gpt-5"));
    const res = await call("/api/test-gpt-model", { cookie, env: { OPENAI_API_KEY: "sk-test" }, body: { twilioAccountId: account.id, testMessage: "Ciao" } });
    expect(res.status).toBe(200);
    const sent = outside.bodies[0] as any;
    expect(sent.max_completion_tokens).toBe(200);
    expect(sent).not.toHaveProperty("max_tokens");
    expect(sent).not.toHaveProperty("temperature");
  });

  it("answers 502 with the reason when the provider fails, and records nothing", async () => {
    const { cookie } = await signedInUser();
    const account = await createAccount(cookie);
    for (const failure of [
      () => new Response(JSON.stringify({ error: { message: "boom" } }), { status: 500 }),
      () => new Response(JSON.stringify({ error: { message: "slow down" } }), { status: 429 }),
      () => new Response("not json at all", { status: 200, headers: { "Content-Type": "application/json" } }),
    ]) {
      outside?.restore();
      outside = fakeOutside(failure);
      const res = await call("/api/test-gpt-model", { cookie, env: { OPENAI_API_KEY: "sk-test" }, body: { twilioAccountId: account.id, testMessage: "Ciao" } });
      expect(res.status).toBe(502);
      expect(res.json.error).toBe(ACCOUNT_TEXTS.gptTestError);
      expect(res.json.details.reason).toBeTypeOf("string");
    }
    expect((await call("/api/openai-usage/stats", { cookie })).json.totalRequests).toBe(0);
  });
});

describe("sidebar badges", () => {
  it("counts unread conversations of the active account", async () => {
    const { user, cookie } = await signedInUser();
    const account = await createAccount(cookie);
    expect((await call("/api/conversations/unread-count", { cookie })).json).toEqual({ count: 0 });
    const now = Date.now();
    await db().insert(conversations).values([
      { userId: user.id, twilioAccountId: account.id, phoneNumber: "+393330000001", lastMessageAt: new Date(now), lastReadAt: null },
      { userId: user.id, twilioAccountId: account.id, phoneNumber: "+393330000002", lastMessageAt: new Date(now - 10_000), lastReadAt: new Date(now) },
      { userId: user.id, twilioAccountId: account.id, phoneNumber: "+393330000003", lastMessageAt: new Date(now), lastReadAt: new Date(now - 10_000) },
    ]);
    expect((await call("/api/conversations/unread-count", { cookie })).json).toEqual({ count: 2 });
    const stranger = await signedInUser();
    expect((await call("/api/conversations/unread-count", { cookie: stranger.cookie })).json).toEqual({ count: 0 });
  });
});

describe("roles", () => {
  it("answers 403 to a client on an admin-only route and lists users to a super_admin", async () => {
    const client = await signedInUser();
    const refused = await call("/api/admin/users", { cookie: client.cookie });
    expect(refused.status).toBe(403);
    expect(refused.json).toEqual({ error: T.forbidden });
    expect((await call("/api/admin/users")).status).toBe(401);

    const account = await createAccount(client.cookie);
    const admin = await signedInUser("super_admin");
    const res = await call("/api/admin/users", { cookie: admin.cookie });
    expect(res.status).toBe(200);
    const listed = res.json.find((u: any) => u.id === client.user.id);
    expect(listed).toMatchObject({ email: client.user.email, role: "client", accounts: [{ twilioAccountId: account.id, accountName: "Account Principale", isOwner: true }] });
    expect(res.text).not.toContain("pbkdf2");
  });
});
