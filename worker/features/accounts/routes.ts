import { Hono } from "hono";
import { z } from "zod";
import {
  accountPhotoSchema,
  createAccountSchema,
  patchAccountSchema,
  testGptModelSchema,
  updateAccountSchema,
} from "@shared/schemas/accounts";
import { validate } from "@worker/lib/validate";
import type { AppEnv } from "@worker/types";
import { currentUser } from "../auth/middleware";
import { claimUploadForAccount, deleteReplacedObject } from "../uploads/service";
import { withActiveAccount } from "./context";
import * as service from "./service";

const idParam = z.object({ id: z.string().min(1).max(64) });

export const accountRoutes = new Hono<AppEnv>()
  .get("/", withActiveAccount, async (c) => {
    const all = await service.listAccounts(c.var.db, currentUser(c));
    const activeId = c.var.account?.account.id ?? null;
    return c.json(await Promise.all(all.map((a) => service.toApiAccount(c.env, a, activeId))), 200);
  })
  .get("/active", withActiveAccount, async (c) => {
    const active = c.var.account;
    return c.json(active ? await service.toApiAccount(c.env, active, active.account.id) : null, 200);
  })
  .post("/", validate("json", createAccountSchema), async (c) => {
    const user = currentUser(c);
    const created = await service.createAccount(c.env, c.var.db, user, c.req.valid("json"));
    return c.json(await service.toApiAccountOfUser(c.env, c.var.db, user, created), 201);
  })
  .put("/:id", validate("param", idParam), validate("json", updateAccountSchema), async (c) => {
    const user = currentUser(c);
    const updated = await service.updateAccount(c.env, c.var.db, user, c.req.valid("param").id, c.req.valid("json"));
    return c.json(await service.toApiAccountOfUser(c.env, c.var.db, user, updated), 200);
  })
  .patch("/:id", validate("param", idParam), validate("json", patchAccountSchema), async (c) => {
    const user = currentUser(c);
    const updated = await service.setDefaultPrompt(c.var.db, user, c.req.valid("param").id, c.req.valid("json").defaultPromptId);
    return c.json(await service.toApiAccountOfUser(c.env, c.var.db, user, updated), 200);
  })
  .delete("/:id", validate("param", idParam), async (c) => {
    await service.deleteAccount(c.env, c.var.db, currentUser(c), c.req.valid("param").id);
    return c.json({ ok: true }, 200);
  })
  .put("/:id/activate", validate("param", idParam), async (c) => {
    const activated = await service.activateAccount(c.var.db, currentUser(c), c.req.valid("param").id);
    return c.json(await service.toApiAccount(c.env, activated, activated.account.id), 200);
  })
  .put("/:id/photo", validate("param", idParam), validate("json", accountPhotoSchema), async (c) => {
    const user = currentUser(c);
    const { id } = c.req.valid("param");
    const { account } = await service.getManageableAccount(c.var.db, user, id);
    const photoUrl = await claimUploadForAccount(c.env, user, c.req.valid("json").profilePhoto, id);
    const updated = await service.setAccountPhoto(c.var.db, user, id, photoUrl);
    await deleteReplacedObject(c.env, account.profilePhoto, photoUrl, `accounts/${id}/`);
    return c.json(await service.toApiAccountOfUser(c.env, c.var.db, user, updated), 200);
  });

export const gptTestRoutes = new Hono<AppEnv>().post("/", validate("json", testGptModelSchema), async (c) => {
  return c.json(await service.testGptModel(c.env, c.var.db, currentUser(c), c.req.valid("json")), 200);
});
