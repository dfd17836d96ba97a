import { Hono } from "hono";
import { settingsUpdateSchema } from "@shared/schemas/settings";
import { validate } from "@worker/lib/validate";
import type { AppEnv } from "@worker/types";
import { withActiveAccount } from "../accounts/context";
import { currentUser } from "../auth/middleware";
import * as service from "./service";

export const settingsRoutes = new Hono<AppEnv>()
  .use(withActiveAccount)
  .get("/", async (c) => c.json(service.getSettings(currentUser(c), c.var.account), 200))
  .put("/", validate("json", settingsUpdateSchema), async (c) => c.json(await service.updateSettings(c.var.db, currentUser(c), c.req.valid("json")), 200));
