import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { T } from "@shared/strings";
import { JSON_BODY_MAX_BYTES, JSON_MAX_DEPTH } from "@worker/lib/json-body";
import { call, type CallOptions, signedInUser } from "./helpers";
import { createWorld, type Entry, registeredRoutes, requestsOf, ROUTES, type World } from "./security-routes";

// Every JSON route (every route of the table that takes a JSON body, so new routes are fuzzed as
// soon as they have an entry) gets broken bodies: the answer is a 4xx with the error shape, never
// a 5xx, and the database is left as it was. Path parameters get broken ids the same way.

// Evaluates a request builder without a world, to see which routes take a JSON body.
const anyWorld: World = new Proxy({}, { get: (_t, p) => (p === Symbol.toPrimitive ? () => "x" : anyWorld) }) as World;
const covered = registeredRoutes().filter((key) => ROUTES[key]);
const jsonRoutes = covered.filter((key) => /^(POST|PUT|PATCH) /.test(key) && requestsOf(ROUTES[key]!, anyWorld)[0]!.body !== undefined);
const paramRoutes = covered.filter((key) => /\/[:*]/.test(key));

// The caller for whom the request is legitimate: B's owner for B's ids, the admin for admin routes.
function caller(key: string, entry: Entry, w: World): CallOptions {
  if (entry.access.kind === "admin") return { cookie: w.admin.cookie };
  if (key === "POST /api/lead-manager/leads") return { headers: { Authorization: `Bearer ${w.b.tokenRaw}` } };
  if (entry.access.kind === "public") return {};
  return { cookie: w.b.cookie };
}

// Sign-in failures and the token's request counter are bookkeeping a refused request may write.
const COUNT_ONLY = new Set(["sessions", "login_attempts", "api_tokens"]);

async function snapshot(): Promise<Record<string, string>> {
  const tables = await env.DB.prepare(
    "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%' AND name <> 'd1_migrations'",
  ).all<{ name: string }>();
  const out: Record<string, string> = {};
  for (const { name } of tables.results) {
    const sql = COUNT_ONLY.has(name) ? `SELECT count(*) AS n FROM "${name}"` : `SELECT * FROM "${name}"`;
    out[name] = JSON.stringify((await env.DB.prepare(sql).all()).results);
  }
  return out;
}

const changedTables = (before: Record<string, string>, after: Record<string, string>) =>
  Object.keys({ ...before, ...after }).filter((t) => before[t] !== after[t]);

// The world's own background work (an import, an AI reply) must be over before anything is compared.
async function settled() {
  let previous = await snapshot();
  for (let i = 0; i < 30; i++) {
    await new Promise((r) => setTimeout(r, 500));
    const next = await snapshot();
    if (changedTables(previous, next).length === 0) return;
    previous = next;
  }
  throw new Error("the database never settled");
}

interface Case {
  name: string;
  body: string | Uint8Array;
  contentType?: string;
}

const deep = (levels: number) => "[".repeat(levels) + "]".repeat(levels);
const deepObject = (levels: number) => '{"a":'.repeat(levels) + "1" + "}".repeat(levels);

type Path = (string | number)[];

// The paths of the valid body's leaves (objects are walked, arrays and primitives are leaves).
function leaves(value: unknown, path: Path = []): Path[] {
  if (value === null || typeof value !== "object" || Array.isArray(value)) return path.length ? [path] : [];
  return Object.entries(value).flatMap(([k, v]) => leaves(v, [...path, k]));
}

function withValue(body: unknown, path: Path, value: unknown): unknown {
  const copy = structuredClone(body) as Record<string | number, unknown>;
  let node = copy;
  for (const key of path.slice(0, -1)) node = node[key] as Record<string | number, unknown>;
  node[path.at(-1)!] = value;
  return copy;
}

const valueAt = (body: unknown, path: Path) => path.reduce<any>((node, key) => node?.[key], body);

// Values of another type than the valid one, so no schema can accept them.
function wrongTypes(valid: unknown): unknown[] {
  if (typeof valid === "string") return [[], 42, {}, true];
  if (typeof valid === "number") return ["42", [], {}, true];
  if (typeof valid === "boolean") return ["true", 1, [], {}];
  if (Array.isArray(valid)) return [{}, "x", 42, true];
  return [];
}

