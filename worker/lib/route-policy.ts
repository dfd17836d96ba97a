import type { Context, MiddlewareHandler } from "hono";
import { matchedRoutes } from "hono/route";

// How a call under /api is let in. By default: a signed-in session, and a mutation from our own origin
// that, with a body, carries JSON. A router states any exception itself, next to its routes, with
// `.use(path, routePolicy(...))`, so a new route carries its own policy and the default stays closed:
// - "public": answers without a session (sign-in itself, the landing's start link);
// - "bearer": authenticated by a bearer token instead of a session (no cookie, so no Origin to check);
// - "rawBody": the body is a file, not JSON;
// - "foldedSession": a GET that only reads (no write, no socket; an outside call only to read, such as
//   the stats' cached list of Twilio templates, whose answer is thrown away with the read's) and may
//   carry its session check in its own batch (features/auth/folded-session.ts).
export type RoutePolicy = "public" | "bearer" | "rawBody" | "foldedSession";

const declared = new WeakMap<object, readonly RoutePolicy[]>();

// A marker that lets the call through; app.ts reads it before the session and origin checks.
export function routePolicy(...policies: RoutePolicy[]): MiddlewareHandler {
  const marker: MiddlewareHandler = async (_c, next) => {
    await next();
  };
  declared.set(marker, policies);
  return marker;
}

// The policies that the routes matching this request declare.
export function policiesOf(c: Context): Set<RoutePolicy> {
  const found = new Set<RoutePolicy>();
  for (const route of matchedRoutes(c)) for (const policy of declared.get(route.handler) ?? []) found.add(policy);
  return found;
}
