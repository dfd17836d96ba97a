import { Hono } from "hono";
import { createUserForAccountSchema } from "../../../src/shared/schemas/accounts";
import { validate } from "../../lib/validate";
import type { AppEnv } from "../../types";
import { currentUser } from "../auth/middleware";
import { createUserForAccount } from "./service";

export const adminRoutes = new Hono<AppEnv>().post(
  "/users/create-for-account",
  validate("json", createUserForAccountSchema),
  async (c) => {
    const user = await createUserForAccount(c.var.db, c.env.PASSWORD_PEPPER, currentUser(c), c.req.valid("json"));
    return c.json(user, 201);
  },
);
