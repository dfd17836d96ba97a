import { Hono } from "hono";
import { assignAccountSchema, auditLogQuery, createUserSchema, roleSchema, unassignParams, userActiveSchema, userIdParam } from "@shared/schemas/admin";
import { createUserForAccountSchema } from "@shared/schemas/accounts";
import { resetPasswordSchema } from "@shared/schemas/passwords";
import { validate } from "@worker/lib/validate";
import type { AppEnv } from "@worker/types";
import { currentUser, requireRole } from "../auth/middleware";
import { listAudit } from "./audit";
import * as service from "./service";

const superAdmin = requireRole("super_admin");

export const adminRoutes = new Hono<AppEnv>()
  // An account owner may add users to their own account; the service checks ownership.
  .post("/users/create-for-account", validate("json", createUserForAccountSchema), async (c) => {
    const user = await service.createUserForAccount(c.var.db, c.env.PASSWORD_PEPPER, currentUser(c), c.req.valid("json"));
    return c.json(user, 201);
  })
  .get("/users", superAdmin, async (c) => c.json(await service.listUsers(c.var.db), 200))
  .post("/users/create", superAdmin, validate("json", createUserSchema), async (c) => {
    return c.json(await service.createUser(c.var.db, c.env.PASSWORD_PEPPER, currentUser(c), c.req.valid("json")), 201);
  })
  .put("/users/:userId/role", superAdmin, validate("param", userIdParam), validate("json", roleSchema), async (c) => {
    await service.changeRole(c.env, c.var.db, currentUser(c), c.req.valid("param").userId, c.req.valid("json").role);
    return c.json({ ok: true }, 200);
  })
  .put("/users/:userId/active", superAdmin, validate("param", userIdParam), validate("json", userActiveSchema), async (c) => {
    await service.setActive(c.env, c.var.db, currentUser(c), c.req.valid("param").userId, c.req.valid("json").isActive);
    return c.json({ ok: true }, 200);
  })
  .put("/users/:userId/password", superAdmin, validate("param", userIdParam), validate("json", resetPasswordSchema), async (c) => {
    await service.resetPassword(c.env, c.var.db, currentUser(c), c.req.valid("param").userId, c.req.valid("json").password);
    return c.json({ ok: true }, 200);
  })
  .post("/users/:userId/assign-account", superAdmin, validate("param", userIdParam), validate("json", assignAccountSchema), async (c) => {
    const { twilioAccountId, isOwner } = c.req.valid("json");
    await service.assignAccount(c.var.db, currentUser(c), c.req.valid("param").userId, twilioAccountId, isOwner);
    return c.json({ ok: true }, 200);
  })
  .delete("/users/:userId/unassign-account/:twilioAccountId", superAdmin, validate("param", unassignParams), async (c) => {
    const { userId, twilioAccountId } = c.req.valid("param");
    await service.unassignAccount(c.env, c.var.db, currentUser(c), userId, twilioAccountId);
    return c.json({ ok: true }, 200);
  })
  // X-Next-Cursor, when present, is the `before` of the next page.
  .get("/audit-log", superAdmin, validate("query", auditLogQuery), async (c) => {
    const { entries, nextCursor } = await listAudit(c.var.db, c.req.valid("query"));
    if (nextCursor) c.header("X-Next-Cursor", nextCursor);
    return c.json(entries, 200);
  });