// Bodies no route may accept.
function invalidCases(valid: unknown): Case[] {
  const cases: Case[] = [
    ...["{", '{"a":', '{"a":1,}', "{'a':1}", "nul", "[1,2", '"aperta', '{"a":1}{"b":2}', "NaN", '{"a":undefined}', "\u0000", ""].map((body) => ({
      name: `malformed ${JSON.stringify(body)}`,
      body,
    })),
    ...["[]", "1", '"testo"', "null", "true", "[{}]"].map((body) => ({ name: `body ${body}`, body })),
    { name: "whole body 10,000 arrays deep", body: deep(10_000) },
    { name: "whole body 10,000 objects deep", body: deepObject(10_000) },
    { name: "an extra field 10,000 deep", body: JSON.stringify({ ...(valid as object), extra: "@@" }).replace('"@@"', deep(10_000)) },
    { name: "an extra field of 2 MB", body: JSON.stringify({ ...(valid as object), extra: "a".repeat(2 * 1024 * 1024) }) },
    { name: "text/plain body", body: JSON.stringify(valid), contentType: "text/plain" },
  ];
  for (const path of leaves(valid)) {
    const at = path.join(".");
    const current = valueAt(valid, path);
    for (const wrong of wrongTypes(current)) cases.push({ name: `${at} = ${JSON.stringify(wrong)}`, body: JSON.stringify(withValue(valid, path, wrong)) });
    cases.push({ name: `${at} 10,000 deep`, body: JSON.stringify(withValue(valid, path, "@@")).replace('"@@"', deep(10_000)) });
    if (typeof current === "string") {
      cases.push({ name: `${at} of 300,000 characters`, body: JSON.stringify(withValue(valid, path, "a".repeat(300_000))) });
      cases.push({ name: `${at} of 1 MB`, body: JSON.stringify(withValue(valid, path, "é".repeat(600_000))) });
    }
  }
  return cases;
}

// Strange but well-formed text: a route may store it or refuse it, but never fail.
const STRANGE = ["\uD800", "a\uDFFFb", "a\u0000b", "\u202Eexe.txt", "😀".repeat(50), "e\u0301\u0301\u0301", "\uFFFF\uFFFE", "ﷺ".repeat(100), "'; DROP TABLE users; --"];

