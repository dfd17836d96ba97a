import { Hono } from "hono";
import { weatherCitiesSchema } from "@shared/weather";
import { validate } from "@worker/lib/validate";
import type { AppEnv } from "@worker/types";
import { requireAccount, withActiveAccount } from "../accounts/context";
import { reportsOf, setCities, toApiReport } from "./service";

export const weatherRoutes = new Hono<AppEnv>()
  .use(withActiveAccount)
  .get("/", async (c) => {
    const { account } = requireAccount(c.var.account);
    return c.json((await reportsOf(c.var.db, account.id)).map(toApiReport), 200);
  })
  .put("/cities", validate("json", weatherCitiesSchema), async (c) => {
    const { account } = requireAccount(c.var.account);
    return c.json((await setCities(c.var.db, account.id, c.req.valid("json").cities)).map(toApiReport), 200);
  });
