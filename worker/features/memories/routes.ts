import { Hono } from "hono";
import { CSV_TEXTS } from "@shared/texts/csv";
import { createMemorySchema, csvUploadQuery, MEMORY_LIMITS, memoryIdParam, memoryPageQuery, updateMemorySchema } from "@shared/schemas/memories";
import { MEMORY_TEXTS } from "@shared/texts/memories";
import { readCsvUpload } from "@worker/lib/csv-upload";
import { badRequest } from "@worker/lib/http-error";
import { validate } from "@worker/lib/validate";
import type { AppEnv } from "@worker/types";
import { withActiveAccount } from "../accounts/context";
import { currentUser } from "../auth/middleware";
import * as service from "./service";
import { routePolicy } from "@worker/lib/route-policy";

export const memoryRoutes = new Hono<AppEnv>()
  // A CSV upload is the file itself, or multipart.
  .use("/:id/csv", routePolicy("rawBody"))
  .use(withActiveAccount)
  // Newest first; X-Next-Cursor, when present, is the `before` of the next page.
  .get("/", validate("query", memoryPageQuery), async (c) => {
    const user = currentUser(c);
    const page = await service.listMemories(c.var.db, user, c.var.account, c.req.valid("query"));
    if (page.nextCursor) c.header("X-Next-Cursor", page.nextCursor);
    return c.json(page.memories.map((m) => service.toApiMemory(m, user.id)), 200);
  })
  .post("/", validate("json", createMemorySchema), async (c) => {
    const user = currentUser(c);
    const memory = await service.createMemory(c.env, c.var.db, user, c.var.account, c.req.valid("json"));
    return c.json(service.toApiMemory(memory, user.id), 201);
  })
  .get("/:id", validate("param", memoryIdParam), async (c) => {
    const user = currentUser(c);
    const memory = await service.getMemoryForUser(c.var.db, user, c.req.valid("param").id);
    return c.json(service.toApiMemory(memory, user.id), 200);
  })
  .put("/:id", validate("param", memoryIdParam), validate("json", updateMemorySchema), async (c) => {
    const user = currentUser(c);
    const memory = await service.updateMemory(c.env, c.var.db, user, c.req.valid("param").id, c.req.valid("json"));
    return c.json(service.toApiMemory(memory, user.id), 200);
  })
  .delete("/:id", validate("param", memoryIdParam), async (c) => {
    await service.deleteMemory(c.env, c.var.db, currentUser(c), c.req.valid("param").id);
    return c.json({ ok: true }, 200);
  })
  .post("/:id/duplicate", validate("param", memoryIdParam), async (c) => {
    const user = currentUser(c);
    const copy = await service.duplicateMemory(c.env, c.var.db, user, c.req.valid("param").id);
    return c.json(service.toApiMemory(copy, user.id), 201);
  })
  .get("/:id/feedback", validate("param", memoryIdParam), async (c) => {
    return c.json(await service.feedbackRows(c.var.db, currentUser(c), c.req.valid("param").id), 200);
  })
  // The CSV as a text/csv body (file name in ?fileName=) or as multipart/form-data in the field "file".
  .post("/:id/csv", validate("param", memoryIdParam), validate("query", csvUploadQuery), async (c) => {
    const user = currentUser(c);
    const upload = await readCsvUpload(c.req, { maxBytes: MEMORY_LIMITS.csvMaxBytes, tooLarge: MEMORY_TEXTS.csvTooLarge }, c.req.valid("query").fileName);
    if (upload.size === 0) throw badRequest(CSV_TEXTS.missingFile);
    const memory = await service.uploadCsv(c.env, c.var.db, user, c.req.valid("param").id, upload);
    return c.json(service.toApiMemory(memory, user.id), 200);
  })
  .get("/:id/csv", validate("param", memoryIdParam), async (c) => {
    const { object, fileName } = await service.downloadCsv(c.env, c.var.db, currentUser(c), c.req.valid("param").id);
    return new Response(object.body, {
      headers: {
        "Content-Type": "text/csv; charset=utf-8",
        "Content-Disposition": `attachment; filename*=UTF-8''${encodeURIComponent(fileName)}`,
        "Cache-Control": "no-store",
        "X-Content-Type-Options": "nosniff",
      },
    });
  })
  .post("/:id/sync", validate("param", memoryIdParam), async (c) => {
    const user = currentUser(c);
    const memory = await service.syncAirtable(c.env, c.var.db, user, c.req.valid("param").id);
    return c.json(service.toApiMemory(memory, user.id), 200);
  });