function strangeCases(valid: unknown): Case[] {
  const cases: Case[] = [];
  // Many fields are nullable, so null is only strange.
  for (const path of leaves(valid)) cases.push({ name: `${path.join(".")} = null`, body: JSON.stringify(withValue(valid, path, null)) });
  for (const path of leaves(valid).filter((p) => typeof valueAt(valid, p) === "string")) {
    for (const text of STRANGE) cases.push({ name: `${path.join(".")} = ${JSON.stringify(text)}`, body: JSON.stringify(withValue(valid, path, text)) });
    // Overlong and truncated UTF-8 sequences in the raw bytes.
    const [before, after] = JSON.stringify(withValue(valid, path, "@@")).split("@@") as [string, string];
    const enc = new TextEncoder();
    cases.push({ name: `${path.join(".")} with invalid UTF-8`, body: new Uint8Array([...enc.encode(before), 0xc0, 0xaf, 0xe0, 0x80, 0xaf, 0xed, 0xa0, 0x80, 0xf0, 0x9f, ...enc.encode(after)]) });
  }
  cases.push({ name: "__proto__ and constructor keys", body: JSON.stringify(valid).replace(/^\{/, '{"__proto__":{"role":"super_admin"},"constructor":{"prototype":{"x":1}},') });
  return cases;
}

async function send(key: string, w: World, c: Case) {
  const entry = ROUTES[key]!;
  const req = requestsOf(entry, w)[0]!;
  const as = caller(key, entry, w);
  return call(req.path, {
    ...as,
    method: req.method ?? "POST",
    rawBody: c.body,
    headers: { ...as.headers, "Content-Type": c.contentType ?? "application/json" },
  });
}

function problem(c: Case, res: { status: number; json: any; text: string }, allowSuccess: boolean) {
  const ok = allowSuccess ? res.status < 500 : res.status >= 400 && res.status < 500;
  const shaped = res.status < 400 || (typeof res.json?.error === "string" && Object.keys(res.json).every((k) => k === "error" || k === "details"));
  return ok && shaped ? null : `${c.name}: ${res.status} ${res.text.slice(0, 200)}`;
}

describe("JSON bodies", () => {
  let w: World;
  beforeAll(async () => {
    w = await createWorld();
    await settled();
  }, 120_000);

  it.each(jsonRoutes)("%s refuses broken bodies and writes nothing", async (key) => {
    const valid = requestsOf(ROUTES[key]!, w)[0]!.body;
    const before = await snapshot();
    const problems: string[] = [];
    for (const c of invalidCases(valid)) {
      const p = problem(c, await send(key, w, c), false);
      if (p) problems.push(p);
    }
    expect(problems).toEqual([]);
    expect(changedTables(before, await snapshot())).toEqual([]);
  });

  // After the strict cases, since an accepted strange value may start background work.
  it.each(jsonRoutes)("%s takes strange text without failing", async (key) => {
    const valid = requestsOf(ROUTES[key]!, w)[0]!.body;
    const problems: string[] = [];
    for (const c of strangeCases(valid)) {
      const p = problem(c, await send(key, w, c), true);
      if (p) problems.push(p);
    }
    expect(problems).toEqual([]);
    expect(Object.prototype).not.toHaveProperty("role");
  });
});

const BROKEN_IDS = ["%ZZ", "%00", "%C0%AF", "%ED%A0%80", "..%2F..%2Fadmin", "a".repeat(3000), "%F0%9F%98%80", "'%20OR%201=1--", "null", "-1"];

// One path per parameter of the pattern, with that parameter replaced.
function brokenPaths(pattern: string, path: string, broken: string): string[] {
  const [pathname, query] = path.split("?") as [string, string | undefined];
  const parts = pathname.split("/");
  const suffix = query ? `?${query}` : "";
  return pattern
    .split("/")
    .flatMap((part, i) => {
      if (part === "*") return [[...parts.slice(0, i), broken].join("/")];
      if (part.startsWith(":")) return [parts.map((p, j) => (j === i ? broken : p)).join("/")];
      return [];
    })
    .map((p) => p + suffix);
}

describe("path parameters", () => {
  let w: World;
  beforeAll(async () => {
    w = await createWorld();
  }, 120_000);

  it.each(paramRoutes)("%s refuses broken ids", async (key) => {
    const entry = ROUTES[key]!;
    const pattern = key.split(" ")[1]!;
    const req = requestsOf(entry, w)[0]!;
    const as = caller(key, entry, w);
    const problems: string[] = [];
    for (const broken of BROKEN_IDS) {
      for (const path of brokenPaths(pattern, req.path, broken)) {
        const res = await call(path, { ...req, ...as, headers: { ...req.headers, ...as.headers } });
        const p = problem({ name: path.slice(0, 120), body: "" }, res, false);
        if (p) problems.push(p);
      }
    }
    expect(problems).toEqual([]);
  });
});

describe("JSON body limits", () => {
  let cookie: string;
  beforeAll(async () => {
    cookie = (await signedInUser()).cookie;
  });

  const json = (rawBody: BodyInit) => ({ cookie, method: "POST", rawBody, headers: { "Content-Type": "application/json" } });

  it("answers 413 with an Italian reason above 1 MB, with or without a declared length", async () => {
    const big = JSON.stringify({ name: "x", content: "a".repeat(JSON_BODY_MAX_BYTES) });
    const declared = await call("/api/prompts", json(big));
    expect(declared.status).toBe(413);
    expect(declared.json).toEqual({ error: T.bodyTooLarge });

    const bytes = new TextEncoder().encode(big);
    const stream = new ReadableStream({
      start(controller) {
        for (let i = 0; i < bytes.length; i += 64 * 1024) controller.enqueue(bytes.slice(i, i + 64 * 1024));
        controller.close();
      },
    });
    const chunked = await call("/api/prompts", json(stream));
    expect(chunked.status).toBe(413);
    expect(chunked.json).toEqual({ error: T.bodyTooLarge });
  });

  it("answers 400 for JSON nested deeper than the limit, and takes the limit itself", async () => {
    const nested = (levels: number) => JSON.stringify({ name: "x", extra: "@@" }).replace('"@@"', deep(levels - 1));
    const tooDeep = await call("/api/prompts", json(nested(JSON_MAX_DEPTH + 1)));
    expect(tooDeep.status).toBe(400);
    expect(tooDeep.json).toEqual({ error: T.jsonTooDeep });
    // At the limit the body reaches the validator, which wants a content.
    const atLimit = await call("/api/prompts", json(nested(JSON_MAX_DEPTH)));
    expect(atLimit.status).toBe(400);
    expect(atLimit.json.details.map((d: { path: string }) => d.path)).toEqual(["content"]);
  });

  it("answers 400 for malformed JSON", async () => {
    const res = await call("/api/prompts", json('{"name":'));
    expect(res.status).toBe(400);
    expect(res.json).toEqual({ error: T.invalidJson });
  });
});
