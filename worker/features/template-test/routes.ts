import { Hono } from "hono";
import { templateTestSchema } from "@shared/schemas/template-test";
import { validate } from "@worker/lib/validate";
import type { AppEnv } from "@worker/types";
import { withActiveAccount } from "../accounts/context";
import { currentUser } from "../auth/middleware";
import { sendTemplateTest } from "./service";

export const templateTestRoutes = new Hono<AppEnv>().use(withActiveAccount).post("/send", validate("json", templateTestSchema), async (c) => {
  return c.json(await sendTemplateTest(c.env, c.var.db, currentUser(c), c.var.account, c.req.valid("json")), 201);
});
