import { Hono } from "hono";
import { timeseriesQuery } from "@shared/schemas/analytics";
import { validate } from "@worker/lib/validate";
import type { AppEnv } from "@worker/types";
import { currentUser } from "../auth/middleware";
import { requireActiveAccount } from "../conversations/service";
import * as service from "./service";

export const analyticsRoutes = new Hono<AppEnv>()
  .get("/stats", async (c) => c.json(await service.stats(c.env, c.var.db, await requireActiveAccount(c.var.db, currentUser(c))), 200))
  .get("/client-stats", async (c) => c.json(await service.clientStats(c.var.db, await requireActiveAccount(c.var.db, currentUser(c))), 200))
  .get("/timeseries", validate("query", timeseriesQuery), async (c) => {
    const { startDate, endDate } = c.req.valid("query");
    return c.json(await service.timeseries(c.var.db, await requireActiveAccount(c.var.db, currentUser(c)), startDate, endDate), 200);
  })
  .get("/campaigns", validate("query", timeseriesQuery), async (c) => {
    const { startDate, endDate } = c.req.valid("query");
    return c.json(await service.campaignFigures(c.var.db, await requireActiveAccount(c.var.db, currentUser(c)), startDate, endDate), 200);
  })
  .get("/sentiment", async (c) => c.json(await service.sentiment(c.var.db, await requireActiveAccount(c.var.db, currentUser(c))), 200));
