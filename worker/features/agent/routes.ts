import { Hono } from "hono";
import { bookingSettingsSchema } from "@shared/schemas/agent";
import { conversationIdParam } from "@shared/schemas/conversations";
import { validate } from "@worker/lib/validate";
import type { AppEnv } from "@worker/types";
import { requireAccount, withActiveAccount } from "../accounts/context";
import { currentUser } from "../auth/middleware";
import * as service from "./service";

export const agentRoutes = new Hono<AppEnv>()
  .use(withActiveAccount)
  // Configurazione → opening hours for the agent's bookings, of the active account.
  .get("/booking-settings", async (c) => {
    return c.json(await service.getBookingSettings(c.var.db, requireAccount(c.var.account).account), 200);
  })
  .put("/booking-settings", validate("json", bookingSettingsSchema), async (c) => {
    const account = requireAccount(c.var.account).account;
    return c.json(await service.saveBookingSettings(c.env, c.var.db, currentUser(c), account, c.req.valid("json")), 200);
  })
  // The chat's event lines and hand-over summary.
  .get("/conversations/:id/activity", validate("param", conversationIdParam), async (c) => {
    return c.json(await service.activityOf(c.var.db, currentUser(c), c.req.valid("param").id), 200);
  });
