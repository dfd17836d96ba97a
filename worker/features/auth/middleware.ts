import type { Context, MiddlewareHandler } from "hono";
import { getCookie, setCookie } from "hono/cookie";
import { SESSION_ABSOLUTE_LIFETIME_MS, SESSION_COOKIE, type UserRole } from "@shared/constants";
import { AUTH_TEXTS } from "@shared/texts/auth";
import { T } from "@shared/strings";
import { HttpError } from "@worker/lib/http-error";
import type { AppEnv, SessionUser } from "@worker/types";
import { clientIp } from "@worker/lib/client-ip";
import { sha256Hex } from "@worker/lib/crypto";
import { ACCESS_HEADER, userFromAccess } from "./access";
import { foldedSession, forgetSession, recentSession, rememberSession, setSessionVars } from "./folded-session";
import { resolveSession, resolveSessionId, startSession } from "./service";

export function setSessionCookie(c: Context, token: string) {
  setCookie(c, SESSION_COOKIE, token, { httpOnly: true, secure: true, sameSite: "Lax", path: "/", maxAge: SESSION_ABSOLUTE_LIFETIME_MS / 1000 });
}

// The session of the request, in c.var. A folded read (auth/folded-session.ts) checks a session this
// isolate knows in its own batch; `again` runs the request anew when that check disagrees.
export async function loadSession(c: Context<AppEnv>, next: () => Promise<void>, fold?: { again: () => Promise<Response> }) {
  const token = getCookie(c, SESSION_COOKIE);
  const sid = token ? await sha256Hex(token) : null;
  const known = fold && sid ? recentSession(sid) : undefined;
  if (known) return foldedSession(c, known, next, fold!.again);
  let session = sid ? await resolveSessionId(c.var.db, sid) : null;
  // No session yet, but Cloudflare Access vouches for the caller: sign them in with a session of ours.
  if (!session && c.req.header(ACCESS_HEADER)) {
    const user = await userFromAccess(c.env, c.var.db, c.req.header(ACCESS_HEADER));
    if (user) {
      const fresh = await startSession(c.var.db, user.id, { ip: clientIp(c), userAgent: c.req.header("User-Agent") ?? "" });
      setSessionCookie(c, fresh);
      session = await resolveSession(c.var.db, fresh);
    }
  }
  // A write may change what the session means (its active account, a role, a membership): the next
  // folded read after one checks first.
  if (session && c.req.method === "GET") rememberSession(session);
  else if (sid) forgetSession(sid);
  setSessionVars(c, session);
  await next();
}

// After an administrator's reset the user may only choose a new password (or sign out).
const WHILE_MUST_CHANGE = new Set(["/api/auth/change-password"]);

export const requireAuth: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (!c.var.user) throw new HttpError(401, T.unauthorized);
  if (c.var.user.mustChangePassword && !WHILE_MUST_CHANGE.has(c.req.path)) throw new HttpError(403, AUTH_TEXTS.mustChange);
  await next();
};

export function requireRole(role: UserRole): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (!c.var.user) throw new HttpError(401, T.unauthorized);
    if (c.var.user.role !== role) throw new HttpError(403, T.forbidden);
    await next();
  };
}

// For handlers behind requireAuth: the signed-in user, never null there.
export function currentUser(c: { var: { user: SessionUser | null } }): SessionUser {
  const user = c.var.user;
  if (!user) throw new HttpError(401, T.unauthorized);
  return user;
}
