import { Hono } from "hono";
import { answerQuestionSchema, questionIdParam } from "@shared/schemas/operator-questions";
import { validate } from "@worker/lib/validate";
import type { AppEnv } from "@worker/types";
import { withActiveAccount } from "../accounts/context";
import { currentUser } from "../auth/middleware";
import * as service from "./service";

export const operatorQuestionRoutes = new Hono<AppEnv>()
  .use(withActiveAccount)
  .get("/", async (c) => c.json(await service.listQuestions(c.var.db, c.var.account), 200))
  .post("/:id/answer", validate("param", questionIdParam), validate("json", answerQuestionSchema), async (c) => {
    const { answer, saveToMemory } = c.req.valid("json");
    return c.json(await service.answerQuestion(c.env, c.var.db, currentUser(c), c.var.account, c.req.valid("param").id, answer, saveToMemory), 201);
  })
  .delete("/:id", validate("param", questionIdParam), async (c) => {
    await service.dismissQuestion(c.var.db, currentUser(c), c.req.valid("param").id);
    return c.json({ ok: true }, 200);
  });
