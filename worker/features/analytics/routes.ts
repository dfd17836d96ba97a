import { Hono } from "hono";
import { timeseriesQuery } from "@shared/schemas/analytics";
import { routePolicy } from "@worker/lib/route-policy";
import { validate } from "@worker/lib/validate";
import type { AppEnv } from "@worker/types";
import { requireAccount, withActiveAccount } from "../accounts/context";
import * as service from "./service";

export const analyticsRoutes = new Hono<AppEnv>()
  .use(withActiveAccount)
  .get("/stats", routePolicy("foldedSession"), async (c) => c.json(await service.stats(c.env, c.var.db, requireAccount(c.var.account).account), 200))
  .get("/client-stats", async (c) => c.json(await service.clientStats(c.var.db, requireAccount(c.var.account).account), 200))
  .get("/timeseries", validate("query", timeseriesQuery), async (c) => {
    const { startDate, endDate } = c.req.valid("query");
    return c.json(await service.timeseries(c.var.db, requireAccount(c.var.account).account, startDate, endDate), 200);
  })
  .get("/campaigns", validate("query", timeseriesQuery), async (c) => {
    const { startDate, endDate } = c.req.valid("query");
    return c.json(await service.campaignFigures(c.var.db, requireAccount(c.var.account).account, startDate, endDate), 200);
  })
  .get("/sentiment", async (c) => c.json(await service.sentiment(c.var.db, requireAccount(c.var.account).account), 200));
