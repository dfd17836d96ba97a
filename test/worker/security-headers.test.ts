import { beforeAll, describe, expect, it } from "vitest";
import { HSTS, SECURITY_HEADERS, WORKER_CSP } from "@worker/lib/security-headers";
import staticHeaders from "@web/public/_headers?raw";
import indexHtml from "@web/index.html?raw";
import { appFetch, call } from "./helpers";
import { createWorld, registeredRoutes, requestsOf, ROUTES, type World } from "./security-routes";

// The Worker's answers carry the security headers (security-headers.ts); the static files carry
// them from web/public/_headers, which the assets binding applies before the Worker runs.

function expectWorkerHeaders(headers: Headers, label: string, https = true) {
  for (const [name, value] of Object.entries(SECURITY_HEADERS)) expect(headers.get(name), `${label} ${name}`).toBe(value);
  expect(headers.get("Content-Security-Policy"), label).toBe(WORKER_CSP);
  expect(headers.get("Strict-Transport-Security"), label).toBe(https ? HSTS : null);
}

describe("the Worker's answers", () => {
  let w: World;
  beforeAll(async () => {
    w = await createWorld();
  }, 120_000);

  it("carry the headers on every route, for every caller and every outcome", async () => {
    const keys = registeredRoutes().filter((key) => ROUTES[key]);
    for (const key of keys) {
      for (const req of requestsOf(ROUTES[key]!, w)) {
        for (const cookie of ROUTES[key]!.endsSession ? [undefined] : [undefined, w.b.cookie]) {
          const res = await call(req.path, { ...req, cookie });
          expectWorkerHeaders(res.headers, `${res.status} ${key}`);
        }
      }
    }
  });

  it("carry them on answers no route gives: an unknown API path, a malformed body, a refused origin", async () => {
    expectWorkerHeaders((await call("/api/non-esiste", { cookie: w.b.cookie })).headers, "404");
    expectWorkerHeaders((await call("/api/prompts", { cookie: w.b.cookie, rawBody: "{", headers: { "Content-Type": "application/json" } })).headers, "400");
    expectWorkerHeaders((await call("/api/prompts", { cookie: w.b.cookie, body: {}, origin: "https://evil.example" })).headers, "403");
    expectWorkerHeaders((await call("/webhooks/non-esiste")).headers, "webhook 404");
  });

  it("send HSTS only when the request came over https", async () => {
    const plain = await appFetch(new Request("http://localhost:8787/api/health"));
    expectWorkerHeaders(plain.headers, "http", false);
    const secure = await appFetch(new Request("https://agentbot.test/api/health"));
    expectWorkerHeaders(secure.headers, "https", true);
  });
});

// The "/*" block of a Cloudflare _headers file, as name → value.
function headersFor(file: string, pattern: string): Record<string, string> {
  const out: Record<string, string> = {};
  let inBlock = false;
  for (const line of file.split("\n")) {
    if (!/^\s/.test(line) && line.trim()) inBlock = line.trim() === pattern;
    else if (inBlock && line.includes(":")) {
      const i = line.indexOf(":");
      out[line.slice(0, i).trim()] = line.slice(i + 1).trim();
    }
  }
  return out;
}

describe("the SPA's static files (web/public/_headers)", () => {
  const headers = headersFor(staticHeaders, "/*");
  const csp = Object.fromEntries(
    (headers["Content-Security-Policy"] ?? "")
      .split(";")
      .map((d) => d.trim().split(/\s+/))
      .filter((d) => d[0])
      .map(([name, ...sources]) => [name!, sources]),
  );

  it("carry the Worker's common headers and no HSTS (local development is plain http)", () => {
    for (const [name, value] of Object.entries(SECURITY_HEADERS)) expect(headers[name], name).toBe(value);
    expect(headers["Strict-Transport-Security"]).toBeUndefined();
  });

  it("have a strict Content-Security-Policy", () => {
    expect(csp["default-src"]).toEqual(["'self'"]);
    expect(csp["script-src"]).toEqual(["'self'"]);
    expect(csp["object-src"]).toEqual(["'none'"]);
    expect(csp["base-uri"]).toEqual(["'self'"]);
    expect(csp["frame-ancestors"]).toEqual(["'none'"]);
    expect(csp["form-action"]).toEqual(["'self'"]);
    expect(csp["img-src"]).toEqual(["'self'", "data:", "blob:"]);
    // React style attributes need inline styles; scripts never run inline.
    expect(csp["style-src"]).toEqual(["'self'", "'unsafe-inline'"]);
    // 'self' covers the live conversation socket (ws/wss to our own host, CSP Level 3); no other host.
    expect(csp["connect-src"]).toEqual(["'self'"]);
    for (const [name, sources] of Object.entries(csp)) {
      expect(sources, name).not.toContain("*");
      if (name !== "style-src") expect(sources, name).not.toContain("'unsafe-inline'");
      expect(sources, name).not.toContain("'unsafe-eval'");
    }
  });

  it("index.html has no inline script or event handler the policy would block", () => {
    expect(indexHtml).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/i);
    expect(indexHtml).not.toMatch(/\son[a-z]+\s*=/i);
  });
});
