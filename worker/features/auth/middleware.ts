import type { Context, MiddlewareHandler } from "hono";
import { getCookie } from "hono/cookie";
import { SESSION_COOKIE, type UserRole } from "../../../src/shared/constants";
import { T } from "../../../src/shared/strings";
import { HttpError } from "../../lib/http-error";
import type { AppEnv, SessionUser } from "../../types";
import { resolveSession } from "./service";

export const loadSession: MiddlewareHandler<AppEnv> = async (c, next) => {
  const token = getCookie(c, SESSION_COOKIE);
  const session = token ? await resolveSession(c.var.db, token) : null;
  c.set("user", session?.user ?? null);
  c.set("sessionId", session?.sid ?? null);
  await next();
};

export const requireAuth: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (!c.var.user) throw new HttpError(401, T.unauthorized);
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
export function currentUser(c: Context<AppEnv>): SessionUser {
  const user = c.var.user;
  if (!user) throw new HttpError(401, T.unauthorized);
  return user;
}
