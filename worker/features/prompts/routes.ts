import { Hono } from "hono";
import {
  createPromptSchema,
  promptContentTestSchema,
  promptIdParam,
  promptTestSchema,
  updatePromptSchema,
} from "../../../src/shared/schemas/prompts";
import { validate } from "../../lib/validate";
import type { AppEnv } from "../../types";
import { currentUser } from "../auth/middleware";
import * as service from "./service";

export const promptRoutes = new Hono<AppEnv>()
  .get("/", async (c) => {
    const rows = await service.listPrompts(c.var.db, currentUser(c));
    return c.json(rows.map(service.toApiPrompt), 200);
  })
  .post("/", validate("json", createPromptSchema), async (c) => {
    const prompt = await service.createPrompt(c.var.db, currentUser(c), c.req.valid("json"));
    return c.json(service.toApiPrompt(prompt), 201);
  })
  .post("/test-content", validate("json", promptContentTestSchema), async (c) => {
    return c.json(await service.testContent(c.env, c.var.db, currentUser(c), c.req.valid("json")), 200);
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
