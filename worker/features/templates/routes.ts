import { Hono } from "hono";
import { createTemplateSchema, templateIdParam, updateTemplateSchema } from "@shared/schemas/templates";
import { validate } from "@worker/lib/validate";
import type { AppEnv } from "@worker/types";
import { withActiveAccount } from "../accounts/context";
import { currentUser } from "../auth/middleware";
import * as service from "./service";

export const templateRoutes = new Hono<AppEnv>()
  .use(withActiveAccount)
  .get("/", async (c) => c.json(await service.listForActiveAccount(c.var.db, c.var.account), 200))
  .post("/", validate("json", createTemplateSchema), async (c) =>
    c.json(await service.createTemplate(c.var.db, currentUser(c), c.var.account, c.req.valid("json")), 201),
  )
  .put("/:id", validate("param", templateIdParam), validate("json", updateTemplateSchema), async (c) =>
    c.json(await service.updateTemplate(c.var.db, currentUser(c), c.req.valid("param").id, c.req.valid("json")), 200),
  )
  .post("/:id/submit", validate("param", templateIdParam), async (c) =>
    c.json(await service.submitTemplate(c.env, c.var.db, currentUser(c), c.req.valid("param").id), 200),
  )
  .delete("/:id", validate("param", templateIdParam), async (c) => {
    await service.deleteTemplate(c.env, c.var.db, currentUser(c), c.req.valid("param").id);
    return c.json({ ok: true }, 200);
  });
