import { Hono } from "hono";
import { z } from "zod";
import { budgetSchema, usageListQuery } from "@shared/schemas/ai-usage";
import { sendJson } from "@worker/lib/held-json";
import { routePolicy } from "@worker/lib/route-policy";
import { validate } from "@worker/lib/validate";
import type { AppEnv } from "@worker/types";
import { requireAccount, withActiveAccount } from "../accounts/context";
import { currentUser } from "../auth/middleware";
import { budgetStatus, managedActiveAccount, setBudget, usageReport, usageStats } from "./service";

// The rows' cursor, checked before the report's filters (whose validated query, read below, has no cursor).
const usageCursorQuery = z.object({ before: z.string().min(1).max(64).optional() });

export const usageRoutes = new Hono<AppEnv>()
  .use(withActiveAccount)
  // X-Next-Cursor, when present, is the `before` of the next page of rows.
  .get("/", routePolicy("foldedSession"), validate("query", usageCursorQuery), validate("query", usageListQuery), async (c) => {
    const account = managedActiveAccount(c.var.account)?.account;
    const { body, nextCursor } = await usageReport(c.var.db, account?.id ?? null, c.req.valid("query"), c.req.query("before"));
    if (nextCursor) c.header("X-Next-Cursor", nextCursor);
    return sendJson(c, body);
  })
  .get("/stats", async (c) => {
    return c.json(await usageStats(c.var.db, c.var.account?.account.id ?? null), 200);
  })
  .get("/budget", async (c) => {
    const { account } = managedActiveAccount(requireAccount(c.var.account));
    return c.json(await budgetStatus(c.var.db, account.id), 200);
  })
  .put("/budget", validate("json", budgetSchema), async (c) => {
    const user = currentUser(c);
    const { account } = managedActiveAccount(requireAccount(c.var.account));
    return c.json(await setBudget(c.var.db, account.id, user.id, c.req.valid("json").monthlyLimitUsd), 200);
  });
