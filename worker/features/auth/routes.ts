import { Hono } from "hono";
import { deleteCookie } from "hono/cookie";
import { SESSION_COOKIE } from "@shared/constants";
import { loginSchema } from "@shared/schemas/auth";
import { changePasswordSchema } from "@shared/schemas/passwords";
import { T } from "@shared/strings";
import { clientIp } from "@worker/lib/client-ip";
import { HttpError } from "@worker/lib/http-error";
import { validate } from "@worker/lib/validate";
import type { AppEnv } from "@worker/types";
import { currentUser, setSessionCookie } from "./middleware";
import { changePassword, login, logout, publicUser } from "./service";
import { routePolicy } from "@worker/lib/route-policy";

export const authRoutes = new Hono<AppEnv>()
  // Signing in, out, and asking who is signed in answer without a session.
  .use("/login", routePolicy("public"))
  .use("/logout", routePolicy("public"))
  .use("/me", routePolicy("public"))
  .post("/login", validate("json", loginSchema), async (c) => {
    const { email, password } = c.req.valid("json");
    const ip = clientIp(c);
    const { token, user } = await login(c.var.db, c.env.PASSWORD_PEPPER, {
      email,
      password,
      ip,
      userAgent: c.req.header("User-Agent") ?? "",
    });
    setSessionCookie(c, token);
    return c.json(publicUser(user), 200);
  })
  .post("/logout", async (c) => {
    if (c.var.sessionId) await logout(c.env, c.var.db, c.var.sessionId);
    deleteCookie(c, SESSION_COOKIE, { path: "/", secure: true });
    return c.json({ ok: true }, 200);
  })
  .post("/change-password", validate("json", changePasswordSchema), async (c) => {
    await changePassword(c.env, c.var.db, currentUser(c), c.var.sessionId!, c.req.valid("json"));
    return c.json({ ok: true }, 200);
  })
  .get("/me", (c) => {
    if (!c.var.user) throw new HttpError(401, T.unauthorized);
    return c.json(publicUser(c.var.user), 200);
  });
