import { Hono } from "hono";
import { templateTestSchema } from "@shared/schemas/template-test";
import { validate } from "@worker/lib/validate";
import type { AppEnv } from "@worker/types";
import { currentUser } from "../auth/middleware";
import { sendTemplateTest } from "./service";

export const templateTestRoutes = new Hono<AppEnv>().post("/send", validate("json", templateTestSchema), async (c) => {
  return c.json(await sendTemplateTest(c.env, c.var.db, currentUser(c), c.req.valid("json")), 201);
});
