import { Hono } from "hono";
import { settingsUpdateSchema } from "@shared/schemas/settings";
import { validate } from "@worker/lib/validate";
import type { AppEnv } from "@worker/types";
import { currentUser } from "../auth/middleware";
import * as service from "./service";

export const settingsRoutes = new Hono<AppEnv>()
  .get("/", async (c) => c.json(await service.getSettings(c.var.db, currentUser(c)), 200))
  .put("/", validate("json", settingsUpdateSchema), async (c) => c.json(await service.updateSettings(c.var.db, currentUser(c), c.req.valid("json")), 200));
