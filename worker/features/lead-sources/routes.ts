import { Hono } from "hono";
import {
  leadIdParam,
  leadInputSchema,
  leadSourceIdParam,
  leadSourceSchema,
  leadsQuerySchema,
  leadUpdateSchema,
} from "@shared/schemas/lead-sources";
import { validate } from "@worker/lib/validate";
import type { AppEnv } from "@worker/types";
import { withActiveAccount } from "../accounts/context";
import { currentUser } from "../auth/middleware";
import * as service from "./service";

export const leadSourceRoutes = new Hono<AppEnv>()
  .use(withActiveAccount)
  .get("/", async (c) => c.json(await service.listSources(c.var.db, c.var.account), 200))
  .post("/", validate("json", leadSourceSchema), async (c) => c.json(await service.createSource(c.env, c.var.db, currentUser(c), c.var.account, c.req.valid("json")), 201))
  .put("/:id", validate("param", leadSourceIdParam), validate("json", leadSourceSchema), async (c) =>
    c.json(await service.updateSource(c.env, c.var.db, currentUser(c), c.req.valid("param").id, c.req.valid("json")), 200),
  )
  .delete("/:id", validate("param", leadSourceIdParam), async (c) => {
    await service.deleteSource(c.var.db, currentUser(c), c.req.valid("param").id);
    return c.json({ ok: true }, 200);
  });

export const leadRoutes = new Hono<AppEnv>()
  .use(withActiveAccount)
  // X-Next-Cursor, when present, is the `cursor` of the next page.
  .get("/", validate("query", leadsQuerySchema), async (c) => {
    const { page, nextCursor } = await service.listLeads(c.var.db, c.var.account, c.req.valid("query"));
    if (nextCursor) c.header("X-Next-Cursor", nextCursor);
    return c.json(page, 200);
  })
  .post("/", validate("json", leadInputSchema), async (c) => {
    const saved = await service.createLead(c.env, c.var.db, currentUser(c), c.var.account, c.req.valid("json"));
    return c.json(saved, saved.created ? 201 : 200);
  })
  .put("/:id", validate("param", leadIdParam), validate("json", leadUpdateSchema), async (c) =>
    c.json(await service.updateLead(c.var.db, currentUser(c), c.req.valid("param").id, c.req.valid("json")), 200),
  )
  .delete("/:id", validate("param", leadIdParam), async (c) => {
    await service.deleteLead(c.var.db, currentUser(c), c.req.valid("param").id);
    return c.json({ ok: true }, 200);
  });
