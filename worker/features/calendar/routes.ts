import { Hono } from "hono";
import {
  calendarAccountQuery,
  calendarDayParam,
  calendarEventIdParam,
  calendarEventSchema,
  calendarRangeQuery,
  calendarSettingsSchema,
} from "@shared/schemas/calendar";
import { validate } from "@worker/lib/validate";
import type { AppEnv } from "@worker/types";
import { withActiveAccount } from "../accounts/context";
import { currentUser } from "../auth/middleware";
import * as service from "./service";

export const calendarRoutes = new Hono<AppEnv>()
  .use(withActiveAccount)
  // Occurrences overlapping the Rome days startDate..endDate (both included), recurring ones expanded.
  .get("/", validate("query", calendarRangeQuery), async (c) => {
    return c.json(await service.eventsInRange(c.var.db, currentUser(c), c.var.account, c.req.valid("query")), 200);
  })
  .get("/today", validate("query", calendarAccountQuery), async (c) => {
    return c.json(await service.eventsOfToday(c.var.db, currentUser(c), c.var.account, c.req.valid("query").twilioAccountId), 200);
  })
  .get("/day/:date", validate("param", calendarDayParam), validate("query", calendarAccountQuery), async (c) => {
    const { date } = c.req.valid("param");
    return c.json(await service.eventsOfDay(c.var.db, currentUser(c), c.var.account, date, c.req.valid("query").twilioAccountId), 200);
  })
  .get("/settings", validate("query", calendarAccountQuery), async (c) => {
    return c.json(await service.getSettings(c.var.db, currentUser(c), c.var.account, c.req.valid("query").twilioAccountId), 200);
  })
  .post("/settings", validate("json", calendarSettingsSchema), async (c) => {
    return c.json(await service.saveSettings(c.env, c.var.db, currentUser(c), c.var.account, c.req.valid("json")), 200);
  })
  .post("/", validate("json", calendarEventSchema), async (c) => {
    return c.json(await service.createEvent(c.env, c.var.db, currentUser(c), c.var.account, c.req.valid("json")), 201);
  })
  .put("/:id", validate("param", calendarEventIdParam), validate("json", calendarEventSchema), async (c) => {
    return c.json(await service.updateEvent(c.env, c.var.db, currentUser(c), c.req.valid("param").id, c.req.valid("json")), 200);
  })
  .delete("/:id", validate("param", calendarEventIdParam), async (c) => {
    await service.deleteEvent(c.var.db, currentUser(c), c.req.valid("param").id);
    return c.body(null, 204);
  });

// The console's Italy clock: the server's time, so a wrong computer clock does not matter.
export const timeRoutes = new Hono<AppEnv>().get("/current", (c) => c.json(service.currentTime(), 200));
