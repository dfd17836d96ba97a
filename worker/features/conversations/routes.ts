import { Hono } from "hono";
import type { AppEnv } from "../../types";
import { resolveActiveAccount } from "../accounts/service";
import { currentUser } from "../auth/middleware";
import { countUnread } from "./repo";

export const conversationRoutes = new Hono<AppEnv>().get("/unread-count", async (c) => {
  const active = await resolveActiveAccount(c.var.db, currentUser(c));
  return c.json({ count: active ? await countUnread(c.var.db, active.account.id) : 0 }, 200);
});
