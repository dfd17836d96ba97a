import { Hono } from "hono";
import { budgetSchema, USAGE_TEXTS as TX, usageListQuery } from "../../../src/shared/schemas/ai-usage";
import { badRequest } from "../../lib/http-error";
import { validate } from "../../lib/validate";
import type { AppEnv } from "../../types";
import { resolveActiveAccount } from "../accounts/service";
import { currentUser } from "../auth/middleware";
import { budgetStatus, managedActiveAccount, setBudget, usageReport, usageStats } from "./service";

export const usageRoutes = new Hono<AppEnv>()
  .get("/", validate("query", usageListQuery), async (c) => {
    const account = await managedActiveAccount(c.var.db, currentUser(c));
    return c.json(await usageReport(c.var.db, account?.id ?? null, c.req.valid("query")), 200);
  })
  .get("/stats", async (c) => {
    const active = await resolveActiveAccount(c.var.db, currentUser(c));
    return c.json(await usageStats(c.var.db, active?.account.id ?? null), 200);
  })
  .get("/budget", async (c) => {
    const account = await managedActiveAccount(c.var.db, currentUser(c));
    if (!account) throw badRequest(TX.noActiveAccount);
    return c.json(await budgetStatus(c.var.db, account.id), 200);
  })
  .put("/budget", validate("json", budgetSchema), async (c) => {
    const user = currentUser(c);
    const account = await managedActiveAccount(c.var.db, user);
    if (!account) throw badRequest(TX.noActiveAccount);
    return c.json(await setBudget(c.var.db, account.id, user.id, c.req.valid("json").monthlyLimitUsd), 200);
  });
