import { Hono } from "hono";
import type { AppEnv } from "@worker/types";
import { withActiveAccount } from "../accounts/context";
import { listProviderTemplates } from "./service";

export const providerTemplateRoutes = new Hono<AppEnv>().use(withActiveAccount).get("/", async (c) => {
  const active = c.var.account;
  return c.json(active ? await listProviderTemplates(c.env, active.account) : [], 200);
});
