import { Hono } from "hono";
import { bookingSettingsSchema } from "@shared/schemas/agent";
import { conversationIdParam } from "@shared/schemas/conversations";
import { validate } from "@worker/lib/validate";
import type { AppEnv } from "@worker/types";
import { currentUser } from "../auth/middleware";
import { requireActiveAccount } from "../conversations/service";
import * as service from "./service";

export const agentRoutes = new Hono<AppEnv>()
  // Configurazione → opening hours for the agent's bookings, of the active account.
  .get("/booking-settings", async (c) => {
    const account = await requireActiveAccount(c.var.db, currentUser(c));
    return c.json(await service.getBookingSettings(c.var.db, account), 200);
  })
  .put("/booking-settings", validate("json", bookingSettingsSchema), async (c) => {
    const user = currentUser(c);
    const account = await requireActiveAccount(c.var.db, user);
    return c.json(await service.saveBookingSettings(c.env, c.var.db, user, account, c.req.valid("json")), 200);
  })
  // The chat's event lines and hand-over summary.
  .get("/conversations/:id/activity", validate("param", conversationIdParam), async (c) => {
    return c.json(await service.activityOf(c.var.db, currentUser(c), c.req.valid("param").id), 200);
  });
