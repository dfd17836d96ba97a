import { Hono } from "hono";
import { z } from "zod";
import { createListSchema, CSV_MAX_BYTES, fieldMappingSchema, listIdParam, listLeadIdParam, listLeadSchema, listLeadsQuerySchema, listSyncSchema } from "@shared/schemas/lists";
import { LIST_TEXTS } from "@shared/texts/lists";
import { readCsvUpload } from "@worker/lib/csv-upload";
import { validate } from "@worker/lib/validate";
import type { AppEnv } from "@worker/types";
import { withActiveAccount } from "../accounts/context";
import { currentUser } from "../auth/middleware";
import * as service from "./service";
import { routePolicy } from "@worker/lib/route-policy";

const importParam = z.object({ id: z.string().min(1).max(64), importId: z.string().min(1).max(64) });
const csvQuery = z.object({ fileName: z.string().trim().max(200).optional() });

export const listRoutes = new Hono<AppEnv>()
  // A CSV upload is the file itself, or multipart.
  .use("/:id/csv", routePolicy("rawBody"))
  .use(withActiveAccount)
  .get("/", async (c) => c.json(await service.listForActiveAccount(c.var.db, c.var.account), 200))
  .post("/", validate("json", createListSchema), async (c) =>
    c.json(await service.createList(c.env, c.var.db, currentUser(c), c.var.account, c.req.valid("json")), 201),
  )
  .get("/:id", validate("param", listIdParam), async (c) => c.json(await service.getList(c.var.db, currentUser(c), c.req.valid("param").id), 200))
  .delete("/:id", validate("param", listIdParam), async (c) => {
    await service.deleteList(c.env, c.var.db, currentUser(c), c.req.valid("param").id);
    return c.json({ ok: true }, 200);
  })
  .get("/:id/fields", validate("param", listIdParam), async (c) =>
    c.json(await service.getFields(c.env, c.var.db, currentUser(c), c.req.valid("param").id), 200),
  )
  .get("/:id/mapping", validate("param", listIdParam), async (c) =>
    c.json(await service.getMapping(c.var.db, currentUser(c), c.req.valid("param").id), 200),
  )
  .put("/:id/mapping", validate("param", listIdParam), validate("json", fieldMappingSchema), async (c) =>
    c.json(await service.saveMapping(c.env, c.var.db, currentUser(c), c.req.valid("param").id, c.req.valid("json")), 202),
  )
  .post("/:id/import", validate("param", listIdParam), async (c) =>
    c.json(await service.startImport(c.env, c.var.db, currentUser(c), c.req.valid("param").id), 202),
  )
  .put("/:id/sync", validate("param", listIdParam), validate("json", listSyncSchema), async (c) =>
    c.json(await service.setSyncInterval(c.var.db, currentUser(c), c.req.valid("param").id, c.req.valid("json").syncInterval), 200),
  )
  .get("/:id/imports/:importId", validate("param", importParam), async (c) => {
    const { id, importId } = c.req.valid("param");
    return c.json(await service.getImport(c.var.db, currentUser(c), id, importId), 200);
  })
  // The file itself is the body (text/csv) or multipart/form-data in the field "file", not JSON.
  .put("/:id/csv", validate("param", listIdParam), validate("query", csvQuery), async (c) => {
    const upload = await readCsvUpload(c.req, { maxBytes: CSV_MAX_BYTES, tooLarge: LIST_TEXTS.csvTooLarge }, c.req.valid("query").fileName);
    return c.json(await service.uploadCsv(c.env, c.var.db, currentUser(c), c.req.valid("param").id, upload), 200);
  })
  .get("/:id/leads", validate("param", listIdParam), validate("query", listLeadsQuerySchema), async (c) =>
    c.json(await service.leadsPage(c.var.db, currentUser(c), c.req.valid("param").id, c.req.valid("query")), 200),
  )
  .post("/:id/leads", validate("param", listIdParam), validate("json", listLeadSchema), async (c) =>
    c.json(await service.addLead(c.var.db, currentUser(c), c.req.valid("param").id, c.req.valid("json")), 201),
  )
  .delete("/:id/leads/:leadId", validate("param", listLeadIdParam), async (c) => {
    const { id, leadId } = c.req.valid("param");
    await service.deleteLead(c.var.db, currentUser(c), id, leadId);
    return c.json({ ok: true }, 200);
  });
