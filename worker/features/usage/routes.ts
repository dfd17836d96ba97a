import { Hono } from "hono";
import type { AppEnv } from "../../types";
import { resolveActiveAccount } from "../accounts/service";
import { currentUser } from "../auth/middleware";
import { usageStats } from "./service";

export const usageRoutes = new Hono<AppEnv>().get("/stats", async (c) => {
  const active = await resolveActiveAccount(c.var.db, currentUser(c));
  return c.json(await usageStats(c.var.db, active?.account.id ?? null), 200);
});
