import type { MiddlewareHandler } from "hono";

// Sent with every answer of the Worker. The static files (the SPA) get the same ones, with the
// SPA's Content-Security-Policy, from web/public/_headers; test/worker/security-headers.test.ts
// keeps the two in step.
export const SECURITY_HEADERS = {
  "X-Content-Type-Options": "nosniff",
  "Referrer-Policy": "strict-origin-when-cross-origin",
  "X-Frame-Options": "DENY",
} as const;

// The Worker answers JSON, files and redirects: nothing in them may load, run or be framed.
export const WORKER_CSP = "default-src 'none'; frame-ancestors 'none'";

// Browsers ignore HSTS over plain http, and local development runs on it. The SPA's first API
// call brings it over https, so the whole host is covered.
export const HSTS = "max-age=31536000; includeSubDomains";

export const securityHeaders: MiddlewareHandler = async (c, next) => {
  await next();
  for (const [name, value] of Object.entries(SECURITY_HEADERS)) c.header(name, value);
  c.header("Content-Security-Policy", WORKER_CSP);
  if (new URL(c.req.url).protocol === "https:") c.header("Strict-Transport-Security", HSTS);
};
