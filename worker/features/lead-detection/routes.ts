import { Hono } from "hono";
import { leadNotificationSettingsSchema, leadSettingsQuery } from "@shared/schemas/lead-detection";
import { validate } from "@worker/lib/validate";
import type { AppEnv } from "@worker/types";
import { withActiveAccount } from "../accounts/context";
import { currentUser } from "../auth/middleware";
import * as service from "./service";

// Lead Detection AI's settings: on/off, the notification template and the numbers to alert.
export const leadNotificationRoutes = new Hono<AppEnv>()
  .use(withActiveAccount)
  .get("/settings", validate("query", leadSettingsQuery), async (c) => {
    return c.json(await service.getSettings(c.var.db, currentUser(c), c.var.account, c.req.valid("query").twilioAccountId), 200);
  })
  .post("/settings", validate("json", leadNotificationSettingsSchema), async (c) => {
    return c.json(await service.saveSettings(c.env, c.var.db, currentUser(c), c.var.account, c.req.valid("json")), 200);
  });
