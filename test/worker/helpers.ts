import { createExecutionContext, createScheduledController, waitOnExecutionContext } from "cloudflare:test";
import { env, exports } from "cloudflare:workers";
import { afterAll, beforeAll, expect, vi } from "vitest";
import { app } from "@worker/app";
import { createDb } from "@worker/db/client";
import { eq } from "drizzle-orm";
import { accountUsers, prompts, twilioAccounts, users } from "@worker/db/schema";
import worker from "@worker/index";
import { hashPassword } from "@worker/lib/crypto";
import { fakeOutside, type FakeOutside } from "../fakes/outside";
import { leakedSecrets, rememberSecrets } from "./secret-scan";

export const ORIGIN = "https://agentbot.test";
export const PASSWORD = "password-di-prova-123";
export const db = () => createDb(env.DB);
// Waits for what a queue, a timer or another object brings about: with two test files running at once,
// well past Vitest's 1 s default.
export const waitFor = <T>(fn: () => T | Promise<T>, timeout = 12_000) => vi.waitFor(fn, { timeout, interval: 150 });
// Bindings under which the Worker counts a request's D1 statements and round trips, for a request that
// asks (X-Count-SQL: 1): X-SQL-Statements, X-SQL-Round-Trips (worker/app.ts).
export const SQL_COUNTING = { BENCH_SQL_COUNT: "1" } as Partial<Env>;

