import { Hono } from "hono";
import type { AppEnv } from "@worker/types";
import { resolveActiveAccount } from "../accounts/service";
import { currentUser } from "../auth/middleware";
import { listProviderTemplates } from "./service";

export const providerTemplateRoutes = new Hono<AppEnv>().get("/", async (c) => {
  const active = await resolveActiveAccount(c.var.db, currentUser(c));
  return c.json(active ? await listProviderTemplates(c.env, active.account) : [], 200);
});
