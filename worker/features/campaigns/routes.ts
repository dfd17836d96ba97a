import { Hono } from "hono";
import {
  campaignIdParam,
  campaignListQuery,
  createCalendarCampaignSchema,
  createDynamicCampaignSchema,
  createFunnelStepSchema,
  funnelStepIdParam,
  recipientSampleQuery,
  updateCampaignSchema,
  updateFunnelStepSchema,
} from "@shared/schemas/campaigns";
import { validate } from "@worker/lib/validate";
import type { AppEnv } from "@worker/types";
import { withActiveAccount } from "../accounts/context";
import { currentUser } from "../auth/middleware";
import * as service from "./service";

export const campaignRoutes = new Hono<AppEnv>()
  .use(withActiveAccount)
  .get("/", validate("query", campaignListQuery), async (c) =>
    c.json(await service.listForActiveAccount(c.var.db, c.var.account, c.req.valid("query").type), 200),
  )
  .get("/recipients-sample", validate("query", recipientSampleQuery), async (c) =>
    c.json(await service.recipientsSample(c.var.db, currentUser(c), c.req.valid("query").targetListId), 200),
  )
  .post("/dynamic", validate("json", createDynamicCampaignSchema), async (c) =>
    c.json(await service.createDynamic(c.env, c.var.db, currentUser(c), c.var.account, c.req.valid("json")), 201),
  )
  .post("/calendar", validate("json", createCalendarCampaignSchema), async (c) =>
    c.json(await service.createCalendar(c.env, c.var.db, currentUser(c), c.var.account, c.req.valid("json")), 201),
  )
  .patch("/:id", validate("param", campaignIdParam), validate("json", updateCampaignSchema), async (c) =>
    c.json(await service.setStatus(c.env, c.var.db, currentUser(c), c.req.valid("param").id, c.req.valid("json").status), 200),
  )
  .delete("/:id", validate("param", campaignIdParam), async (c) => {
    await service.remove(c.var.db, currentUser(c), c.req.valid("param").id);
    return c.body(null, 204);
  })
  .get("/:id/capacity", validate("param", campaignIdParam), async (c) =>
    c.json(await service.capacity(c.env, c.var.db, currentUser(c), c.req.valid("param").id), 200),
  )
  .get("/:id/funnel", validate("param", campaignIdParam), async (c) =>
    c.json(await service.funnel(c.var.db, currentUser(c), c.req.valid("param").id), 200),
  )
  .post("/:id/funnel", validate("param", campaignIdParam), validate("json", createFunnelStepSchema), async (c) =>
    c.json(await service.addStep(c.env, c.var.db, currentUser(c), c.req.valid("param").id, c.req.valid("json")), 201),
  )
  .patch("/:id/funnel/:stepId", validate("param", funnelStepIdParam), validate("json", updateFunnelStepSchema), async (c) => {
    const { id, stepId } = c.req.valid("param");
    return c.json(await service.updateStep(c.env, c.var.db, currentUser(c), id, stepId, c.req.valid("json")), 200);
  })
  .delete("/:id/funnel/:stepId", validate("param", funnelStepIdParam), async (c) => {
    const { id, stepId } = c.req.valid("param");
    await service.deleteStep(c.var.db, currentUser(c), id, stepId);
    return c.body(null, 204);
  });
