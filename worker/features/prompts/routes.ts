import { Hono } from "hono";
import { z } from "zod";
import {
  createPromptSchema,
  promptContentTestSchema,
  promptIdParam,
  promptTestSchema,
  updatePromptSchema,
} from "@shared/schemas/prompts";
import { sendJson } from "@worker/lib/held-json";
import { routePolicy } from "@worker/lib/route-policy";
import { validate } from "@worker/lib/validate";
import type { AppEnv } from "@worker/types";
import { withActiveAccount } from "../accounts/context";
import { currentUser } from "../auth/middleware";
import * as service from "./service";

const promptPageQuery = z.object({
  limit: z.coerce.number().int().min(1).max(service.PROMPT_PAGE_MAX).optional().default(service.PROMPT_PAGE_SIZE),
  before: z.string().min(1).max(64).optional(),
});

export const promptRoutes = new Hono<AppEnv>()
  .use(withActiveAccount)
  // Newest first; X-Next-Cursor, when present, is the `before` of the next page.
  .get("/", routePolicy("foldedSession"), validate("query", promptPageQuery), async (c) => {
    const page = await service.listPrompts(c.var.db, c.var.account, c.req.valid("query"));
    if (page.nextCursor) c.header("X-Next-Cursor", page.nextCursor);
    return sendJson(c, page.body);
  })
  .post("/", validate("json", createPromptSchema), async (c) => {
    const prompt = await service.createPrompt(c.var.db, currentUser(c), c.var.account, c.req.valid("json"));
    return c.json(service.toApiPrompt(prompt), 201);
  })
  .post("/test-content", validate("json", promptContentTestSchema), async (c) => {
    return c.json(await service.testContent(c.env, c.var.db, currentUser(c), c.var.account, c.req.valid("json")), 200);
  })
  .get("/:id", validate("param", promptIdParam), async (c) => {
    const prompt = await service.getPromptForUser(c.var.db, currentUser(c), c.req.valid("param").id);
    return c.json(service.toApiPrompt(prompt), 200);
  })
  .put("/:id", validate("param", promptIdParam), validate("json", updatePromptSchema), async (c) => {
    const prompt = await service.updatePrompt(c.var.db, currentUser(c), c.req.valid("param").id, c.req.valid("json"));
    return c.json(service.toApiPrompt(prompt), 200);
  })
  .delete("/:id", validate("param", promptIdParam), async (c) => {
    await service.deletePrompt(c.var.db, currentUser(c), c.req.valid("param").id);
    return c.json({ ok: true }, 200);
  })
  .post("/:id/duplicate", validate("param", promptIdParam), async (c) => {
    const copy = await service.duplicatePrompt(c.var.db, currentUser(c), c.req.valid("param").id);
    return c.json(service.toApiPrompt(copy), 201);
  })
  // Without a test message (or without a body) the generated one for the prompt's subject is used.
  .post("/:id/test", validate("param", promptIdParam), validate("json", promptTestSchema), async (c) => {
    const { testMessage } = c.req.valid("json");
    return c.json(await service.testPrompt(c.env, c.var.db, currentUser(c), c.req.valid("param").id, testMessage), 200);
  });