// A Db over the test D1 that notes how many rows each statement of its batches answered, in order.
export function recordingDb() {
  const answered: number[] = [];
  const d1 = new Proxy(env.DB, {
    get(target, key) {
      if (key === "batch")
        return async (statements: D1PreparedStatement[]) => {
          const results = await target.batch(statements);
          answered.push(...results.map((r) => r.results.length));
          return results;
        };
      const value = Reflect.get(target, key) as unknown;
      return typeof value === "function" ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
  return { db: createDb(d1), answered };
}

export interface CallOptions {
  method?: string;
  body?: unknown;
  rawBody?: BodyInit;
  cookie?: string;
  origin?: string | null;
  headers?: Record<string, string>;
  // Calls app.fetch with these bindings replaced (e.g. an OpenAI key), still the real app and D1.
  env?: Partial<Env>;
}

// The app's own answer to `request`, in this test's context (not through workerd's HTTP layer).
export const appFetch = (request: Request, bindings: Env = env) =>
  app.fetch(request, bindings, { waitUntil: () => {}, passThroughOnException: () => {}, props: {} } as unknown as ExecutionContext);

export async function call(path: string, opts: CallOptions = {}) {
  const headers = new Headers(opts.headers);
  const method = opts.method ?? (opts.body !== undefined || opts.rawBody !== undefined ? "POST" : "GET");
  if (opts.cookie) headers.set("Cookie", opts.cookie);
  if (method !== "GET" && opts.origin !== null) headers.set("Origin", opts.origin ?? ORIGIN);
  let body: BodyInit | undefined = opts.rawBody;
  if (opts.body !== undefined) {
    body = JSON.stringify(opts.body);
    if (!headers.has("Content-Type")) headers.set("Content-Type", "application/json");
  }
  await rememberSecrets(opts.body, headers);
  const request = new Request(`${ORIGIN}${path}`, { method, headers, body, redirect: "manual" });
  const response = opts.env ? await appFetch(request, { ...env, ...opts.env }) : await exports.default.fetch(request);
  const text = await response.text();
  const leaks = leakedSecrets(text, opts.env);
  if (leaks.length > 0) throw new Error(`${method} ${path} answered with secrets: ${leaks.join(", ")}`);
  let json: any = undefined;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = undefined;
  }
  return { status: response.status, headers: response.headers, text, json };
}

let counter = 0;
export function uniqueEmail(prefix = "user") {
  counter += 1;
  return `${prefix}-${Date.now()}-${counter}-${Math.random().toString(36).slice(2, 8)}@example.com`;
}

export async function createUser(opts: { role?: "super_admin" | "client"; email?: string; password?: string } = {}) {
  const email = opts.email ?? uniqueEmail(opts.role ?? "client");
  const [row] = await db()
    .insert(users)
    .values({
      email,
      password: await hashPassword(opts.password ?? PASSWORD, env.PASSWORD_PEPPER),
      firstName: "Mario",
      lastName: "Rossi",
      role: opts.role ?? "client",
    })
    .returning();
  return row!;
}

export async function login(email: string, password = PASSWORD, ip = "10.0.0.1") {
  const res = await call("/api/auth/login", { body: { email, password }, headers: { "CF-Connecting-IP": ip } });
  if (res.status !== 200) throw new Error(`login failed: ${res.status} ${res.text}`);
  const setCookie = res.headers.get("Set-Cookie") ?? "";
  return setCookie.split(";")[0]!;
}

export async function signedInUser(role: "super_admin" | "client" = "client") {
  const user = await createUser({ role });
  return { user, cookie: await login(user.email) };
}

export const VALID_SID = "AC0123456789abcdef0123456789abcdef";

export function accountBody(overrides: Record<string, unknown> = {}) {
  return {
    name: "Account Principale",
    accountSid: VALID_SID,
    authToken: "supersecrettoken1234567890abcd",
    phoneNumber: "+393331112222",
    gptModel: "gpt-4o",
    ...overrides,
  };
}

export async function createAccount(cookie: string, overrides: Record<string, unknown> = {}) {
  const res = await call("/api/twilio-accounts", { cookie, body: accountBody(overrides) });
  if (res.status !== 201) throw new Error(`account create failed: ${res.status} ${res.text}`);
  return res.json as { id: string; name: string; isDefault: boolean; isActive: boolean };
}

// A signed-in client who created (and so owns) a fresh provider account.
export async function accountOwner() {
  const { user, cookie } = await signedInUser();
  const account = await createAccount(cookie);
  return { user, cookie, account };
}

// Gives an account its prompt for customers who write first: without one the AI never answers the
// conversations they open.
export async function setFirstContactPrompt(cookie: string, accountId: string, content = "Sei l'assistente vendite. Rispondi in italiano, breve.") {
  const account = await db().query.twilioAccounts.findFirst({ where: eq(twilioAccounts.id, accountId) });
  const [prompt] = await db().insert(prompts).values({ userId: account!.userId, twilioAccountId: accountId, name: "Clienti che scrivono per primi", content }).returning();
  const res = await call(`/api/twilio-accounts/${accountId}`, { method: "PATCH", cookie, body: { defaultPromptId: prompt!.id } });
  if (res.status !== 200) throw new Error(`default prompt not set: ${res.status} ${res.text}`);
  return prompt!;
}

export async function addMember(userId: string, accountId: string, isOwner = false) {
  await db().insert(accountUsers).values({ userId, twilioAccountId: accountId, isOwner });
}

// Opens a console's live socket on a conversation, as the web app does, and collects the frames it receives.
export async function openLiveSocket(conversationId: string, cookie: string) {
  const res = await worker.fetch(new Request(`${ORIGIN}/api/conversations/${conversationId}/live`, { headers: { Upgrade: "websocket", Cookie: cookie } }), env, createExecutionContext());
  expect(res.status).toBe(101);
  const ws = res.webSocket!;
  ws.accept();
  const frames: any[] = [];
  const closes: { code: number; reason: string }[] = [];
  ws.addEventListener("message", (e) => frames.push(JSON.parse(e.data as string)));
  ws.addEventListener("close", (e) => {
    closes.push({ code: e.code, reason: e.reason });
  });
  return { ws, frames, closes };
}

// A signed-in client with a fresh sandbox account (which sends nothing to Twilio and comes with its
// approved sample templates and prompt).
export async function sandboxOwner() {
  const { user, cookie } = await signedInUser();
  const res = await call("/api/twilio-accounts", { cookie, body: { name: "Sandbox", sandbox: true, phoneNumber: "+15005550006", gptModel: "gpt-4o-mini" } });
  if (res.status !== 201) throw new Error(`sandbox create failed: ${res.status} ${res.text}`);
  return { user, cookie, account: res.json as { id: string } };
}

// Fires the Worker's cron at `at`, as Cloudflare does every minute, and waits for what it started.
export async function cronTick(at = new Date()) {
  const ctx = createExecutionContext();
  await worker.scheduled(createScheduledController({ scheduledTime: at, cron: "* * * * *" }), env, ctx);
  await waitOnExecutionContext(ctx);
}

// Serves one fake outside host (e.g. openai.fake) for the whole test file: every other outside host
// answers 404. Gives back the fake, for the requests it was sent.
export function withFakeHost(hostname: string, handler: (request: Request) => Response | Promise<Response>): () => FakeOutside {
  let world: FakeOutside;
  beforeAll(() => {
    world = fakeOutside((request) => {
      if (new URL(request.url).hostname === hostname) return handler(request);
      return new Response("unknown fake host", { status: 404 });
    });
  });
  afterAll(() => world.restore());
  return () => world;
}

// The fake Airtable (airtable.fake) for the whole test file.
export const withFakeAirtable = (handler: (request: Request) => Response | Promise<Response>) => withFakeHost("airtable.fake", handler);
