import { Hono } from "hono";
import { savedReplyIdParam, savedReplySchema } from "@shared/schemas/saved-replies";
import { validate } from "@worker/lib/validate";
import type { AppEnv } from "@worker/types";
import { withActiveAccount } from "../accounts/context";
import * as service from "./service";

// The active account's saved replies.
export const savedReplyRoutes = new Hono<AppEnv>()
  .use(withActiveAccount)
  .get("/", async (c) => c.json(await service.list(c.var.db, c.var.account), 200))
  .post("/", validate("json", savedReplySchema), async (c) => c.json(await service.create(c.var.db, c.var.account, c.req.valid("json")), 201))
  .put("/:id", validate("param", savedReplyIdParam), validate("json", savedReplySchema), async (c) =>
    c.json(await service.update(c.var.db, c.var.account, c.req.valid("param").id, c.req.valid("json")), 200),
  )
  .delete("/:id", validate("param", savedReplyIdParam), async (c) => {
    await service.remove(c.var.db, c.var.account, c.req.valid("param").id);
    return c.json({ ok: true }, 200);
  });
