import { Hono } from "hono";
import { createUserForAccountSchema } from "../../../src/shared/schemas/accounts";
import { validate } from "../../lib/validate";
import type { AppEnv } from "../../types";
import { currentUser, requireRole } from "../auth/middleware";
import { listUsersWithAccounts } from "./repo";
import { createUserForAccount } from "./service";

export const adminRoutes = new Hono<AppEnv>()
  // An account owner may add users to their own account; the service checks ownership.
  .post("/users/create-for-account", validate("json", createUserForAccountSchema), async (c) => {
    const user = await createUserForAccount(c.var.db, c.env.PASSWORD_PEPPER, currentUser(c), c.req.valid("json"));
    return c.json(user, 201);
  })
  .get("/users", requireRole("super_admin"), async (c) => c.json(await listUsersWithAccounts(c.var.db), 200));
